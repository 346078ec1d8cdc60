#!/bin/sh
# AFL++ on one target: one main (-M) and N secondary (-S) instances sharing
# a sync directory, seeded from fuzz/corpus/TARGET with the target's
# dictionary. Needs `make afl` (persistent-mode builds in build/fuzz/afl/).
#   fuzz/afl.sh TARGET [N_SECONDARIES] [SECONDS]    (defaults: 0, 60; SECONDS=0 runs until stopped)
# Output: build/fuzz/afl-sync/TARGET/{main,s1,...}; `afl-whatsup` on it sums up.
set -eu
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/afl.sh TARGET [N_SECONDARIES] [SECONDS]}
n=${2:-0}
seconds=${3:-60}
bin=build/fuzz/afl/$target
[ -x "$bin" ] || { echo "afl.sh: $bin missing, run 'make afl'" >&2; exit 2; }
sync=build/fuzz/afl-sync/$target
mkdir -p "$sync"
case $target in
sig_parse|sig_model) dict="-x fuzz/sig.dict" ;;
mir_observe) dict="-x fuzz/mir.dict" ;;
layout_parse) dict="-x fuzz/layout.dict" ;;
*) dict="" ;;
esac
limit=""
[ "$seconds" -gt 0 ] && limit="-V $seconds"
# Plain builds (no ASan): the oracles abort on their own.
export AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
pids=""
trap 'for p in $pids; do kill "$p" 2>/dev/null || true; done' INT TERM
# shellcheck disable=SC2086
afl-fuzz -M main -i fuzz/corpus/"$target" -o "$sync" $dict $limit -- "$bin" > "$sync/main.log" 2>&1 &
pids="$!"
i=1
while [ "$i" -le "$n" ]; do
	# shellcheck disable=SC2086
	afl-fuzz -S "s$i" -i fuzz/corpus/"$target" -o "$sync" $dict $limit -- "$bin" > "$sync/s$i.log" 2>&1 &
	pids="$pids $!"
	i=$((i + 1))
done
echo "afl.sh: $target, main + $n secondaries (pids $pids), sync dir $sync"
status=0
for p in $pids; do wait "$p" || status=$?; done
for d in "$sync"/*/; do
	[ -f "$d/fuzzer_stats" ] || continue
	printf '%s: ' "$(basename "$d")"
	grep -E '^(execs_done|execs_per_sec|corpus_count|corpus_found|saved_crashes|saved_hangs|run_time) ' "$d/fuzzer_stats" |
		awk '{printf "%s=%s ", $1, $3} END {print ""}'
done
exit $status
