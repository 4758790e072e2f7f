package results

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// handRows are two positions' baselines and parallel runs whose measures
// are computed by hand in derive_test.go.
func handRows() []Run {
	base := func(pos string, nodes, work, ns int64) Run {
		return Run{Sweep: "s1", Created: "2025-01-01T00:00:00Z", Version: "devel", Role: RoleBaseline, Position: pos,
			Domain: "synth", Algo: "scout", Depth: 4, Machine: "serial", Seed: 1, Rep: 1, Costs: `{"node":1}`,
			Nodes: nodes, Work: work, Span: work, Parallelism: 1, Time: ns, TimeUnit: "ns", Result: "{}"}
	}
	par := func(pos, machine string, p, nodes, work, span, t int64, idle float64) Run {
		unit := "units"
		if machine == "pool" {
			unit = "ns"
		}
		return Run{Sweep: "s1", Created: "2025-01-01T00:00:01Z", Version: "devel", Role: RoleParallel, Position: pos,
			Domain: "synth", Algo: "pnegamax", Depth: 4, Machine: machine, P: Int(p), Seed: 1, Rep: 1, Costs: `{"node":1}`,
			Nodes: nodes, Work: work, Span: span, Parallelism: float64(work) / float64(span), Time: t, TimeUnit: unit,
			IdleFrac: idle, Result: `{"work":1}`}
	}
	rows := []Run{
		base("a", 1000, 1200, 5_000_000),               // id 1
		par("a", "sim", 4, 1500, 1800, 100, 600, 0.25), // id 2
		par("a", "pool", 2, 1100, 1300, 100, 4_000_000, 0.1),
		base("b", 2000, 2000, 8_000_000), // id 4
		par("b", "sim", 4, 2000, 2500, 125, 500, 0.15),
		par("b", "sim", PInf, 2000, 2500, 125, 125, 0),
	}
	rows[1].FailedWork, rows[1].CutoffWork, rows[1].WinnerNodes = Int(90), Int(360), Int(700)
	for _, i := range []int{1, 2} {
		rows[i].BaselineID = Int(1)
	}
	for _, i := range []int{4, 5} {
		rows[i].BaselineID = Int(4)
	}
	return rows
}

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func insertAll(t *testing.T, s *Store, rows []Run) []Run {
	t.Helper()
	for i := range rows {
		if err := s.Insert(context.Background(), &rows[i]); err != nil {
			t.Fatal(err)
		}
		if rows[i].ID != int64(i+1) {
			t.Fatalf("row %d got id %d", i, rows[i].ID)
		}
	}
	return rows
}

func TestInsertAndRead(t *testing.T) {
	s := openTemp(t)
	rows := insertAll(t, s, handRows())
	got, err := s.Runs("s1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Fatalf("read back:\n%+v\nwant\n%+v", got, rows)
	}
	if other, _ := s.Runs("nope"); len(other) != 0 {
		t.Fatalf("sweep nope has %d rows", len(other))
	}
	rec, err := s.Recent(2, "")
	if err != nil || len(rec) != 2 || rec[0].ID != 5 || rec[1].ID != 6 {
		t.Fatalf("Recent(2) = %v, %v", rec, err)
	}
	b, err := s.Baselines("s1")
	if err != nil || len(b) != 2 || b[4].Position != "b" {
		t.Fatalf("Baselines = %v, %v", b, err)
	}
	if id, _ := s.LastSweep(); id != "s1" {
		t.Fatalf("LastSweep = %q", id)
	}
	tab, err := s.Query(context.Background(), "SELECT count(*) AS n, sum(p IS NULL) AS serial, sum(p = -1) AS inf FROM runs")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	WriteTable(&buf, tab)
	if want := "n  serial  inf\n6  2       1\n"; buf.String() != want {
		t.Fatalf("table:\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestOpenExisting(t *testing.T) {
	_, err := OpenExisting(filepath.Join(t.TempDir(), "missing.db"))
	if !errors.Is(err, ErrNoDB) {
		t.Fatalf("err = %v, want ErrNoDB", err)
	}
}

func TestExportRoundTrip(t *testing.T) {
	rows := handRows()
	for i := range rows {
		rows[i].ID = int64(i + 1)
	}
	rows[0].Result = `{"pv":["a,b","c\"d"]}` // commas and quotes survive CSV
	dir := t.TempDir()
	csvPath, jsonPath := filepath.Join(dir, "r.csv"), filepath.Join(dir, "r.json")
	if err := ExportCSV(csvPath, rows); err != nil {
		t.Fatal(err)
	}
	if err := ExportJSON(jsonPath, rows); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(csvPath)
	defer f.Close()
	back, err := ReadCSV(csvPath, f)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Fatalf("CSV round trip:\n%+v\nwant\n%+v", back, rows)
	}
	g, _ := os.Open(jsonPath)
	defer g.Close()
	back, err = ReadJSON(g)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Fatalf("JSON round trip:\n%+v\nwant\n%+v", back, rows)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("left behind: %v", entries)
	}
}

func TestReadCSVError(t *testing.T) {
	_, err := ReadCSV("x.csv", strings.NewReader("id,depth\n1,2\n2,deep\n"))
	if err == nil || !strings.Contains(err.Error(), "x.csv:3: column depth") {
		t.Fatalf("err = %v", err)
	}
}

