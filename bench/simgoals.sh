#!/bin/sh
# bench/simgoals.sh — the simulated machine's goals for bare Jamboree
# (plain preset, grain 0, levels off, Kaufman #1 unless said), each printed
# beside its target: the exact runs, the simulator's own counts per
# simulated node, a simulated node's cost in serial nodes, resident memory,
# and a small sweep one job at a time against one per core. Counts and
# memory hold on any machine; the timings (speed, sweep) only on an
# otherwise idle one. Some 20 minutes on a 2-core VM.
#
#   sh bench/simgoals.sh           # every goal
#   QUICK=1 sh bench/simgoals.sh   # without the sweep
set -e
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
bin=$dir/splitpoint
go build -o "$bin" .
export SPLITPOINT_HOME="$dir/home"
cores=$(nproc)
. bench/lib.sh
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $cores cores; load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

# 1. Exact: the reference runs and the differential grid, bit for bit.
ok() { if "$@" >"$dir/out" 2>&1; then echo "pass"; else echo "FAIL (see $dir/out)"; fi; }
echo "exact: TestSimGolden: $(ok go test . -run TestSimGolden -count=1) (target: pass)"
echo "exact: TestSimGolden, large set: $(SPLITPOINT_GOLDEN=large ok go test . -run TestSimGolden -count=1 -timeout 60m) (target: pass)"
echo "exact: TestSimDiff (plain, default × P 1, 2, 64, 512, 65536, inf × unit, cm5 × levels): $(ok go test ./algos -run TestSimDiff -count=1) (target: pass)"

# 2. Counts per simulated node (sched.SimInternals).
go test ./algos -run XXX -bench 'SimGoalCounts' -benchtime 1x >"$dir/counts"
metric() { # benchmark name, metric unit
	grep "^BenchmarkSimGoal.*$1" "$2" | tr '\t' '\n' | grep " $3\$" | awk '{print $1}'
}
echo "counts P = 512 depth 5: task records $(metric P512/d5 "$dir/counts" task-records/node)/node (target ≤ 1.0), done-flag reads $(metric P512/d5 "$dir/counts" done-reads/node)/node (≤ 2), abort-walk visits $(metric P512/d5 "$dir/counts" abort-visits/node)/node (≤ 0.3)"
echo "counts P = inf depth 4: coroutine attaches $(metric Pinf/d4 "$dir/counts" attaches/node)/node (target ≤ 1.15)"
echo "counts: the event loop's resumes of a processor per simulated node, P = 512 depth 5: $(metric P512/d5 "$dir/counts" resumes/node), P = 64: $(metric P64/d5 "$dir/counts" resumes/node) (no target: each is two coroutine switches, the floor under the speed goals)"

# 3. Speed: serial nodes per simulated node, both sides in one benchmark op,
#    built with the binary's profile (default.pgo) as go build builds it.
#    A VM's speed moves from one minute to the next (on the 2-core AMD host
#    one op's ratio swung by ±15 % with the same code), so the op runs
#    SPEED_RUNS times (default 5) and the median is the figure, printed
#    with the range.
runs=${SPEED_RUNS:-5}
go test -pgo="$PWD/default.pgo" ./algos -run XXX -bench 'SimGoalSpeed' -benchtime 1x -count "$runs" >"$dir/speed"
spread() { # benchmark name, metric, format: median (min–max) of the metric over the runs
	grep "^BenchmarkSimGoal.*$1" "$dir/speed" | tr '\t' '\n' | grep " $2\$" | awk '{print $1}' | sort -g |
		awk -v f="$3" '{v[NR]=$1} END {m = NR % 2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2; printf f " (" f "–" f " over %d runs)", m, v[1], v[NR], NR}'
}
# The ratio follows the host: the serial search is bound by the core's
# clock, the simulator at P = 512 by the caches' latency, so the two rates
# are printed beside it to show which side moved.
for p in 512 64; do
	target=10
	[ $p = 64 ] && target=6.5
	echo "speed P = $p depth 5: median $(spread P$p/d5 serial-nodes/simnode %.2f) serial nodes per simulated node (target ≤ $target)"
	echo "  serial $(spread P$p/d5 serialnodes/s %.0f) nodes/s, simulated $(spread P$p/d5 simnodes/s %.0f) nodes/s"
done

# 4. Memory: peak resident set of the whole process.
mem() {
	label=$1 target=$2
	shift 2
	/usr/bin/time -f "%e %M" -o "$dir/time" "$@" >"$dir/out" 2>&1 || true
	read -r secs rss <"$dir/time" || true
	echo "memory $label: peak RSS $((rss / 1024)) MB, ${secs}s (target ≤ $target)"
}
mem "P = 65536, depth 4 (Kaufman #1)" "300 MB" "$bin" search 'suite:kaufman#1' --algo jamboree --preset plain --sim 65536 --depth 4 --grain 0 --levels=false --baseline none
mem "P = 65536, depth 4 (BK.01)" "300 MB" "$bin" search 'suite:bk#1' --algo jamboree --preset plain --sim 65536 --depth 4 --grain 0 --levels=false --baseline none
mem "P = inf, depth 5 (BK.01)" "1.5 GB" "$bin" search 'suite:bk#1' --algo jamboree --preset plain --sim inf --depth 5 --grain 0 --levels=false --max-mem none --baseline none

# 5. A small sweep one job at a time and one per core (target ≤ 0.55 on 2
#    cores): Kaufman 1–4 × jamboree, jamboree+rid × P 16, 64, 256, depth 5.
if [ -z "$QUICK" ]; then
	sweep_ratio s "sweep (24 runs)" --positions suite:kaufman#1-4 --algos jamboree,jamboree+rid --sim 16,64,256 --depth 5 --preset plain --grain 0 --levels=false
fi
rm -rf "$dir"
