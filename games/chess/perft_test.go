package chess

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
)

var perftDeep = flag.Bool("perft.deep", false, "also run the deep perft rows (up to 200M nodes each)")

const (
	fastNodes = 3_000_000
	deepNodes = 200_000_000
)

func perftLimit() uint64 {
	if *perftDeep {
		return deepNodes
	}
	return fastNodes
}

// TestPerftTable checks testdata/perft.txt (a copy of
// ../shared/data/chess/perft.txt; sources: chessprogramming.org "Perft
// Results" and the copies named in that file's header).
func TestPerftTable(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		cols := strings.Split(s, "\t")
		if len(cols) < 4 {
			t.Fatalf("perft.txt:%d: %d columns", line, len(cols))
		}
		depth, _ := strconv.Atoi(cols[2])
		want, _ := strconv.ParseUint(cols[3], 10, 64)
		if want > perftLimit() {
			continue
		}
		p, err := ParseFEN(cols[1])
		if err != nil {
			t.Fatalf("perft.txt:%d: %v", line, err)
		}
		if got := Perft(p, depth); got != want {
			t.Errorf("perft.txt:%d: %s depth %d: got %d, want %d", line, cols[0], depth, got, want)
		}
	}
}

// TestPerftSuite checks testdata/perftsuite.epd (a copy of
// ../shared/data/chess/perftsuite.epd, the classic "perftsuite.epd" of
// public perft collections: FEN; D1 n; D2 n; …).
func TestPerftSuite(t *testing.T) {
	f, err := os.Open("testdata/perftsuite.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		parts := strings.Split(s, ";")
		head := strings.Fields(parts[0])
		fen := strings.Join(head[:4], " ")
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("perftsuite.epd:%d: %v", line, err)
		}
		parts[0] = strings.Join(head[4:], " ")
		for _, op := range parts {
			fs := strings.Fields(op)
			if len(fs) != 2 || fs[0][0] != 'D' {
				continue
			}
			depth, _ := strconv.Atoi(fs[0][1:])
			want, _ := strconv.ParseUint(fs[1], 10, 64)
			if want > perftLimit() {
				continue
			}
			if got := Perft(p, depth); got != want {
				t.Errorf("perftsuite.epd:%d: %s depth %d: got %d, want %d", line, fen, depth, got, want)
			}
		}
	}
}
