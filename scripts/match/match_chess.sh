#!/usr/bin/env bash
# Chess matches with shared/tools/match.py (python-chess based), as the issues measure them.
#
#   scripts/match/match_chess.sh phalanx [games] [tc]   strength: 200 games at 10+0.1 by default
#   scripts/match/match_chess.sh glaurung [games] [tc]
#   scripts/match/match_chess.sh toga2 [games] [tc]     Toga II 3.0
#   scripts/match/match_chess.sh ethereal [games] [tc]  Ethereal 12 (Debian's ethereal-chess)
#   scripts/match/match_chess.sh sf2000 [games] [tc]    Stockfish 15.1 limited to UCI_Elo 2000
#   scripts/match/match_chess.sh reckless [games] [tc]  Reckless 0.7.0 (RECKLESS: its binary)
#   scripts/match/match_chess.sh carp [games] [tc]      Carp 3.0.1 (CARP: its binary)
#   scripts/match/match_chess.sh self-fast     reliability: 100 games at 1+0.01 (self-play)
#   scripts/match/match_chess.sh self-periods  reliability: 100 games at 40 moves in 10 s
#
# Engines as in shared/tools/engines.md; Reckless and Carp are built by hand outside the
# project as shared/tools/opponents.md says, and found through RECKLESS and CARP. Openings
# from shared/books/8moves_v3.pgn (or the EPD or PGN file OPENINGS names), each played twice
# with colours swapped; CONCURRENCY (default 2) games at once. SYZYGY=DIR gives tvilling that SyzygyPath; DRAW_ADJUDICATION=off plays drawn
# endings out (to judge them with scripts/match/tb_outcomes.py). The last line is match.py's
# `SCORE ...` summary (with forfeits, crashes and illegal moves counted).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
shared="$root/../shared"
engine="${TVILLING:-$root/target/release/tvilling}"
py="${PYTHON:-$root/target/venv/bin/python}"
opponent="${1:?opponent: phalanx, glaurung, toga2, ethereal, sf2000, reckless, carp, self-fast or self-periods}"
games="${2:-200}"
tc="${3:-10+0.1}"
out="$root/target/matches"
mkdir -p "$out"
openings="${OPENINGS:-$shared/books/8moves_v3.pgn}"
ours=(--engine name=tvilling "cmd=$engine" option.Hash=16 option.Threads=1)
[ -n "${SYZYGY:-}" ] && ours+=("option.SyzygyPath=$SYZYGY")
case "$opponent" in
  phalanx) theirs=(--engine name=phalanx "cmd=/usr/games/phalanx -b- -l-" proto=xboard) ;;
  glaurung) theirs=(--engine name=glaurung cmd=/usr/games/glaurung option.Threads=1 option.Hash=16 option.OwnBook=false) ;;
  toga2) theirs=(--engine name=toga2 cmd=/usr/games/toga2 "option.Number of Threads=1" option.Hash=16
                  option.OwnBook=false) ;;
  ethereal) theirs=(--engine name=ethereal cmd=/usr/games/ethereal-chess option.Threads=1 option.Hash=16) ;;
  sf2000) theirs=(--engine name=sf2000 cmd=/usr/games/stockfish option.Threads=1 option.Hash=16
                   option.UCI_LimitStrength=true option.UCI_Elo=2000 "option.Move Overhead=100") ;;
  reckless|carp)
    var="${opponent^^}"
    exe="${!var:-}"
    if [ -z "$exe" ] || [ ! -x "$exe" ]; then
      echo "match_chess.sh: set $var to a built $opponent binary (shared/tools/opponents.md)" >&2
      exit 2
    fi
    theirs=(--engine "name=$opponent" "cmd=$exe" option.Threads=1 option.Hash=16) ;;
  self-fast) games="${2:-100}"; tc="${3:-1+0.01}"
             theirs=(--engine name=tvilling2 "cmd=$engine" option.Hash=16 option.Threads=1) ;;
  self-periods) games="${2:-100}"; tc="${3:-40/10}"
                theirs=(--engine name=tvilling2 "cmd=$engine" option.Hash=16 option.Threads=1) ;;
  *) echo "unknown opponent $opponent" >&2; exit 2 ;;
esac
adjudication=(--resign movecount=3 score=800 twosided=true)
[ "${DRAW_ADJUDICATION:-on}" = off ] || adjudication+=(--draw movenumber=40 movecount=8 score=10)
exec "$py" "$shared/tools/match.py" "${ours[@]}" "${theirs[@]}" \
  --each "tc=$tc" --openings "file=$openings" order=random --seed 7 \
  --games "$games" --concurrency "${CONCURRENCY:-2}" \
  "${adjudication[@]}" --pgnout "$out/$opponent.pgn" --json "$out/$opponent.json"
