package reports

import (
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

// axisCharts are charts shaped like the workbench's figures, with the
// longest y-axis titles it writes: pool runs at P ∈ {1, 2}, and sim runs
// over a wide range of P.
func axisCharts() []*Chart {
	pool := []float64{1, 2}
	sim := []float64{1, 2, 4, 8, 16, 32}
	return []*Chart{
		{ID: "overhead-pool", Title: "Search overhead against P (pool)", XLabel: "processors P", YLabel: "search overhead %", LogX: true,
			Series: []Series{{Name: "jamboree", X: pool, Y: []float64{0, 12.5}}}},
		{ID: "speedup-pool", Title: "Speedup against P (pool)", XLabel: "processors P", YLabel: "speedup T_S/T_P", LogX: true, LogY: true,
			Series: []Series{{Name: "jamboree", X: pool, Y: []float64{1, 1.7}}, {Name: "linear speedup", X: pool, Y: pool, Dashed: true}}},
		{ID: "speedup-sim", Title: "Speedup against P (sim)", XLabel: "processors P", YLabel: "speedup T_S/T_P", LogX: true, LogY: true,
			Series: []Series{{Name: "jamboree", X: sim, Y: []float64{1, 1.9, 3.6, 6.5, 11, 17}}, {Name: "linear speedup", X: []float64{1, 32}, Y: []float64{1, 32}, Dashed: true}}},
		{ID: "rating", Title: "Rating against P", XLabel: "processors P", YLabel: "rating 2930 − 200·log10(t20)", LogX: true,
			Series: []Series{{Name: "jamboree (sim)", X: sim, Y: []float64{2100, 2180, 2250, 2300, 2330, 2345}}}},
		{ID: "residuals", Title: "Residuals: jamboree (pool)", XLabel: "measured T_P (ns)", YLabel: "(measured − predicted)/measured %", Kind: Scatter, LogX: true,
			Series: []Series{{Name: "runs", X: []float64{1e6, 3e6, 2e7}, Y: []float64{-3.5, 1.25, 12000}}}},
		{ID: "utilization", Title: "Utilization: jamboree (pool)", XLabel: "processors P", YLabel: "% of P·T_P", Kind: Bar,
			Series: []Series{{Name: "useful", X: pool, Y: []float64{98, 85}}, {Name: "idle", X: pool, Y: []float64{0, 9}}}},
	}
}

// TestLogAxisOnlyOverADecade: a log axis is kept only when the data span
// a factor of 10; P ∈ {1, 2} gets a linear axis (it showed 0.1 to 10),
// in the echarts option and in the SVG/PDF figure alike.
func TestLogAxisOnlyOverADecade(t *testing.T) {
	want := map[string][2]string{ // x, y axis type
		"overhead-pool": {"value", "value"},
		"speedup-pool":  {"value", "value"},
		"speedup-sim":   {"log", "log"},
		"rating":        {"log", "value"},
		"residuals":     {"log", "value"},
		"utilization":   {"category", "value"},
	}
	for _, c := range axisCharts() {
		opt := chartOption(t, c)
		x, y := axisOf(t, opt, "xAxis"), axisOf(t, opt, "yAxis")
		if got := [2]string{x["type"].(string), y["type"].(string)}; got != want[c.ID] {
			t.Errorf("%s: echarts axis types (x, y) = %v, want %v", c.ID, got, want[c.ID])
		}
		p, err := buildPlot(c)
		if err != nil {
			t.Fatal(err)
		}
		isLog := func(a plot.Axis) string {
			if _, ok := a.Scale.(plot.LogScale); ok {
				return "log"
			}
			return "value"
		}
		wantX := want[c.ID][0]
		if wantX == "category" {
			wantX = "value"
		}
		if got := [2]string{isLog(p.X), isLog(p.Y)}; got != [2]string{wantX, want[c.ID][1]} {
			t.Errorf("%s: figure axis scales (x, y) = %v, want %v", c.ID, got, [2]string{wantX, want[c.ID][1]})
		}
	}
	// On a linear axis nothing is left out: P = 1 with 0 % overhead is drawn.
	c := axisCharts()[0]
	if pts, dropped := c.points(&c.Series[0]); len(pts) != 2 || dropped != 0 {
		t.Errorf("overhead-pool: %d points drawn, %d dropped; want 2, 0", len(pts), dropped)
	}
}

// TestAxisTitleOptions: the echarts y-axis title sits above the axis and
// runs right from it (nameTextStyle.align "left"), so a long title is never
// centred on the axis line and cut off at the chart's left edge; the grid
// keeps its tick labels inside the chart.
func TestAxisTitleOptions(t *testing.T) {
	for _, c := range axisCharts() {
		opt := chartOption(t, c)
		y := axisOf(t, opt, "yAxis")
		style, _ := y["nameTextStyle"].(map[string]any)
		if y["name"] != c.YLabel || y["nameLocation"] != "end" || style["align"] != "left" {
			t.Errorf("%s: yAxis name %q at %v, nameTextStyle %v; want %q at end, aligned left", c.ID, y["name"], y["nameLocation"], y["nameTextStyle"], c.YLabel)
		}
		x := axisOf(t, opt, "xAxis")
		if x["name"] != c.XLabel || x["nameLocation"] != "middle" {
			t.Errorf("%s: xAxis name %q at %v, want %q in the middle", c.ID, x["name"], x["nameLocation"], c.XLabel)
		}
		grid := firstOf(t, opt, "grid")
		if grid["containLabel"] != true || grid["right"] != "44" {
			t.Errorf("%s: grid %v does not contain the tick labels, or leaves no room for the last x label", c.ID, grid)
		}
	}
}

// TestFigureAxisTitleInside draws each figure as a PNG with the same
// layout as the SVG and PDF, and checks that the rotated y-axis title is
// drawn inside it: dark pixels near the left edge, none on the edge.
func TestFigureAxisTitleInside(t *testing.T) {
	for _, c := range axisCharts() {
		im := drawnFigure(t, c)
		b := im.Bounds()
		dark := func(r image.Rectangle) int {
			n := 0
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					cr, cg, cb, _ := im.At(x, y).RGBA()
					if cr>>8 < 128 && cg>>8 < 128 && cb>>8 < 128 {
						n++
					}
				}
			}
			return n
		}
		if n := dark(image.Rect(b.Min.X, b.Min.Y, b.Min.X+2, b.Max.Y)); n > 0 {
			t.Errorf("%s: %d dark pixels on the figure's left edge: something is cut off", c.ID, n)
		}
		if n := dark(image.Rect(b.Min.X, b.Min.Y, b.Min.X+25, b.Max.Y)); n < 30 {
			t.Errorf("%s: %d dark pixels in the figure's left 25 px, want the y-axis title there", c.ID, n)
		}
	}
}

