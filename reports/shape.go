package reports

import "math"

// drawable returns r with each chart drawn as its data allows: a line,
// area or scatter chart whose series each hold at most one x value (a
// sweep of a single P) becomes a bar chart of those values, without its
// reference lines, since a line of one point shows nothing "against P".
// r itself is not changed.
func (r *Report) drawable() *Report {
	out := *r
	out.Sections = append([]Section(nil), r.Sections...)
	for i := range out.Sections {
		if c := out.Sections[i].Chart; c != nil && c.singleX() {
			b := *c
			b.Kind, b.LogX, b.Series = Bar, false, nil
			for _, s := range c.Series {
				if !s.Dashed {
					b.Series = append(b.Series, s)
				}
			}
			out.Sections[i].Chart = &b
		}
	}
	return &out
}

// singleX reports whether c is drawn against x (not bars) and all of its
// data series together hold one finite x value at most.
func (c *Chart) singleX() bool {
	if c.kind() == Bar {
		return false
	}
	x, n := math.NaN(), 0
	for i := range c.Series {
		s := &c.Series[i]
		if s.Dashed {
			continue
		}
		for j, v := range s.X {
			if math.IsNaN(v) || math.IsInf(v, 0) || math.IsNaN(s.Y[j]) || math.IsInf(s.Y[j], 0) {
				continue
			}
			if n > 0 && v != x {
				return false
			}
			x, n = v, n+1
		}
	}
	return n > 0
}
