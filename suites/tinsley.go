package suites

import (
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"

	"splitpoint/game"
	"splitpoint/games/checkers"
)

// readTinsley reads the Tinsley–Chinook 1992 suite file
// (data/checkers/tinsley1992.txt): tab-separated lines of id, game, Black,
// White, ply, move played, pieces, legal root moves, Lu's depth, score,
// nodes and time, the PDN FEN and the game's moves from the start; blank
// lines and '#' lines are ignored. Each line is checked: the moves replay
// from the start position to the FEN in the given number of plies, the
// move played is legal there, and the piece and legal-move counts are the
// position's. The entry's BM is the move played, its Depth Lu's nominal
// depth (Lu Table C.1, 003:L1680-1699: 15, 17 or 19 plies); its Label names
// the players and Lu's Table C.1 search of the position.
func readTinsley(name string, r io.Reader) ([]Entry, error) {
	var out []Entry
	err := checkers.ScanRecords(name, r, func(line int, text string) error {
		e, err := parseTinsley(text)
		if err != nil {
			return err
		}
		e.Index, e.Line = len(out)+1, line
		out = append(out, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func parseTinsley(text string) (Entry, error) {
	var e Entry
	fs := strings.Split(text, "\t")
	if len(fs) != 14 {
		return e, fmt.Errorf("want 14 tab-separated fields, have %d", len(fs))
	}
	for i := range fs {
		fs[i] = strings.TrimSpace(fs[i])
	}
	nums := make([]int, 0, 8)
	for _, i := range []int{1, 4, 6, 7, 8, 9, 10, 11} {
		n, err := strconv.Atoi(fs[i])
		if err != nil {
			return e, fmt.Errorf("field %d: bad number %q", i+1, fs[i])
		}
		nums = append(nums, n)
	}
	gameNo, ply, pieces, legal := nums[0], nums[1], nums[2], nums[3]
	depth, score, nodes, secs := nums[4], nums[5], nums[6], nums[7]
	e.ID = fs[0]
	if depth < 1 || depth >= game.MaxPly {
		return e, fmt.Errorf("%s: depth %d out of range 1..%d", e.ID, depth, game.MaxPly-1)
	}
	want, err := checkers.ParseFEN(fs[12])
	if err != nil {
		return e, err
	}
	moves := strings.Fields(fs[13])
	if len(moves) != ply {
		return e, fmt.Errorf("%s: %d moves, the ply field says %d", e.ID, len(moves), ply)
	}
	p := checkers.Start()
	var next checkers.Position
	for i, mv := range moves {
		m, err := p.ParseMove(mv)
		if err != nil {
			return e, fmt.Errorf("%s: ply %d: %v", e.ID, i+1, err)
		}
		p.Play(m, &next)
		*p = next
	}
	if p.FEN() != want.FEN() {
		return e, fmt.Errorf("%s: the moves reach %s, the file says %s", e.ID, p.FEN(), fs[12])
	}
	bm, err := p.ParseMove(fs[5])
	if err != nil {
		return e, fmt.Errorf("%s: move played: %v", e.ID, err)
	}
	b, w, _ := p.Pieces()
	var buf [game.MaxMoves]game.Move
	if got := bits.OnesCount32(b) + bits.OnesCount32(w); got != pieces {
		return e, fmt.Errorf("%s: %d pieces, the file says %d", e.ID, got, pieces)
	}
	if got := p.Moves(buf[:]); got != legal {
		return e, fmt.Errorf("%s: %d legal moves, the file says %d", e.ID, got, legal)
	}
	e.Checkers = p
	e.BM = []game.Move{bm}
	e.Pieces, e.RootMoves, e.Depth = pieces, legal, depth
	e.Label = fmt.Sprintf("match game %d, Black %s, White %s, after %d plies; Lu: depth %d, score %d, %d nodes, %d s",
		gameNo, fs[2], fs[3], ply, depth, score, nodes, secs)
	return e, nil
}
