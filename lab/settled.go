package lab

import (
	"fmt"
	"splitpoint/algos"
	"strconv"

	"splitpoint/sched"
)

// Check reports a settled run that no front end could have settled: a
// setting out of the range its knob takes (depth, table, grain, time,
// memory budget, preset), a cost model the costs knob refuses, or a
// machine that is not Serial with no processors, the pool or the
// simulator with a P they take. A cluster's worker checks a job it is
// sent with it before running it.
func (s Settled) Check() error {
	vals := []struct{ name, v string }{
		{"depth", strconv.Itoa(s.Opt.Depth)},
		{"tt", strconv.Itoa(s.Opt.TTBits)},
		{"time", s.Opt.Time.String()},
		{"max-mem", budgetArg(s.MaxMem)},
	}
	if !s.AutoGrain {
		vals = append(vals, struct{ name, v string }{"grain", strconv.Itoa(s.Opt.Grain)})
	}
	if s.Preset != "" {
		vals = append(vals, struct{ name, v string }{"preset", s.Preset})
	}
	for _, kv := range vals {
		k, _ := FindKnob(kv.name)
		if _, err := k.parse(kv.v); err != nil {
			return fmt.Errorf("%s: %q: %w", k.Spec, kv.v, err)
		}
	}
	if _, err := sched.ParseCosts(s.Costs.String()); err != nil {
		return fmt.Errorf("costs: %w", err)
	}
	if _, ok := s.Opt.Table().Lookup(s.Opt.Algo); !ok {
		return s.Opt.Table().Unknown(s.Opt.Algo)
	}
	return s.checkMachine()
}

// InTable is s with its options' and its baseline's algorithms rows of
// the table t (algos.Options.InTable): a settled run read back from JSON
// is given the table of the front end that runs it.
func (s Settled) InTable(t algos.AlgoTable) Settled {
	s.Opt = s.Opt.InTable(t)
	if s.Baseline != "" {
		s.BaselineOpt = s.BaselineOpt.InTable(t) // as Settle makes it: Opt.Serial
	}
	return s
}

// checkMachine checks the machine's kind and P.
func (s Settled) checkMachine() error {
	m := s.Machine
	switch m.Kind {
	case Serial:
		if m.P != 0 {
			return fmt.Errorf("a serial run on %d processors", m.P)
		}
		return nil
	case sched.Pool, sched.Sim:
		_, err := sched.ParseMachine(m.Kind, m.PLabel())
		return err
	}
	return fmt.Errorf("machine %q (want %s, %s or %s)", m.Kind, Serial, sched.Pool, sched.Sim)
}

// budgetArg writes a memory budget as the max-mem knob reads it.
func budgetArg(n int64) string {
	switch {
	case n == 0:
		return "default"
	case n < 0:
		return "none"
	}
	return strconv.FormatInt(n, 10)
}