// TestBrowserAxisTitles draws the charts with the embedded echarts in
// headless Chromium (network off) and checks, in the drawn scene, that
// every text — titles, axis titles, tick labels, legend — lies inside its
// chart, and that P ∈ {1, 2} got a linear axis.
func TestBrowserAxisTitles(t *testing.T) {
	chromium, args := chromiumOffline(t)
	if !EchartsEmbedded() {
		if os.Getenv("CI") != "" {
			t.Fatal("echarts.min.js is not embedded: .ci/run should run npm ci && go generate ./reports")
		}
		t.Skip("echarts.min.js not embedded")
	}
	r := &Report{Title: "axes"}
	for _, c := range axisCharts() {
		r.Sections = append(r.Sections, Section{Chart: c})
	}
	dir := t.TempDir()
	if d := os.Getenv("REPORTS_DEMO_DIR"); d != "" {
		dir = filepath.Join(d, "axes")
	}
	index, _, err := Write(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(index)
	// A probe appended to a copy of the page walks each chart's scene.
	const probeJS = `<script>
window.addEventListener("load", function () {
  setTimeout(function () {
    document.querySelectorAll(".chart").forEach(function (el) {
      var c = echarts.getInstanceByDom(el);
      if (!c) return;
      var w = c.getWidth(), h = c.getHeight(), texts = 0, out = [];
      c.getZr().storage.getDisplayList(true).forEach(function (d) {
        if (!d.style || typeof d.style.text !== "string" || d.style.text === "" || d.invisible) return;
        var r = d.getBoundingRect().clone(), m = d.getComputedTransform();
        if (m) r.applyTransform(m);
        texts++;
        if (r.x < -0.5 || r.y < -0.5 || r.x + r.width > w + 0.5 || r.y + r.height > h + 0.5) {
          out.push(d.style.text + " @" + Math.round(r.x) + "," + Math.round(r.y) + "+" + Math.round(r.width));
        }
      });
      var o = c.getOption();
      el.setAttribute("data-probe", texts + ";" + o.xAxis[0].type + ";" + o.yAxis[0].type + ";" + out.join("|"));
    });
  }, 1500);
});
</script>
</body>`
	probe := filepath.Join(filepath.Dir(index), "probe.html")
	os.WriteFile(probe, withProbe(page, probeJS), 0o644)
	dom, err := runChromium(chromium, append(args, "--dump-dom", "file://"+probe))
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	probed := regexp.MustCompile(`id="chart-([A-Za-z0-9_.-]+)"[^>]*data-probe="(\d+);(\w+);(\w+);([^"]*)"`)
	seen := map[string]bool{}
	for _, m := range probed.FindAllStringSubmatch(dom, -1) {
		id := m[1]
		seen[id] = true
		t.Logf("chart %s: %s texts, axes %s/%s", id, m[2], m[3], m[4])
		if m[2] == "0" {
			t.Errorf("chart %s: no text drawn", id)
		}
		if m[5] != "" {
			t.Errorf("chart %s: text drawn outside the chart (cut off): %s", id, m[5])
		}
		if strings.HasSuffix(id, "-pool") && (m[3] != "value" || m[4] != "value") {
			t.Errorf("chart %s: axes %s/%s, want linear for P ∈ {1, 2}", id, m[3], m[4])
		}
	}
	for _, c := range axisCharts() {
		if !seen[c.ID] {
			t.Errorf("chart %s: not probed (did echarts draw it?)", c.ID)
		}
	}
}

// chartOption returns c's echarts option as generic JSON.
func chartOption(t *testing.T, c *Chart) map[string]any {
	t.Helper()
	b, err := optionJSON(c)
	if err != nil {
		t.Fatal(err)
	}
	var opt map[string]any
	if err := json.Unmarshal(b, &opt); err != nil {
		t.Fatal(err)
	}
	return opt
}

func axisOf(t *testing.T, opt map[string]any, key string) map[string]any {
	t.Helper()
	return firstOf(t, opt, key)
}

// firstOf returns opt[key], or its first element when it is a list.
func firstOf(t *testing.T, opt map[string]any, key string) map[string]any {
	t.Helper()
	v := opt[key]
	if l, ok := v.([]any); ok && len(l) > 0 {
		v = l[0]
	}
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("option has no %s: %v", key, opt[key])
	}
	return m
}
