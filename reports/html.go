package reports

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"
)

// pageView is what the page template reads. Every string in it comes from
// the caller's data and is escaped by html/template; the only values marked
// safe are the echarts library itself, chart specs made by json.Marshal,
// which escapes '<', '>' and '&', and the figures' base64 data URIs.
type pageView struct {
	Title, Date, Version string
	Meta                 []KV
	Blocks               []blockView
	EchartsInline        template.JS
	// Static is set when echarts is not embedded: each chart is its SVG
	// figure, there is no script, and a note says how to get echarts.
	Static         bool
	EchartsVersion string
	Specs          template.JS
	// LegendGap is the room between a chart's legend and its plot.
	LegendGap int
}

// blockView is either a run of consecutive chart sections, shown as one
// grid, or one other section.
type blockView struct {
	Charts  []chartView
	Section *sectionView
}

type sectionView struct {
	Heading string
	Paras   []string
	KV      []KV
	Table   *tableView
}

type tableView struct {
	ID, Title string
	Columns   []string
	Num       []bool
	Rows      [][]string
}

type chartView struct {
	ID, DivID, Heading, Title string
	Paras                     []string
	// Figure is the chart's SVG figure as a data: URI, on static pages.
	Figure template.URL
}

// chartSpec is one chart as the page script reads it.
type chartSpec struct {
	Div    string          `json:"div"`
	Option json.RawMessage `json:"option"`
}

// renderHTML writes the report page. js is the echarts library to inline;
// when it is nil each chart shows its SVG figure from figures (by chart
// ID) instead, inlined as a data: URI in an <img>, so that the page draws
// with no network and no script. (An <img> rather than inline <svg>
// markup: figures cannot clash over element ids, and a figure is never a
// document that runs anything.)
func renderHTML(w io.Writer, r *Report, js []byte, figures map[string][]byte) error {
	v := pageView{Title: r.Title, Meta: r.Meta, EchartsVersion: EchartsVersion, LegendGap: legendGap}
	for _, kv := range r.Meta {
		switch strings.ToLower(strings.TrimSpace(kv.Key)) {
		case "date":
			v.Date = kv.Value
		case "version":
			v.Version = kv.Value
		}
	}
	if js != nil {
		v.EchartsInline = template.JS(js)
	} else {
		v.Static = true
	}
	var specs []chartSpec
	for i := range r.Sections {
		s := &r.Sections[i]
		paras := paragraphs(s.Text)
		if c := s.Chart; c != nil {
			opt, err := optionJSON(c)
			if err != nil {
				return fmt.Errorf("reports: chart %s: %w", c.ID, err)
			}
			cv := chartView{ID: c.ID, DivID: "chart-" + c.ID, Heading: s.Heading, Title: c.Title, Paras: paras}
			if v.Static {
				cv.Figure = template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(figures[c.ID]))
			}
			specs = append(specs, chartSpec{Div: cv.DivID, Option: opt})
			if n := len(v.Blocks); n > 0 && v.Blocks[n-1].Charts != nil {
				v.Blocks[n-1].Charts = append(v.Blocks[n-1].Charts, cv)
			} else {
				v.Blocks = append(v.Blocks, blockView{Charts: []chartView{cv}})
			}
			continue
		}
		sv := &sectionView{Heading: s.Heading, Paras: paras, KV: s.KV}
		if t := s.Table; t != nil {
			sv.Table = &tableView{ID: t.ID, Title: t.Title, Columns: t.Columns, Num: numericColumns(t), Rows: t.Rows}
		}
		v.Blocks = append(v.Blocks, blockView{Section: sv})
	}
	if specs == nil {
		specs = []chartSpec{}
	}
	b, err := json.Marshal(specs)
	if err != nil {
		return err
	}
	v.Specs = template.JS(b)
	return pageTemplate.Execute(w, v)
}

// paragraphs splits text at blank lines.
func paragraphs(text string) []string {
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"num": func(num []bool, j int) bool { return j < len(num) && num[j] },
}).Parse(pageHTML))

