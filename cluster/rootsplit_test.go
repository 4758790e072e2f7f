package cluster

import (
	"context"
	"fmt"
	"testing"

	"splitpoint/algos"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/lab"
	"splitpoint/sched"
)

// TestRemoteRootSplit: the root split with 2 and 4 searchers on other
// connections over the loopback address returns the in-process root
// split's value, best move and node counts (every searcher's, the
// winner's, the total) on seeded trees and chess positions, and counts its
// messages and network time.
func TestRemoteRootSplit(t *testing.T) {
	srv, err := StartServer(ServerOptions{Host: "127.0.0.1", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	master, err := srv.Connect("master")
	if err != nil {
		t.Fatal(err)
	}
	defer master.Close()
	for i := 0; i < 4; i++ { // four searcher processes' connections
		nc, err := srv.Connect(fmt.Sprint("searcher", i))
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		if _, err := ServeRootSplit(nc, fmt.Sprint(i), nil, nil); err != nil {
			t.Fatal(err)
		}
		nc.Flush()
	}
	ctx := context.Background()
	type inProcess func(opt algos.Options, cfg sched.Config) (*algos.RootSplitResult, error)
	type rsCase struct {
		name  string
		depth int
		run   inProcess
	}
	var cases []rsCase
	for seed := 1; seed <= 6; seed++ {
		for _, f := range []string{"uniform:b=5,d=5,seed=%d", "ordered:b=6,d=5,seed=%d,order=p0.7"} {
			name := fmt.Sprintf(f, seed)
			tree, err := synth.Parse(name)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, rsCase{name, tree.Depth(), func(opt algos.Options, cfg sched.Config) (*algos.RootSplitResult, error) {
				r, _, err := algos.RunRootSplit[synth.Position](ctx, tree.Root(), opt, cfg)
				return r, err
			}})
		}
	}
	for _, fen := range []string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"} {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, rsCase{"chess:" + fen, 3, func(opt algos.Options, cfg sched.Config) (*algos.RootSplitResult, error) {
			r, _, err := algos.RunRootSplit[chess.Position](ctx, pos, opt, cfg)
			return r, err
		}})
	}
	for _, c := range cases {
		items, err := lab.Resolve(c.name)
		if err != nil || len(items) != 1 {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, n := range []int{2, 4} {
			for _, tt := range []int{0, 12} {
				opt := algos.Options{Algo: algos.AlgoRootSplit, Depth: c.depth, Iterative: true, TTBits: tt}
				want, err := c.run(opt, sched.Config{Machine: sched.SimOf(n)})
				if err != nil {
					t.Fatal(err)
				}
				got, st, err := RemoteRootSplit(ctx, master, items[0], opt, n)
				if err != nil {
					t.Fatal(err)
				}
				what := fmt.Sprintf("%s n=%d tt=%d", c.name, n, tt)
				if got.Value != want.Value || got.BestMove != want.BestMove || got.Nodes != want.Nodes || got.WinnerNodes != want.WinnerNodes || got.Winner != want.Winner {
					t.Errorf("%s: remote value %d move %v nodes %d winner %d/%d, in-process %d %v %d %d/%d", what,
						got.Value, got.BestMove, got.Nodes, got.Winner, got.WinnerNodes, want.Value, want.BestMove, want.Nodes, want.Winner, want.WinnerNodes)
				}
				for i := range want.Searchers {
					if got.Searchers[i].Nodes != want.Searchers[i].Nodes || got.Searchers[i].Value != want.Searchers[i].Value {
						t.Errorf("%s: searcher %d: %d nodes value %d, in-process %d %d", what, i, got.Searchers[i].Nodes, got.Searchers[i].Value, want.Searchers[i].Nodes, want.Searchers[i].Value)
					}
				}
				if st.Messages != 2*n || st.RoundTrips != n || st.BytesSent == 0 || st.BytesRecv == 0 || st.NetWait <= 0 {
					t.Errorf("%s: network stats %+v", what, st)
				}
			}
		}
	}
}
