package reproductions

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"splitpoint/results"
)

// newStore is an empty results store of a test.
func newStore(t *testing.T) *results.Store {
	t.Helper()
	st, err := results.Open(filepath.Join(t.TempDir(), "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// parsssTree is one tree of a parsss test store: SSS*'s terminals and
// the parallel runs on it.
type parsssTree struct {
	position string
	sss      int64
	abort    int
	runs     []parsssTestRun
}

// parsssTestRun is one parallel run: the algorithm, N, memory (0: none) and
// its time in terminal counts (the speed-up is sss/time).
type parsssTestRun struct {
	algo    string
	n, m    int64
	time    int64
	paperAt int64 // the paper's clock (0: the same as time)
}

// parsssStore is a results store holding trees as parsss.sp stores them.
func parsssStore(t *testing.T, trees []parsssTree) *results.Store {
	t.Helper()
	ctx := context.Background()
	st := newStore(t)
	for _, tr := range trees {
		costs := fmt.Sprintf(`{"terminal":1,"abort":%d,"wake":%d}`, tr.abort, tr.abort)
		b := &results.Run{Sweep: "s", Role: results.RoleBaseline, Position: tr.position, PositionID: tr.position, Domain: "synthetic",
			Algo: "sss", Machine: "serial", Costs: costs, Work: tr.sss, Span: tr.sss, Time: tr.sss, TimeUnit: "units", Result: "{}"}
		if err := st.Insert(ctx, b); err != nil {
			t.Fatal(err)
		}
		for _, r := range tr.runs {
			p, id := r.n, b.ID
			paper := r.paperAt
			if paper == 0 {
				paper = r.time
			}
			opts := "{}"
			if r.m > 0 {
				opts = fmt.Sprintf(`{"memory":%d}`, r.m)
			}
			row := &results.Run{Sweep: "s", Role: results.RoleParallel, Position: tr.position, PositionID: tr.position, Domain: "synthetic",
				Algo: r.algo, Machine: "sim", P: &p, Costs: costs, BaselineID: &id, Work: r.time * r.n, Span: r.time, Time: r.time, TimeUnit: "units",
				Result: fmt.Sprintf(`{"options":%s,"%s":{"paper_time":%d}}`, opts, r.algo, paper)}
			if err := st.Insert(ctx, row); err != nil {
				t.Fatal(err)
			}
		}
	}
	return st
}

// TestParsssReasonsFromRun: the parsss reasons read their figures from
// the run's trees: ranks, ranges, the trees matched to the paper's
// instance, the time-sliced machine; a changed run changes them, and a
// run without the trees gives no reason (the written conjecture stands).
func TestParsssReasonsFromRun(t *testing.T) {
	ctx := context.Background()
	// Four (3, 10) trees on the strict machine: seeds 1 and 2 match the
	// paper's instance (SSS* near 3363, PARSSS* N = 8 near 2.41).
	build := func(seed1M36 int64) *results.Store {
		tree := func(seed int, sss, par8, m23, m36 int64) parsssTree {
			return parsssTree{position: fmt.Sprintf("uniform:b=3,d=10,seed=%d", seed), sss: sss, runs: []parsssTestRun{
				{algo: "parsss", n: 8, time: par8, paperAt: par8 + 10},
				{algo: "paritersss", n: 8, m: 23, time: m23},
				{algo: "paritersss", n: 8, m: 36, time: m36},
			}}
		}
		return parsssStore(t, []parsssTree{
			tree(1, 3400, 1360, 3400, seed1M36), // PARSSS* 2.5; ITERSSS* M = 23 1.0
			tree(2, 3300, 1320, 1650, 1100),     // 2.5; 2.0 → 3.0
			tree(3, 5000, 1250, 1250, 1000),     // 4.0; 4.0 → 5.0
			tree(4, 6000, 1500, 1500, 1200),     // 4.0; 4.0 → 5.0
			{position: "uniform:b=3,d=10,seed=1", sss: 3400, abort: 64, runs: []parsssTestRun{{algo: "parsss", n: 8, time: 1700}}}, // 2.0 when time-sliced
		})
	}
	st := build(1700) // seed 1 at M = 36: 2.0
	got, err := reasonIterN8M36(ctx, st)
	if want := "the tree instance. On the 2 trees matched to the paper's instance by Table 2 (" + matchedRule + ") N = 8 at M = 36 gives 2.50, 0.09 from the paper's 2.59; the paper's figure ranks 0.25 among all 4 trees"; err != nil || got != want {
		t.Errorf("reasonIterN8M36 = %q, %v\nwant %q", got, err, want)
	}
	got, _ = reasonIterN8M36(ctx, build(1360)) // seed 1 at M = 36: 2.5
	if !strings.Contains(got, "gives 2.75, 0.16 from the paper's 2.59") {
		t.Errorf("reasonIterN8M36 after the run changed = %q", got)
	}
	got, _ = reasonJump(ctx, st)
	if !strings.HasPrefix(got, "over 4 seeded (3, 10) trees (part 2 of the notebook) 2 rise by 30 % or more from M = 23 to 36 at N = 8 and 1 by 64 %; the 2 trees matched to the paper's instance rise by 67 % (1.50 → 2.50)") {
		t.Errorf("reasonJump = %q", got)
	}
	got, _ = reasonInstance310(ctx, st)
	for _, want := range []string{
		"Over 4 seeded (3, 10) trees (part 2 of the notebook) the N = 8 speed-up ranges from 2.50 and the paper's 2.41 ranks 0: its tree",
		"is one on which PARSSS* gains little",
		"differ from the strict machine's by 0.02 at most", // the paper's clock 10 counts later: a mean of 3.23 against 3.25
		"a time-sliced machine (part 4: kills and wake-ups 64 terminal counts late) brings the mean of its 1 trees from 2.50 to 2.00",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("reasonInstance310 = %q\nwant it to contain %q", got, want)
		}
	}
	got, _ = reasonSSSTerminals("b=3,d=10", 3363)(ctx, st)
	if !strings.HasPrefix(got, "the tree instance. Over 4 seeded (3, 10) trees (part 2 of the notebook) SSS* examines 3300–6000 terminals; 1 of the 4 examine 3363 or fewer (rank 0.25): the paper's tree is one of the smaller ones, and the mean of the run's 4 trees of part 1") {
		t.Errorf("reasonSSSTerminals = %q", got)
	}
	got, _ = reasonInstance("b=3,d=10", 8, 3.36)(ctx, st)
	if !strings.HasPrefix(got, "the tree instance. Over 4 seeded (3, 10) trees (part 2 of the notebook) the N = 8 speed-up ranges 2.50–4.00 and the paper's 3.36 ranks 0.5, the middle of the distribution; the 4 trees of part 1 average 3.25, below it") {
		t.Errorf("reasonInstance = %q", got)
	}
	empty := newStore(t)
	for name, r := range map[string]func(context.Context, Querier) (string, error){
		"reasonIterN8M36": reasonIterN8M36, "reasonJump": reasonJump, "reasonInstance310": reasonInstance310, "reasonIterN1": reasonIterN1, "reasonIterN8Small": reasonIterN8Small,
		"reasonSSSTerminals": reasonSSSTerminals("b=2,d=15", 1874), "reasonInstance": reasonInstance("b=5,d=7", 8, 4.22),
	} {
		if got, err := r(ctx, empty); got != "" || err != nil {
			t.Errorf("%s on a run without the trees = %q, %v", name, got, err)
		}
	}
}

// TestIterN8SmallReason: the share of the gap the tree instance accounts
// for at M = 11 and 23 is computed from the run's trees.
func TestIterN8SmallReason(t *testing.T) {
	tree := func(seed int, sss, par8, m11, m23 int64) parsssTree {
		return parsssTree{position: fmt.Sprintf("uniform:b=3,d=10,seed=%d", seed), sss: sss, runs: []parsssTestRun{
			{algo: "parsss", n: 8, time: par8}, {algo: "paritersss", n: 8, m: 11, time: m11}, {algo: "paritersss", n: 8, m: 23, time: m23}}}
	}
	st := parsssStore(t, []parsssTree{
		tree(1, 3400, 1360, 2000, 1700), // matched: 1.7 at M = 11, 2.0 at 23
		tree(2, 3300, 1320, 1500, 1100), // matched: 2.2, 3.0
		tree(3, 5000, 1250, 1250, 1000), // 4.0, 5.0
		tree(4, 4100, 1025, 1000, 820),  // 4.1, 5.0
	})
	got, err := reasonIterN8Small(context.Background(), st)
	// M = 11: all 3.00, matched 1.95, the paper 1.51: (3.00 − 1.95)/(3.00 − 1.51) = 70 %.
	want := "the tree instance accounts for 70 % and 58 % of the gap at M = 11 and 23: on the 2 trees matched to the paper's instance (" + matchedRule + ") N = 8 gives 1.95 at M = 11 and 2.50 at M = 23 (all 4 trees: 3.00 and 3.75), where the paper has 1.51 and 1.58, below all 4 trees (rank 0). Conjecture for the rest:"
	if err != nil || !strings.HasPrefix(got, want) {
		t.Errorf("reasonIterN8Small = %q, %v\nwant the prefix %q", got, err, want)
	}
}
