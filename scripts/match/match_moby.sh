#!/usr/bin/env bash
# tvilling (Hub) against Moby Dam (DXP) with ../shared/tools/draughts_match.py, the draughts
# measurement of record:
#
#   scripts/match/match_moby.sh [games] [movetime S | clock S] [-- tvilling hub flags]
#
# e.g. `scripts/match/match_moby.sh 40 movetime 0.2` or `scripts/match/match_moby.sh 40
# clock 60` (a whole game each in 60 s), defaults 40 games at 0.2 s a move. Openings are the 2-move
# ballots, each played with both colours. Moby Dam is built as ../shared/tools/opponents.md
# says, in MOBY_DIR (default /work/opponents/mobydam); it speaks DXP over loopback, so the
# match runs in a private network namespace (needs `unshare`). TVILLING picks the binary
# (default target/release/tvilling); flags after `--` go to `tvilling hub` (e.g.
# `--evalfile NET` or `--no-nnue`). SEED picks the referee's shuffle of the ballots
# (default 1): two runs with different seeds play different openings, so a match can be
# split across both cores. Results go to target/moby/<stamp>/results.jsonl; the last line
# printed is `SCORE tvilling W-D-L points/games (percent)`. With HUB_LOG=1 tvilling's Hub
# output is kept in hub.log there, and a line `EGDB` before the score gives the endgame
# table probes that answered (`egdb-hits`) per node and the share of searches with any.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
games="${1:-40}"
mode="${2:-movetime}"
amount="${3:-0.2}"
shift $(($# < 3 ? $# : 3))
if [ "${1:-}" = "--" ]; then shift; fi
case "$mode" in
  movetime) timing=(--movetime "$amount") ;;
  clock) timing=(--clock "$amount") ;;
  *) echo "usage: scripts/match/match_moby.sh [games] [movetime S | clock S] [-- hub flags]" >&2; exit 2 ;;
esac
py="${PYTHON:-$root/target/venv/bin/python}"
moby="${MOBY_DIR:-/work/opponents/mobydam}"
engine="$(realpath "${TVILLING:-$root/target/release/tvilling}")"
out="$root/target/moby/$(date +%Y%m%d-%H%M%S)-seed${SEED:-1}"
mkdir -p "$out"

# The referee starts a Hub engine as `<command> hub`, so the wrapper supplies its own words.
wrapper="$out/tvilling-hub.sh"
# With HUB_LOG the engine runs in a pipe to tee (which does not buffer), so no `exec`.
launch="exec "
if [ -n "${HUB_LOG:-}" ]; then launch=""; fi
printf '#!/bin/sh\n%s%q hub' "$launch" "$engine" > "$wrapper"
for flag in "$@"; do printf ' %q' "$flag" >> "$wrapper"; done
if [ -n "${HUB_LOG:-}" ]; then printf ' | tee -a %q' "$out/hub.log" >> "$wrapper"; fi
printf '\n' >> "$wrapper"
chmod +x "$wrapper"

MOBY_DIR="$moby" unshare -n bash -c 'ip link set lo up; exec "$@"' _ \
  "$py" "$root/../shared/tools/draughts_match.py" moby "hub:$wrapper" \
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
"$py" - "$out/results.jsonl" <<'EOF'
import json, sys
games = [json.loads(line) for line in open(sys.argv[1])]
wins = sum(g["result"] == "tvilling-hub.sh" for g in games)
draws = sum(g["result"] == "1/2" for g in games)
losses = len(games) - wins - draws
points = wins + draws / 2
print(f"SCORE tvilling {wins}-{draws}-{losses} {points}/{len(games)} "
      f"({100 * points / max(len(games), 1):.1f} %)")
EOF
