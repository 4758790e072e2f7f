#!/bin/sh
# bench/simulator.sh — the simulated machine's goals: every core busy in a
# sweep, a simulated node's cost against a serial node's, and memory that is
# used. Run it on an otherwise idle machine (the figures of a loaded one are
# the load's): some 15 minutes on a 2-core VM with the reproduction, a few
# without it.
#
#   sh bench/simulator.sh            # every goal
#   QUICK=1 sh bench/simulator.sh    # without the full reproduce startech-variants
set -e
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
bin=$dir/splitpoint
go build -o "$bin" .
export SPLITPOINT_HOME="$dir/home"
cores=$(nproc)
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $cores cores; load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

. bench/lib.sh

# 1. A simulated sweep one job at a time and one per core (goal: ≤ 0.55×
#    on 2 cores): the quickstart's simulated part.
Q="--positions suite:kaufman#1-6 --algos jamboree,jamboree+serialize2,jamboree+deferred,jamboree+rid --sim 1,2,4,8,16,32,64,128,256,512 --depth 6 --preset default --tt 18 --grain 2 --levels=false"
t1=$(wall "$bin" sweep $Q --db "$dir/j1.db" --jobs 1)
tn=$(wall "$bin" sweep $Q --db "$dir/jn.db" --jobs "$cores")
echo "sweep, quickstart's simulated part: --jobs 1 ${t1}s, --jobs $cores ${tn}s, ratio $(echo "scale=3; $tn / $t1" | bc) (goal ≤ 0.55 on 2 cores)"
q="SELECT role, position, algo, variants, machine, p, seed, rep, value, nodes, work, span, CASE WHEN machine = 'serial' THEN NULL ELSE time END FROM runs ORDER BY id"
"$bin" sql "$q" --db "$dir/j1.db" --csv >"$dir/j1.csv"
"$bin" sql "$q" --db "$dir/jn.db" --csv >"$dir/jn.csv"
if cmp -s "$dir/j1.csv" "$dir/jn.csv"; then echo "  rows identical (but for the serial baselines' wall times)"; else echo "  ROWS DIFFER: diff $dir/j1.csv $dir/jn.csv"; fi

# 2. A simulated node's cost in serial nodes, measured beside the serial
#    Scout in the same run (goal: ≤ 5), and the simulator's own benchmark.
go test ./algos -run XXX -bench 'SimVsSerial' -benchtime 1x | grep Benchmark
go test ./sched -run XXX -bench 'Sim1024$' -benchtime 5x | grep Benchmark

# 3. Memory (goals: plain P = inf depth 5 ≤ 1 GB resident, plain
#    P = 65,536 depth 4 ≤ 300 MB; peak address space within 2× peak RSS;
#    the default preset's P = inf depth 5 under ulimit -v 4000000 runs or
#    stops with the clean STOPPED message).
mem() {
	label=$1
	shift
	/usr/bin/time -f "%e %M" -o "$dir/time" "$@" >"$dir/out" 2>&1 &
	pid=$!
	peak=0
	while kill -0 $pid 2>/dev/null; do
		for c in $(pgrep -P $pid) $pid; do
			v=$(awk '/VmPeak/{print $2}' /proc/$c/status 2>/dev/null)
			[ -n "$v" ] && [ "$v" -gt "$peak" ] && peak=$v
		done
		sleep 0.2
	done
	wait $pid || true
	read -r secs rss <"$dir/time" || true
	echo "$label: ${secs}s, peak RSS $((rss / 1024)) MB, peak address space $((peak / 1024)) MB; $(grep -E 'STOPPED|memory:' "$dir/out" | head -1 | sed 's/^ *//')"
}
# The floor under every run's address space: an idle process (the REPL
# waiting for input) holds only the runtime's reservations.
sleep 3 | "$bin" >/dev/null 2>&1 &
sleep 1.5
idle=$(pgrep -n -f "^$bin\$" || true)
if [ -n "$idle" ]; then
	echo "idle process: address space $(awk '/VmSize/{print int($2/1024)}' /proc/$idle/status) MB, resident $(awk '/VmRSS/{print int($2/1024)}' /proc/$idle/status) MB"
fi
wait
mem "plain, P = inf, depth 5" "$bin" search 'suite:bk#1' --algo jamboree --sim inf --depth 5 --preset plain --max-mem none --baseline none
mem "plain, P = 65536, depth 4" "$bin" search 'suite:bk#1' --algo jamboree --sim 65536 --depth 4 --preset plain --baseline none
mem "default, P = inf, depth 5" "$bin" search 'suite:bk#1' --algo jamboree --sim inf --depth 5 --baseline none
(ulimit -v 4000000 && "$bin" search 'suite:bk#1' --algo jamboree --sim inf --depth 5 --baseline none) >"$dir/out" 2>&1 || true
echo "default, P = inf, depth 5, ulimit -v 4000000: $(grep -E 'STOPPED|work W|out of memory' "$dir/out" | head -1 | sed 's/^ *//')"

# 4. The full reproduction (goal: ≤ 5 minutes of wall time on 2 cores).
if [ -z "$QUICK" ]; then
	t=$(wall "$bin" reproduce startech-variants)
	echo "reproduce startech-variants: ${t}s wall (one per core: $cores jobs)"
fi
