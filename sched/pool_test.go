package sched

import (
	"fmt"
	"testing"
)

func TestUniformPool(t *testing.T) {
	for _, bd := range [][2]int{{2, 6}, {3, 5}, {5, 4}} {
		b, d := bd[0], bd[1]
		name := fmt.Sprintf("uniform:b=%d,d=%d", b, d)
		root, want := uniformRoot(b, d), ipow(b, d)
		for _, p := range []int{1, 2, 4} {
			for _, lv := range []bool{false, true} {
				v, s := runT(t, Config{Machine: PoolOf(p), Seed: 1, Levels: lv, LevelWait: lv}, root)
				if v.(int64) != want {
					t.Errorf("%s P=%d: value %d, want %d", name, p, v, want)
				}
				if s.Work != UniformWork(b, d) || s.Span != UniformSpan(d) {
					t.Errorf("%s P=%d: W=%d C=%d, want %d %d", name, p, s.Work, s.Span, UniformWork(b, d), UniformSpan(d))
				}
				if p > s.ProcsUsed {
					t.Errorf("P=%d but %d workers", p, s.ProcsUsed)
				}
			}
		}
	}
}
