package fits

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// ReadCSV reads observations from CSV text with a header line. The header
// must name the columns p, work, span and time (case-insensitive, in any
// order); a column named label, if present, gives each run's Label (else it
// is "name:line"); other columns are ignored. Lines starting with # are
// comments. Each p is a positive number or inf (an ideal machine); work and
// span are finite and non-negative; time is finite and positive.
//
// Errors have the form "name:line: problem". ReadCSV returns an error when
// there is no observation.
func ReadCSV(name string, r io.Reader) ([]Obs, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true

	header, err := cr.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty: want a header with columns p,work,span,time", name)
	}
	if err != nil {
		return nil, csvErr(name, err)
	}
	hline, _ := cr.FieldPos(0)
	want := []string{"p", "work", "span", "time"}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		if _, dup := col[h]; dup && (h == "label" || contains(want, h)) {
			return nil, fmt.Errorf("%s:%d: column %q appears twice", name, hline, h)
		}
		col[h] = i
	}
	var missing []string
	for _, w := range want {
		if _, ok := col[w]; !ok {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s:%d: header lacks column %s (want p,work,span,time in any order)",
			name, hline, strings.Join(missing, ", "))
	}
	labelCol, hasLabel := col["label"]

	var obs []Obs
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvErr(name, err)
		}
		line, _ := cr.FieldPos(0)
		var v [4]float64
		for k, w := range want {
			i := col[w]
			if i >= len(rec) {
				return nil, fmt.Errorf("%s:%d: no %s column (the line has %d fields, the header %d)",
					name, line, w, len(rec), len(header))
			}
			f, err := parseValue(w, strings.TrimSpace(rec[i]))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", name, line, err)
			}
			v[k] = f
		}
		o := Obs{P: v[0], Work: v[1], Span: v[2], Time: v[3], Label: fmt.Sprintf("%s:%d", name, line)}
		if hasLabel && labelCol < len(rec) && strings.TrimSpace(rec[labelCol]) != "" {
			o.Label = strings.TrimSpace(rec[labelCol])
		}
		obs = append(obs, o)
	}
	if len(obs) == 0 {
		return nil, fmt.Errorf("%s:%d: no observations after the header", name, hline)
	}
	return obs, nil
}

// parseValue reads the value of column col and checks its range.
func parseValue(col, s string) (float64, error) {
	if s == "" {
		return 0, fmt.Errorf("%s is empty", col)
	}
	f, err := strconv.ParseFloat(s, 64)
	if errors.Is(err, strconv.ErrRange) && !(col == "p" && f > 0) {
		return 0, fmt.Errorf("%s %q is out of range", col, s)
	}
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("%s %q is not a number", col, s)
	}
	switch {
	case f != f:
		return 0, fmt.Errorf("%s is NaN", col)
	case col == "p" && !(f > 0):
		return 0, fmt.Errorf("p = %s: want a positive number of processors or inf", s)
	case col == "p":
	case math.IsInf(f, 0):
		return 0, fmt.Errorf("%s = %s: want a finite number", col, s)
	case col == "time" && f <= 0:
		return 0, fmt.Errorf("time = %s: want a positive time", s)
	case f < 0:
		return 0, fmt.Errorf("%s = %s: want a non-negative number", col, s)
	}
	return f, nil
}

func csvErr(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s:%d: %v", name, pe.Line, pe.Err)
	}
	return fmt.Errorf("%s: %v", name, err)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
