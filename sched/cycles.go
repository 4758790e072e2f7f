package sched

import (
	"errors"
	"fmt"
	"io"
)

// CycleShare is one line of a run's cycle accounting: a category of
// StarTech Fig. 8, the processor-time the simulator spent in it and its
// share of all P·T_P, beside the paper's share where the paper has one.
type CycleShare struct {
	Name  string  `json:"name"`
	Units int64   `json:"units"`
	Share float64 `json:"share"`
	// Paper is StarTech Fig. 8's share of the same category (512
	// processors, a typical Kaufman problem, deferred reads and recursive
	// iterative deepening); -1 where the figure has no such line.
	Paper float64 `json:"paper"`
	Note  string  `json:"note,omitempty"`
}

// Cycles accounts for every processor-unit of a simulated run on a finite
// machine, P·T_P in all, in the categories of StarTech Fig. 8 (Kuszmaul
// 1995, "How Time is Spent in StarTech"):
//
//   - chess work: W less its table accesses (nodes, evaluations, move
//     generation, spawns: what Fig. 9 breaks down);
//   - waiting for global table reads: tt_remote × the remote accesses (a
//     processor waits for the round trip, Fig. 8's 14.4 %);
//   - table reads at home: tt_local × the local accesses (Fig. 8 has no
//     such line; its 2.2 % "servicing a transposition table lookup" is the
//     owner's side of a remote read, which this model does not charge);
//   - looking for work: steal × the steal attempts (3.6 %);
//   - moving stolen work: migrate × the steals (the thief's side; Fig. 8's
//     0.6 % "responding to a request for work" is the victim's);
//   - waiting for a child: blocked at a join with nothing else to run
//     (3.2 %);
//   - waiting on shared state: blocked on an Event or a Cond (deferred
//     reads' waits; Fig. 8 has no line of its own);
//   - waiting for a parent: a child blocked on its parent (0.5 %, "a
//     child waiting for an abort message from its parent");
//   - spinning on and holding locks: on a machine with spin locks (Lu's
//     TC2000), the time a processor spins for a held Lock, takes it and
//     holds it for a post (Fig. 8's CM-5 had no such line: busy time that
//     would otherwise read as idle);
//   - idle, no work to take: the rest (Fig. 8's 6.6 % "sitting idle to
//     avoid swamping busy processors with requests").
//
// The shares add up to 1. Cycles refuses pool runs (their time is the
// host's) and the infinite machine (P·T_P is unbounded).
func (s *Stats) Cycles() ([]CycleShare, error) {
	switch {
	case s.Kind != Sim:
		return nil, errors.New("cycle accounting needs the simulated machine (--sim P)")
	case s.P <= 0 || len(s.Busy) == 0:
		return nil, errors.New("cycle accounting needs a finite machine (--sim P, not inf)")
	case s.Time <= 0:
		return nil, errors.New("cycle accounting: the run took no time")
	}
	c := s.Costs
	if c == (CostModel{}) {
		c = DefaultCosts()
	}
	total := int64(len(s.Busy)) * s.Time
	remote := c.TTRemote * s.Counts[TTRemote.String()]
	local := c.TTLocal * s.Counts[TTLocal.String()]
	looking := c.Steal * s.StealAttempts
	moving := c.Migrate * s.Steals
	lines := []CycleShare{
		{Name: "chess work", Units: s.Work - remote - local, Paper: 0.688},
		{Name: "waiting for global table reads", Units: remote, Paper: 0.144},
		{Name: "table reads at home", Units: local, Paper: -1, Note: "Fig. 8's 2.2 % servicing lookups is the owner's side, not charged here"},
		{Name: "looking for work", Units: looking, Paper: 0.036},
		{Name: "moving stolen work", Units: moving, Paper: 0.006, Note: "the thief's side; Fig. 8's line is the victim answering"},
		{Name: "waiting for a child", Units: s.BlockedChildren, Paper: 0.032},
		{Name: "waiting on shared state", Units: s.BlockedShared, Paper: -1, Note: "deferred reads waiting for a search in progress"},
		{Name: "waiting for a parent", Units: s.BlockedParent, Paper: 0.005},
	}
	if s.LockUnits > 0 {
		lines = append(lines, CycleShare{Name: "spinning on and holding locks", Units: s.LockUnits, Paper: -1,
			Note: "shared-memory spin locks (the TC2000's, Lu); the CM-5 of Fig. 8 had none"})
	}
	var used int64
	for _, l := range lines {
		used += l.Units
	}
	lines = append(lines, CycleShare{Name: "idle, no work to take", Units: max(total-used, 0), Paper: 0.066,
		Note: "Fig. 8: idle to avoid swamping busy processors with requests"})
	if used > total {
		return nil, fmt.Errorf("cycle accounting: %d units accounted for, more than P·T_P = %d", used, total)
	}
	for i := range lines {
		lines[i].Share = float64(lines[i].Units) / float64(total)
	}
	return lines, nil
}

// WriteCycles prints a cycle accounting as a table, the paper's share
// beside the measured one.
func WriteCycles(w io.Writer, lines []CycleShare) {
	var total int64
	for _, l := range lines {
		total += l.Units
	}
	fmt.Fprintf(w, "  cycles (StarTech Fig. 8), of P·T_P = %d units:\n", total)
	fmt.Fprintf(w, "    %-32s %8s %8s\n", "", "measured", "Fig. 8")
	for _, l := range lines {
		paper := "—"
		if l.Paper >= 0 {
			paper = fmt.Sprintf("%.1f %%", 100*l.Paper)
		}
		note := ""
		if l.Note != "" {
			note = "  (" + l.Note + ")"
		}
		fmt.Fprintf(w, "    %-32s %6.1f %% %8s%s\n", l.Name, 100*l.Share, paper, note)
	}
}
