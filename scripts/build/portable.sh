#!/usr/bin/env bash
# Builds one tvilling binary to be copied to other machines, for a CPU level fixed here
# rather than for the CPU of the machine that builds it:
#
#   scripts/build/portable.sh BUILD OUT
#
# BUILD is one of the names in the table below; OUT is where the binary goes. `make windows`,
# `make dist` and `make portable-test` build through this script. docs/builds.md says which
# build suits which machine and what each costs in speed.
#
# .cargo/config.toml builds for the CPU at hand (target-cpu=native), the fastest for whoever
# builds from source. RUSTFLAGS, set here for every build, replaces those flags whole, so no
# native instruction reaches a build meant for another machine. The fast NNUE paths (AVX2,
# AVX-512) are chosen at run time in every x86-64 build (src/nnue/simd/).
#
# Each build has a target folder of its own (target/portable/BUILD), so switching between
# builds, or back to the native `cargo build --release`, recompiles nothing that is current.
# The Rust targets are added with rustup and the cross linkers (Debian's mingw-w64,
# gcc-aarch64-linux-gnu) installed with apt-get when missing and the script runs as root.
# The Linux builds use musl, linked statically: one file that runs on any Linux distribution
# whatever its C library (a glibc build would need glibc 2.34 or newer, as Debian 12 has).
# They measured as fast as glibc builds (docs/builds.md): the search does not allocate.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"

if [ $# -ne 2 ]; then
  echo "usage: scripts/build/portable.sh BUILD OUT" >&2
  exit 2
fi
build="$1"
out="$2"

# name               Rust target                  target-cpu   Debian package of the linker
case "$build" in
  linux-x86-64-v2)   triple=x86_64-unknown-linux-musl;  cpu=x86-64-v2; package= ;;
  linux-x86-64-v3)   triple=x86_64-unknown-linux-musl;  cpu=x86-64-v3; package= ;;
  windows-x86-64-v2) triple=x86_64-pc-windows-gnu;      cpu=x86-64-v2; package=mingw-w64 ;;
  windows-x86-64-v3) triple=x86_64-pc-windows-gnu;      cpu=x86-64-v3; package=mingw-w64 ;;
  linux-aarch64)     triple=aarch64-unknown-linux-musl; cpu=generic;   package=gcc-aarch64-linux-gnu ;;
  *)
    echo "portable.sh: unknown build '$build'" >&2
    echo "builds: linux-x86-64-v2 linux-x86-64-v3 windows-x86-64-v2 windows-x86-64-v3 linux-aarch64" >&2
    exit 2
    ;;
esac
case "$package" in
  mingw-w64) linker=x86_64-w64-mingw32-gcc ;;
  gcc-aarch64-linux-gnu) linker=aarch64-linux-gnu-gcc ;;
  *) linker= ;;
esac

if ! rustup target list --installed | grep -qx "$triple"; then
  rustup target add "$triple"
fi
if [ -n "$linker" ] && ! command -v "$linker" >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    # A fresh machine may not have read the package lists yet.
    apt-get install -y -q "$package" || { apt-get update -q && apt-get install -y -q "$package"; }
  else
    echo "portable.sh: the linker $linker is missing: apt-get install $package" >&2
    exit 1
  fi
fi

cd "$root"
target_dir="$root/target/portable/$build"
env -u CARGO_ENCODED_RUSTFLAGS RUSTFLAGS="-C target-cpu=$cpu" CARGO_TARGET_DIR="$target_dir" \
  ${linker:+"CARGO_TARGET_$(echo "$triple" | tr 'a-z-' 'A-Z_')_LINKER=$linker"} \
  cargo build --release --target "$triple" --bin tvilling
binary="$target_dir/$triple/release/tvilling"
[ "$triple" = x86_64-pc-windows-gnu ] && binary="$binary.exe"
mkdir -p "$(dirname "$out")"
cp "$binary" "$out"
echo "portable.sh: built $out ($build: $triple, target-cpu=$cpu)"
