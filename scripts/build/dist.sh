#!/usr/bin/env bash
# A release in one command: builds each of BUILD... with scripts/build/portable.sh and packs it
# with the README, the licence and docs/builds.md into dist/, one archive a platform
# (.tar.gz for Linux, .zip for Windows), with their SHA-256 sums in dist/SHA256SUMS:
#
#   scripts/build/dist.sh BUILD...          (`make dist` names every build)
#
# The networks are embedded in the binary, so the archive holds all the engine needs.
# dist/ is made anew each time (and ignored by git).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

if [ $# -eq 0 ]; then
  echo "usage: scripts/build/dist.sh BUILD..." >&2
  exit 2
fi
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
rm -rf dist
mkdir -p dist

for build in "$@"; do
  name="tvilling-$version-$build"
  stage="target/dist/$name"
  rm -rf "$stage"
  mkdir -p "$stage"
  case "$build" in
    windows-*) exe=tvilling.exe ;;
    *) exe=tvilling ;;
  esac
  scripts/build/portable.sh "$build" "$stage/$exe"
  cp README.md LICENSE docs/builds.md "$stage/"
  case "$build" in
    windows-*) (cd target/dist && python3 -m zipfile -c "$root/dist/$name.zip" "$name") ;;
    *) tar -C target/dist -czf "dist/$name.tar.gz" --owner=0 --group=0 "$name" ;;
  esac
done
(cd dist && sha256sum -- * > SHA256SUMS)
echo "dist.sh: built"
ls -l dist
