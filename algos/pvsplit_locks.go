package algos

import (
	"splitpoint/game"
	"splitpoint/sched"
)

// pvLocks are the locks of ParaChinook's shared memory on the simulated
// machine, taken when the cost model prices them (sched.TC2000Costs; Lu
// §4.2, 003:L932: the table "coordinated through the use of spin-wait
// locks"; §4.1, 003:L916: FarmWork packages a piece of work for a
// searcher, ReturnedResult reads its result):
//
//   - the table's locks (CostModel.TTLocks of them, by key): every probe
//     and store of the controller and of each searcher takes its entry's
//     lock for CostModel.TTLock;
//   - one lock per split node (a frame of the current variation): the
//     controller takes it to post a piece of work, a searcher to post its
//     result, each for CostModel.SplitLock, which the poster spends (the
//     serial program posts nothing: sched.Task.Post).
//
// A taker that finds a lock held spins until it is free (sched.Lock). The
// history table takes no lock: ParaChinook shared it without one (003:L932).
type pvLocks struct {
	tt               sched.Locks
	split            [game.MaxPly + 1]sched.Lock
	ttHold, postHold int64
}

func newPVLocks(cm sched.CostModel) *pvLocks {
	return &pvLocks{tt: sched.NewLocks(cm.TTLocks), ttHold: cm.TTLock, postHold: cm.SplitLock}
}

// post takes the lock of the split node at ply for a post (a piece of
// work or a result).
func (l *pvLocks) post(c sched.Ctx, ply int) { c.Self().Post(&l.split[ply], l.postHold) }

// pvTTAcct is the tt.Accountant of a view of the table: each access takes
// its entry's lock, charged to the task *c runs.
type pvTTAcct struct {
	c *sched.Ctx
	l *pvLocks
}

func (a *pvTTAcct) TTAccess(key uint64) { (*a.c).Self().Acquire(a.l.tt.For(key), a.l.ttHold) }

// PVLockStats are the takes of a PVSplit run's locks, how many found the
// lock held, and the time spun for it (the machine's time unit).
type PVLockStats struct {
	TTTakes        int64 `json:"tt_takes"`
	TTContended    int64 `json:"tt_contended"`
	TTWaited       int64 `json:"tt_waited"`
	SplitTakes     int64 `json:"split_takes"`
	SplitContended int64 `json:"split_contended"`
	SplitWaited    int64 `json:"split_waited"`
}

func (l *pvLocks) stats() *PVLockStats {
	var s PVLockStats
	s.TTTakes, s.TTContended, s.TTWaited = l.tt.Totals()
	s.SplitTakes, s.SplitContended, s.SplitWaited = sched.Locks(l.split[:]).Totals()
	return &s
}
