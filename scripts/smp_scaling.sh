#!/usr/bin/env bash
# How much a second thread is worth, measured in games against what doubling the time gives.
#
#   scripts/smp_scaling.sh [games] [tc]        defaults: 100 games at 5+0.05
#
# Two matches of the same binary, same openings (shared/books/8moves_v3.pgn, paired with
# colours swapped, fixed seed), one game at a time so the 2-thread side has both cores:
#   time:    Threads=1 at 2*tc   against  Threads=1 at tc   (what doubling the time gives)
#   threads: Threads=2 at tc     against  Threads=1 at tc   (what Lazy SMP gives)
# and prints each Elo and the ratio threads/time. Issue 13's goal is a ratio of at least 0.9.
# TVILLING picks the binary (default target/release/tvilling), PYTHON the interpreter, SEED
# the openings' order (default 13; another seed gives new games to pool with earlier ones).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="$root/../shared"
engine="${TVILLING:-$root/target/release/tvilling}"
py="${PYTHON:-$root/target/venv/bin/python}"
games="${1:-100}"
tc="${2:-5+0.05}"
base="${tc%%+*}"
inc="${tc#*+}"
[ "$inc" = "$tc" ] && inc=0
double="$(awk -v b="$base" -v i="$inc" 'BEGIN { printf "%g+%g", 2 * b, 2 * i }')"
seed="${SEED:-13}"
out="$root/target/matches"
mkdir -p "$out"

# Runs one match and prints match.py's Elo of the first engine.
elo_of() {
  local name="$1"
  shift
  "$py" "$shared/tools/match.py" "$@" \
    --each option.Hash=64 --openings "file=$shared/books/8moves_v3.pgn" order=random --seed "$seed" \
    --games "$games" --concurrency 1 \
    --resign movecount=3 score=800 twosided=true --draw movenumber=40 movecount=8 score=10 \
    --pgnout "$out/smp-$name-$seed.pgn" | tee "$out/smp-$name-$seed.log" >&2
  sed -n 's/^SCORE .* elo=\([^ ]*\) .*/\1/p' "$out/smp-$name-$seed.log" | tail -1
}

time_elo="$(elo_of time \
  --engine name=t1x2 "cmd=$engine" option.Threads=1 "tc=$double" \
  --engine name=t1 "cmd=$engine" option.Threads=1 "tc=$tc")"
threads_elo="$(elo_of threads \
  --engine name=t2 "cmd=$engine" option.Threads=2 "tc=$tc" \
  --engine name=t1 "cmd=$engine" option.Threads=1 "tc=$tc")"
echo "doubling the time ($double vs $tc): $time_elo Elo"
echo "two threads ($tc):                 $threads_elo Elo"
awk -v t="$time_elo" -v s="$threads_elo" 'BEGIN {
  if (t <= 0) { print "ratio: undefined (doubling the time gained nothing)"; exit }
  printf "ratio threads/time: %.2f (goal >= 0.90)\n", s / t }'
