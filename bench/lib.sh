# bench/lib.sh — what the benchmark scripts share; sourced after they cd
# to the repository and set $dir.

# wall prints the wall seconds of a command (its output to $dir/out).
wall() {
	s=$(date +%s.%N)
	"$@" >"$dir/out" 2>&1
	e=$(date +%s.%N)
	echo "$e - $s" | bc
}

# sweep_ratio times sweep ARGS… once with --jobs 1 and once with one job
# per core (databases $dir/NAME1.db and $dir/NAMEn.db), and prints both
# wall times and their ratio: sweep_ratio NAME LABEL ARGS…
sweep_ratio() {
	name=$1 label=$2
	shift 2
	t1=$(wall "$bin" sweep "$@" --db "$dir/${name}1.db" --jobs 1)
	tn=$(wall "$bin" sweep "$@" --db "$dir/${name}n.db" --jobs "$cores")
	echo "$label: --jobs 1 ${t1}s, --jobs $cores ${tn}s, ratio $(echo "scale=3; $tn / $t1" | bc) (target ≤ 0.55 on 2 cores)"
}
