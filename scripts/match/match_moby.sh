#!/usr/bin/env bash
# tvilling against Moby Dam: `scripts/match/match_dxp.sh moby ...` (see there), e.g.
# `scripts/match/match_moby.sh 40 movetime 0.2` or `scripts/match/match_moby.sh 40 clock 60`.
exec "$(dirname "$0")/match_dxp.sh" moby "$@"
