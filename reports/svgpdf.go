package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"splitpoint/atomicfile"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// figureWidth and figureHeight are the size of the SVG and PDF figures:
// about one column of a two-column paper page, scaled.
const (
	figureWidth  = 6 * vg.Inch
	figureHeight = 4 * vg.Inch
)

// writeChartFiles writes c as dir/ID.csv, dir/ID.svg and dir/ID.pdf, and
// returns the SVG, which the page shows when echarts is not embedded.
func writeChartFiles(dir string, c *Chart) (svg []byte, err error) {
	if err := atomicfile.Write(filepath.Join(dir, c.ID+".csv"), func(w io.Writer) error {
		return writeChartCSV(w, c)
	}); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := writeFigure(&buf, c, "svg"); err != nil {
		return nil, fmt.Errorf("reports: chart %s: svg: %w", c.ID, err)
	}
	if err := atomicfile.WriteBytes(filepath.Join(dir, c.ID+".svg"), buf.Bytes()); err != nil {
		return nil, err
	}
	if err := atomicfile.Write(filepath.Join(dir, c.ID+".pdf"), func(w io.Writer) error {
		return writeFigure(w, c, "pdf")
	}); err != nil {
		return nil, fmt.Errorf("reports: chart %s: pdf: %w", c.ID, err)
	}
	return buf.Bytes(), nil
}

// writeFigure draws c with gonum/plot in the given format ("svg", "pdf").
func writeFigure(w io.Writer, c *Chart, format string) (err error) {
	defer func() {
		// gonum/plot panics on some degenerate input (log scales); report
		// it as an error rather than stopping the whole report.
		if r := recover(); r != nil {
			err = fmt.Errorf("drawing failed: %v", r)
		}
	}()
	p, err := buildPlot(c)
	if err != nil {
		return err
	}
	vc, err := draw.NewFormattedCanvas(figureWidth, figureHeight, format)
	if err != nil {
		return err
	}
	drawFigure(p, vc, c)
	_, err = vc.WriteTo(w)
	return err
}

// figureMargin is the blank border around a figure. gonum/plot sets the
// rotated y-axis title against the canvas's left edge, where antialiasing
// and some viewers' cropping ate into it.
const figureMargin = 2 * vg.Millimeter

// drawFigure draws p, which draws c, on vc inside a white margin of
// figureMargin, with its legend where it hides no data (placeLegend).
func drawFigure(p *plot.Plot, vc vg.CanvasSizer, c *Chart) {
	dc := draw.New(vc)
	dc.SetColor(p.BackgroundColor)
	dc.Fill(dc.Rectangle.Path())
	area := draw.Crop(dc, figureMargin, -figureMargin, figureMargin, -figureMargin)
	leg := p.Legend
	p.Legend = plot.NewLegend()
	defer func() { p.Legend = leg }()
	l := placeLegend(p, leg, c, area)
	if l.inside || p.Title.Text == "" || l.plot.Max.X == area.Max.X {
		p.Draw(l.plot)
	} else {
		drawBesideLegend(p, l.plot, area)
	}
	drawLegend(area, leg, l)
}

// drawBesideLegend draws p on plotArea, narrowed for a legend right of it,
// with its title centred over the plot unless that would cut it off at
// the figure's left edge: then it starts there.
func drawBesideLegend(p *plot.Plot, plotArea, area draw.Canvas) {
	title := p.Title.Text
	sty := p.Title.TextStyle
	p.Title.Text = ""
	defer func() { p.Title.Text = title }()
	below := plotArea
	below.Max.Y -= sty.Height(title) + p.Title.Padding
	p.Draw(below)
	x := plotArea.Center().X
	if w := sty.Width(title); x-w/2 < area.Min.X {
		x = area.Min.X + w/2
	}
	area.FillText(sty, vg.Point{X: x, Y: area.Max.Y + sty.FontExtents().Descent}, title)
}

