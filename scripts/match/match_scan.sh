#!/usr/bin/env bash
# tvilling against Scan 2.0: `scripts/match/match_dxp.sh scan20 ...` (see there), e.g.
# `scripts/match/match_scan.sh 40 clock 60` (Scan 2.0 over DXP plays only on a clock).
exec "$(dirname "$0")/match_dxp.sh" scan20 "$@"
