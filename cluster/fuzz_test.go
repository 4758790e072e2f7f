package cluster

import (
	"context"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"

	"splitpoint/algos"
	"splitpoint/experiment"
	"splitpoint/game"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/results/resultstest"
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

// FuzzCheckRun: any row a worker sends for a planned job is either
// refused by CheckRun or is what the job asked for: every column the job
// determines is the job's row's, and its measurements are within the
// bounds every run of the job obeys; never a panic. The seeds are the
// rows of a planned baseline, simulated and pool run.
func FuzzCheckRun(f *testing.F) {
	s := experiment.NewSpec()
	for k, v := range map[string]string{"positions": "uniform:b=3,d=4,seed=1", "algos": "jamboree", "depth": "4", "sim": "3", "workers": "2"} {
		if err := s.Set(k, v); err != nil {
			f.Fatal(err)
		}
	}
	jobs, err := experiment.Plan(s, experiment.LabEngine{})
	if err != nil {
		f.Fatal(err)
	}
	st := resultstest.Open(f)
	o, err := (&experiment.Runner{Store: st, Engine: experiment.LabEngine{}}).Run(context.Background(), jobs)
	if err != nil {
		f.Fatal(err)
	}
	for i, r := range o.Rows {
		id := strconv.Itoa(i)
		r.Sweep, r.Job, r.ID, r.BaselineID = "s", &id, 0, nil
		data, _ := json.Marshal(r)
		f.Add(uint8(i), data)
	}
	f.Add(uint8(1), []byte(`{"sweep":"s","p":999,"depth":77,"value":123456}`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		i := int(which) % len(jobs)
		var r results.Run
		if json.Unmarshal(data, &r) != nil {
			return
		}
		if CheckRun("s", i, &jobs[i], &r) != nil {
			return
		}
		want := jobs[i].Row()
		if r.Position != want.Position || r.Algo != want.Algo || r.Variants != want.Variants || r.Depth != want.Depth ||
			r.Machine != want.Machine || !reflect.DeepEqual(r.P, want.P) || r.Seed != want.Seed || r.Rep != want.Rep || r.Role != want.Role ||
			r.Sweep != "s" || r.Job == nil || *r.Job != strconv.Itoa(i) || r.Costs != want.Costs {
			t.Fatalf("accepted a row of another job: %+v", r)
		}
		if r.Value < -int64(game.Inf) || r.Value > int64(game.Inf) || r.Work < 1 || r.Span < 1 || r.Span > r.Work || r.Nodes < 0 {
			t.Fatalf("accepted impossible measurements: %+v", r)
		}
		if jobs[i].Machine.IsSim() && (r.Time < r.Span || r.Time*int64(jobs[i].Machine.P) < r.Work) {
			t.Fatalf("accepted a simulated time below Brent's bounds: %+v", r)
		}
	})
}
