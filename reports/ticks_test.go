package reports

import (
	"encoding/json"
	"reflect"
	"testing"

	"gonum.org/v1/plot"
)

func labels(ts []plot.Tick) []string {
	var out []string
	for _, t := range ts {
		if t.Label != "" {
			out = append(out, t.Label)
		}
	}
	return out
}

func TestTicks(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  []plot.Tick
		want []string
	}{
		{"pool P 1..2", integerTicks{}.Ticks(1, 2), []string{"1", "2"}},
		{"pool P 1..16", integerTicks{}.Ticks(1, 16), []string{"2", "4", "6", "8", "10", "12", "14", "16"}},
		{"simulator P 1..512", log2Ticks{}.Ticks(1, 512), []string{"1", "2", "4", "8", "16", "32", "64", "128", "256", "512"}},
		{"one format across 1e5 and 1e6", uniformLabels([]plot.Tick{{Value: 1e5, Label: "100000"}, {Value: 1e6, Label: "1e+06"}, {Value: 5e5}}), []string{"1e5", "1e6"}},
		{"one count of decimals", uniformLabels([]plot.Tick{{Value: 0.5, Label: "0.5"}, {Value: 1, Label: "1"}, {Value: 1.25, Label: "1.25"}}), []string{"0.50", "1.00", "1.25"}},
	} {
		if got := labels(tc.got); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: labels %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestEchartsPAxis: an integer P axis never shows 1.2 (minInterval 1), and
// the simulator's is a base-2 log axis.
func TestEchartsPAxis(t *testing.T) {
	pool := &Chart{ID: "pool", IntegerX: true, LogXBase: 2, Series: []Series{{Name: "a", X: []float64{1, 2}, Y: []float64{1, 1.8}}}}
	sim := legendChart()
	for _, tc := range []struct {
		c        *Chart
		typ      string
		interval float64
		base     any
	}{{pool, "value", 1, nil}, {sim, "log", 1, 2.0}} {
		b, err := optionJSON(tc.c)
		if err != nil {
			t.Fatal(err)
		}
		var opt struct {
			XAxis []map[string]any `json:"xAxis"`
		}
		if err := json.Unmarshal(b, &opt); err != nil || len(opt.XAxis) == 0 {
			t.Fatalf("%s: %v", b, err)
		}
		x := opt.XAxis[0]
		if x["type"] != tc.typ || x["minInterval"] != tc.interval || x["logBase"] != tc.base {
			t.Errorf("chart %s: x axis type %v, minInterval %v, logBase %v; want %s, %v, %v", tc.c.ID, x["type"], x["minInterval"], x["logBase"], tc.typ, tc.interval, tc.base)
		}
	}
}

// TestOnePDrawsBars: a sweep of a single P gives bars, not a line of one
// point, and drops the reference line.
func TestOnePDrawsBars(t *testing.T) {
	r := &Report{Sections: []Section{{Chart: &Chart{ID: "speedup", LogX: true, Series: []Series{
		{Name: "jamboree", X: []float64{512}, Y: []float64{30}},
		{Name: "jamboree+rid", X: []float64{512}, Y: []float64{31}},
		{Name: "linear speedup", X: []float64{512, 512}, Y: []float64{512, 512}, Dashed: true},
	}}}}}
	c := r.drawable().Sections[0].Chart
	if c.kind() != Bar || len(c.Series) != 2 {
		t.Errorf("one P: kind %s with %d series, want bars of the two algorithms", c.kind(), len(c.Series))
	}
	if r.Sections[0].Chart.kind() != Line {
		t.Error("drawable changed the caller's chart")
	}
}
