package sched

import (
	"runtime"
	"sync"
	"time"
)

// Back-off of an idle pool worker: stealing rounds with a yield of the OS
// thread in between for spinFor (at least spinRounds of them), then sleeps
// that double from sleepMin up to sleepMax, cut short by a wake-up (new
// work, a child finishing, mail, the end of the run). StarTech's idle
// processors likewise "sit idle to avoid swamping busy processors with
// requests for work" (Fig. 8).
//
// Measured on this 2-vCPU machine (2026-11-21), where a sleep and its
// wake-up are costly: with the earlier policy (8 yields, then sleeps from
// 10 µs to 640 µs) an idle worker's timer wake-ups made the busy one 5 %
// slower (97.7 ms against 92.7 ms alone on a Jamboree search with nothing
// to steal), and the waits at the end of parallel loops went through the
// OS: Jamboree's 2-worker speedup was 1.44–1.70 on BK.01–04 and 1.64–1.90
// on the wide synthetic tree. Spinning up to 1 ms: 1.71–1.92 and
// 1.77–1.96; up to 5 ms: 1.82–1.91 and 1.70–2.00 (BENCHMARKS.md). Every
// event an idle worker waits for wakes it, so the timer is only a
// backstop.
const (
	spinRounds = 8
	spinFor    = 5 * time.Millisecond
	sleepMin   = 100 * time.Microsecond
	sleepMax   = 10 * time.Millisecond
)

// backoff tracks one stretch of idleness of a pool worker.
type backoff struct {
	n, naps int
	start   time.Time
}

func (b *backoff) step(p *proc, t *Task, pend int32) {
	m := p.m
	if b.n == 0 {
		b.start = time.Now()
		m.idleWorkers.Add(1)
		if m.observed {
			p.pubIdleSince.Store(b.start.UnixNano())
		}
	}
	b.n++
	if b.n <= spinRounds || time.Since(b.start) < spinFor {
		runtime.Gosched()
		return
	}
	b.naps++
	d := min(sleepMin<<(b.naps-1), sleepMax)
	p.sleeping.Store(true)
	m.sleepers.Add(1)
	// Re-check after announcing the sleep, so that a wake-up sent in
	// between is not lost (the sleep is bounded anyway).
	if !m.finished.Load() && (t == nil || t.loadPending() == pend) && !m.workFor(p) {
		p.timer.Reset(d)
		select {
		case <-p.wake:
			p.timer.Stop()
		case <-m.doneCh:
			p.timer.Stop()
		case <-p.timer.C:
		}
	}
	m.sleepers.Add(-1)
	p.sleeping.Store(false)
}

// done closes an idle stretch, if any, charging it to kind (-1: idle).
func (b *backoff) done(p *proc, kind WaitKind) {
	if b.n == 0 {
		return
	}
	d := int64(time.Since(b.start))
	p.tally.idle += d
	if kind < numWaitKinds {
		p.tally.blocked[kind] += d
	}
	b.n, b.naps = 0, 0
	p.m.idleWorkers.Add(-1)
	if p.m.observed {
		p.pubIdleSince.Store(0)
		p.publish()
	}
}

const noWait = WaitKind(255)

func (m *machine) workFor(p *proc) bool {
	if p.nmail.Load() > 0 {
		return true
	}
	for _, q := range m.procs {
		if q.size.Load() > 0 {
			return true
		}
	}
	return false
}

// wakeOne wakes a sleeping worker, if any, after new work was posted.
func (m *machine) wakeOne(from *proc) {
	n := len(m.procs)
	for i := 1; i < n; i++ {
		q := m.procs[(from.id+i)%n]
		if q.sleeping.Load() {
			select {
			case q.wake <- struct{}{}:
			default:
			}
			return
		}
	}
}

// stealPool tries random victims (StarTech, *Socrates §3: "a processor
// selected at random"), taking the top of a non-empty deque.
func (p *proc) stealPool(min int32) *Task {
	m := p.m
	n := len(m.procs)
	if n == 1 {
		return nil
	}
	for i := 0; i < 2*n; i++ {
		v := m.procs[p.rng.intn(n)]
		if v == p {
			continue
		}
		p.tally.attempts++
		if v.size.Load() == 0 {
			// Ask for latent children (local.go: Latent): the
			// victim answers at its next poll, or, if it holds
			// none, at the first poll after it registers some, so
			// that a thief that goes to sleep still gets them.
			if !v.lat.req.Load() {
				v.lat.req.Store(true)
			}
			continue
		}
		v.mu.Lock()
		x := v.dq.steal(min).t // the pool posts tasks only
		v.size.Store(int32(v.dq.n))
		v.mu.Unlock()
		if x != nil {
			p.tally.steals++
			p.tally.started++
			// Pass the wake-up on: a sleeper is woken once per post,
			// so a thief that leaves work behind wakes the next one.
			if v.size.Load() > 0 && m.sleepers.Load() > 0 {
				m.wakeOne(p)
			}
			return x
		}
	}
	return nil
}

// poolMain is a worker's scheduling loop.
func (p *proc) poolMain(wg *sync.WaitGroup) {
	defer wg.Done()
	m := p.m
	var b backoff
	for !m.finished.Load() {
		if x := p.find(anyLevel); !x.none() {
			b.done(p, noWait)
			p.run(x.t)
			continue
		}
		b.step(p, nil, 0)
	}
	b.done(p, noWait)
}

// sample records the pool's parallelism and utilization profiles: tasks
// posted or running, and workers not idle.
//
// On an observed run it also hands Config.Observe a Snapshot every
// ObserveEvery.
func (m *machine) sampleLoop(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	every := m.observeEvery()
	tick := 200 * time.Microsecond
	if m.prof.n == 0 {
		tick = time.Duration(every)
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	var last int64
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		busy := int64(len(m.procs)) - int64(m.idleWorkers.Load())
		ready := int64(0)
		for _, q := range m.procs {
			ready += int64(q.size.Load()) + int64(q.nmail.Load())
		}
		m.sampleMu.Lock()
		if m.sampleOver {
			m.sampleMu.Unlock()
			return
		}
		now := int64(time.Since(m.start))
		if m.prof.n > 0 {
			m.prof.set(now, ready+busy, busy)
		}
		m.sampleMu.Unlock()
		if m.observed && now-last >= every {
			last = now
			m.cfg.Observe(m.poolSnapshot(busy, ready))
		}
	}
}

// heartbeatLoop is Config.Heartbeat: every period it raises each
// worker's steal request flag, which the worker answers at its next poll
// as it answers a thief (local.go: Latent).
func (m *machine) heartbeatLoop(stop <-chan struct{}) {
	t := time.NewTicker(time.Duration(m.cfg.Heartbeat))
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		for _, p := range m.procs {
			if !p.lat.req.Load() {
				p.lat.req.Store(true)
			}
		}
	}
}
