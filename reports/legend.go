package reports

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The static figures' legend never hides data. A legend of at most
// insideLegendMax entries goes into the first corner of the plot area —
// top left, top right, bottom right, bottom left — under which no series
// passes: its box, widened by legendClearance, holds no point, crosses no
// line segment and, on an area chart, meets no fill. When every corner is
// taken (or the chart has bars, which fill the plot from below, or more
// entries), the legend goes outside the plot: under it when it has few
// entries with long names, else in a column right of it.

// insideLegendMax is the most legend entries drawn inside the plot.
const insideLegendMax = 3

// legendInset is the gap between an inside legend and the plot area's
// edges; legendClearance the gap it keeps from every series (a line's
// width and a marker's radius included).
const (
	legendInset     = 4 * vg.Inch / 72
	legendClearance = 4 * vg.Inch / 72
)

// legendLayout is where drawFigure puts the plot and its legend.
type legendLayout struct {
	plot   draw.Canvas  // the canvas the plot is drawn on
	box    vg.Rectangle // the legend's box, in the figure's coordinates
	inside bool         // the box is inside the plot's data area
}

// placeLegend decides where leg goes when p, which draws c, is drawn on
// area; p's own legend must be empty (drawFigure draws leg itself).
func placeLegend(p *plot.Plot, leg plot.Legend, c *Chart, area draw.Canvas) legendLayout {
	r := leg.Rectangle(area)
	w, h := r.Max.X-r.Min.X, r.Max.Y-r.Min.Y
	if h > 0 {
		h += leg.TextStyle.FontExtents().Descent // the last entry's descenders
	}
	if h == 0 {
		return legendLayout{plot: area}
	}
	if len(c.Series) <= insideLegendMax && c.kind() != Bar {
		dc := p.DataCanvas(area)
		for _, box := range legendCorners(dc.Rectangle, w, h) {
			if box.Min.X >= dc.Min.X && box.Min.Y >= dc.Min.Y && !seriesUnder(p, c, dc, inflate(box, legendClearance)) {
				return legendLayout{plot: area, box: box, inside: true}
			}
		}
	}
	if len(c.Series) <= insideLegendMax && w > (area.Max.X-area.Min.X)/3 {
		// A short legend of long names goes under the plot, which keeps
		// its width.
		x := (area.Min.X + area.Max.X - w) / 2
		box := vg.Rectangle{Min: vg.Point{X: x, Y: area.Min.Y}, Max: vg.Point{X: x + w, Y: area.Min.Y + h}}
		return legendLayout{plot: draw.Crop(area, 0, 0, h+2*figureMargin, 0), box: box}
	}
	top := area.Max.Y
	if p.Title.Text != "" {
		top -= p.Title.TextStyle.Height(p.Title.Text) + p.Title.Padding
	}
	plotArea := draw.Crop(area, 0, -(w + 3*figureMargin), 0, 0)
	box := vg.Rectangle{Min: vg.Point{X: area.Max.X - w, Y: top - h}, Max: vg.Point{X: area.Max.X, Y: top}}
	return legendLayout{plot: plotArea, box: box}
}

// legendCorners are the boxes of a w × h legend in the corners of the data
// area d, in the order they are tried.
func legendCorners(d vg.Rectangle, w, h vg.Length) []vg.Rectangle {
	left, right := d.Min.X+legendInset, d.Max.X-legendInset-w
	bottom, top := d.Min.Y+legendInset, d.Max.Y-legendInset-h
	at := func(x, y vg.Length) vg.Rectangle {
		return vg.Rectangle{Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + w, Y: y + h}}
	}
	return []vg.Rectangle{at(left, top), at(right, top), at(right, bottom), at(left, bottom)}
}

func inflate(r vg.Rectangle, by vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: r.Min.X - by, Y: r.Min.Y - by}, Max: vg.Point{X: r.Max.X + by, Y: r.Max.Y + by}}
}

// seriesUnder reports whether any series of c, drawn by p on the data
// canvas dc, has a point, a line segment or (area charts) fill in r.
func seriesUnder(p *plot.Plot, c *Chart, dc draw.Canvas, r vg.Rectangle) bool {
	trX, trY := p.Transforms(&dc)
	for i := range c.Series {
		s := &c.Series[i]
		pts, _ := c.points(s)
		var prev vg.Point
		for j, q := range pts {
			pt := vg.Point{X: trX(q.x), Y: trY(q.y)}
			if inRect(pt, r) {
				return true
			}
			if j > 0 && (c.kind() != Scatter || s.Dashed) {
				if segmentMeets(prev, pt, r) || (c.kind() == Area && !s.Dashed && fillMeets(prev, pt, r)) {
					return true
				}
			}
			prev = pt
		}
	}
	return false
}

func inRect(pt vg.Point, r vg.Rectangle) bool {
	return pt.X >= r.Min.X && pt.X <= r.Max.X && pt.Y >= r.Min.Y && pt.Y <= r.Max.Y
}

// segmentMeets reports whether the segment from a to b meets r (clipping
// after Liang and Barsky).
func segmentMeets(a, b vg.Point, r vg.Rectangle) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	clip := func(p, q float64) bool { // the part where p·t ≤ q
		switch {
		case p == 0:
			return q >= 0
		case p < 0:
			t0 = math.Max(t0, q/p)
		default:
			t1 = math.Min(t1, q/p)
		}
		return t0 <= t1
	}
	return clip(-dx, float64(a.X-r.Min.X)) && clip(dx, float64(r.Max.X-a.X)) &&
		clip(-dy, float64(a.Y-r.Min.Y)) && clip(dy, float64(r.Max.Y-a.Y))
}

// fillMeets reports whether the fill under the segment from a to b, down
// to the bottom of the plot, meets r: over the x range both share, the
// segment rises to r's bottom edge or above it.
func fillMeets(a, b vg.Point, r vg.Rectangle) bool {
	if a.X > b.X {
		a, b = b, a
	}
	lo, hi := max(a.X, r.Min.X), min(b.X, r.Max.X)
	if lo > hi {
		return false
	}
	y := func(x vg.Length) vg.Length {
		if b.X == a.X {
			return max(a.Y, b.Y)
		}
		return a.Y + (b.Y-a.Y)*(x-a.X)/(b.X-a.X)
	}
	return max(y(lo), y(hi)) >= r.Min.Y
}

// drawLegend draws leg in box: on white inside the plot, so that grid
// lines do not run through its text.
func drawLegend(area draw.Canvas, leg plot.Legend, l legendLayout) {
	if l.box.Max.X <= l.box.Min.X {
		return
	}
	c := draw.Canvas{Canvas: area.Canvas, Rectangle: l.box}
	if l.inside {
		bg := inflate(l.box, vg.Points(2))
		c.SetColor(color.White)
		c.Fill(bg.Path())
	}
	leg.Left, leg.Top = true, true
	leg.XOffs, leg.YOffs = 0, 0
	leg.Draw(c)
}
