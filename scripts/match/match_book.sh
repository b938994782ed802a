#!/usr/bin/env bash
# tvilling with its opening book against tvilling without it, the same binary, both over Hub,
# refereed by ../shared/tools/draughts_match.py (pydraughts checks every move):
#
#   scripts/match/match_book.sh [games] [movetime S | clock S] [-- hub flags for both]
#
# e.g. `scripts/match/match_book.sh 20 clock 60` (a whole game each in 60 s); defaults 20
# games at a minute a game. Openings are the 2-move ballots, each played with both colours;
# SEED picks the referee's shuffle of them (default 1), so two runs with different seeds
# play different openings and a match can be split across both cores. BOOK_FILE plays that
# book instead of the embedded one. TVILLING picks the binary (default
# target/release/tvilling). Results go to target/book-match/<stamp>/results.jsonl and the
# booked side's Hub output to hub.log there; the last lines printed are `BOOK ...` (its
# book moves: how many, at which plies from the start) and `SCORE book W-D-L points/games
# (percent +- 95 % interval)`; `scripts/match/match_book_summary.py DIR...` sums runs.
# The venv is target/venv (`make venvs`); PYTHON picks another.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
games="${1:-20}"
mode="${2:-clock}"
amount="${3:-60}"
shift $(($# < 3 ? $# : 3))
if [ "${1:-}" = "--" ]; then shift; fi
case "$mode" in
  movetime) timing=(--movetime "$amount") ;;
  clock) timing=(--clock "$amount") ;;
  *) echo "usage: scripts/match/match_book.sh [games] [movetime S | clock S] [-- hub flags]" >&2; exit 2 ;;
esac
py="${PYTHON:-$root/target/venv/bin/python}"
engine="$(realpath "${TVILLING:-$root/target/release/tvilling}")"
out="$root/target/book-match/$(date +%Y%m%d-%H%M%S)-seed${SEED:-1}"
mkdir -p "$out"

# The referee starts a Hub engine as `<command> hub` and names it by its file name, so each
# side is a wrapper of that name that supplies its own words. The booked side's output goes
# to hub.log too (tee does not buffer), to count its book moves.
book_flags=()
if [ -n "${BOOK_FILE:-}" ]; then book_flags=(--book-file "$(realpath "$BOOK_FILE")"); fi
{
  printf '#!/bin/sh\n%q hub' "$engine"
  for flag in "${book_flags[@]}" "$@"; do printf ' %q' "$flag"; done
  printf ' | tee -a %q\n' "$out/hub.log"
} > "$out/book"
{
  printf '#!/bin/sh\nexec %q hub --book false' "$engine"
  for flag in "$@"; do printf ' %q' "$flag"; done
  printf '\n'
} > "$out/no-book"
chmod +x "$out/book" "$out/no-book"

"$py" "$root/../shared/tools/draughts_match.py" "hub:$out/book" "hub:$out/no-book" \
  --games "$games" "${timing[@]}" --seed "${SEED:-1}" \
  --ballots "$root/../shared/draughts/ballots-2move.fen" \
  --out "$out/results.jsonl" --workdir "$out/games" 2> "$out/referee.log"

"$py" "$root/scripts/match/match_book_summary.py" "$out"
