package reports

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stubEcharts makes the package see a tiny stand-in for echarts.min.js
// (present true) or none, for the rest of the test.
func stubEcharts(t *testing.T, present bool) {
	t.Helper()
	old := echartsJS
	t.Cleanup(func() { echartsJS = old })
	echartsJS = func() ([]byte, bool) {
		if !present {
			return nil, false
		}
		return []byte("/* echarts stand-in */ var echarts;"), true
	}
}

// TestIndexLinksAndFigureTitles: the page links every figure and table
// file, and the SVG carries the chart's title, axis titles and series.
func TestIndexLinksAndFigureTitles(t *testing.T) {
	stubEcharts(t, true)
	dir := t.TempDir()
	index, warnings, err := Write(dir, sampleReport())
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings = %q, want none", warnings)
	}
	html, _ := os.ReadFile(index)
	for _, id := range []string{"speedup", "nodes", "overhead", "profile"} {
		for _, ext := range []string{".svg", ".pdf", ".csv"} {
			if !bytes.Contains(html, []byte(`href="`+id+ext+`"`)) {
				t.Errorf("index.html does not link %s%s", id, ext)
			}
		}
	}
	for _, link := range []string{`href="results.csv"`, `href="results.tex"`} {
		if !bytes.Contains(html, []byte(link)) {
			t.Errorf("index.html lacks the link %s", link)
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "speedup.svg"))
	for _, s := range []string{"Speedup vs threads", "threads", "speedup", "YBWC", "linear"} {
		if !bytes.Contains(svg, []byte(">"+s+"<")) {
			t.Errorf("speedup.svg lacks the text %q", s)
		}
	}
	// Hostile series names are escaped in the SVG too.
	nodes, _ := os.ReadFile(filepath.Join(dir, "nodes.svg"))
	if bytes.Contains(nodes, []byte(hostile)) || !bytes.Contains(nodes, []byte("&lt;script&gt;")) {
		t.Errorf("nodes.svg does not escape the hostile series name")
	}
}

func TestWriteRejectsBadInput(t *testing.T) {
	stubEcharts(t, true)
	chart := func(id string, s ...Series) Section { return Section{Chart: &Chart{ID: id, Series: s}} }
	cases := map[string][]Section{
		"bad id":          {chart("../evil")},
		"empty id":        {chart("")},
		"duplicate id":    {chart("a"), {Table: &Table{ID: "A"}}},
		"index id":        {chart("index")},
		"x/y lengths":     {chart("a", Series{X: []float64{1, 2}, Y: []float64{1}})},
		"two contents":    {{Chart: &Chart{ID: "a"}, Table: &Table{ID: "b"}}},
		"row length":      {{Table: &Table{ID: "t", Columns: []string{"a", "b"}, Rows: [][]string{{"1"}}}}},
		"unknown kind":    {{Chart: &Chart{ID: "a", Kind: "pie"}}},
		"hostile id html": {chart(hostile)},
	}
	for name, sections := range cases {
		dir := filepath.Join(t.TempDir(), "out")
		if _, _, err := Write(dir, &Report{Title: "x", Sections: sections}); err == nil {
			t.Errorf("%s: no error", name)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%s: output directory made despite invalid input", name)
		}
	}
}

func TestSlugMakesValidIDs(t *testing.T) {
	for in, want := range map[string]string{
		"Speedup vs threads": "Speedup-vs-threads",
		hostile:              "script-alert-1-script",
		"":                   "x",
		"--":                 "x",
		"WAC.001":            "WAC-001",
	} {
		got := Slug(in)
		if got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
		if !idPattern.MatchString(got) {
			t.Errorf("Slug(%q) = %q is not a valid ID", in, got)
		}
	}
}

func TestWriteWarnsAboutDroppedPointsAndSurvivesDegenerateLogAxes(t *testing.T) {
	stubEcharts(t, true)
	nan := 0.0
	nan = nan / nan
	r := &Report{Title: "edge", Sections: []Section{
		{Chart: &Chart{ID: "zeros", LogX: true, LogY: true, Series: []Series{{Name: "s", X: []float64{0, 1, 100}, Y: []float64{5, 0, 700}}}}},
		// No positive value: the axis is drawn linear, with the point.
		{Chart: &Chart{ID: "nothing", LogY: true, Series: []Series{{Name: "neg", X: []float64{1}, Y: []float64{-1}}}}},
		{Chart: &Chart{ID: "single", LogX: true, LogY: true, Series: []Series{{Name: "one", X: []float64{3}, Y: []float64{3}}}}},
		{Chart: &Chart{ID: "logbar", Kind: Bar, LogY: true, Series: []Series{{Name: "b", X: []float64{1, 2}, Y: []float64{10, 1000}}}}},
		{Chart: &Chart{ID: "nan", Series: []Series{{Name: "n", X: []float64{1, 2, 3}, Y: []float64{1, nan, 3}}}}},
		{Chart: &Chart{ID: "empty"}},
	}}
	_, warnings, err := Write(t.TempDir(), r)
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(warnings, "\n")
	for _, want := range []string{"chart zeros: series \"s\": 2 point(s)", "chart nan: series \"n\": 1 point(s)"} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings lack %q:\n%s", want, joined)
		}
	}
	if strings.Contains(joined, "chart nothing") {
		t.Errorf("chart nothing is drawn on a linear axis, yet warns:\n%s", joined)
	}
}
