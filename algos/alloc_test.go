package algos

import (
	"testing"
	"time"

	"splitpoint/game"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
)

// TestScoutNoAlloc: after a warm-up, a Scout search (table on, every
// ordering heuristic, quiescence) allocates nothing.
func TestScoutNoAlloc(t *testing.T) {
	tree, _ := synth.Parse("bimodal:bq=8,bc=2,q=0.79,d=10,seed=3")
	opt := Presets()["default"]
	opt.TTBits = 14
	s := NewSearcher[synth.Position](opt, nil)
	s.Start(nil, time.Time{})
	run := func() {
		s.SetRoot(tree.Root())
		s.Scout(0, 8, -game.Inf, game.Inf)
	}
	run()
	if a := testing.AllocsPerRun(5, run); a != 0 {
		t.Fatalf("synthetic Scout: %v allocations per search", a)
	}
	cs := NewSearcher[chess.Position](opt, nil)
	cs.Start(nil, time.Time{})
	recs := loadBK(t)
	crun := func() {
		cs.SetRoot(recs[0].Pos)
		cs.Scout(0, 3, -game.Inf, game.Inf)
	}
	crun()
	if a := testing.AllocsPerRun(3, crun); a != 0 {
		t.Fatalf("chess Scout: %v allocations per search", a)
	}
}
