package reports

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// palette is echarts' default series palette; the SVG and PDF figures use
// the same colours in the same order.
var palette = []string{"#5470c6", "#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452", "#9a60b4", "#ea7ccc"}

// seriesHex returns the colour of series i, fixed so that the HTML chart
// and the SVG and PDF figures agree whatever order series are drawn in.
func seriesHex(i int) string { return palette[i%len(palette)] }

// optionJSON returns the echarts option for c as JSON that is safe to place
// inside a <script> element.
//
// The option is built with go-echarts but serialised here with
// json.Marshal, which escapes '<', '>', '&', U+2028 and U+2029. go-echarts'
// own templates are not used: they print the option with HTML escaping
// off, as template.JS, and turn any string holding "__f__" markers into raw
// JavaScript, so a hostile series name could end the script or run code.
// Marshalling the option ourselves keeps every data string a JSON string.
func optionJSON(c *Chart) ([]byte, error) {
	var base interface {
		Validate()
		JSON() map[string]interface{}
	}
	global := chartGlobals(c)
	switch c.kind() {
	case Bar:
		base = barOption(c, global)
	default:
		base = xyOption(c, global)
	}
	base.Validate()
	b, err := json.Marshal(base.JSON())
	if err != nil {
		return nil, err
	}
	// go-echarts' YAxis has no nameTextStyle: set it on the generic form.
	var opt map[string]any
	if err := json.Unmarshal(b, &opt); err != nil {
		return nil, err
	}
	if logX, _ := c.logScales(); logX && c.LogXBase == 2 {
		if axes, ok := opt["xAxis"].([]any); ok {
			for _, a := range axes {
				if a, ok := a.(map[string]any); ok {
					a["logBase"] = 2
				}
			}
		}
	}
	if axes, ok := opt["yAxis"].([]any); ok {
		for _, a := range axes {
			if a, ok := a.(map[string]any); ok {
				a["nameTextStyle"] = yNameStyle
			}
		}
	}
	return json.Marshal(opt)
}

// yNameStyle places the y-axis title above the axis, starting at the axis
// line and running right, over the plot. echarts centres it on the axis
// line by default, and the grid's containLabel leaves room for the tick
// labels but not for the title, so a long title ("search overhead %") was
// cut off at the chart's left edge.
var yNameStyle = map[string]any{"align": "left"}

// chartGlobals returns the options shared by every kind of chart.
func chartGlobals(c *Chart) []charts.GlobalOpts {
	xType, yType := "value", "value"
	logX, logY := c.logScales()
	if logX {
		xType = "log"
	}
	if logY {
		yType = "log"
	}
	trigger := "axis"
	if c.kind() == Scatter {
		trigger = "item"
	}
	if c.kind() == Bar {
		xType = "category"
	}
	split := &opts.SplitLine{Show: opts.Bool(true)}
	minInterval := 0.0
	if c.IntegerX && c.kind() != Bar {
		minInterval = 1
	}
	// The legend lists series in the caller's order, whatever order the
	// series objects end up in.
	names := make([]string, len(c.Series))
	for i, s := range c.Series {
		names[i] = s.Name
	}
	return []charts.GlobalOpts{
		charts.WithInitializationOpts(opts.Initialization{ChartID: c.ID}),
		charts.WithTitleOpts(opts.Title{Title: c.Title, Left: "center", TitleStyle: &opts.TextStyle{FontSize: 15}}),
		charts.WithColorsOpts(palette),
		// A plain legend wraps onto as many rows as it needs: every series
		// stays visible (a scrolling legend pages them "1/3").
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Type: "plain", Bottom: "0", Data: names}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: trigger}),
		// The right margin holds half the widest x tick label: containLabel
		// missed the last label of a log axis ("100,000,000" at 10^8).
		charts.WithGridOpts(opts.Grid{Left: "4%", Right: "44", Top: "48", Bottom: fmt.Sprint(56 + legendRowHeight*(legendRows(names)-1)), ContainLabel: opts.Bool(true)}),
		charts.WithToolboxOpts(opts.Toolbox{Show: opts.Bool(true), Right: "2%", Feature: &opts.ToolBoxFeature{
			SaveAsImage: &opts.ToolBoxFeatureSaveAsImage{Show: opts.Bool(true), Title: "save PNG"},
			DataZoom:    &opts.ToolBoxFeatureDataZoom{Show: opts.Bool(true)},
			Restore:     &opts.ToolBoxFeatureRestore{Show: opts.Bool(true), Title: "reset"},
		}}),
		charts.WithXAxisOpts(opts.XAxis{Type: xType, Name: c.XLabel, NameLocation: "middle", NameGap: 28,
			Scale: opts.Bool(!logX && c.kind() != Bar), SplitLine: split, AxisLabel: &opts.AxisLabel{Show: opts.Bool(true)},
			MinInterval: minInterval}),
		charts.WithYAxisOpts(opts.YAxis{Type: yType, Name: c.YLabel, NameLocation: "end", NameGap: 12,
			SplitLine: split, AxisLabel: &opts.AxisLabel{Show: opts.Bool(true)}}),
	}
}

