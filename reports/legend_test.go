package reports

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// legendChart has six series with the long names of a suite's positions;
// the last three have no points, so their colours reach the page only
// through the legend.
func legendChart() *Chart {
	c := &Chart{ID: "legend", Title: "Work W against P: jamboree (simulated)", XLabel: "processors P", YLabel: "work W",
		LogX: true, LogXBase: 2, IntegerX: true}
	for i, name := range []string{"L.Kaufman CCR Test No.1", "L.Kaufman CCR Test No.2", "L.Kaufman CCR Test No.3",
		"L.Kaufman CCR Test No.4", "L.Kaufman CCR Test No.5", "L.Kaufman CCR Test No.6"} {
		s := Series{Name: name}
		if i < 3 {
			s.X, s.Y = []float64{1, 2, 4, 8}, []float64{100, 120, 150, 200}
		}
		c.Series = append(c.Series, s)
	}
	return c
}

// TestBrowserLegendShowsEverySeries: in the page's echarts chart, every
// series's colour is on screen, among them those only the legend draws (a
// paged legend, "1/3", hid them).
func TestBrowserLegendShowsEverySeries(t *testing.T) {
	chromium, args := chromiumOffline(t)
	if !EchartsEmbedded() {
		if os.Getenv("CI") != "" {
			t.Fatal("echarts.min.js is not embedded: .ci/run should run npm ci && go generate ./reports")
		}
		t.Skip("echarts.min.js not embedded")
	}
	index, _, err := Write(t.TempDir(), &Report{Title: "legend", Sections: []Section{{Heading: "Work: jamboree, simulated", Chart: legendChart()}}})
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(t.TempDir(), "legend.png")
	if _, err := runChromium(chromium, append(args, "--screenshot="+shot, "file://"+index)); err != nil {
		t.Fatalf("chromium --screenshot: %v", err)
	}
	if keep := os.Getenv("REPORTS_SCREENSHOT"); keep != "" {
		if b, err := os.ReadFile(shot); err == nil {
			os.WriteFile(keep, b, 0o644)
		}
	}
	for i := range 6 {
		// A legend swatch is about 25 × 14 pixels.
		if n := countColour(t, shot, seriesHex(i)); n < 60 {
			t.Errorf("series %d (%s): %d pixels of its colour on the page, want a legend swatch (>= 60)", i+1, seriesHex(i), n)
		}
	}
}

// TestFigureLegendRows draws the static figure of a six-series chart and
// checks that its legend, in a column beside the plot, has six rows of
// text separated by blank pixel rows: entries do not touch.
func TestFigureLegendRows(t *testing.T) {
	c := legendChart()
	for i := range c.Series {
		c.Series[i].X, c.Series[i].Y = []float64{1, 2, 4, 8}, []float64{100, 120 + float64(i), 150 + 2*float64(i), 200 + 3*float64(i)}
	}
	im := drawnFigure(t, c)
	b := im.Bounds()
	// The legend column: the right third of the figure, whose text is the
	// only dark ink there.
	col := image.Rect(b.Min.X+b.Dx()*2/3, b.Min.Y, b.Max.X, b.Max.Y)
	dark := func(y int) bool {
		for x := col.Min.X; x < col.Max.X; x++ {
			r, g, bl, _ := im.At(x, y).RGBA()
			if r>>8 < 100 && g>>8 < 100 && bl>>8 < 100 {
				return true
			}
		}
		return false
	}
	runs, in := 0, false
	for y := col.Min.Y; y < col.Max.Y; y++ {
		d := dark(y)
		if d && !in {
			runs++
		}
		in = d
	}
	if runs != len(c.Series) {
		t.Errorf("the legend column has %d separate rows of text, want %d (one per series, not touching)", runs, len(c.Series))
	}
}

// drawnFigure is the static figure of c drawn as a raster image, with the
// layout of the SVG and PDF files.
func drawnFigure(t *testing.T, c *Chart) image.Image {
	t.Helper()
	p, err := buildPlot(c)
	if err != nil {
		t.Fatal(err)
	}
	img := vgimg.New(figureWidth, figureHeight)
	drawFigure(p, img, c)
	return img.Image()
}