const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
:root { --fg: #1b1d21; --muted: #5c6370; --line: #e2e5ea; --rule: #9aa1ab; --accent: #2350a8; --card: #fbfcfd; }
* { box-sizing: border-box; }
html { background: #fff; }
body { margin: 0; color: var(--fg); background: #fff;
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", Arial, sans-serif; }
main { max-width: 1320px; margin: 0 auto; padding: 28px 32px 56px; }
header { border-bottom: 1px solid var(--line); padding-bottom: 14px; margin-bottom: 8px; }
h1 { font-size: 1.85rem; line-height: 1.2; margin: 0 0 6px; letter-spacing: -0.01em; }
.sub { color: var(--muted); font-size: 0.95rem; }
.sub span + span::before { content: "·"; margin: 0 0.5em; }
h2 { font-size: 1.3rem; line-height: 1.3; margin: 34px 0 8px; }
h3 { font-size: 1.02rem; margin: 0 0 6px; }
p { max-width: 78ch; margin: 0 0 10px; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
.tablewrap { overflow-x: auto; margin: 6px 0 4px; }
table { border-collapse: collapse; font-size: 0.92rem; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: 0 0 6px; }
th, td { padding: 5px 14px 5px 0; text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); }
thead th { border-top: 2px solid var(--rule); border-bottom: 1px solid var(--rule); font-weight: 600; }
tbody tr:last-child td { border-bottom: 2px solid var(--rule); }
th.num, td.num { text-align: right; font-variant-numeric: tabular-nums; padding-left: 14px; }
td.num:last-child, th.num:last-child { padding-right: 0; }
table.kv td:first-child { color: var(--muted); padding-right: 24px; white-space: nowrap; }
table.kv td:last-child { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.86rem; word-break: break-word; }
table.kv tbody tr:last-child td { border-bottom: 1px solid var(--line); }
details.meta { margin: 14px 0 0; }
details.meta summary { cursor: pointer; color: var(--muted); font-size: 0.95rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 540px), 1fr)); gap: 22px; margin: 26px 0 8px; }
.card { border: 1px solid var(--line); border-radius: 8px; background: var(--card); padding: 14px 14px 10px; min-width: 0; }
.chart { width: 100%; height: 390px; background: #fff; }
.chart img { width: 100%; height: 100%; object-fit: contain; }
.chart.static { height: auto; }
.chart.static img { display: block; height: auto; }
.static-note { margin: 14px 0 0; padding: 8px 12px; border-left: 3px solid var(--accent); background: var(--card); max-width: none; }
code { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
.card p { font-size: 0.92rem; margin: 8px 0 0; }
.links { font-size: 0.85rem; color: var(--muted); margin-top: 6px; }
.links a + a::before { content: "·"; color: var(--muted); margin: 0 0.45em; display: inline-block; }
.note { font-size: 0.85rem; color: var(--muted); }
footer { margin-top: 40px; padding-top: 10px; border-top: 1px solid var(--line); color: var(--muted); font-size: 0.85rem; }
</style>
{{if .EchartsInline}}<script>{{.EchartsInline}}</script>
{{end -}}
</head>
<body>
<main>
<header>
<h1>{{.Title}}</h1>
{{if or .Date .Version}}<div class="sub">{{with .Date}}<span>{{.}}</span>{{end}}{{with .Version}}<span>version {{.}}</span>{{end}}</div>{{end}}
{{if .Meta}}<details class="meta" open><summary>Settings</summary>
<div class="tablewrap"><table class="kv"><tbody>
{{range .Meta}}<tr><td>{{.Key}}</td><td>{{.Value}}</td></tr>
{{end}}</tbody></table></div>
</details>{{end}}
{{if .Static}}<p class="note static-note" id="static-note">The charts on this page are static SVG figures: this splitpoint binary was built without echarts.
For interactive charts (tooltips, zoom), run <code>npm ci &amp;&amp; go generate ./reports</code> in the splitpoint repository, rebuild, and write the report again.</p>
{{end}}</header>
{{range .Blocks}}{{if .Charts}}<div class="grid">
{{range .Charts}}<section class="card">
{{with .Heading}}<h3>{{.}}</h3>{{end}}
{{if $.Static}}<div class="chart static" id="{{.DivID}}"><img src="{{.Figure}}" alt="{{.Title}}"></div>
{{else}}<div class="chart" id="{{.DivID}}" role="img" aria-label="{{.Title}}"></div>
{{end}}
{{range .Paras}}<p>{{.}}</p>{{end}}
<div class="links"><a href="{{.ID}}.svg">SVG</a><a href="{{.ID}}.pdf">PDF</a><a href="{{.ID}}.csv">CSV</a></div>
</section>
{{end}}</div>
{{else}}{{with .Section}}<section>
{{with .Heading}}<h2>{{.}}</h2>{{end}}
{{range .Paras}}<p>{{.}}</p>
{{end}}{{if .KV}}<div class="tablewrap"><table class="kv"><tbody>
{{range .KV}}<tr><td>{{.Key}}</td><td>{{.Value}}</td></tr>
{{end}}</tbody></table></div>
{{end}}{{with .Table}}{{$num := .Num}}<div class="tablewrap"><table id="table-{{.ID}}">
{{with .Title}}<caption>{{.}}</caption>{{end}}
<thead><tr>{{range $j, $c := .Columns}}<th{{if num $num $j}} class="num"{{end}}>{{$c}}</th>{{end}}</tr></thead>
<tbody>
{{range .Rows}}<tr>{{range $j, $c := .}}<td{{if num $num $j}} class="num"{{end}}>{{$c}}</td>{{end}}</tr>
{{end}}</tbody></table></div>
<div class="links"><a href="{{.ID}}.csv">CSV</a><a href="{{.ID}}.tex">LaTeX</a></div>
{{end}}</section>
{{end}}{{end}}{{end}}
<footer>{{if .Static}}Charts are the SVG figures, inlined in this page (built without echarts){{else}}Charts drawn with echarts {{.EchartsVersion}}, embedded{{end}}; this page needs no network. Figures as SVG and PDF, data as CSV, tables as LaTeX lie beside this page.</footer>
</main>
{{if not .Static}}<script>
(function () {
  "use strict";
  var specs = {{.Specs}};
  var all = [];
  // The legend lies below the plot, outside it. The option leaves room
  // for the rows it takes in a 520-pixel chart; in a narrower one it wraps
  // onto more rows, so the plot's bottom margin is set from the legend as
  // drawn: its height and the x axis's title above it.
  function fitLegend(c) {
    var m = c.getModel().getComponent("legend");
    var v = m && c.getViewOfComponentModel(m);
    if (!v) return;
    var want = Math.ceil(v.group.getBoundingRect().height) + {{.LegendGap}};
    if (parseFloat(c.getOption().grid[0].bottom) !== want) c.setOption({ grid: { bottom: want } });
  }
  specs.forEach(function (s) {
    var el = document.getElementById(s.div);
    try {
      var c = echarts.init(el, null, { renderer: "canvas" });
      c.setOption(s.option);
      fitLegend(c);
      el.setAttribute("data-drawn", "true");
      all.push(c);
    } catch (e) {
      el.textContent = "This chart could not be drawn (" + e + "); see its SVG figure.";
    }
  });
  window.addEventListener("resize", function () {
    all.forEach(function (c) { c.resize(); fitLegend(c); });
  });
})();
</script>
{{end -}}
</body>
</html>
`
