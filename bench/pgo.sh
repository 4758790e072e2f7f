#!/bin/sh
# bench/pgo.sh — rebuild default.pgo, the CPU profile that go build and
# go run use to optimize the splitpoint binary (profile-guided
# optimization: hot calls inlined, hot interface calls devirtualized). It
# profiles the binary (SPLITPOINT_CPUPROFILE) on the work it is judged by
# and merges the profiles, each weighted by its CPU time: the simulated
# machine's goal runs, a sweep of the quickstart's algorithms and
# machines with their serial baselines, the pool's algorithms on chess,
# and the checkers searches of Lu's thesis. Re-run it when the hot code
# changes much; a stale profile costs speed, never correctness. A new
# profile moves the inlining of code it was not made for too: keep it
# only when bench/goals.sh and bench/simgoals.sh show no row lower.
# Some 4 minutes on a 2-core VM.
#
#   sh bench/pgo.sh
set -e
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
bin=$dir/splitpoint
go build -pgo=off -o "$bin" .
export SPLITPOINT_HOME="$dir/home"
n=0
prof() {
	n=$((n + 1))
	echo "profile $n: $*"
	SPLITPOINT_CPUPROFILE="$dir/$n.prof" "$bin" "$@" >"$dir/out" 2>&1 || {
		cat "$dir/out"
		exit 1
	}
}
goal="--algo jamboree --preset plain --depth 5 --grain 0 --levels=false"
prof search 'suite:kaufman#1' $goal --sim 512
prof search 'suite:kaufman#1' $goal --sim 64 --baseline none
prof search 'suite:bk#1' $goal --sim 65536 --depth 4 --baseline none
prof sweep --positions 'suite:kaufman#1-3' --algos jamboree,jamboree+serialize2,jamboree+deferred,jamboree+rid,ybwc \
	--workers 1,2 --sim 1,16,256 --depth 6 --preset default --tt 18 --grain 2 --levels=false --db "$dir/sweep.db"
for a in ybwc abdada lazysmp jamboree; do
	prof search 'suite:bk#2' --algo "$a" --workers 2 --depth 7 --baseline none
done
prof search checkers:start --algo pvsplit --sim 16 --depth 12
prof search checkers:start --algo pvfsplit --workers 2 --depth 14 --baseline none
go tool pprof -proto "$dir"/*.prof >"$dir/default.pgo" 2>/dev/null
mv "$dir/default.pgo" default.pgo
echo "default.pgo: $(wc -c <default.pgo) bytes from $n profiles"
rm -rf "$dir"
