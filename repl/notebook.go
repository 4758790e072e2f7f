package repl

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"

	"splitpoint/atomicfile"
	"splitpoint/sessions"
	"splitpoint/workbench"
)

// cmdRerun re-executes cells and reports, cell by cell, the output lines
// that changed. "rerun" alone starts from a fresh state (no settings,
// nothing loaded) and replays every cell, as a script would; "rerun N-M"
// replays those cells on the current state. The cells keep their numbers
// and take the new output.
func cmdRerun(ctx context.Context, sh *Shell, args []string) error {
	if len(args) > 1 {
		return fmt.Errorf("rerun takes at most a cell range N or N-M")
	}
	lo, hi := 1, sh.nextCell()-1
	all := len(args) == 0
	if !all {
		var err error
		if lo, hi, err = parseRange(args[0]); err != nil {
			return err
		}
	}
	if all {
		sh.S.Settings, sh.S.Loaded = map[string]string{}, ""
	}
	changed, ran := 0, 0
	for i := range sh.S.Cells {
		c := &sh.S.Cells[i]
		if c.N < lo || c.N > hi {
			continue
		}
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(sh.Out, "rerun stopped before cell %d\n", c.N)
			break
		}
		fmt.Fprintf(sh.Out, "[%d] %s\n", c.N, c.Input)
		words, err := workbench.Fields(c.Input)
		if err != nil || len(words) == 0 {
			continue
		}
		if words[0] == "show" && len(words) == 2 && words[1] == "settings" {
			words = []string{"settings"}
		}
		start := sh.Now()
		out, files, err := (&Shell{Home: sh.Home, Dir: sh.Dir, S: sh.S, Out: io.Discard, Now: sh.Now}).exec(ctx, words)
		ran++
		diff := lineDiff(c.Output, out)
		if len(diff) == 0 {
			fmt.Fprintf(sh.Out, "    unchanged\n")
		} else {
			changed++
			for _, d := range diff {
				fmt.Fprintf(sh.Out, "    %s\n", d)
			}
		}
		c.Output, c.Files, c.Started, c.Seconds, c.Error = out, files, start, sh.Now().Sub(start).Seconds(), ""
		if err != nil {
			c.Error = err.Error()
		}
	}
	fmt.Fprintf(sh.Out, "reran %d cells: %d changed\n", ran, changed)
	return sh.Save()
}

// lineDiff lists the lines of a and b that differ, as "- old" / "+ new"
// pairs by line number (outputs of the same command keep their shape), at
// most 20 lines.
func lineDiff(a, b string) []string {
	al, bl := strings.Split(strings.TrimRight(a, "\n"), "\n"), strings.Split(strings.TrimRight(b, "\n"), "\n")
	var out []string
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x == y {
			continue
		}
		if i < len(al) {
			out = append(out, "- "+x)
		}
		if i < len(bl) {
			out = append(out, "+ "+y)
		}
		if len(out) >= 20 {
			out = append(out, "…")
			break
		}
	}
	return out
}

func cmdExport(_ context.Context, sh *Shell, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(sh.Out)
	md := fs.String("md", filepath.Join(sh.Dir, "notebook.md"), "Markdown file")
	html := fs.String("html", filepath.Join(sh.Dir, "notebook.html"), "HTML file")
	nbPath := filepath.Join(sh.Dir, "notebook.ipynb")
	ipynbOnly := false
	fs.Func("ipynb", "Jupyter notebook file (nbformat 4); alone, write only the notebook", func(v string) error {
		if v != "" {
			nbPath = v
		}
		ipynbOnly = true
		return nil
	})
	if err := fs.Parse(ipynbArgs(args)); err != nil {
		return err
	}
	if err := exportIPynb(sh, nbPath); err != nil {
		return err
	}
	if ipynbOnly && !flagGiven(fs, "md") && !flagGiven(fs, "html") {
		return nil
	}
	var buf bytes.Buffer
	writeMarkdown(&buf, sh.S)
	if err := writeFile(*md, buf.Bytes()); err != nil {
		return err
	}
	buf.Reset()
	if err := writeHTML(&buf, sh.S); err != nil {
		return err
	}
	if err := writeFile(*html, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(sh.Out, "wrote %s\nwrote %s\n", *md, *html)
	return nil
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, data)
}

