package reports

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// integerTicks puts ticks at integers only, at a step of 1, 2 or 5 times a
// power of ten that gives at most maxIntegerTicks labels: an axis of
// processors P reads 1, 2 rather than 1, 1.2, 1.4 … 2.
type integerTicks struct{}

const maxIntegerTicks = 8

// Ticks implements plot.Ticker.
func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi >= lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil
	}
	step := 1.0
	for _, m := range []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 1e4, 2e4, 5e4, 1e5} {
		step = m
		if (math.Floor(hi/m)-math.Ceil(lo/m))+1 <= maxIntegerTicks {
			break
		}
	}
	var out []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		out = append(out, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
	}
	return out
}

// log2Ticks puts a tick at each power of two in range, labelled as an
// integer (every other one when there are more than ten).
type log2Ticks struct{}

// Ticks implements plot.Ticker.
func (log2Ticks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi >= lo) || math.IsInf(hi, 0) {
		return nil
	}
	first, last := int(math.Ceil(math.Log2(lo)-1e-9)), int(math.Floor(math.Log2(hi)+1e-9))
	every := 1
	if last-first+1 > 10 {
		every = 2
	}
	var out []plot.Tick
	for k := first; k <= last; k++ {
		v := math.Ldexp(1, k)
		t := plot.Tick{Value: v}
		if (k-first)%every == 0 {
			t.Label = strconv.FormatFloat(v, 'f', -1, 64)
		}
		out = append(out, t)
	}
	return uniformLabels(out)
}

// uniformTicks relabels the ticks of another ticker in one number format
// for the whole axis: plain decimals with one count of decimals, or, when
// some label would need an exponent, every label with one ("1e5", "1e6"),
// never "100000" beside "1e+06".
type uniformTicks struct{ plot.Ticker }

// Ticks implements plot.Ticker.
func (u uniformTicks) Ticks(lo, hi float64) []plot.Tick {
	return uniformLabels(u.Ticker.Ticks(lo, hi))
}

// uniformLabels rewrites the labels of ts in one format (see uniformTicks).
func uniformLabels(ts []plot.Tick) []plot.Tick {
	var vals []float64
	for _, t := range ts {
		if t.Label != "" {
			vals = append(vals, t.Value)
		}
	}
	if len(vals) == 0 {
		return ts
	}
	big, small := 0.0, math.Inf(1)
	for _, v := range vals {
		if a := math.Abs(v); a > 0 {
			big, small = max(big, a), min(small, a)
		}
	}
	var format func(float64) string
	if big >= 1e6 || small < 1e-3 {
		format = func(v float64) string {
			s := strconv.FormatFloat(v, 'e', -1, 64)
			mant, exp, _ := strings.Cut(s, "e")
			e, _ := strconv.Atoi(exp)
			return mant + "e" + strconv.Itoa(e)
		}
	} else {
		dec := 0
		for _, v := range vals {
			for dec < 6 {
				s := strconv.FormatFloat(v, 'f', dec, 64)
				if r, _ := strconv.ParseFloat(s, 64); math.Abs(r-v) <= 1e-9*max(math.Abs(v), 1) {
					break
				}
				dec++
			}
		}
		format = func(v float64) string { return strconv.FormatFloat(v, 'f', dec, 64) }
	}
	out := make([]plot.Tick, len(ts))
	for i, t := range ts {
		out[i] = t
		if t.Label != "" {
			out[i].Label = format(t.Value)
		}
	}
	return out
}