// xyOption builds line, area and scatter charts: every series is drawn
// against numeric axes, dashed series as plain lines.
func xyOption(c *Chart, global []charts.GlobalOpts) *charts.Line {
	line := charts.NewLine()
	line.SetGlobalOptions(global...)
	var scatter *charts.Scatter
	for i := range c.Series {
		s := &c.Series[i]
		pts, _ := c.points(s)
		if c.kind() == Scatter && !s.Dashed {
			data := make([]opts.ScatterData, len(pts))
			for j, p := range pts {
				data[j] = opts.ScatterData{Value: [2]float64{p.x, p.y}}
			}
			if scatter == nil {
				scatter = charts.NewScatter()
			}
			scatter.AddSeries(s.Name, data, charts.WithScatterChartOpts(opts.ScatterChart{SymbolSize: 7}),
				charts.WithItemStyleOpts(opts.ItemStyle{Color: seriesHex(i)}))
			continue
		}
		data := make([]opts.LineData, len(pts))
		for j, p := range pts {
			data[j] = opts.LineData{Value: [2]float64{p.x, p.y}}
		}
		so := []charts.SeriesOpts{charts.WithLineChartOpts(opts.LineChart{
			ShowSymbol: opts.Bool(c.kind() == Line && !s.Dashed && len(pts) <= 60),
			Symbol:     "circle",
		})}
		if s.Dashed {
			so = append(so, charts.WithLineStyleOpts(opts.LineStyle{Type: "dashed", Width: 1.5, Color: seriesHex(i)}))
		} else {
			so = append(so, charts.WithLineStyleOpts(opts.LineStyle{Width: 2, Color: seriesHex(i)}))
		}
		so = append(so, charts.WithItemStyleOpts(opts.ItemStyle{Color: seriesHex(i)}))
		if c.kind() == Area && !s.Dashed {
			so = append(so, charts.WithAreaStyleOpts(opts.AreaStyle{Opacity: opts.Float(0.25)}))
		}
		line.AddSeries(s.Name, data, so...)
	}
	if scatter != nil {
		line.Overlap(scatter)
	}
	return line
}

// barOption builds a grouped bar chart whose categories are the distinct X
// values of all series, in increasing order.
func barOption(c *Chart, global []charts.GlobalOpts) *charts.Bar {
	cats, index := barCategories(c)
	bar := charts.NewBar()
	bar.SetGlobalOptions(global...)
	bar.SetXAxis(cats)
	for i := range c.Series {
		s := &c.Series[i]
		pts, _ := c.points(s)
		data := make([]opts.BarData, len(cats))
		for j := range data {
			data[j] = opts.BarData{Value: "-"} // echarts' "no value"
		}
		for _, p := range pts {
			data[index[p.x]] = opts.BarData{Value: p.y}
		}
		bar.AddSeries(s.Name, data, charts.WithItemStyleOpts(opts.ItemStyle{Color: seriesHex(i)}))
	}
	return bar
}

// barCategories returns the labels of the distinct X values of c's
// drawable points, sorted, and each value's position.
func barCategories(c *Chart) (labels []string, index map[float64]int) {
	index = map[float64]int{}
	var xs []float64
	for i := range c.Series {
		pts, _ := c.points(&c.Series[i])
		for _, p := range pts {
			if _, ok := index[p.x]; !ok {
				index[p.x] = 0
				xs = append(xs, p.x)
			}
		}
	}
	sort.Float64s(xs)
	for i, x := range xs {
		index[x] = i
		labels = append(labels, formatNumber(x))
	}
	return labels, index
}

// formatNumber prints x in the shortest form that reads back exactly.
func formatNumber(x float64) string {
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// legendRowHeight is the height of one row of an echarts legend, in pixels.
const legendRowHeight = 22

// legendGap is the room, in pixels, the page keeps between the top of a
// chart's legend and the bottom of its plot's tick labels, for the x
// axis's title: the page sets the plot's bottom margin to the legend's
// height as drawn plus legendGap, so that however many rows the legend
// wraps onto it stays below the plot.
const legendGap = 36

// legendRows estimates how many rows a plain legend of these names takes
// in a chart about 520 pixels wide (each entry: a 25-pixel swatch, its
// text at about 7 pixels a character and a 10-pixel gap), so that the
// grid leaves room for all of them.
func legendRows(names []string) int {
	const width = 520
	rows, x := 1, 0
	for _, n := range names {
		w := 25 + 5 + 7*len([]rune(n)) + 10
		if x > 0 && x+w > width {
			rows++
			x = 0
		}
		x += w
	}
	return rows
}
