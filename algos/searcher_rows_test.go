package algos

import (
	"context"
	"testing"
	"time"

	"splitpoint/game"
	"splitpoint/games/chess"
	"splitpoint/sched"
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

// TestRowLoan: a worker whose engine lends rows keeps a Searcher without
// rows between searches; lend gives it rows for the plies asked (rounded
// up to their class), giveBack takes them back to the lists, and the next
// loan reuses them rather than making more. Without lists the Searcher has
// rows of its own and the loan leaves them.
func TestRowLoan(t *testing.T) {
	opt := Presets()["default"]
	opt.Algo = AlgoScout
	_, _, err := sched.Run(context.Background(), sched.Config{Machine: sched.SimOf(1)}, func(c sched.Ctx) any {
		lists := newRowLists[chess.Position](c)
		var l rowLoan[chess.Position, *chess.Position]
		s := l.newSearcher(lists, opt, nil, nil, false, false)
		if s.Stack != nil {
			t.Error("a worker with lists keeps rows between searches")
		}
		l.lend(c, 9)
		if got, want := len(s.Stack.Pos)-1, rowClassPlies(rowClass(9)); got != want {
			t.Errorf("lent rows for %d plies, want %d", got, want)
		}
		first := s.Stack
		l.giveBack()
		if s.Stack != nil || l.rows != nil {
			t.Error("giveBack left the rows with the Searcher")
		}
		l.lend(c, 10) // the same class
		if s.Stack != first {
			t.Error("a second loan of the same class made new rows")
		}
		l.giveBack()

		var own rowLoan[chess.Position, *chess.Position]
		s = own.newSearcher(nil, opt, nil, nil, false, false)
		rows := s.Stack
		own.lend(c, 9)
		own.giveBack()
		if rows == nil || s.Stack != rows {
			t.Error("without lists the Searcher's own rows changed")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
