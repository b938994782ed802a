#!/usr/bin/env bash
# How much a second thread is worth, measured in games against what doubling the time gives.
#
#   scripts/match/smp_scaling.sh [games] [tc]        defaults: 100 games at 5+0.05
#
# Matches of the same binary, same openings (shared/books/8moves_v3.pgn, paired with colours
# swapped, fixed seed), one game at a time (see CONCURRENCY) so the 2-thread side has both cores:
#   time:    Threads=1 at 2*tc   against  Threads=1 at tc   (what doubling the time gives)
#   threads: Threads=2 at tc     against  Threads=1 at tc   (what Lazy SMP gives)
#   direct:  Threads=2 at tc     against  Threads=1 at 2*tc (what Lazy SMP falls short by)
# MATCHES names the ones to play (default "time threads"). The ratio threads/time is issue
# 13's yardstick (goal: at least 0.9). With "direct" it is also 1 + direct/time, whose error
# is mostly the direct match's: the time Elo's error enters scaled by direct/time, small
# when two threads come close to twice the time, where the quotient threads/time carries
# both matches' errors whole. TIME_ELO gives a time Elo measured before, when the time
# match is not played again.
# CONCURRENCY plays that many games at a time (default 1), for a machine with cores to
# spare: give every game of a 2-thread side two cores of its own, and leave one for the
# runner (7 on 16 cores).
# TVILLING picks the binary (default target/release/tvilling), PYTHON the interpreter, SEED
# the openings' order (default 13; another seed gives new games to pool with earlier ones).
# Logs and PGNs go to target/matches/smp-TAG-MATCH-TC-SEED.{log,pgn}, TAG being the binary's
# file name unless set, so that another build or time control measured with the same seed
# keeps the first one's games. match.py appends to an existing PGN: a rerun's games follow
# the earlier run's in the same file.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
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
concurrency="${CONCURRENCY:-1}"
tag="${TAG:-$(basename "$engine")}"
out="$root/target/matches"
mkdir -p "$out"

# Runs one match and prints match.py's Elo of the first engine.
elo_of() {
  local name="$1"
  local file="$out/smp-$tag-$name-$tc-$seed"
  shift
  "$py" "$shared/tools/match.py" "$@" \
    --each option.Hash=64 --openings "file=$shared/books/8moves_v3.pgn" order=random --seed "$seed" \
    --games "$games" --concurrency "$concurrency" \
    --resign movecount=3 score=800 twosided=true --draw movenumber=40 movecount=8 score=10 \
    --pgnout "$file.pgn" | tee "$file.log" >&2
  sed -n 's/^SCORE .* elo=\([^ ]*\) .*/\1/p' "$file.log" | tail -1
}

# The three players the matches are made of.
t1=(--engine name=t1 "cmd=$engine" option.Threads=1 "tc=$tc")
t1x2=(--engine name=t1x2 "cmd=$engine" option.Threads=1 "tc=$double")
t2=(--engine name=t2 "cmd=$engine" option.Threads=2 "tc=$tc")
matches="${MATCHES:-time threads}"
time_elo="${TIME_ELO:-}"
threads_elo=""
direct_elo=""
for match in $matches; do
  case "$match" in
    time)
      time_elo="$(elo_of time "${t1x2[@]}" "${t1[@]}")"
      echo "doubling the time ($double vs $tc): $time_elo Elo"
      ;;
    threads)
      threads_elo="$(elo_of threads "${t2[@]}" "${t1[@]}")"
      echo "two threads ($tc):                 $threads_elo Elo"
      ;;
    direct)
      direct_elo="$(elo_of direct "${t2[@]}" "${t1x2[@]}")"
      echo "two threads at $tc against one at $double: $direct_elo Elo"
      ;;
    *)
      echo "unknown match '$match' in MATCHES (time, threads, direct)" >&2
      exit 2
      ;;
  esac
done
if [ -z "$time_elo" ]; then
  echo "ratio: needs the time match (or TIME_ELO)"
  exit 0
fi
awk -v t="$time_elo" -v s="$threads_elo" -v d="$direct_elo" 'BEGIN {
  if (t <= 0) { print "ratio: undefined (doubling the time gained nothing)"; exit }
  if (s != "") printf "ratio threads/time: %.2f (goal >= 0.90)\n", s / t
  if (d != "") printf "ratio 1 + direct/time: %.2f (goal >= 0.90)\n", 1 + d / t }'
