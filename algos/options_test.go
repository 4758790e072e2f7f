package algos

import (
	"context"
	"strings"
	"testing"
	"time"

	"splitpoint/games/synth"
)

// TestValidate: bad options give errors that name what is allowed.
func TestValidate(t *testing.T) {
	tests := []struct {
		opt  Options
		want []string // substrings of the error; nil = valid
	}{
		{Options{Algo: "scout", Depth: 4}, nil},
		{Options{Algo: "mtdf", Time: time.Second}, nil},
		{Options{Algo: "bogus", Depth: 4}, []string{`unknown algorithm "bogus"`, "negamax, alphabeta, scout, mtdf, sss, itersss"}},
		{Options{Algo: "sss", Time: time.Second}, []string{"fixed depth"}},
		{Options{Algo: "itersss", Depth: 3, Memory: -1}, []string{"memory -1"}},
		{Options{Depth: 4}, []string{"no algorithm", "scout"}},
		{Options{Algo: "scout", Depth: -1}, []string{"depth -1", "1..100"}},
		{Options{Algo: "scout", Depth: 101}, []string{"depth 101"}},
		{Options{Algo: "scout"}, []string{"needs a time or node limit"}},
		{Options{Algo: "scout", Depth: 3, TTBits: -2}, []string{"tt bits -2", "0 = off"}},
		{Options{Algo: "scout", Depth: 3, TTBits: 31}, []string{"tt bits 31", "1..30"}},
		{Options{Algo: "scout", Depth: 3, Aspiration: -5}, []string{"aspiration", "negative"}},
		{Options{Algo: "scout", Depth: 3, Time: -time.Second}, []string{"time limit", "negative"}},
	}
	for _, tc := range tests {
		err := tc.opt.Validate()
		if tc.want == nil {
			if err != nil {
				t.Errorf("%v: %v", tc.opt, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%v: no error", tc.opt)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: error %q lacks %q", tc.opt, err, w)
			}
		}
	}
	tree, _ := synth.Parse("uniform:b=2,d=2,seed=1")
	if _, err := Search[synth.Position](context.Background(), tree.Root(), Options{Algo: "nope", Depth: 2}); err == nil {
		t.Error("Search accepted an unknown algorithm")
	}
}

func TestPresetsAndString(t *testing.T) {
	for _, name := range []string{"plain", "default", "ordering-off", "mtdf", "startech", "parachinook"} {
		opt, ok := Presets()[name]
		if !ok {
			t.Fatalf("preset %s missing", name)
		}
		opt.Depth = 3
		if err := opt.Validate(); err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
	}
	if st := Presets()["startech"]; !st.TTMove || !st.MVVLVA || st.Killers || st.History || st.KillerHandover || !st.Quiescence {
		t.Errorf("startech orders by killers or history, or not by the table and captures: %v", st)
	}
	s := Presets()["default"].String()
	for _, f := range []string{"algo=scout", "depth=0", "tt_bits=20", "iterative=true", "aspiration=50", "quiescence=true",
		"tt_move=true", "mvv_lva=true", "killers=true", "history=true", "seed=0", "time_ns=0s", "max_nodes=0", "memory=0", "killer_handover=true"} {
		if !strings.Contains(s, f) {
			t.Errorf("String() = %q lacks %q", s, f)
		}
	}
	if len(Algorithms()) != 6 || AlgorithmHelp("scout") == "" || AlgorithmHelp("itersss") == "" {
		t.Error("Algorithms/AlgorithmHelp")
	}
}

// TestCancel: a cancelled context stops a long search promptly (at the
// first poll, within pollMask+1 nodes: counted, not timed) with the
// deepest completed iteration and ctx.Err(); a time limit stops it with no
// error.
func TestCancel(t *testing.T) {
	tree, _ := synth.Parse("uniform:b=8,d=40,seed=2")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Search[synth.Position](ctx, tree.Root(), Options{Algo: AlgoScout, Depth: 40, Iterative: true, TTBits: 12})
	if err != context.Canceled {
		t.Fatalf("err %v", err)
	}
	if res != nil && res.Nodes > pollMask+1 {
		t.Fatalf("searched %d nodes after the context was cancelled", res.Nodes)
	}
	if res == nil || res.Depth < 1 || !res.Stopped || len(res.Iterations) != res.Depth {
		t.Fatalf("result %+v", res)
	}
	res, err = Search[synth.Position](context.Background(), tree.Root(), Options{Algo: AlgoAlphaBeta, Time: 30 * time.Millisecond})
	if err != nil || res.Depth < 1 || !res.Stopped {
		t.Fatalf("time limit: %v %+v", err, res)
	}
	res, err = Search[synth.Position](context.Background(), tree.Root(), Options{Algo: AlgoMTDF, MaxNodes: 5000})
	if err != nil || !res.Stopped || res.Nodes > 5000+1024 {
		t.Fatalf("node limit: %v %d nodes", err, res.Nodes)
	}
}

// abortAfter is a Hook that aborts after n nodes.
type abortAfter struct{ n, seen int }

func (h *abortAfter) Node() bool { h.seen++; return h.seen > h.n }

// TestHook: the hook sees every node and its abort stops the search.
func TestHook(t *testing.T) {
	tree, _ := synth.Parse("uniform:b=3,d=6,seed=4")
	s := NewSearcher[synth.Position](Options{Algo: AlgoScout, Depth: 6}, nil)
	h := &abortAfter{n: 1 << 30}
	s.Hook = h
	s.Start(nil, time.Time{})
	s.SetRoot(tree.Root())
	s.Scout(0, 6, -32000, 32000)
	if uint64(h.seen) != s.Counters.Nodes || s.Stopped() {
		t.Fatalf("hook saw %d of %d nodes", h.seen, s.Counters.Nodes)
	}
	h.seen, h.n = 0, 10
	s.Start(nil, time.Time{})
	s.ResetStats()
	s.Scout(0, 6, -32000, 32000)
	if !s.Stopped() || s.Counters.Nodes != 11 {
		t.Fatalf("abort: stopped %v after %d nodes", s.Stopped(), s.Counters.Nodes)
	}
}
