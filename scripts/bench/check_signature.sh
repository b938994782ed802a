#!/usr/bin/env bash
# Checks the engine's bench signatures against the commit messages:
#
#   scripts/bench/check_signature.sh BINARY
#
# Each game's bench node count must equal the newest line of its kind in the commit
# messages of HEAD's history (children before parents, `git log --topo-order`):
#   chess     `tvilling bench`                  `Bench: N`
#   draughts  `tvilling bench --game draughts`  `Draughts bench: N`
# A commit that changes play carries the new figure; one that does not needs no line. So
# the newest line is the figure of the last commit that changed play, and a change of play
# whose commit does not say its figure fails here. `make test` runs this script.
#
# In a shallow clone the newest line may lie beyond the commits fetched: the script uses a
# line it finds, and without one asks for the history (`git fetch --unshallow`, or
# `fetch-depth: 0` in actions/checkout).
set -euo pipefail

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: scripts/bench/check_signature.sh BINARY (a built tvilling)" >&2
  exit 2
fi
binary="$1"
root="$(cd "$(dirname "$0")/../.." && pwd)"

if ! git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  echo "check_signature: $root is not a git checkout; the expected figures are in its" \
    "commit messages" >&2
  exit 1
fi
shallow=$(git -C "$root" rev-parse --is-shallow-repository)

# The newest `LABEL N` line of HEAD's history, as `N COMMIT`. Every line is read, so git
# never writes to a closed pipe.
newest_line() {
  git -C "$root" log --topo-order --format='%x1e%h%n%B' | awk -v label="$1" '
    substr($0, 1, 1) == "\036" { commit = substr($0, 2); next }
    !found && substr($0, 1, length(label) + 1) == label " " {
      figure = substr($0, length(label) + 2)
      if (figure ~ /^[0-9]+$/) { print figure, commit; found = 1 }
    }'
}

status=0
check() {
  local game="$1" label="$2"
  shift 2
  local line expected commit actual
  line=$(newest_line "$label")
  if [ -z "$line" ]; then
    if [ "$shallow" = true ]; then
      echo "check_signature: no '$label N' line in this shallow clone's commits; fetch the" \
        "history (git fetch --unshallow)" >&2
    else
      echo "check_signature: no commit message carries a '$label N' line" >&2
    fi
    status=1
    return
  fi
  read -r expected commit <<<"$line"
  local output
  if ! output=$("$binary" "$@"); then
    echo "check_signature: '$binary $*' failed" >&2
    status=1
    return
  fi
  actual=$(sed -n 's/^Nodes searched: \([0-9][0-9]*\)$/\1/p' <<<"$output")
  if [ -z "$actual" ]; then
    echo "check_signature: '$binary $*' printed no 'Nodes searched: N' line" >&2
    status=1
  elif [ "$actual" != "$expected" ]; then
    echo "check_signature: the $game bench searches $actual nodes, but the newest '$label'" \
      "line (commit $commit) says $expected. A commit that changes play says its figure" \
      "in a line '$label $actual'." >&2
    status=1
  else
    echo "$game bench: $actual nodes, as commit $commit says"
  fi
}

check chess "Bench:" bench
check draughts "Draughts bench:" bench --game draughts
exit "$status"
