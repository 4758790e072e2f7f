package reports

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"splitpoint/atomicfile"
	"strings"
)

// KV is one key/value row: a setting, a seed, a version, a machine name.
type KV struct {
	Key   string
	Value string
}

// Report is everything one HTML page shows.
type Report struct {
	// Title heads the page and names the HTML document.
	Title string
	// Meta lists the exact settings a report was made with (seeds, version,
	// machine, date, command line). Entries whose key is "date" or
	// "version" (any case) are also shown under the title.
	Meta []KV
	// Sections are shown in order. Consecutive chart sections share one
	// responsive grid.
	Sections []Section
}

// Section is one block of the page: a heading, an optional paragraph and at
// most one of a key/value table, a data table or a chart. A section with
// only Text is a text paragraph.
type Section struct {
	Heading string
	// Text is plain text; blank lines separate paragraphs. It is escaped,
	// never interpreted as HTML.
	Text  string
	KV    []KV
	Table *Table
	Chart *Chart
}

// SectionKind says what a Section holds besides its heading and text.
type SectionKind int

// The kinds of section.
const (
	TextSection SectionKind = iota
	KVSection
	TableSection
	ChartSection
)

// Kind returns what s holds; it reports an error when s holds more than one
// of KV, Table and Chart.
func (s *Section) Kind() (SectionKind, error) {
	n := 0
	k := TextSection
	if len(s.KV) > 0 {
		n++
		k = KVSection
	}
	if s.Table != nil {
		n++
		k = TableSection
	}
	if s.Chart != nil {
		n++
		k = ChartSection
	}
	if n > 1 {
		return 0, fmt.Errorf("reports: section %q holds more than one of KV, Table and Chart", s.Heading)
	}
	return k, nil
}

// Table is a data table. Cells are strings so that callers choose the
// number formatting; a column whose non-empty cells all read as numbers is
// right-aligned in HTML and LaTeX.
type Table struct {
	// ID names the files written beside the HTML: ID.csv and ID.tex.
	ID string
	// Title is the caption.
	Title   string
	Columns []string
	Rows    [][]string
}

// ChartKind selects how a chart's series are drawn.
type ChartKind string

// The kinds of chart. The zero value draws lines.
const (
	Line    ChartKind = "line"
	Scatter ChartKind = "scatter"
	Bar     ChartKind = "bar"
	// Area draws filled lines without markers, for profiles and
	// sparkline-like series.
	Area ChartKind = "area"
)

// Chart is a data-agnostic x/y chart.
type Chart struct {
	// ID names the files written beside the HTML: ID.svg, ID.pdf, ID.csv.
	ID     string
	Title  string
	XLabel string
	YLabel string
	// LogX and LogY ask for a base-10 log scale on that axis. An axis
	// whose positive values span less than a factor of minLogSpan (say P ∈
	// {1, 2}) is drawn linear instead: a log axis labels only powers of
	// ten, so it would show 0.1 to 10 around two data values. On an axis
	// that stays logarithmic, points with a non-positive coordinate are
	// left out (with a warning).
	LogX, LogY bool
	// LogXBase is the base of a log x axis: 10 (the zero value) or 2
	// (processors P = 1, 2, 4 … 512).
	LogXBase int
	// IntegerX puts ticks on the x axis at integers only: processors P,
	// never 1.2 or 1.4.
	IntegerX bool
	Kind     ChartKind
	Series   []Series
}

