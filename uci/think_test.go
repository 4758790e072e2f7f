package uci

import (
	"context"
	"testing"

	"splitpoint/lab"
)

// TestThinkParallelEqualsSerial: through the engine's driver, every
// parallel row that computes the exact value returns the serial Scout's
// value at every depth (table off, the plain preset: nothing that may
// change a value), on the pool with 1 and 2 workers, in chess and
// checkers; and the best move is legal.
func TestThinkParallelEqualsSerial(t *testing.T) {
	var items []*lab.Item
	for _, name := range []string{"suite:bk#1-4", "suite:3move#1-2"} {
		its, err := lab.Resolve(name)
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, its...)
	}
	serialCfg := DefaultConfig()
	for _, kv := range [][2]string{{"preset", "plain"}, {"hash", "0"}, {"algo", "scout"}} {
		if err := serialCfg.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	serial, err := NewSearcher(serialCfg)
	if err != nil {
		t.Fatal(err)
	}
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for _, algo := range []string{"jamboree", "pvsplit", "pvfsplit", "rootsplit", "pnegamax", "parsss"} {
		for _, w := range []string{"1", "2"} {
			cfg := serialCfg
			cfg.Set("algo", algo)
			cfg.Set("workers", w)
			cfg.Set("grain", "1")
			par, err := NewSearcher(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range items {
				var want []Info
				serial.Think(context.Background(), it, Plan{Depth: depth}, func(i Info) { want = append(want, i) })
				var got []Info
				par.Think(context.Background(), it, Plan{Depth: depth}, func(i Info) { got = append(got, i) })
				if len(got) != len(want) {
					t.Fatalf("%s w=%s %s: %d iterations, serial %d", algo, w, it.Title(), len(got), len(want))
				}
				for d := range want {
					if got[d].Score != want[d].Score || got[d].Depth != want[d].Depth {
						t.Errorf("%s w=%s %s depth %d: value %d, serial %d", algo, w, it.Title(), want[d].Depth, got[d].Score, want[d].Score)
					}
					legal := false
					for _, m := range it.Legal() {
						legal = legal || m == got[d].Best
					}
					if !legal {
						t.Errorf("%s w=%s %s depth %d: best move %#x is not legal", algo, w, it.Title(), want[d].Depth, uint32(got[d].Best))
					}
				}
			}
		}
	}
}
