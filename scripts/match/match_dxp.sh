#!/usr/bin/env bash
# tvilling (Hub) against a DXP draughts engine, Moby Dam or Scan 2.0, refereed by
# ../shared/tools/draughts_match.py: the draughts measurement of record.
#
#   scripts/match/match_dxp.sh moby|scan20 [games] [movetime S | clock S] [-- tvilling hub flags]
#
# (scripts/match/match_moby.sh and match_scan.sh name the opponent for you.) E.g.
# `scripts/match/match_moby.sh 40 movetime 0.2` or `scripts/match/match_scan.sh 40 clock 60`
# (a whole game each in 60 s, sudden death); defaults 40 games, 0.2 s a move against Moby
# Dam, a minute a game against Scan. Openings are the 2-move ballots, each played with both
# colours. The opponents are built as ../shared/tools/opponents.md says: Moby Dam in
# MOBY_DIR (default /work/opponents/mobydam), Scan 2.0 in SCAN2_DIR (default
# /work/opponents/scan20). They speak DXP over loopback, so the match runs in a private
# network namespace (needs `unshare`). DXP clocks are whole minutes, so a clock is a
# multiple of 60 s; Scan 2.0 over DXP has no fixed move time, so it plays only on a clock.
# TVILLING picks the binary (default target/release/tvilling); flags after `--` go to
# `tvilling hub` (e.g. `--evalfile NET` or `--nnue false`). SEED picks the referee's shuffle of
# the ballots (default 1): two runs with different seeds play different openings, so a
# match can be split across both cores. Results go to target/<opponent>/<stamp>/results.jsonl;
# the last line printed is `SCORE tvilling W-D-L points/games (percent)`, with the games
# left unfinished (a crash, an illegal move, a hang) and, on a clock, the games in which
# tvilling overstepped it (the referee does not flag a Hub engine; this line does). On a
# clock, `CLOCK` lines before it give the share of each side's clock left unused. With
# HUB_LOG=1 what tvilling read and wrote over Hub is kept in hub-in.log and hub.log there;
# then a line `EGDB` gives the endgame table probes that answered (`egdb-hits`) per node
# and the share of searches with any, and on a clock the `CLOCK` lines add tvilling's time
# a move by stage of the game.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
usage="usage: scripts/match/match_dxp.sh moby|scan20 [games] [movetime S | clock S] [-- hub flags]"
opponent="${1:-}"
shift $(($# < 1 ? $# : 1))
case "$opponent" in
  moby)
    dir="${MOBY_DIR:-/work/opponents/mobydam}"
    needs=("$dir/main/mobydam" "$dir/book/book.opn")
    default_mode=movetime default_amount=0.2
    ;;
  scan20)
    dir="${SCAN2_DIR:-/work/opponents/scan20}"
    needs=("$dir/scan" "$dir/scan.ini" "$dir/data")
    default_mode=clock default_amount=60
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
for need in "${needs[@]}"; do
  if [ ! -e "$need" ]; then
    echo "$opponent is not built: $need is missing (build it as ../shared/tools/opponents.md says)" >&2
    exit 2
  fi
done
# The referee gives each Scan game a fresh port by rewriting this line of scan.ini.
if [ "$opponent" = scan20 ] && ! grep -qx 'dxp-port = 27532' "$dir/scan.ini"; then
  echo "scan20: $dir/scan.ini must say 'dxp-port = 27532' (see ../shared/tools/opponents.md)" >&2
  exit 2
fi