func TestSetResultTakesOptionalCounters(t *testing.T) {
	var r Run
	err := r.SetResult(struct {
		Work   int64 `json:"work"`
		Failed int64 `json:"failed_work"`
		Winner int64 `json:"winner_nodes"`
	}{10, 3, 7})
	if err != nil {
		t.Fatal(err)
	}
	if r.FailedWork == nil || *r.FailedWork != 3 || r.WinnerNodes == nil || *r.WinnerNodes != 7 || r.CutoffWork != nil {
		t.Fatalf("optional counters: %v %v %v", r.FailedWork, r.CutoffWork, r.WinnerNodes)
	}
	if r.Result != `{"work":10,"failed_work":3,"winner_nodes":7}` {
		t.Fatalf("result %s", r.Result)
	}
	// Nested, by node type with a total (Jamboree's report).
	var j Run
	j.SetResult(map[string]any{"work": 10, "jamboree": map[string]any{"work": map[string]any{
		"failed_work": map[string]int{"pv": 1, "cut": 2, "total": 3}, "cutoff_work": map[string]int{"total": 5}}}})
	if j.FailedWork == nil || *j.FailedWork != 3 || j.CutoffWork == nil || *j.CutoffWork != 5 || j.WinnerNodes != nil {
		t.Fatalf("nested counters: %v %v %v", j.FailedWork, j.CutoffWork, j.WinnerNodes)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 || (math.IsNaN(a) && math.IsNaN(b)) }

// TestOpenAddsFailedColumn: a database written before the failed column
// (schema 1) opens, gains the column, and keeps its rows.
func TestOpenAddsFailedColumn(t *testing.T) {
	st := oldStore(t, "ALTER TABLE runs DROP COLUMN failed", "PRAGMA user_version = 1")
	rows, err := st.Runs("")
	if err != nil || len(rows) != 1 || rows[0].Failed != nil {
		t.Fatalf("rows %+v, %v", rows, err)
	}
	msg := "memory budget"
	f := handRows()[1]
	f.Failed = &msg
	if err := st.Insert(context.Background(), &f); err != nil {
		t.Fatal(err)
	}
	rows, _ = st.Runs("")
	if len(rows) != 2 || rows[1].Failed == nil || *rows[1].Failed != msg || len(Finished(rows)) != 1 {
		t.Fatalf("after insert: %+v", rows)
	}
}

// TestOpenAddsNoiseColumns: a database of schema 3, before the columns
// noise and other_cores, opens, keeps its rows (NULL in the new columns),
// stores a noisy row and reads it back, also through CSV.
func TestOpenAddsNoiseColumns(t *testing.T) {
	st := oldStore(t, "ALTER TABLE runs DROP COLUMN noise", "ALTER TABLE runs DROP COLUMN other_cores", "PRAGMA user_version = 3")
	var version int
	if err := st.DB().QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != schemaVersion {
		t.Errorf("user_version = %d, %v; want %d", version, err, schemaVersion)
	}
	rows, err := st.Runs("")
	if err != nil || len(rows) != 1 || rows[0].Noise != nil || rows[0].OtherCores != nil {
		t.Fatalf("old rows %+v, %v", rows, err)
	}
	msg, other := "noisy timing: other processes kept 1.3 of the 2 cores busy", 1.3
	f := handRows()[1]
	f.Noise, f.OtherCores = &msg, &other
	if err := st.Insert(context.Background(), &f); err != nil {
		t.Fatal(err)
	}
	rows, _ = st.Runs("")
	if len(rows) != 2 || rows[1].Noise == nil || *rows[1].Noise != msg || rows[1].OtherCores == nil || *rows[1].OtherCores != other {
		t.Fatalf("after insert: %+v", rows)
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCSV("runs.csv", &buf)
	if err != nil || len(back) != 2 || back[0].OtherCores != nil || back[1].Noise == nil || *back[1].OtherCores != other {
		t.Fatalf("CSV round trip: %+v, %v", back, err)
	}
	if sum := Summarize(rows); len(sum) == 0 {
		t.Fatal("no summary")
	} else {
		var out bytes.Buffer
		if err := WriteSummary(&out, sum); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "competed for the cores") {
			t.Errorf("summary does not warn of the noisy row:\n%s", out.String())
		}
	}
}

// TestOpenAddsParBelow10: a database of schema 4, before the column
// par_below10, opens and keeps its rows, NULL in the new column.
func TestOpenAddsParBelow10(t *testing.T) {
	st := oldStore(t, "ALTER TABLE runs DROP COLUMN par_below10", "PRAGMA user_version = 4")
	low := 0.4
	f := handRows()[1]
	f.ParBelow10 = &low
	if err := st.Insert(context.Background(), &f); err != nil {
		t.Fatal(err)
	}
	rows, err := st.Runs("")
	if err != nil || len(rows) != 2 || rows[0].ParBelow10 != nil || rows[1].ParBelow10 == nil || *rows[1].ParBelow10 != low {
		t.Fatalf("rows %+v, %v", rows, err)
	}
}

// oldStore is a database as an older schema left it: one row stored, then
// the derived view dropped and the downgrade statements run (the columns
// that schema lacked dropped, its user_version set); it is opened again,
// as Open meets such a file, and closed when the test ends.
func oldStore(t *testing.T, downgrade ...string) *Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	r := handRows()[0]
	if err := st.Insert(context.Background(), &r); err != nil {
		t.Fatal(err)
	}
	for _, q := range append([]string{"DROP VIEW derived"}, downgrade...) {
		if _, err := st.DB().Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	st.Close()
	if st, err = Open(path); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
