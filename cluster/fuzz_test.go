package cluster

import (
	"encoding/json"
	"testing"

	"splitpoint/algos"
	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/sched"
)

// FuzzDecodeJob: any bytes on a job subject decode to a job that belongs
// there or to an ErrMessage; never a panic.
func FuzzDecodeJob(f *testing.F) {
	good, _ := json.Marshal(JobMsg{Kind: KindJob, Sweep: "s", Job: 1, Total: 3, Role: results.RoleBaseline,
		Settled: lab.Settled{Opt: algos.Options{Algo: "scout"}, Machine: sched.Machine{Kind: lab.Serial}}})
	for _, s := range []string{string(good), `{"kind":"splitpoint/job/3"}`, `not json`, `{"kind":7}`, `[]`, `null`} {
		f.Add("splitpoint.jobs.s.1", []byte(s))
	}
	f.Fuzz(func(t *testing.T, subj string, data []byte) {
		m, err := DecodeJob(subj, data)
		if err == nil && (m.Job < 0 || m.Job >= m.Total || (subj != "" && subj != JobSubject(m.Sweep, m.Job))) {
			t.Fatalf("accepted %+v on %q", m, subj)
		}
	})
}

// FuzzDecodeResult: likewise for results of sweep "s" of 3 jobs.
func FuzzDecodeResult(f *testing.F) {
	good, _ := json.Marshal(ResultMsg{Kind: KindResult, Sweep: "s", Job: 2, Run: &results.Run{Sweep: "s"}})
	for _, s := range []string{string(good), `{"kind":"splitpoint/result/2","sweep":"s","job":0,"error":"x"}`, `{}`, `"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeResult("splitpoint.results.s.0", "s", 3, data)
		if err == nil && (m.Sweep != "s" || m.Job < 0 || m.Job >= 3 || (m.Run == nil && m.Error == "")) {
			t.Fatalf("accepted %+v", m)
		}
	})
}

// FuzzJobCheck: any job that decodes is either refused by Check with an
// error or within the command line's limits; never a panic.
func FuzzJobCheck(f *testing.F) {
	good, _ := json.Marshal(JobMsg{Kind: KindJob, Sweep: "s", Job: 0, Total: 1, Role: results.RoleParallel, LoadName: "uniform:b=3,d=4,seed=1", Rep: 1,
		Settled: lab.Settled{Opt: algos.Options{Algo: "jamboree", Depth: 4, ParallelOptions: algos.ParallelOptions{Grain: -1}}, Machine: sched.SimOf(4)}})
	f.Add(good)
	f.Add([]byte(`{"kind":"splitpoint/job/3","sweep":"s","job":0,"total":1,"role":"serial","load":"file:../x","rep":1,"settled":{"options":{"algo":"scout","depth":1000,"restart":true},"machine":{"machine":"serial"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeJob("", data)
		if err != nil {
			return
		}
		if o := m.Settled.Opt; m.Check(experiment.LabEngine{}) == nil && (o.Depth < 0 || o.Depth > algos.MaxDepth || m.Rep < 1 || m.Settled.Machine.P < 0) {
			t.Fatalf("accepted %+v", m)
		}
	})
}
