package match

import (
	"math"
	"testing"
)

// FuzzParseSPRT: any text gives a test or an error; a test it accepts
// has finite bounds.
func FuzzParseSPRT(f *testing.F) {
	f.Add("elo0=0,elo1=5")
	f.Add("elo0=-1.5,elo1=2.5,alpha=0.1,beta=0.2")
	f.Add("elo0=1e308,elo1=inf")
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSPRT(s)
		if err != nil {
			return
		}
		lo, hi := sp.Bounds()
		if math.IsNaN(lo) || math.IsInf(lo, 0) || math.IsNaN(hi) || math.IsInf(hi, 0) || sp.Elo1 <= sp.Elo0 {
			t.Fatalf("%q: %+v, bounds %g %g", s, sp, lo, hi)
		}
		if l := sp.LLR([5]int{3, 10, 40, 12, 2}); math.IsNaN(l) {
			t.Fatalf("%q: LLR NaN", s)
		}
	})
}

// FuzzParseSpec: any player keys give a player or an error, never a
// panic.
func FuzzParseSpec(f *testing.F) {
	f.Add("algo=jamboree,workers=2,depth=4", "")
	f.Add("tc=10+0.1,variants=deferred+rid,algo=jamboree", "")
	f.Add("nodes=100,opt:Skill Level=0", "/usr/games/stockfish")
	f.Add("param=aspiration=30;quiescence=true,depth=3", "")
	f.Fuzz(func(t *testing.T, s, engine string) {
		ParseSpec(s, engine)
	})
}