games="${1:-40}"
mode="${2:-$default_mode}"
amount="${3:-$default_amount}"
shift $(($# < 3 ? $# : 3))
if [ "${1:-}" = "--" ]; then shift; fi
case "$mode" in
  movetime)
    if [ "$opponent" = scan20 ]; then
      echo "scan20 plays only on a clock over DXP: use 'clock S'" >&2
      exit 2
    fi
    timing=(--movetime "$amount")
    ;;
  clock)
    if ! [[ "$amount" =~ ^[0-9]+$ ]] || [ $((amount % 60)) -ne 0 ] || [ "$amount" -lt 60 ]; then
      echo "a DXP clock is whole minutes: 'clock S' with S = 60, 120, ..." >&2
      exit 2
    fi
    timing=(--clock "$amount")
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
py="${PYTHON:-$root/target/venv/bin/python}"
engine="$(realpath "${TVILLING:-$root/target/release/tvilling}")"
out="$root/target/$opponent/$(date +%Y%m%d-%H%M%S)-seed${SEED:-1}"
mkdir -p "$out"

# The referee starts a Hub engine as `<command> hub`, so the wrapper supplies its own words.
wrapper="$out/tvilling-hub.sh"
# With HUB_LOG the engine runs between two tees (which do not buffer), so no `exec`.
launch="exec "
if [ -n "${HUB_LOG:-}" ]; then launch="tee -a $(printf %q "$out/hub-in.log") | "; fi
printf '#!/bin/sh\n%s%q hub' "$launch" "$engine" > "$wrapper"
for flag in "$@"; do printf ' %q' "$flag" >> "$wrapper"; done
if [ -n "${HUB_LOG:-}" ]; then printf ' | tee -a %q' "$out/hub.log" >> "$wrapper"; fi
printf '\n' >> "$wrapper"
chmod +x "$wrapper"

MOBY_DIR="${MOBY_DIR:-/work/opponents/mobydam}" SCAN2_DIR="${SCAN2_DIR:-/work/opponents/scan20}" \
  unshare -n bash -c 'ip link set lo up; exec "$@"' _ \
  "$py" "$root/../shared/tools/draughts_match.py" "$opponent" "hub:$wrapper" \
  --games "$games" "${timing[@]}" --seed "${SEED:-1}" --ballots "$root/../shared/draughts/ballots-2move.fen" \
  --out "$out/results.jsonl" --workdir "$out/games" 2> "$out/referee.log"

if [ -n "${HUB_LOG:-}" ]; then
  "$py" - "$out/hub.log" <<'EOF'
import re, sys
searches = hits = nodes = with_hits = 0
last = None
for line in open(sys.argv[1]):
    if line.startswith("info"):
        last = line
    elif line.startswith("done") and last:
        n = int(re.search(r" nodes=(\d+)", last).group(1))
        h = re.search(r" egdb-hits=(\d+)", last)
        searches += 1
        nodes += n
        hits += int(h.group(1)) if h else 0
        with_hits += bool(h)
        last = None
print(f"EGDB {hits} hits in {nodes} nodes ({1e6 * hits / max(nodes, 1):.0f} per million); "
      f"{with_hits} of {searches} searches probed with success")
EOF
fi
if [ "$mode" = clock ]; then
  hub_in=()
  if [ -n "${HUB_LOG:-}" ]; then hub_in=(--hub-in "$out/hub-in.log"); fi
  "$py" "$root/scripts/match/clock_use.py" "$out/results.jsonl" --clock "$amount" "${hub_in[@]}"
fi
"$py" - "$out/results.jsonl" "$mode" "$amount" <<'EOF'
import json, sys
games = [json.loads(line) for line in open(sys.argv[1])]
on_clock = sys.argv[2] == "clock"
us = "tvilling-hub.sh"
wins = sum(g["result"] == us for g in games)
draws = sum(g["result"] == "1/2" for g in games)
unfinished = sum(g["result"] == "*" for g in games)
losses = len(games) - wins - draws
points = wins + draws / 2
flagged = sum(g["think"][us] > float(sys.argv[3]) for g in games) if on_clock else 0
print(f"SCORE tvilling {wins}-{draws}-{losses} {points}/{len(games)} "
      f"({100 * points / max(len(games), 1):.1f} %), {unfinished} unfinished"
      + (f", {flagged} over the clock" if on_clock else ""))
EOF