// buildPlot turns c into a gonum plot with the same data, titles, log axes
// and colours as the HTML chart.
func buildPlot(c *Chart) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = c.Title
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = c.XLabel
	p.Y.Label.Text = c.YLabel
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.ThumbnailWidth = vg.Points(18)
	p.Legend.Padding = vg.Points(4)
	logX, logY := c.logScales()
	p.X.Tick.Marker = uniformTicks{plot.DefaultTicks{}}
	p.Y.Tick.Marker = uniformTicks{plot.DefaultTicks{}}
	switch {
	case logX && c.LogXBase == 2:
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = log2Ticks{}
	case logX:
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = uniformTicks{plot.LogTicks{Prec: -1}}
	case c.IntegerX:
		p.X.Tick.Marker = integerTicks{}
	}
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = uniformTicks{plot.LogTicks{Prec: -1}}
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{Y: 225}
	grid.Horizontal.Color = color.Gray{Y: 225}
	p.Add(grid)

	if c.kind() == Bar {
		labels, index := barCategories(c)
		bars := &groupedBars{chart: c, n: len(labels), index: index, logY: logY}
		p.Add(bars)
		for i := range c.Series {
			p.Legend.Add(c.Series[i].Name, barThumb{seriesColor(i)})
		}
		if len(labels) > 0 {
			p.NominalX(labels...)
		}
		fixLogRanges(p, c)
		return p, nil
	}

	for i := range c.Series {
		s := &c.Series[i]
		pts, _ := c.points(s)
		xys := make(plotter.XYs, len(pts))
		for j, q := range pts {
			xys[j] = plotter.XY{X: q.x, Y: q.y}
		}
		col := seriesColor(i)
		if len(xys) == 0 {
			continue
		}
		if c.kind() == Scatter && !s.Dashed {
			sc, err := plotter.NewScatter(xys)
			if err != nil {
				return nil, err
			}
			sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
			p.Add(sc)
			p.Legend.Add(s.Name, sc)
			continue
		}
		ln, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		ln.Color = col
		ln.Width = vg.Points(1.5)
		if s.Dashed {
			ln.Width = vg.Points(1)
			ln.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		if c.kind() == Area && !s.Dashed {
			ln.FillColor = tint(col, 0.25)
		}
		p.Add(ln)
		p.Legend.Add(s.Name, ln)
		if c.kind() == Line && !s.Dashed && len(xys) <= 60 {
			sc, err := plotter.NewScatter(xys)
			if err != nil {
				return nil, err
			}
			sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
			p.Add(sc)
		}
	}
	if c.kind() == Area && !logY && p.Y.Min > 0 {
		// Fill down to zero, as the HTML chart does.
		p.Y.Min = 0
	}
	fixLogRanges(p, c)
	return p, nil
}

// tint returns col mixed with white, opaque: f of the colour, 1-f white.
// (Opaque, because translucent fills do not come out right in every PDF
// viewer.)
func tint(col color.Color, f float64) color.Color {
	r, g, b, _ := col.RGBA()
	mix := func(v uint32) uint8 { return uint8(255 - (255-float64(v>>8))*f) }
	return color.NRGBA{R: mix(r), G: mix(g), B: mix(b), A: 255}
}

// fixLogRanges keeps log axes strictly positive and non-empty, where
// gonum/plot would otherwise panic (no data, or a single value).
func fixLogRanges(p *plot.Plot, c *Chart) {
	fix := func(a *plot.Axis) {
		if math.IsInf(a.Max, 0) || a.Max <= 0 {
			a.Min, a.Max = 1, 10
			return
		}
		if math.IsInf(a.Min, 0) || a.Min <= 0 || a.Min >= a.Max {
			a.Min = a.Max / 10
		}
	}
	logX, logY := c.logScales()
	if logX {
		fix(&p.X)
	}
	if logY {
		fix(&p.Y)
	}
}

// seriesColor returns the palette colour of series i.
func seriesColor(i int) color.Color {
	var r, g, b uint8
	fmt.Sscanf(seriesHex(i), "#%02x%02x%02x", &r, &g, &b)
	return color.NRGBA{R: r, G: g, B: b, A: 255}
}

// groupedBars draws all series of a bar chart side by side in each
// category. Unlike plotter.BarChart it starts bars at the bottom of a log
// axis instead of at zero.
type groupedBars struct {
	chart *Chart
	n     int // number of categories
	index map[float64]int
	logY  bool
}

// Plot implements plot.Plotter.
func (g *groupedBars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	ns := len(g.chart.Series)
	if ns == 0 || g.n == 0 {
		return
	}
	// One category is one unit of X; the group takes 80% of it.
	unit := trX(1) - trX(0)
	if g.n == 1 {
		unit = (c.Max.X - c.Min.X) / 2
	}
	w := unit * 0.8 / vg.Length(ns)
	base := 0.0
	if g.logY {
		base = p.Y.Min
	}
	for i := range g.chart.Series {
		pts, _ := g.chart.points(&g.chart.Series[i])
		col := seriesColor(i)
		for _, q := range pts {
			x0 := trX(float64(g.index[q.x])) - unit*0.4 + w*vg.Length(i)
			y0, y1 := trY(base), trY(q.y)
			poly := c.ClipPolygonY([]vg.Point{{X: x0, Y: y0}, {X: x0, Y: y1}, {X: x0 + w, Y: y1}, {X: x0 + w, Y: y0}})
			c.FillPolygon(col, poly)
		}
	}
}

// DataRange implements plot.DataRanger: categories sit at 0..n-1, and
// linear bars start at zero.
func (g *groupedBars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = -0.5, float64(g.n)-0.5
	ymin, ymax = math.Inf(1), math.Inf(-1)
	if !g.logY {
		ymin, ymax = 0, 0
	}
	for i := range g.chart.Series {
		pts, _ := g.chart.points(&g.chart.Series[i])
		for _, q := range pts {
			ymin = math.Min(ymin, q.y)
			ymax = math.Max(ymax, q.y)
		}
	}
	return xmin, xmax, ymin, ymax
}

// barThumb draws a legend swatch for one bar series.
type barThumb struct{ col color.Color }

// Thumbnail implements plot.Thumbnailer.
func (t barThumb) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(t.col, []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Min.Y}})
}
