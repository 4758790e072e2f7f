package results

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"splitpoint/atomicfile"
	"strconv"
)

// ExportCSV writes runs to path as CSV (header: Columns), atomically.
func ExportCSV(path string, runs []Run) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteCSV(w, runs) })
}

// ExportJSON writes runs to path as a JSON array, atomically.
func ExportJSON(path string, runs []Run) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteJSON(w, runs) })
}

// WriteJSON writes runs as an indented JSON array.
func WriteJSON(w io.Writer, runs []Run) error {
	if runs == nil {
		runs = []Run{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(runs)
}

// ReadJSON reads what WriteJSON wrote.
func ReadJSON(r io.Reader) ([]Run, error) {
	var runs []Run
	err := json.NewDecoder(r).Decode(&runs)
	return runs, err
}

// WriteCSV writes runs as CSV: a header of Columns, then one record per
// run; NULL is the empty field.
func WriteCSV(w io.Writer, runs []Run) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns()); err != nil {
		return err
	}
	rec := make([]string, len(columns))
	for i := range runs {
		for j, c := range columns {
			rec[j] = formatField(c.field(&runs[i]))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func formatField(p any) string {
	switch v := p.(type) {
	case *string:
		return *v
	case *int64:
		return strconv.FormatInt(*v, 10)
	case *float64:
		return strconv.FormatFloat(*v, 'g', -1, 64)
	case *bool:
		if *v {
			return "1"
		}
		return "0"
	case **int64:
		if *v == nil {
			return ""
		}
		return strconv.FormatInt(**v, 10)
	case **string:
		if *v == nil {
			return ""
		}
		return **v
	case **float64:
		if *v == nil {
			return ""
		}
		return strconv.FormatFloat(**v, 'g', -1, 64)
	}
	panic(fmt.Sprintf("results: column of type %T", p))
}

func parseField(p any, s string) error {
	var err error
	switch v := p.(type) {
	case *string:
		*v = s
	case *int64:
		*v, err = strconv.ParseInt(s, 10, 64)
	case *float64:
		*v, err = strconv.ParseFloat(s, 64)
	case *bool:
		*v, err = strconv.ParseBool(s)
	case **int64:
		if s == "" {
			*v = nil
			return nil
		}
		var n int64
		n, err = strconv.ParseInt(s, 10, 64)
		*v = &n
	case **string:
		if s == "" {
			*v = nil
			return nil
		}
		*v = &s
	case **float64:
		if s == "" {
			*v = nil
			return nil
		}
		var x float64
		x, err = strconv.ParseFloat(s, 64)
		*v = &x
	}
	return err
}

// ReadCSV reads what WriteCSV wrote; columns are found by name in the
// header, and a column missing from it keeps its zero value. name is used
// in errors (name:line).
func ReadCSV(name string, r io.Reader) ([]Run, error) {
	cr := csv.NewReader(r)
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: header: %w", name, err)
	}
	idx := map[string]int{}
	for i, h := range head {
		idx[h] = i
	}
	var runs []Run
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return runs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		line, _ := cr.FieldPos(0)
		var run Run
		for _, c := range columns {
			i, ok := idx[c.name]
			if !ok {
				continue
			}
			if err := parseField(c.field(&run), rec[i]); err != nil {
				return nil, fmt.Errorf("%s:%d: column %s: %q: %v", name, line, c.name, rec[i], err)
			}
		}
		runs = append(runs, run)
	}
}

// WriteTableCSV writes a query's table as CSV (NULL: the empty field).
func WriteTableCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(t.Columns); err != nil {
		return err
	}
	for _, row := range t.Rows {
		rec := make([]string, len(row))
		for i, v := range row {
			if v != nil {
				rec[i] = Cell(v)
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteTableJSON writes a query's table as a JSON array of objects, one
// per row, keyed by column name (NULL: null).
func WriteTableJSON(w io.Writer, t *Table) error {
	out := make([]map[string]any, 0, len(t.Rows))
	for _, row := range t.Rows {
		m := make(map[string]any, len(row))
		for i, v := range row {
			if b, ok := v.([]byte); ok {
				v = string(b)
			}
			m[t.Columns[i]] = v
		}
		out = append(out, m)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
