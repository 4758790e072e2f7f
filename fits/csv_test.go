package fits

import (
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"
)

func TestReadCSV(t *testing.T) {
	const in = `# runs of a test
time, extra ,SPAN,work,p,label
10,x,1,8,1,first
6.5,y,1,8,2,
1.5,z,1.5,8,inf,ideal

4,w,1,16,Inf,
`
	obs, err := ReadCSV("runs.csv", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Obs{
		{P: 1, Work: 8, Span: 1, Time: 10, Label: "first"},
		{P: 2, Work: 8, Span: 1, Time: 6.5, Label: "runs.csv:4"},
		{P: math.Inf(1), Work: 8, Span: 1.5, Time: 1.5, Label: "ideal"},
		{P: math.Inf(1), Work: 16, Span: 1, Time: 4, Label: "runs.csv:7"},
	}
	if len(obs) != len(want) {
		t.Fatalf("got %d observations, want %d: %+v", len(obs), len(want), obs)
	}
	for i := range want {
		if obs[i] != want[i] {
			t.Errorf("observation %d = %+v, want %+v", i, obs[i], want[i])
		}
	}
}

// TestReadCSVErrors checks that each problem is reported with the file name
// and the line it is on.
func TestReadCSVErrors(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"", `^r.csv: empty`},
		{"p,work,time\n1,2,3\n", `^r.csv:1: header lacks column span`},
		{"p,work,span,time,p\n", `^r.csv:1: column "p" appears twice`},
		{"p,work,span,time\n", `^r.csv:1: no observations`},
		{"p,work,span,time\n1,2,3,4\n1,2,x,4\n", `^r.csv:3: span "x" is not a number`},
		{"p,work,span,time\n1,2,3,4\n\n0,2,3,4\n", `^r.csv:4: p = 0: want a positive`},
		{"p,work,span,time\n-inf,2,3,4\n", `^r.csv:2: p = -inf`},
		{"p,work,span,time\n1,2,3,0\n", `^r.csv:2: time = 0`},
		{"p,work,span,time\n1,2,3,inf\n", `^r.csv:2: time = inf: want a finite`},
		{"p,work,span,time\n1,-2,3,1\n", `^r.csv:2: work = -2: want a non-negative`},
		{"p,work,span,time\n1,NaN,3,1\n", `^r.csv:2: work is NaN`},
		{"p,work,span,time\n1,1e999,3,1\n", `^r.csv:2: work "1e999" is out of range`},
		{"p,work,span,time\n1,2,3,4\n1,2\n", `^r.csv:3: no span column`},
		{"p,work,span,time\n1,2,3,\n", `^r.csv:2: time is empty`},
		{"p,work,span,time\n1,2,3,4\n1,\"2,3,4\n", `^r.csv:3: `},
	} {
		_, err := ReadCSV("r.csv", strings.NewReader(tc.in))
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.in, tc.want)
			continue
		}
		if !regexp.MustCompile(tc.want).MatchString(err.Error()) {
			t.Errorf("%q: error %q, want %s", tc.in, err, tc.want)
		}
	}
}

// FuzzReadCSV checks that ReadCSV never panics, that every observation it
// accepts can be fitted (no NaN, P > 0, Time > 0), and that errors name the
// file.
func FuzzReadCSV(f *testing.F) {
	f.Add("p,work,span,time\n1,8,1,10\n2,8,1,6\ninf,8,1,1\n4,16,2,7\n")
	f.Add("time,p,span,work,label\n1,1,1,1,a\n")
	f.Add("p,work,span,time\n1,\"2\n")
	f.Add("# c\np,work,span,time\n0x1p3,1e2,0,1e-300\n")
	f.Fuzz(func(t *testing.T, in string) {
		obs, err := ReadCSV("f.csv", strings.NewReader(in))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.csv:") {
				t.Errorf("error %q does not start with the name", err)
			}
			return
		}
		if len(obs) == 0 {
			t.Fatal("no error and no observations")
		}
		for i, o := range obs {
			if err := o.check(i); err != nil {
				t.Errorf("accepted an observation Fit rejects: %v", err)
			}
		}
		Fit(obs, Full) // must not panic; errors are fine
	})
}

// TestJSON checks the keys and shapes of the marshalled Result.
func TestJSON(t *testing.T) {
	r, err := Fit(factorial, Full)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"c1", "cinf", "c0"} {
		c, ok := m[k].(map[string]any)
		if !ok {
			t.Fatalf("%s = %v, want an object", k, m[k])
		}
		ci, ok := c["ci95"].([]any)
		if _, vok := c["value"].(float64); !vok || !ok || len(ci) != 2 {
			t.Errorf("%s = %v, want value, se, ci95 [low, high]", k, c)
		}
	}
	for _, k := range []string{"r2", "correlation", "mean_error", "mean_relative_error", "n", "model", "residuals", "brent_mean_relative_error", "published"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no key %q in %s", k, b)
		}
	}
	if !close(m["c1"].(map[string]any)["value"].(float64), 1.5, 1e-12) || m["n"] != 4.0 || m["model"] != "full" {
		t.Errorf("c1, n, model wrong in %s", b)
	}

	// An undefined statistic is null rather than a marshalling error: equal
	// times make R² 0/0.
	flat := []Obs{{P: 1, Work: 1, Span: 1, Time: 2}, {P: 2, Work: 1, Span: 2, Time: 2}, {P: 4, Work: 3, Span: 1, Time: 2}, {P: 1, Work: 5, Span: 3, Time: 2}}
	r, err = Fit(flat, Full)
	if err != nil {
		t.Fatal(err)
	}
	if b, err = json.Marshal(r); err != nil || !strings.Contains(string(b), `"r2":null`) {
		t.Errorf("flat: %s, %v; want r2 null", b, err)
	}
	v, err := Validate(synth(1, 1, 1, 0, nil), 8, NoIntercept)
	if err != nil {
		t.Fatal(err)
	}
	if b, err = json.Marshal(v); err != nil || !strings.Contains(string(b), `"points"`) {
		t.Errorf("validation JSON %s, %v", b, err)
	}
}

func TestWriteFit(t *testing.T) {
	r, err := Fit(factorial, Full)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteFit(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, re := range []string{
		`model full: T = c1·W/P \+ c∞·C \+ c0`,
		`(?m)^c1 +W/P +1\.5 +± 0\.5 +\[-4\.853, 7\.853\]`,
		`(?m)^R² +0\.971429`,
		`(?m)^mean relative error +12\.71 %`,
		`(?m)^Brent's bound W/P \+ C +69\.17 %`,
		`StarTech \(Kuszmaul 1995, eq\. 2\) +1\.02 +1\.5 +4\.3`,
		`\*Socrates \(Joerg & Kuszmaul 1994, eq\. 1\) +1\.091±0\.001 +0\.95±0\.04 +0`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", re, out)
		}
	}
	t.Log("\n" + out)
}
