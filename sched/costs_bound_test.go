package sched

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

// TestParseCostsBound: every cost is at most MaxCost, checked where it is
// parsed, so that a huge cost is an error and never a wrapped W.
func TestParseCostsBound(t *testing.T) {
	for _, k := range CostKeys() {
		if c, err := ParseCosts(k + "=" + strconv.Itoa(MaxCost)); err != nil {
			t.Errorf("%s=%d: %v", k, MaxCost, err)
		} else if c.String() == "" && k != "node" {
			t.Errorf("%s=%d: not set", k, MaxCost)
		}
		for _, v := range []string{strconv.Itoa(MaxCost + 1), strconv.FormatInt(math.MaxInt64, 10), "4611686018427387904", "99999999999999999999"} {
			_, err := ParseCosts("unit," + k + "=" + v)
			if err == nil {
				t.Errorf("%s=%s: accepted", k, v)
				continue
			}
			if msg := err.Error(); !strings.Contains(msg, strconv.Itoa(MaxCost)) || strings.Contains(msg, "\n") {
				t.Errorf("%s=%s: %q: want one line naming the bound %d", k, v, msg, MaxCost)
			}
		}
	}
}

// TestCostBoundDerivation: the bound's arithmetic as CostBoundHelp states
// it: one charged step of every key at MaxCost, MaxRunSteps of them on one
// processor, times MaxSimProcs processors (the idle time P·T_P), stays
// below 2^63.
func TestCostBoundDerivation(t *testing.T) {
	perStep := big.NewInt(int64(len(CostKeys())) * MaxCost)
	total := new(big.Int).Mul(perStep, big.NewInt(MaxRunSteps))
	total.Mul(total, big.NewInt(MaxSimProcs))
	if total.Cmp(big.NewInt(math.MaxInt64)) > 0 {
		t.Fatalf("%d keys × %d × %d steps × %d processors = %s overflows int64", len(CostKeys()), MaxCost, int64(MaxRunSteps), MaxSimProcs, total)
	}
	if !strings.Contains(CostBoundHelp, strconv.Itoa(MaxCost)) {
		t.Errorf("CostBoundHelp %q does not state the bound", CostBoundHelp)
	}
}

// TestPresetClock: the papers' machines state the length of a cost unit
// (CM5Costs' doc: 160 cycles at 33 MHz; TC2000Costs': 1 µs), overrides
// after the preset keep its unit, and the work-counting presets have none.
func TestPresetClock(t *testing.T) {
	for _, c := range []struct {
		spec string
		want float64
		ok   bool
	}{
		{"cm5", 160.0 / 33e6, true}, {"cm5,steal=32", 160.0 / 33e6, true}, {" tc2000 ", 1e-6, true},
		{"unit", 0, false}, {"terminal", 0, false}, {"", 0, false}, {"node=30", 0, false},
	} {
		got, ok := PresetClock(c.spec)
		if ok != c.ok || got != c.want {
			t.Errorf("PresetClock(%q) = %g, %v; want %g, %v", c.spec, got, ok, c.want, c.ok)
		}
	}
}
