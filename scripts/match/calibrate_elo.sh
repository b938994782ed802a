#!/usr/bin/env bash
# UCI_Elo calibration: each setting against Stockfish 15.1 limited to the same UCI_Elo.
#
#   scripts/match/calibrate_elo.sh [games] [elo ...]   defaults: 60 games at 1350 2000 2300 2500
#
# Each setting plays Stockfish (`UCI_LimitStrength` at the same `UCI_Elo`, Move Overhead 100)
# at 10+0.1 from shared/books/8moves_v3.pgn in random order (seed 30000 + elo), each opening
# with both colours, CONCURRENCY (default 1) games at once. Measured Elo is Stockfish's
# UCI_Elo plus the match's Elo difference; the last lines are the README's table rows.
# TVILLING picks the binary, TC the time control, PYTHON the interpreter.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
shared="$root/../shared"
engine="${TVILLING:-$root/target/release/tvilling}"
py="${PYTHON:-$root/target/venv/bin/python}"
tc="${TC:-10+0.1}"
games="${1:-60}"
shift || true
elos=("$@")
[ "${#elos[@]}" -eq 0 ] && elos=(1350 2000 2300 2500)
out="$root/target/matches"
mkdir -p "$out"

rows=()
for elo in "${elos[@]}"; do
  log="$out/elo-$elo.log"
  "$py" "$shared/tools/match.py" \
    --engine name="tv$elo" "cmd=$engine" option.UCI_LimitStrength=true "option.UCI_Elo=$elo" \
    --engine name="sf$elo" cmd=/usr/games/stockfish option.UCI_LimitStrength=true \
    "option.UCI_Elo=$elo" "option.Move Overhead=100" \
    --each "tc=$tc" option.Hash=16 option.Threads=1 \
    --openings "file=$shared/books/8moves_v3.pgn" order=random --seed "$((30000 + elo))" \
    --games "$games" --concurrency "${CONCURRENCY:-1}" \
    --resign movecount=3 score=800 twosided=true --draw movenumber=40 movecount=8 score=10 \
    --pgnout "$out/elo-$elo.pgn" | tee "$log" >&2
  rows+=("$(awk -v claim="$elo" '/^SCORE/ {
      for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      diff = v["elo"] + 0; err = v["err"]
      printf "| %d | %d | %d-%d-%d | %.1f %% | %+.0f ± %.0f | %.0f ± %.0f | %d |\n",
        claim, v["games"], v["w"], v["d"], v["l"], 100 * v["score"], diff, err,
        claim + diff, err, v["forfeits"] }' "$log" | tail -1)")
done
echo "| UCI_Elo (claimed) | games | W-D-L | score | Elo difference | measured Elo | forfeits |"
echo "| ---: | ---: | --- | ---: | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
