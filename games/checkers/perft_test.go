package checkers

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"splitpoint/game"
)

var perftDeep = flag.Bool("perft.deep", false, "run the deep perft depths (slow)")

type perftRow struct {
	depth       int
	all, unique uint64 // unique 0 when the file has '-'
}

func readPerft(t testing.TB) []perftRow {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []perftRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) < 3 {
			t.Fatalf("perft.txt: bad line %q", line)
		}
		var r perftRow
		r.depth, _ = strconv.Atoi(fs[0])
		r.all, _ = strconv.ParseUint(fs[1], 10, 64)
		if fs[2] != "-" {
			r.unique, _ = strconv.ParseUint(fs[2], 10, 64)
		}
		rows = append(rows, r)
	}
	return rows
}

// TestPerft checks both columns of testdata/perft.txt from the start
// position: depths up to 11 by default, up to 13 with -perft.deep.
func TestPerft(t *testing.T) {
	maxDepth := 11
	if *perftDeep {
		maxDepth = 13
	}
	if testing.Short() {
		maxDepth = 8
	}
	for _, r := range readPerft(t) {
		if r.depth > maxDepth {
			break
		}
		start := time.Now()
		if got := Perft(Start(), r.depth); got != r.all {
			t.Errorf("Perft(start, %d) = %d, want %d", r.depth, got, r.all)
		}
		if r.unique != 0 {
			if got := PerftUnique(Start(), r.depth); got != r.unique {
				t.Errorf("PerftUnique(start, %d) = %d, want %d", r.depth, got, r.unique)
			}
		}
		t.Logf("depth %d: %v", r.depth, time.Since(start))
	}
}

// TestGamePerft checks that the generic game.Perft agrees.
func TestGamePerft(t *testing.T) {
	s := game.NewStack[Position](7)
	s.Pos[0] = *Start()
	if got, want := game.Perft[Position, *Position](s, 7), Perft(Start(), 7); got != want {
		t.Errorf("game.Perft = %d, Perft = %d", got, want)
	}
}

// BenchmarkPerftStart runs perft 9 from the start (3,963,680 leaves).
func BenchmarkPerftStart(b *testing.B) {
	const depth = 9
	var nodes uint64
	for b.Loop() {
		nodes += Perft(Start(), depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
}

// BenchmarkMoves generates the moves of the start position.
func BenchmarkMoves(b *testing.B) {
	p := Start()
	var buf [game.MaxMoves]game.Move
	for b.Loop() {
		p.Moves(buf[:])
	}
}