func writeMarkdown(w io.Writer, s *sessions.Session) {
	fmt.Fprintf(w, "# splitpoint session %s\n\nSaved %s. Settings:", s.Name, s.Saved.Format("2006-01-02 15:04 MST"))
	for _, kv := range sessionSettings(s) {
		fmt.Fprintf(w, " %s", kv)
	}
	if s.Loaded != "" {
		fmt.Fprintf(w, "; loaded `%s`", s.Loaded)
	}
	fmt.Fprintf(w, ".\n")
	for _, c := range s.Cells {
		fmt.Fprintf(w, "\n## [%d] `%s`\n\n", c.N, strings.ReplaceAll(c.Input, "`", "'"))
		fmt.Fprintf(w, "%s, %.3f s (%s)\n\n```\n%s```\n", c.Started.Format("2006-01-02 15:04:05"), c.Seconds, c.Source, ensureNL(c.Output))
		for _, f := range c.Files {
			if strings.HasSuffix(f, ".svg") || strings.HasSuffix(f, ".png") {
				fmt.Fprintf(w, "\n![%s](%s)\n", filepath.Base(f), f)
			} else {
				fmt.Fprintf(w, "\n- [%s](%s)\n", filepath.Base(f), f)
			}
		}
	}
}

func ensureNL(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

type htmlCell struct {
	sessions.Cell
	SVGs  []template.HTML
	Links []string
}

var pageTmpl = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>splitpoint session {{.Name}}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{font-weight:600} .cell{border-top:1px solid #ddd;margin-top:1.5em;padding-top:.5em}
.in{font-family:ui-monospace,monospace;font-weight:600} .meta{color:#777;font-size:13px}
pre{background:#f6f6f4;padding:.8em;overflow:auto;font-size:13px} .err{color:#a00}
.fig svg{max-width:100%;height:auto}
</style></head><body>
<h1>splitpoint session {{.Name}}</h1>
<p class="meta">saved {{.Saved.Format "2006-01-02 15:04 MST"}}; settings {{range $k, $v := .Settings}}{{$k}}={{$v}} {{end}}{{if .Loaded}}; loaded {{.Loaded}}{{end}}</p>
{{range .Cells}}<div class="cell"><div class="in">[{{.N}}] {{.Input}}</div>
<div class="meta">{{.Started.Format "2006-01-02 15:04:05"}} · {{printf "%.3f" .Seconds}} s · {{.Source}}</div>
<pre>{{.Output}}</pre>{{if .Error}}<p class="err">error: {{.Error}}</p>{{end}}
{{range .SVGs}}<div class="fig">{{.}}</div>{{end}}
{{range .Links}}<p><a href="{{.}}">{{.}}</a></p>{{end}}</div>
{{end}}</body></html>
`))

// writeHTML writes the notebook as one page; SVG figures the cells wrote
// are inlined (they are our own files, written by gonum/plot), other files
// are linked.
func writeHTML(w io.Writer, s *sessions.Session) error {
	var cells []htmlCell
	for _, c := range s.Cells {
		hc := htmlCell{Cell: c}
		for _, f := range c.Files {
			if strings.HasSuffix(f, ".svg") {
				if data, err := os.ReadFile(f); err == nil && isSVG(data) {
					hc.SVGs = append(hc.SVGs, template.HTML(stripXMLDecl(data)))
					continue
				}
			}
			hc.Links = append(hc.Links, f)
		}
		cells = append(cells, hc)
	}
	return pageTmpl.Execute(w, struct {
		*sessions.Session
		Cells []htmlCell
	}{s, cells})
}

func isSVG(b []byte) bool {
	b = bytes.TrimSpace(b)
	return bytes.HasPrefix(b, []byte("<?xml")) || bytes.HasPrefix(b, []byte("<svg"))
}

func stripXMLDecl(b []byte) []byte {
	b = bytes.TrimSpace(b)
	if bytes.HasPrefix(b, []byte("<?xml")) {
		if i := bytes.Index(b, []byte("?>")); i >= 0 {
			return b[i+2:]
		}
	}
	return b
}
