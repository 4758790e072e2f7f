package algos

import (
	"testing"
	"time"

	"splitpoint/game"
	"splitpoint/games/chess"
)

// countingLender lends fresh rows and counts the loans (rowLender).
type countingLender struct{ lent, back int }

func (l *countingLender) lendDeeper(plies int) *searcherRows[chess.Position] {
	l.lent++
	return newSearcherRows[chess.Position](rowClassPlies(rowClass(plies)))
}

func (l *countingLender) returnDeeper(*searcherRows[chess.Position]) { l.back++ }

// TestQuiescenceBeyondLentRows: a quiescence search from rows lent for
// fewer plies than it reaches borrows deeper rows at their end and finds
// the value and node count of a Searcher with rows for every ply. Positions:
// the perft suite's Kiwipete and two of Bratko–Kopec's, whose capture
// sequences run past two plies.
func TestQuiescenceBeyondLentRows(t *testing.T) {
	fens := []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
		"2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
	}
	opt := Presets()["default"]
	opt.Algo = AlgoScout
	deeper := 0
	for _, fen := range fens {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		full := newSearcherPlies[chess.Position, *chess.Position](opt, nil, game.MaxPly)
		full.Start(nil, time.Time{})
		full.SetRoot(pos)
		want := full.Quiesce(0, -game.Inf, game.Inf)

		lent := rowlessWorkerSearcher[chess.Position, *chess.Position](opt, nil, nil, false)
		l := &countingLender{}
		lent.lender = l
		lent.attachRows(newSearcherRows[chess.Position](1)) // plies 0 and 1 only
		lent.SetRoot(pos)
		got := lent.Quiesce(0, -game.Inf, game.Inf)
		if got != want || lent.Counters.QNodes != full.Counters.QNodes {
			t.Errorf("%s: lent rows: value %d, %d quiescence nodes; own rows: %d, %d", fen, got, lent.Counters.QNodes, want, full.Counters.QNodes)
		}
		if l.lent != l.back {
			t.Errorf("%s: %d rows lent, %d given back", fen, l.lent, l.back)
		}
		if len(lent.Stack.Pos) != 2 {
			t.Errorf("%s: the searcher ends with rows for %d plies, want its own 2", fen, len(lent.Stack.Pos))
		}
		deeper += l.lent
	}
	if deeper == 0 {
		t.Fatal("no quiescence search went past the lent rows: the test does not reach qsearchDeeper")
	}
}
