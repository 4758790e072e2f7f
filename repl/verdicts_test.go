package repl

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"splitpoint/reproductions"
)

// TestVerdictsRecomputed recomputes every verdict of the generated pages
// (docs/reproductions/NAME.json) from the exported cases (NAME.csv) and
// the rule table: the measure and the run's spread from the cases, the
// tolerance, and the verdict by the claim's kind; and lists the
// overrides. A page generated before the verdicts carried their rule is
// reported and skipped.
func TestVerdictsRecomputed(t *testing.T) {
	paths, _ := filepath.Glob("../docs/reproductions/*.json")
	if len(paths) == 0 {
		t.Skip("no generated pages")
	}
	checked := 0
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var vf verdictFile
		if err := json.Unmarshal(b, &vf); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if vf.Data == "" {
			t.Logf("%s: generated before the verdicts carried their rule and data; not recomputed", filepath.Base(p))
			continue
		}
		cases, err := readCasesCSV(filepath.Join(filepath.Dir(p), vf.Data))
		if err != nil {
			t.Fatalf("%s: %v", vf.Data, err)
		}
		for i, e := range vf.Verdicts {
			id := strconv.Itoa(i + 1)
			where := vf.Name + " #" + id + " " + e.Source
			if e.Override != "" {
				t.Logf("override: %s: %s", where, e.Override)
			}
			kind, ok := reproductions.KindNamed(e.Rule)
			if !ok || e.Test == nil || e.Tolerance == nil {
				t.Errorf("%s: rule %q, test %v, tolerance %v", where, e.Rule, e.Test, e.Tolerance)
				continue
			}
			test := reproductions.Test{Kind: kind, Want: e.Test.Want, Hi: e.Test.Hi, Size: e.Test.Size, Tol: e.Tolerance.Paper}
			cs := cases[id]
			m, n, spread := math.NaN(), math.NaN(), math.NaN()
			switch {
			case e.Cases > 0:
				if len(cs) != e.Cases {
					t.Errorf("%s: %d cases in the data, the page says %d", where, len(cs), e.Cases)
					continue
				}
				m, spread, n = reproductions.FromCases(cs, kind, e.Test.Shift, e.Test.PaperN)
				if e.Test.Largest {
					m, spread, n = reproductions.LargestOfCases(cs, e.Test.Shift)
				}
			case len(cs) == 1 && cs[0].Name == "measure":
				m = cs[0].Num
				if kind == reproductions.Order {
					n = cs[0].Den
				}
				if e.Tolerance.Run != nil {
					spread = *e.Tolerance.Run // a spread computed by the claim's own function (a fit's bootstrap)
				}
			default:
				t.Errorf("%s: no data", where)
				continue
			}
			if (e.Measure == nil) != math.IsNaN(m) || e.Measure != nil && !sameFloat(*e.Measure, m) {
				t.Errorf("%s: measure %v on the page, %g from the data", where, e.Measure, m)
			}
			if e.Tolerance.Run != nil && !sameFloat(*e.Tolerance.Run, spread) {
				t.Errorf("%s: run spread %g on the page, %g from the data", where, *e.Tolerance.Run, spread)
			}
			if e.Scales != nil {
				paper, run := e.Scales.Paper.scale(), e.Scales.Run.scale()
				if run.String() != e.RunScale || paper.String() != e.PaperScale {
					t.Errorf("%s: scales %q / %q on the page, %q / %q in the data", where, e.PaperScale, e.RunScale, paper, run)
				}
				if sm := reproductions.Smaller(paper, run); sm != e.Smaller {
					t.Errorf("%s: at smaller scale %v on the page, %v recomputed from the scales", where, e.Smaller, sm)
				}
			}
			v := test.Judge(m, n, spread)
			if string(v) != e.Verdict {
				t.Errorf("%s: verdict %q on the page, %q recomputed", where, e.Verdict, v)
			}
			checked++
		}
	}
	t.Logf("%d verdicts recomputed from the exported data", checked)
}

func sameFloat(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

// readCasesCSV reads a page's data file: per claim (its 1-based row) its
// cases.
func readCasesCSV(path string) (map[string][]reproductions.Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	out := map[string][]reproductions.Case{}
	num := func(s string) float64 {
		if s == "" {
			return math.NaN()
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return math.NaN()
		}
		return x
	}
	for _, r := range recs[1:] {
		out[r[0]] = append(out[r[0]], reproductions.Case{Name: r[1], Num: num(r[2]), Den: num(r[3])})
	}
	return out, nil
}
