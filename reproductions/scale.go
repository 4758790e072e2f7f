package reproductions

import (
	"fmt"
	"io"
	"strings"

	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/notebooks"
)

// FullScale is a paper's scale as a plan: the sweep specs that run it
// (notebooks/scale/NAME.yaml on the free machine, NAME-PRESET.yaml on the
// paper's), and what it costs, estimated from a measured sample with a
// stated model. A user runs the specs over a cluster (NATS or Slurm),
// resumably; reproduce NAME --scale paper prints the plan and
// --emit-spec DIR writes the specs.
type FullScale struct {
	// Paper is the paper's scale in words, and Full how far the
	// reproduction's full form goes toward it.
	Paper, Full string
	Specs       []string // file names under notebooks/scale
	// Sample is the measured sample: the command and what it gave (nodes,
	// CPU seconds). NodesPerRun and NodesPerBaseline are the simulated
	// nodes of a parallel run and the nodes of a serial baseline at the
	// specs' scale, and CPUPerNode the CPU seconds per node, all from
	// the sample through Model.
	Sample                        string
	NodesPerRun, NodesPerBaseline float64
	CPUPerNode                    float64
	Model                         string
}

// The measured samples (one CPU of the project's 2-core machine, user
// time, while other work loaded it; docs/reproductions.md).
const (
	// sampleLu: search suite:tinsley#1 --algo pvfsplit --preset
	// parachinook --depth 13 --sim 16 --levels=false: 1,344,314 simulated
	// and 937,547 serial nodes (search overhead 43 %) in 1.42 CPU-s.
	sampleLuCPU = 1.42 / (1344314 + 937547)
	// luSerialPerPosition is the serial nodes of the suite at Lu's depths, 88.5
	// M (the full form, docs/reproductions/lu.md), 4.4 M a position.
	luSerialPerPosition = 88.5e6 / 20
	// sampleJam: search suite:kaufman#1 --algo jamboree --variants
	// deferred,rid --sim 512 --grain 0 --levels=false at depths 5, 6, 7:
	// W 311,538, 2,220,739, 9,302,138 (W/C 650 at depth 7: StarTech's
	// regime), the serial Scout 147,415, 890,337, 3,808,113; depth 7 in
	// 46.92 CPU-s.
	jamW7, jamSerial7 = 9302138.0, 3808113.0
	sampleJamCPU      = 46.92 / (9302138 + 3808113)
)

// jamScale is the scale of a StarTech or *Socrates reproduction whose
// specs run Jamboree at depth 7.
func jamScale(paper, full string, specs ...string) FullScale {
	return FullScale{Paper: paper, Full: full, Specs: specs,
		Sample:      "search suite:kaufman#1 --algo jamboree --variants deferred,rid --sim 512 --grain 0 --levels=false at depths 5, 6, 7: W 311,538, 2,220,739, 9,302,138 simulated nodes (W/C 650 at depth 7), the serial Scout 147,415, 890,337, 3,808,113; depth 7 in 46.92 CPU-s (3.6 µs a node)",
		NodesPerRun: jamW7, NodesPerBaseline: jamSerial7, CPUPerNode: sampleJamCPU,
		Model: "every run at depth 7 takes the sample's W at P = 512 (an upper bound for smaller P, whose speculative work is less) and every baseline the sample's serial nodes: Kaufman 1 stands for every position (positions differ by up to ten times); CPU time is nodes × the sample's CPU per node; each ply deeper multiplies all by 4 to 7 (×7.1 from depth 5 to 6, ×4.2 from 6 to 7)"}
}

// Scales are the reproductions' scales, by name; a reproduction absent
// here says why in ScaleNote.
var Scales = map[string]FullScale{
	"lu": {Paper: "Lu's 20 positions at his depths (15, 17, 19), 4 algorithms × 2, 4, 8, 16 searchers: 320 parallel runs and 20 serial per machine",
		Full:  "the full form is the paper's scale (and its quick form 4 positions at depth 13)",
		Specs: []string{"lu.yaml", "lu-tc2000.yaml"},
		Sample: "search suite:tinsley#1 --algo pvfsplit --preset parachinook --depth 13 --sim 16: 1,344,314 simulated and 937,547 serial nodes in 1.42 CPU-s (0.62 µs a node); " +
			"the suite's serial searches at Lu's depths take 88.5 M nodes (the full form)",
		NodesPerRun: luSerialPerPosition * 1.43, NodesPerBaseline: luSerialPerPosition, CPUPerNode: sampleLuCPU,
		Model: "a parallel run visits its position's serial nodes times 1 + the search overhead, taken as the sample's 43 % (PVFSplit at 16 searchers, among the largest); CPU time is nodes × the sample's CPU per node"},
	"startech-work-path": jamScale("Kaufman's 25 positions on 1 … 512 processors under tournament conditions (depth not given; W/C 500–1,000 at P = 512, reached here at depth 7)",
		"the full form: depth 6 on Kaufman's 25, P 1 … 512, and depth 5 at P = 1, 128, 512 and ∞ (the profile); each claim is judged at the deepest depth the run holds", "startech-work-path.yaml", "startech-work-path-cm5.yaml"),
	"startech-variants": jamScale("the improvements on a typical Kaufman problem on 512 processors at tournament depth (set and depth not given)",
		"the full form: Kaufman 1–8 at depths 5 and 7 on 512 processors, free and on the CM-5 model; every claim is judged at depth 7", "startech-variants.yaml", "startech-variants-cm5.yaml"),
	"socrates-model": jamScale("the eight Fig. 6 positions on machines of many sizes, \"to various depths up to those that allowed the program to solve the problem\"",
		"the full form: depths 4–6 on P 1 … 512", "socrates-model.yaml", "socrates-model-cm5.yaml"),
	"small-machines-mislead": jamScale("serialize-all and value2 against Jamboree on small and large machines (512 processors), positions and depth not given",
		"the full form: Kaufman 1–8 at depth 4, P 1 … 512", "small-machines-mislead.yaml", "small-machines-mislead-cm5.yaml"),
}

