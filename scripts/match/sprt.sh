#!/usr/bin/env bash
# SPRT of two builds with shared/tools/match.py, the way Stockfish and Ethereal test:
#
#   scripts/match/sprt.sh BASE NEW [tc] [elo0] [elo1]
#
# BASE and NEW are git revisions (built in worktrees under target/sprt/), `WORKTREE` for the
# working tree as it is, or paths to built binaries. Defaults: tc 8+0.08, elo0 0, elo1 5
# (a gainer); a simplification is tested with elo0 -5 elo1 0. One thread and 16 MB hash
# each, openings from shared/books/8moves_v3.pgn in random order, both colours, CONCURRENCY
# games at once (default 2). Prints each build's `bench` node count first (they belong in
# the commit message), then match.py's running score, and ends with its SCORE line
# (games, W-D-L, Elo with its interval, LLR and the verdict, sprt=H1 when NEW passes).
# EXTRA_OPTIONS adds engine options to NEW only (e.g. "option.EvalFile=/path/net.nnue").
# THREADS sets both sides' search threads (default 1); a Lazy SMP change is tested with
# THREADS=2 CONCURRENCY=1, so each side has both cores while it thinks.
set -euo pipefail
# A failed build inside $(build ...) must stop the script, not start a match without it.
shopt -s inherit_errexit
root="$(cd "$(dirname "$0")/../.." && pwd)"
shared="$root/../shared"
py="${PYTHON:-$root/target/venv/bin/python}"
base="${1:?usage: scripts/match/sprt.sh BASE NEW [tc] [elo0] [elo1]}"
new="${2:?usage: scripts/match/sprt.sh BASE NEW [tc] [elo0] [elo1]}"
tc="${3:-8+0.08}"
elo0="${4:-0}"
elo1="${5:-5}"
work="$root/target/sprt"
mkdir -p "$work"

# Prints the path of a binary for revision/path $1.
build() {
  local what="$1"
  if [ -f "$what" ] && [ -x "$what" ]; then
    echo "$what"
    return
  fi
  if [ "$what" = WORKTREE ]; then
    (cd "$root" && cargo build --release -q >&2)
    local copy="$work/tvilling-worktree"
    cp "$root/target/release/tvilling" "$copy"
    echo "$copy"
    return
  fi
  local sha
  if ! sha="$(git -C "$root" rev-parse -q --verify --short=12 "$what^{commit}")"; then
    echo "sprt.sh: $what is neither an executable nor a git revision" >&2
    exit 2
  fi
  local exe="$work/tvilling-$sha"
  if [ ! -x "$exe" ]; then
    local tree="$work/src-$sha"
    [ -d "$tree" ] || git -C "$root" worktree add --detach -q "$tree" "$sha" >&2
    (cd "$tree" && CARGO_TARGET_DIR="$work/cargo-target" cargo build --release -q >&2)
    cp "$work/cargo-target/release/tvilling" "$exe"
  fi
  echo "$exe"
}

base_exe="$(build "$base")"
new_exe="$(build "$new")"
for exe in "$base_exe" "$new_exe"; do
  echo "bench $(basename "$exe"): $("$exe" bench | sed -n 's/^Nodes searched: //p') nodes"
done
read -r -a extra <<< "${EXTRA_OPTIONS:-}"
exec "$py" "$shared/tools/match.py" \
  --engine name=new "cmd=$new_exe" "${extra[@]}" \
  --engine name=base "cmd=$base_exe" \
  --each "tc=$tc" option.Hash=16 "option.Threads=${THREADS:-1}" \
  --openings "file=$shared/books/8moves_v3.pgn" order=random \
  --games 40000 --concurrency "${CONCURRENCY:-2}" \
  --sprt "elo0=$elo0" "elo1=$elo1" alpha=0.05 beta=0.05 \
  --resign movecount=3 score=800 twosided=true --draw movenumber=40 movecount=8 score=10 \
  --pgnout "$work/sprt-$(date +%Y%m%d-%H%M%S).pgn"
