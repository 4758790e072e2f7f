#!/bin/sh
# bench/goals.sh — the pool's timing goals (Jamboree's defaults and grain,
# YBWC/ABDADA/Jamboree at depth 7), as BENCHMARKS.md
# records them: each line is one search of the goal's positions with its
# serial baselines, REPEAT repetitions (default 3) alternating with their
# baselines, each position's median time against its own median baseline,
# summed over the positions (the output's "suite:" line; for one position
# its "repeated" line). Run it on an otherwise idle machine: about five
# minutes on the project's 2-core VM.
#
#   sh bench/goals.sh              # every goal
#   REPEAT=5 sh bench/goals.sh     # medians of five
#   BIN=/tmp/old sh bench/goals.sh # a binary built elsewhere (another
#                                  # commit or profile), to alternate with
set -e
cd "$(dirname "$0")/.."
tmp=
if [ -n "$BIN" ]; then
	bin=$BIN
else
	tmp=$(mktemp -d)
	bin=$tmp/splitpoint
	go build -o "$bin" .
fi
R=${REPEAT:-3}
goal() {
	label=$1
	shift
	printf '%-34s ' "$label"
	"$bin" search "$@" --baseline fresh --repeat "$R" | grep -E '^suite:|^  repeated' | tail -1 | sed 's/^ *//'
}
ord='ordered:b=32,d=8,seed=1,order=p0.95'
ck='suite:3move#1-6'
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, --repeat $R; load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
for w in 1 2; do goal "jamboree BK d6 defaults, $w worker(s)" suite:bk --algo jamboree --workers $w --depth 6; done
for w in 1 2; do goal "jamboree BK d6 grain 0, $w worker(s)" suite:bk --algo jamboree --workers $w --depth 6 --grain 0; done
for w in 1 2; do goal "jamboree ordered defaults, $w worker(s)" "$ord" --algo jamboree --workers $w; done
for w in 1 2; do goal "jamboree ordered grain 0, $w worker(s)" "$ord" --algo jamboree --workers $w --grain 0; done
for w in 1 2; do goal "jamboree checkers d14 defaults, $w w." "$ck" --algo jamboree --workers $w --depth 14; done
for w in 1 2; do goal "jamboree checkers d14 grain 0, $w w." "$ck" --algo jamboree --workers $w --depth 14 --grain 0; done
for w in 1 2; do goal "jamboree BK d6 tuned, $w worker(s)" suite:bk --algo jamboree --workers $w --depth 6 --preset default --grain 3 --iterative; done
for a in ybwc abdada jamboree; do goal "BK d7 $a, 2 workers" suite:bk --algo $a --workers 2 --depth 7; done
go test ./algos -run XXX -bench 'PNegamaxPoolSpeedup' -benchtime 3x | grep Benchmark
go test ./sched -run XXX -bench 'Sim1024' -benchtime 5x | grep Benchmark
[ -z "$tmp" ] || rm -rf "$tmp" # never the directory of a BIN given