// ScaleNote says why a reproduction has no scale plan.
var ScaleNote = map[string]string{
	"parsss":            "the full form is the paper's scale and more: Tables 2 and 3's trees (b, d) = (2, 15), (3, 10), (5, 7) on 128–256 seeds each, in about a minute",
	"vuckovic":          "the full form is the paper's scale: two searchers at depth 7 on a 33-position suite (yazgac.epd is lost; the full form uses others of the same size), in minutes",
	"theorems":          "the theorems are checked exactly on uniform trees; no scale applies",
	"startech-tt":       "Fig. 4 is serial (a table's size against nodes): the full form reaches 3.2·10^7 positions with its largest table at depth 7, near Fig. 4's 4.1·10^7, where the ratios to the largest table are judged",
	"startech-cycles":   "Fig. 8 is one 512-processor search on the CM-5; the full form runs three Kaufman positions at depth 7, the paper's regime",
	"startech-rating":   "the rating needs every Kaufman position solved under a time limit; its scale is the full form's suite at longer limits, which solve sets on the command line",
	"modern-comparison": "the compared papers' scales differ and are not reproduced",
}

// ScaleSpec returns the bytes of the scale spec name (a file of Specs).
func ScaleSpec(name string) ([]byte, error) { return notebooks.FS.ReadFile("scale/" + name) }

// ScalePlan is a scale's specs expanded into runs with the estimate.
type ScalePlan struct {
	Spec               string
	Parallel, Baseline int
	Nodes, CPUHours    float64
}

// Plan expands each spec of s (checked as a sweep checks it) and
// estimates its nodes and CPU hours.
func (s FullScale) Plan(tab lab.Tables) ([]ScalePlan, error) {
	var out []ScalePlan
	for _, name := range s.Specs {
		data, err := ScaleSpec(name)
		if err != nil {
			return nil, err
		}
		sp, err := experiment.ParseIn(name, data, tab)
		if err != nil {
			return nil, err
		}
		jobs, err := experiment.Plan(sp, experiment.LabEngine{Tables: &tab})
		if err != nil {
			return nil, err
		}
		p := ScalePlan{Spec: name}
		for _, j := range jobs {
			if j.Role == "baseline" {
				p.Baseline++
			} else {
				p.Parallel++
			}
		}
		p.Nodes = float64(p.Parallel)*s.NodesPerRun + float64(p.Baseline)*s.NodesPerBaseline
		p.CPUHours = p.Nodes * s.CPUPerNode / 3600
		out = append(out, p)
	}
	return out, nil
}

// WriteScale prints r's scale: the paper's, how far the full form goes,
// the plan of each spec with its estimate, the sample and model, and the
// commands that run it over a cluster, resumably.
func WriteScale(w io.Writer, r Reproduction, tab lab.Tables) error {
	s, ok := Scales[r.Name]
	if !ok {
		note := ScaleNote[r.Name]
		if note == "" {
			note = "no plan yet"
		}
		fmt.Fprintf(w, "%s: no scale plan: %s.\n", r.Name, note)
		return nil
	}
	plans, err := s.Plan(tab)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s at the paper's scale (%s)\n  the paper: %s\n  here: %s\n\n", r.Name, r.Paper, s.Paper, s.Full)
	fmt.Fprintf(w, "  %-34s %8s %9s %14s %10s\n", "spec (notebooks/scale/)", "parallel", "baseline", "nodes (est.)", "CPU-hours")
	var nodes, hours float64
	for _, p := range plans {
		fmt.Fprintf(w, "  %-34s %8d %9d %14.3g %10.2g\n", p.Spec, p.Parallel, p.Baseline, p.Nodes, p.CPUHours)
		nodes += p.Nodes
		hours += p.CPUHours
	}
	fmt.Fprintf(w, "  %-34s %8s %9s %14.3g %10.2g\n\n", "all", "", "", nodes, hours)
	fmt.Fprintf(w, "  sample: %s\n  model: %s\n\n", s.Sample, s.Model)
	fmt.Fprintf(w, "Run it over a cluster, one spec at a time (--emit-spec DIR writes them):\n")
	for _, sp := range s.Specs {
		fmt.Fprintf(w, "  NATS:  splitpoint sweep --spec %s --db %s.db --nats embedded   # then on each worker: splitpoint worker --nats nats://HOST:4222 --nats-creds KEYFILE\n", sp, strings.TrimSuffix(sp, ".yaml"))
		fmt.Fprintf(w, "  Slurm: splitpoint slurm %s --nodes N --time T --db %s.db && sbatch %s\n", sp, strings.TrimSuffix(sp, ".yaml"), strings.TrimSuffix(sp, ".yaml")+".sbatch")
	}
	fmt.Fprintf(w, "Stopped or lost, a sweep resumes: splitpoint sweep --spec SPEC --db DB --nats embedded --resume ID (its id is printed when it starts); every stored run stays.\n")
	fmt.Fprintf(w, "The runs land in DB: splitpoint runs --db DB, sql --db DB and report --db DB read them.\n")
	return nil
}
