#!/usr/bin/env bash
# Cross-builds tvilling.exe for 64-bit Windows (x86_64-pc-windows-gnu), the file a Windows
# GUI such as Arena installs as a UCI engine:
#
#   scripts/windows.sh [OUT]          (default OUT: ./tvilling.exe)
#
# Needs the Rust target (added here with rustup) and the MinGW-w64 linker: Debian's
# mingw-w64 package, installed here with apt-get when the script runs as root, else named
# in the error. The .exe imports only DLLs that Windows 10 and later ship (no MinGW
# runtime DLLs beside it), so it is the one file to copy.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target=x86_64-pc-windows-gnu
out="${1:-$root/tvilling.exe}"

if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi
if ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y -q mingw-w64
  else
    echo "windows.sh: the MinGW-w64 linker is missing: apt-get install mingw-w64" >&2
    exit 1
  fi
fi
cd "$root"
cargo build --release --target "$target" --bin tvilling
cp "target/$target/release/tvilling.exe" "$out"
echo "windows.sh: built $out"
