#!/usr/bin/env bash
# A soak run: many fast games of the engine against itself, counting everything that is
# not chess (time forfeits, crashes, illegal moves) and watching the engines' memory.
#
#   scripts/reliability/soak.sh GAMES TC [match|fastchess]
#
# TC is what the runner takes: 1+0.01 (Fischer) or 40/5 (40 moves in 5 s, repeating).
# The runner is shared/tools/match.py (default) or fastchess (FASTCHESS, default
# fastchess on PATH; build it from Disservin/fastchess, see shared/tools/opponents.md).
# THREADS (default 1), HASH (default 16), CONCURRENCY (default 2), TVILLING (default
# target/release/tvilling). Openings from shared/books/8moves_v3.pgn, both colours, no
# adjudication but resignation at 8 pawns, so games are played out.
#
# Every 10 s the resident memory of each engine process is sampled. At the end it prints
# the runner's result, the PGN's Termination tags counted, and per engine process its
# first, last and largest RSS; it exits 1 if any game ended in a forfeit, a crash or an
# illegal move, or if an engine process was replaced (one died) during the run.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
shared="$root/../shared"
games="${1:?usage: scripts/reliability/soak.sh GAMES TC [match|fastchess]}"
tc="${2:?usage: scripts/reliability/soak.sh GAMES TC [match|fastchess]}"
runner="${3:-match}"
engine="$(realpath "${TVILLING:-$root/target/release/tvilling}")"
py="${PYTHON:-$root/target/venv/bin/python}"
threads="${THREADS:-1}"
hash="${HASH:-16}"
concurrency="${CONCURRENCY:-2}"
out="$root/target/soak/$(date +%Y%m%d-%H%M%S)-$runner-${tc//\//m}-t$threads"
mkdir -p "$out"
pgn="$out/games.pgn"
rss="$out/rss.tsv"

case "$runner" in
  match)
    cmd=("$py" "$shared/tools/match.py"
      --engine name=a "cmd=$engine" --engine name=b "cmd=$engine"
      --each "tc=$tc" "option.Hash=$hash" "option.Threads=$threads"
      --openings "file=$shared/books/8moves_v3.pgn" order=random
      --games "$games" --concurrency "$concurrency"
      --resign movecount=3 score=800 twosided=true --pgnout "$pgn") ;;
  fastchess)
    cmd=("${FASTCHESS:-fastchess}"
      -engine name=a "cmd=$engine" -engine name=b "cmd=$engine"
      -each "tc=$tc" "option.Hash=$hash" "option.Threads=$threads" proto=uci
      -openings "file=$shared/books/8moves_v3.pgn" format=pgn order=random
      -rounds "$(((games + 1) / 2))" -games 2 -repeat -concurrency "$concurrency"
      -resign movecount=3 score=800 twosided=true -pgnout "file=$pgn") ;;
  *) echo "runner must be match or fastchess, not $runner" >&2; exit 2 ;;
esac

# Samples pid and RSS (KiB) of every process under the runner that runs the engine.
sample() {
  local now pid
  now="$(date +%s)"
  for pid in $(ps -eo pid=,ppid= | awk -v root="$runner_pid" '
      { parent[$1] = $2 }
      END { for (p in parent) { q = p
              while (q in parent && q != root && q > 1) q = parent[q]
              if (q == root) print p } }'); do
    [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$engine" ] || continue
    awk -v t="$now" -v p="$pid" '/^VmRSS:/ { print t "\t" p "\t" $2 }' "/proc/$pid/status" 2>/dev/null
  done >> "$rss"
}

echo "soak: $games games at $tc, $runner, Threads=$threads Hash=$hash, $concurrency at once; in $out" >&2
# In the output folder, where fastchess leaves its config.json.
(cd "$out" && exec "${cmd[@]}") > "$out/runner.log" 2>&1 &
runner_pid=$!
while kill -0 "$runner_pid" 2>/dev/null; do
  sample
  sleep 10
done
status=0
wait "$runner_pid" || status=$?

tail -n 25 "$out/runner.log"
echo "--- terminations"
sed -n 's/^\[Termination "\(.*\)"\]/\1/p' "$pgn" | sort | uniq -c | sort -rn
echo "--- games in the PGN: $(grep -c '^\[Result ' "$pgn" || true)"
echo "--- engine RSS (KiB): pid first last max samples"
awk -F'\t' '{ if (!($2 in first)) { first[$2] = $3; order[++n] = $2 }
              last[$2] = $3; if ($3 > max[$2]) max[$2] = $3; count[$2]++ }
            END { for (i = 1; i <= n; i++) { p = order[i]
                  print p, first[p], last[p], max[p], count[p] } }' "$rss"
# Engines are started once per slot; more processes than two per slot means one was
# replaced, which is how a crash shows.
procs="$(cut -f2 "$rss" | sort -u | wc -l)"
bad="$(grep -ciE '^\[Termination "(time forfeit|abandoned|rules infraction|illegal move|stall.*)"\]' "$pgn" || true)"
echo "--- engine processes seen: $procs (expected $((2 * concurrency))); bad terminations: $bad"
if [ "$status" -ne 0 ] || [ "$bad" -ne 0 ] || [ "$procs" -gt $((2 * concurrency)) ]; then
  exit 1
fi
