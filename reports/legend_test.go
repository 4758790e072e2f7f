package reports

import (
	"image"
	"os"
	"path/filepath"
	"testing"

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
	drawFigure(p, img, len(c.Series))
	return img.Image()
}
