#!/usr/bin/env bash
# Runs one fuzz target as several libFuzzer processes at once, for machines with cores to
# spare, and totals what they did:
#
#   scripts/reliability/fuzz_jobs.sh TARGET JOBS SECONDS [LOGDIR]
#
# Every process starts from fuzz/corpus/TARGET and fuzz/seeds/TARGET, runs SECONDS, and
# writes fuzz-N.log in LOGDIR (default target/fuzz-jobs/TARGET-<date>). New inputs join
# fuzz/corpus/TARGET (the processes pick up each other's), crashes go to
# fuzz/artifacts/TARGET/. Prints the executions summed over the processes, the most edges
# one of them covered, and every log that reports a crash; exits 1 when one does.
# Needs what `make fuzz` needs: the nightly toolchain and cargo-fuzz.
#
# A slow-unit file in the artifacts is not a crash: libFuzzer names so any input that took
# over 10 s, and the first input of an `egdb_file` process also builds the 3-piece tables
# (about 4 s on a free core, longer when many processes start at once).
#
# TIMEOUT (default 30) is libFuzzer's -timeout, in seconds of wall time, not CPU time: a
# process starved by others (an idle cgroup beside an SPRT gets about 1 % of a core) needs
# a much larger one, or every slow first input is reported as a hang.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
usage="usage: scripts/reliability/fuzz_jobs.sh TARGET JOBS SECONDS [LOGDIR]"
target="${1:?$usage}"
jobs="${2:?$usage}"
seconds="${3:?$usage}"
timeout="${TIMEOUT:-30}"
logdir="${4:-$root/target/fuzz-jobs/$target-$(date +%Y%m%d-%H%M%S)}"

(cd "$root/fuzz" && cargo +nightly fuzz build -a "$target")
host="$(rustc -vV | sed -n 's/^host: //p')"
exe="$root/fuzz/target/$host/release/$target"
mkdir -p "$logdir" "$root/fuzz/corpus/$target" "$root/fuzz/artifacts/$target"
# libFuzzer writes each job's log as fuzz-N.log in the working directory.
cd "$logdir"
echo "$(date +%T) $jobs jobs of $target for $seconds s, logs in $logdir"
# The parent's status only repeats what the logs say, which are read below.
"$exe" -jobs="$jobs" -workers="$jobs" -max_total_time="$seconds" -timeout="$timeout" \
  -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$root/fuzz/artifacts/$target/" \
  "$root/fuzz/corpus/$target" "$root/fuzz/seeds/$target" > parent.log 2>&1 || true
echo "$(date +%T) done"

awk '/number_of_executed_units/ { runs += $2; done++ }
  END { printf "executions: %d in %d finished jobs\n", runs, done }' fuzz-*.log
grep -h -o 'cov: [0-9]*' fuzz-*.log | awk '$2 > most { most = $2 } END { print "most edges in one job:", most + 0 }'
if crashed="$(grep -l -E 'ERROR: (libFuzzer|AddressSanitizer)|panicked at|deadly signal' fuzz-*.log)"; then
  echo "crashes reported in: $crashed" | tr '\n' ' '
  echo
  exit 1
fi
echo "no crash reported"