// crowdedChart has three series that fill the top-left corner of the plot,
// where the legend used to go: one falls from it, two run along the top.
// With all true a fourth runs along the bottom and takes the other
// corners too.
func crowdedChart(kind ChartKind, all bool) *Chart {
	c := &Chart{ID: "crowded", Title: "Critical path C against P: jamboree (simulated)", XLabel: "processors P",
		YLabel: "critical path C", Kind: kind, LogX: true, LogXBase: 2, IntegerX: true}
	xs := []float64{1, 2, 4, 8, 16, 32, 64}
	c.Series = []Series{
		{Name: "uniform:b=6,d=7,seed=1", X: xs, Y: []float64{3300, 3250, 2900, 2500, 2000, 1500, 1000}},
		{Name: "uniform:b=6,d=7,seed=2", X: xs, Y: []float64{3200, 3300, 3280, 3290, 3300, 3270, 3300}},
		{Name: "ordered:b=6,d=7,seed=3,order=p0.5", X: xs, Y: []float64{3100, 3150, 3120, 3200, 3180, 3190, 3210}},
	}
	if all {
		c.Series[2] = Series{Name: "linear", X: []float64{1, 64}, Y: []float64{700, 700}, Dashed: true}
	}
	return c
}

// TestFigureLegendCoversNoSeries places the legend of charts whose series
// fill the legend's usual corner and checks, from the box placeLegend
// chose, that no series lies under it: no point, and no point of any line
// segment, sampled finely; or, when every corner is taken, that the box
// lies outside the plot's data area.
func TestFigureLegendCoversNoSeries(t *testing.T) {
	for _, tc := range []struct {
		name    string
		c       *Chart
		outside bool
	}{
		{"line", crowdedChart(Line, false), false},
		{"scatter", crowdedChart(Scatter, false), false},
		{"area", crowdedChart(Area, false), true},
		{"every corner", crowdedChart(Line, true), true},
		{"bars", crowdedChart(Bar, false), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := buildPlot(tc.c)
			if err != nil {
				t.Fatal(err)
			}
			img := vgimg.New(figureWidth, figureHeight)
			area := draw.Crop(draw.New(img), figureMargin, -figureMargin, figureMargin, -figureMargin)
			leg := p.Legend
			p.Legend = plot.NewLegend()
			l := placeLegend(p, leg, tc.c, area)
			dc := p.DataCanvas(l.plot)
			box := l.box
			if box.Max.X-box.Min.X < vg.Points(20) || box.Max.Y-box.Min.Y < vg.Points(20) {
				t.Fatalf("legend box %v is too small to hold three entries", box)
			}
			if l.inside == tc.outside {
				t.Errorf("legend inside the plot: %t, want %t (box %v, data area %v)", l.inside, !tc.outside, box, dc.Rectangle)
			}
			if tc.outside && box.Min.X < dc.Max.X && box.Max.Y > l.plot.Min.Y {
				t.Errorf("legend box %v reaches into the plot %v (data area %v)", box, l.plot.Rectangle, dc.Rectangle)
			}
			if !tc.outside && box == legendCorners(dc.Rectangle, box.Max.X-box.Min.X, box.Max.Y-box.Min.Y)[0] {
				t.Errorf("legend box %v is in the top-left corner the series fill", box)
			}
			if tc.c.kind() == Bar {
				return
			}
			trX, trY := p.Transforms(&dc)
			for _, s := range tc.c.Series {
				for j := range s.X {
					for k := 0; k <= 200 && (j+1 < len(s.X) || k == 0); k++ {
						x, y := s.X[j], s.Y[j]
						if k > 0 { // a point of the segment as drawn (straight in canvas space)
							f := float64(k) / 200
							x0, y0 := float64(trX(s.X[j])), float64(trY(s.Y[j]))
							x1, y1 := float64(trX(s.X[j+1])), float64(trY(s.Y[j+1]))
							pt := vg.Point{X: vg.Length(x0 + f*(x1-x0)), Y: vg.Length(y0 + f*(y1-y0))}
							if inRect(pt, box) {
								t.Fatalf("series %s: its line at %v lies under the legend box %v", s.Name, pt, box)
							}
							continue
						}
						if pt := (vg.Point{X: trX(x), Y: trY(y)}); inRect(pt, box) {
							t.Fatalf("series %s: point (%g, %g) at %v lies under the legend box %v", s.Name, x, y, pt, box)
						}
					}
				}
			}
		})
	}
}

