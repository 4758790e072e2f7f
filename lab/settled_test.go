package lab

import (
	"encoding/json"
	"reflect"
	"testing"

	"splitpoint/sched"
)

// TestSettledJSON: a settled run, options, machine and cost model
// included, is the same after a JSON round trip: the record a sweep's job
// message carries.
func TestSettledJSON(t *testing.T) {
	var req Request
	for k, v := range map[string]string{"algo": "jamboree", "depth": "5", "variants": "serialize2,deferred", "costs": "node=2,steal=30",
		"levelwait": "true", "max-mem": "1GiB", "param": "killer_handover=false", "seed": "9", "time": "3s"} {
		if err := req.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Settle(Shape{Domain: "chess"}, req)
	if err != nil {
		t.Fatal(err)
	}
	s.Machine = sched.SimOf(16)
	if s.Costs.Steal != 30 || !s.Opt.Serialize2 || s.MaxMem == 0 || s.Opt.Seed != 9 {
		t.Fatalf("settled %+v", s)
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back Settled
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		t.Fatalf("round trip:\n%+v\nwant\n%+v", back, s)
	}
	if err := back.Check(); err != nil {
		t.Fatalf("Check: %v", err)
	}
}