// Series is one named set of points. For Bar charts the X values are the
// categories; series may cover different categories.
type Series struct {
	Name string
	X, Y []float64
	// Dashed draws a reference line (y = x, linear speedup) dashed.
	Dashed bool
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$`)

// Slug turns any string into a valid chart or table ID: letters and digits
// kept, every other run of characters turned into one '-'.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
			continue
		}
		if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.TrimRight(b.String(), "-")
	if len(out) > 100 {
		out = out[:100]
	}
	if out == "" {
		out = "x"
	}
	return out
}

// validate checks IDs (file names) and series shapes before anything is
// written.
func (r *Report) validate() error {
	if r == nil {
		return errors.New("reports: nil report")
	}
	seen := map[string]bool{"index": true}
	claim := func(what, id string) error {
		if !idPattern.MatchString(id) {
			return fmt.Errorf("reports: %s ID %q must match %s (see Slug)", what, id, idPattern)
		}
		if seen[strings.ToLower(id)] {
			return fmt.Errorf("reports: %s ID %q used twice (IDs name files)", what, id)
		}
		seen[strings.ToLower(id)] = true
		return nil
	}
	for i := range r.Sections {
		s := &r.Sections[i]
		k, err := s.Kind()
		if err != nil {
			return err
		}
		switch k {
		case TableSection:
			if err := claim("table", s.Table.ID); err != nil {
				return err
			}
			for j, row := range s.Table.Rows {
				if len(row) != len(s.Table.Columns) {
					return fmt.Errorf("reports: table %q row %d has %d cells, want %d", s.Table.ID, j, len(row), len(s.Table.Columns))
				}
			}
		case ChartSection:
			c := s.Chart
			if err := claim("chart", c.ID); err != nil {
				return err
			}
			switch c.Kind {
			case "", Line, Scatter, Bar, Area:
			default:
				return fmt.Errorf("reports: chart %q has unknown kind %q", c.ID, c.Kind)
			}
			for _, se := range c.Series {
				if len(se.X) != len(se.Y) {
					return fmt.Errorf("reports: chart %q series %q has %d x and %d y values", c.ID, se.Name, len(se.X), len(se.Y))
				}
			}
		}
	}
	return nil
}

// kind returns c.Kind with the zero value read as Line.
func (c *Chart) kind() ChartKind {
	if c.Kind == "" {
		return Line
	}
	return c.Kind
}

// minLogSpan is the smallest max/min ratio of an axis's positive values
// for which a requested log scale is kept.
const minLogSpan = 10

// minLog2Span is minLogSpan for a base-2 axis, which labels every power
// of two.
const minLog2Span = 4

// logScales returns whether the X and Y axes are drawn logarithmic: asked
// for with LogX or LogY, and the axis's finite positive values span at
// least a factor of minLogSpan. (A bar chart's X axis holds categories:
// its LogX has no effect, as before.)
func (c *Chart) logScales() (logX, logY bool) {
	wide := func(span float64, v func(*Series) []float64) bool {
		lo, hi := math.Inf(1), 0.0
		for i := range c.Series {
			for _, x := range v(&c.Series[i]) {
				if x > 0 && !math.IsInf(x, 0) {
					lo, hi = min(lo, x), max(hi, x)
				}
			}
		}
		return hi > 0 && hi/lo >= span
	}
	span := float64(minLogSpan)
	if c.LogXBase == 2 {
		span = minLog2Span
	}
	logX = c.LogX && c.kind() != Bar && wide(span, func(s *Series) []float64 { return s.X })
	logY = c.LogY && wide(minLogSpan, func(s *Series) []float64 { return s.Y })
	return logX, logY
}

// point is one drawable (x, y) pair.
type point struct{ x, y float64 }

// points returns the drawable points of s in c: finite, and positive on log
// axes. dropped counts the others.
func (c *Chart) points(s *Series) (pts []point, dropped int) {
	logX, logY := c.logScales()
	for i := range s.X {
		x, y := s.X[i], s.Y[i]
		if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) ||
			(logX && x <= 0) || (logY && y <= 0) {
			dropped++
			continue
		}
		pts = append(pts, point{x, y})
	}
	return pts, dropped
}

// NoEchartsWarning is the warning Write returns when this binary was built
// without echarts.min.js.
const NoEchartsWarning = "echarts.min.js is not embedded in this binary, so index.html shows each chart as its static SVG figure " +
	"(the page still needs no network); for interactive charts run `npm ci && go generate ./reports` in the splitpoint repository and rebuild"

// Write writes r into dir (created if needed): index.html, and for each
// chart ID.svg, ID.pdf and ID.csv, and for each table ID.csv and ID.tex.
// Every file is written atomically. It returns the path of index.html and
// warnings a person should see: data left out of charts, and whether the
// page's charts are static figures (NoEchartsWarning).
func Write(dir string, r *Report) (index string, warnings []string, err error) {
	if err := r.validate(); err != nil {
		return "", nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	r = r.drawable()
	figures := map[string][]byte{}
	for i := range r.Sections {
		s := &r.Sections[i]
		if s.Table != nil {
			if err := writeTableFiles(dir, s.Table); err != nil {
				return "", warnings, err
			}
		}
		if c := s.Chart; c != nil {
			for _, se := range c.Series {
				if _, n := c.points(&se); n > 0 {
					warnings = append(warnings, fmt.Sprintf("chart %s: series %q: %d point(s) not drawn (not finite, or not positive on a log axis)", c.ID, se.Name, n))
				}
			}
			svg, err := writeChartFiles(dir, c)
			if err != nil {
				return "", warnings, err
			}
			figures[c.ID] = svg
		}
	}
	js, ok := echartsJS()
	if !ok {
		warnings = append(warnings, NoEchartsWarning)
	}
	index = filepath.Join(dir, "index.html")
	err = atomicfile.Write(index, func(w io.Writer) error { return renderHTML(w, r, js, figures) })
	if err != nil {
		return "", warnings, err
	}
	return index, warnings, nil
}
