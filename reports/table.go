package reports

import (
	"encoding/csv"
	"fmt"
	"io"
	"path/filepath"
	"splitpoint/atomicfile"
	"strconv"
	"strings"
)

// writeTableFiles writes t as dir/ID.csv and dir/ID.tex.
func writeTableFiles(dir string, t *Table) error {
	if err := atomicfile.Write(filepath.Join(dir, t.ID+".csv"), func(w io.Writer) error {
		return writeTableCSV(w, t)
	}); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, t.ID+".tex"), func(w io.Writer) error {
		return writeTableTeX(w, t)
	})
}

// writeTableCSV writes the header row and then every row (RFC 4180).
func writeTableCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(t.Columns); err != nil {
		return err
	}
	if err := cw.WriteAll(t.Rows); err != nil {
		return err
	}
	return cw.Error()
}

// writeChartCSV writes every point of every series of c in long form
// (series, x, y), including the points the figures leave out, with numbers
// in the shortest form that reads back exactly.
func writeChartCSV(w io.Writer, c *Chart) error {
	cw := csv.NewWriter(w)
	x, y := c.XLabel, c.YLabel
	if x == "" {
		x = "x"
	}
	if y == "" {
		y = "y"
	}
	if err := cw.Write([]string{"series", x, y}); err != nil {
		return err
	}
	for _, s := range c.Series {
		for i := range s.X {
			if err := cw.Write([]string{s.Name, formatNumber(s.X[i]), formatNumber(s.Y[i])}); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// numericColumns reports, for each column of t, whether all its cells that
// are not blank read as numbers.
func numericColumns(t *Table) []bool {
	num := make([]bool, len(t.Columns))
	for j := range t.Columns {
		seen := false
		num[j] = true
		for _, row := range t.Rows {
			c := strings.TrimSpace(row[j])
			if isBlankCell(c) {
				continue
			}
			seen = true
			if !isNumber(c) {
				num[j] = false
				break
			}
		}
		num[j] = num[j] && seen
	}
	return num
}

// isBlankCell reports whether c stands for "no value".
func isBlankCell(c string) bool {
	switch c {
	case "", "-", "–", "—", "n/a", "NA":
		return true
	}
	return false
}

// isNumber reports whether c reads as a number, allowing a unit suffix of
// %, x or × (speedups, percentages).
func isNumber(c string) bool {
	for _, suf := range []string{"%", "×", "x"} {
		if strings.HasSuffix(c, suf) {
			c = strings.TrimSpace(strings.TrimSuffix(c, suf))
			break
		}
	}
	_, err := strconv.ParseFloat(c, 64)
	return err == nil
}

// writeTableTeX writes t as a LaTeX table using booktabs rules; numeric
// columns are right-aligned.
func writeTableTeX(w io.Writer, t *Table) error {
	num := numericColumns(t)
	var spec strings.Builder
	for _, n := range num {
		if n {
			spec.WriteByte('r')
		} else {
			spec.WriteByte('l')
		}
	}
	var b strings.Builder
	b.WriteString("% Written by splitpoint's reports package; needs \\usepackage{booktabs} and \\usepackage{graphicx}.\n")
	b.WriteString("% A table wider than the text is scaled down to the text width.\n")
	b.WriteString("\\begin{table}[htbp]\n\\centering\n")
	if len(t.Columns) > 6 {
		b.WriteString("\\small\n\\setlength{\\tabcolsep}{4pt}\n")
	}
	if t.Title != "" {
		fmt.Fprintf(&b, "\\caption{%s}\n", texEscape(t.Title))
	}
	fmt.Fprintf(&b, "\\label{tab:%s}\n", t.ID)
	fmt.Fprintf(&b, "\\resizebox{\\ifdim\\width>\\linewidth\\linewidth\\else\\width\\fi}{!}{\\begin{tabular}{%s}\n\\toprule\n", spec.String())
	b.WriteString(texRow(t.Columns))
	b.WriteString("\\midrule\n")
	for _, row := range t.Rows {
		b.WriteString(texRow(row))
	}
	b.WriteString("\\bottomrule\n\\end{tabular}}\n\\end{table}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// texRow joins escaped cells into one tabular row.
func texRow(cells []string) string {
	esc := make([]string, len(cells))
	for i, c := range cells {
		esc[i] = texEscape(c)
	}
	return strings.Join(esc, " & ") + " \\\\\n"
}

var texReplacer = strings.NewReplacer(
	`\`, `\textbackslash{}`,
	`{`, `\{`,
	`}`, `\}`,
	`&`, `\&`,
	`%`, `\%`,
	`$`, `\$`,
	`#`, `\#`,
	`_`, `\_`,
	`~`, `\textasciitilde{}`,
	`^`, `\textasciicircum{}`,
	`<`, `\textless{}`,
	`>`, `\textgreater{}`,
	`|`, `\textbar{}`,
	"\n", " ",
	"\r", " ",
	// Symbols the reports print that a stock pdflatex (utf8 input, OT1 or
	// T1 fonts) cannot typeset as text: as math or text commands.
	"·", `\ensuremath{\cdot}`,
	"∞", `\ensuremath{\infty}`,
	"²", `\ensuremath{^{2}}`,
	"³", `\ensuremath{^{3}}`,
	"±", `\ensuremath{\pm}`,
	"≤", `\ensuremath{\le}`,
	"≥", `\ensuremath{\ge}`,
	"≈", `\ensuremath{\approx}`,
	"×", `\ensuremath{\times}`,
	"−", `\ensuremath{-}`,
	"→", `\ensuremath{\to}`,
	"√", `\ensuremath{\surd}`,
	"α", `\ensuremath{\alpha}`,
	"β", `\ensuremath{\beta}`,
	"µ", `\ensuremath{\mu}`,
	"μ", `\ensuremath{\mu}`,
	"σ", `\ensuremath{\sigma}`,
	"Σ", `\ensuremath{\Sigma}`,
	"–", `--`,
	"—", `---`,
	"…", `\ldots{}`,
	"’", `'`,
	"‘", "`",
	"“", "``",
	"”", `''`,
	"\u00a0", `~`,
	"\u0302", ``, // combining circumflex (T̂): dropped
)

// texEscape makes s print literally in LaTeX text mode with a stock
// pdflatex: LaTeX's special characters escaped, the symbols above typeset
// as math, accented Latin letters (Latin-1 and Latin Extended-A, which
// LaTeX's utf8 input handles) kept, and any other character replaced by
// "?" rather than stopping the compilation.
func texEscape(s string) string {
	s = texReplacer.Replace(s)
	return strings.Map(func(r rune) rune {
		if r < 0x80 || (r >= 0xc0 && r <= 0x17f && r != 0xd7 && r != 0xf7) {
			return r
		}
		return '?'
	}, s)
}
