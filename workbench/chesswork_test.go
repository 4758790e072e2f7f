package workbench

import "testing"

// TestClassifyStack: a sample goes to the first function up its stack
// with a category of its own; helpers pass it on to their callers, and a
// stack with none is the runtime's.
func TestClassifyStack(t *testing.T) {
	for _, tc := range []struct {
		stack []string
		want  string
	}{
		{[]string{"splitpoint/games/chess.(*Position).Play", "splitpoint/algos.(*Searcher[...]).scout"}, "moving pieces"},
		{[]string{"splitpoint/games/chess.popcount", "splitpoint/games/chess.(*Position).Eval", "splitpoint/algos.(*Searcher[...]).quiesce"}, "evaluation"},
		{[]string{"splitpoint/games/chess.rookAttacks", "splitpoint/games/chess.(*Position).attackersTo", "splitpoint/games/chess.(*Position).gen"}, "checks"},
		{[]string{"splitpoint/games/chess.serialize", "splitpoint/games/chess.(*Position).gen"}, "move generation"},
		{[]string{"splitpoint/algos.sortScored", "splitpoint/algos.(*Searcher[...]).order"}, "sorting moves"},
		{[]string{"splitpoint/games/chess.(*Position).Draw"}, "repetition"},
		{[]string{"splitpoint/tt.(*Table).Probe", "splitpoint/algos.(*jamEngine[...]).search"}, "table"},
		{[]string{"runtime.memclrNoHeapPointers", "splitpoint/tt.New"}, setupCategory},
		{[]string{"runtime.mallocgc", "splitpoint/sched.(*proc).spawn"}, "control flow"},
		{[]string{"splitpoint/algos.(*jamEngine[...]).search"}, "control flow"},
		{[]string{"runtime.gcBgMarkWorker"}, "runtime"},
	} {
		if got := classifyStack(tc.stack); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.stack, got, tc.want)
		}
	}
}