// legendProbeJS, appended to a report page, measures each echarts chart
// as drawn: the legend's box, the grid's (the plot area), every series
// point in pixels, and the place of the x axis's title. It
// writes into the chart's element, as data-legend, "OK" or what the
// legend covers, and the two boxes.
const legendProbeJS = `<script>
window.addEventListener("load", function () {
  setTimeout(function () {
    document.querySelectorAll(".chart").forEach(function (el) {
      var c = echarts.getInstanceByDom(el);
      if (!c) return;
      var model = c.getModel();
      var lv = c.getViewOfComponentModel(model.getComponent("legend"));
      var legend = lv.group.getBoundingRect().clone();
      legend.applyTransform(lv.group.getComputedTransform());
      var grid = model.getComponent("grid").coordinateSystem.getRect();
      var inLegend = function (r) {
        return r.x < legend.x + legend.width && legend.x < r.x + r.width && r.y < legend.y + legend.height && legend.y < r.y + r.height;
      };
      var bad = [];
      var box = function (r) { return [r.x, r.y, r.width, r.height].map(Math.round).join(","); };
      if (inLegend(grid)) bad.push("grid");
      c.getOption().series.forEach(function (s, i) {
        s.data.forEach(function (d) {
          var v = d.value !== undefined ? d.value : d;
          var px = c.convertToPixel({seriesIndex: i}, v);
          if (px && inLegend({x: px[0], y: px[1], width: 0, height: 0})) bad.push(s.name + " at " + v);
        });
      });
      // The x axis's tick labels and title lie below the grid: its title
      // centred nameGap (28) pixels below the axis line, 12 pixels high.
      if (legend.y < grid.y + grid.height + 28 + 6) bad.push("the x axis's title");
      el.setAttribute("data-legend", (bad.length ? bad.join("|") : "OK") + ";" + box(legend) + ";" + box(grid));
    });
  }, 1500);
});
</script>
</body>`

// TestBrowserLegendOutsideGrid draws charts whose series fill the plot's
// top-left corner, and one with six long series names, in headless
// Chromium, as the page lays them out and 280 pixels wide, and checks in each drawn chart
// that the legend's box lies outside the grid (the plot area), below the
// x axis's title, and covers no series point.
func TestBrowserLegendOutsideGrid(t *testing.T) {
	chromium, args := chromiumOffline(t)
	if !EchartsEmbedded() {
		if os.Getenv("CI") != "" {
			t.Fatal("echarts.min.js is not embedded: .ci/run should run npm ci && go generate ./reports")
		}
		t.Skip("echarts.min.js not embedded")
	}
	six := legendChart()
	for i := range six.Series {
		six.Series[i].X, six.Series[i].Y = []float64{1, 2, 4, 8}, []float64{200, 190 + float64(i), 150, 100}
	}
	charts := []*Chart{crowdedChart(Line, false), crowdedChart(Scatter, false), crowdedChart(Area, false), six}
	charts[1].ID, charts[2].ID = "crowded-scatter", "crowded-area"
	r := &Report{Title: "legends"}
	for _, c := range charts {
		r.Sections = append(r.Sections, Section{Chart: c})
	}
	index, _, err := Write(t.TempDir(), r)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(index)
	probed := regexp.MustCompile(`id="chart-([A-Za-z0-9_.-]+)"[^>]*data-legend="([^";]*);([^";]*);([^";]*)"`)
	// The page as it is, and with charts 280 pixels wide, as on a phone
	// (Chromium's window is never that narrow), where legends wrap onto
	// more rows than in the 520-pixel chart the layout is made for.
	for _, width := range []string{"", "280px"} {
		page := page
		if width != "" {
			page = bytes.Replace(page, []byte("</head>"), []byte("<style>.chart { width: "+width+" !important; }</style></head>"), 1)
		}
		probe := filepath.Join(filepath.Dir(index), "probe"+width+".html")
		os.WriteFile(probe, withProbe(page, legendProbeJS), 0o644)
		dom, err := runChromium(chromium, append(args, "--dump-dom", "file://"+probe))
		if err != nil {
			t.Fatalf("chromium --dump-dom: %v", err)
		}
		seen := 0
		for _, m := range probed.FindAllStringSubmatch(dom, -1) {
			seen++
			t.Logf("width %q, chart %s: legend %s, grid %s", width, m[1], m[3], m[4])
			if m[2] != "OK" {
				t.Errorf("width %q, chart %s: the legend (%s) covers %s (grid %s)", width, m[1], m[3], m[2], m[4])
			}
		}
		if seen != len(charts) {
			t.Errorf("width %q: %d charts probed, want %d", width, seen, len(charts))
		}
	}
}
