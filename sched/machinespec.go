package sched

import (
	"fmt"
	"strconv"
	"strings"
)

// The kinds of machine a run can use.
const (
	Pool = "pool" // the work-stealing goroutine pool on this computer's cores
	Sim  = "sim"  // the deterministic simulated machine with a virtual clock
)

// MaxPoolWorkers bounds P on the goroutine pool.
const MaxPoolWorkers = 4096

// MaxSimProcs bounds a finite P on the simulated machine (the papers ran
// on 512).
const MaxSimProcs = 1 << 16

// Machine names the machine a parallel run uses: the pool with P workers
// or the simulated machine with P processors, where P = 0 on the
// simulator means infinitely many (*Socrates's T_∞, the critical path).
// It is the one encoding of "infinitely many processors": every other
// layer converts through Infinite, PLabel and ParseMachine.
type Machine struct {
	Kind string `json:"machine"` // Pool or Sim; "" is the pool
	P    int    `json:"p"`       // processors; 0 on the simulator: infinitely many; 0 on the pool: GOMAXPROCS
}

// PoolOf is the pool with p workers.
func PoolOf(p int) Machine { return Machine{Kind: Pool, P: p} }

// SimOf is the simulated machine with p processors (0: infinitely many).
func SimOf(p int) Machine { return Machine{Kind: Sim, P: p} }

// IsSim reports whether m is the simulated machine.
func (m Machine) IsSim() bool { return m.Kind == Sim }

// Infinite reports whether m is the simulated machine with infinitely
// many processors.
func (m Machine) Infinite() bool { return m.Kind == Sim && m.P == 0 }

// PLabel prints P as every table does: "inf" for infinitely many.
func (m Machine) PLabel() string {
	if m.Infinite() {
		return "inf"
	}
	return strconv.Itoa(m.P)
}

// String is "pool P=2" or "sim P=inf".
func (m Machine) String() string {
	k := m.Kind
	if k == "" {
		k = Pool
	}
	return k + " P=" + m.PLabel()
}

// Validate reports a P out of range for the kind of machine.
func (m Machine) Validate() error {
	switch m.Kind {
	case Sim:
		if m.P < 0 || m.P > MaxSimProcs {
			return fmt.Errorf("simulated P = %d: want 1…%d or inf", m.P, MaxSimProcs)
		}
	case Pool, "":
		if m.P < 0 || m.P > MaxPoolWorkers {
			return fmt.Errorf("pool P = %d: want 1…%d workers", m.P, MaxPoolWorkers)
		}
	default:
		return fmt.Errorf("unknown machine %q (want %s or %s)", m.Kind, Pool, Sim)
	}
	return nil
}

// ParseMachine reads one processor count of a machine of the given kind:
// "1"…MaxPoolWorkers workers on the pool, "1"…MaxSimProcs or "inf"
// processors on the simulator. The error says what is allowed.
func ParseMachine(kind, s string) (Machine, error) {
	s = strings.TrimSpace(s)
	switch kind {
	case Sim:
		if s == "inf" {
			return SimOf(0), nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxSimProcs {
			return Machine{}, fmt.Errorf("%q: want 1…%d simulated processors or inf", s, MaxSimProcs)
		}
		return SimOf(n), nil
	case Pool:
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxPoolWorkers {
			return Machine{}, fmt.Errorf("%q: want a number of pool workers 1…%d", s, MaxPoolWorkers)
		}
		return PoolOf(n), nil
	}
	return Machine{}, fmt.Errorf("unknown machine %q (want %s or %s)", kind, Pool, Sim)
}

// ParseMachines reads a comma-separated list of processor counts (see
// ParseMachine); "" is the empty list.
func ParseMachines(kind, list string) ([]Machine, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var out []Machine
	for _, f := range strings.Split(list, ",") {
		m, err := ParseMachine(kind, f)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}
