package sched

import "math"

// anyLevel is the level bound of a processor that may take any work.
const anyLevel = math.MinInt32

// job is a unit of posted work: a task, or (on the simulator) element j,
// in spawn order, of a range of children (Task.SpawnRange), which becomes
// a task only when it starts (proc.runJob). The zero job is none.
//
// In a deque, an entry of a range stands for its n elements j … j+n−1
// posted one after the other (n ≥ 1; push merges them): a range of 40
// tests is one entry, not 40, and the deques of P = 65,536 processors
// hold as many entries as they have ranges in flight. Taken, an entry
// gives one element (n is then 0), the one a deque of single elements
// would have given.
type job struct {
	t *Task
	r *taskRange
	j int32
	n int32 // in a deque: the range's elements the entry stands for
}

// first takes the entry's oldest element (its elements' order is the
// order they were posted in) and reports whether the entry is now empty.
func (x *job) first() (job, bool) {
	if x.r == nil {
		return *x, true
	}
	e := job{r: x.r, j: x.j}
	x.j++
	x.n--
	return e, x.n == 0
}

// last takes the entry's newest element, as first.
func (x *job) last() (job, bool) {
	if x.r == nil {
		return *x, true
	}
	x.n--
	return job{r: x.r, j: x.j + x.n}, x.n == 0
}

// extends reports whether element k of a range follows the entry x's
// elements, so that push adds it to x.
func (x *job) extends(k job) bool {
	return k.r != nil && x.r == k.r && x.j+x.n == k.j
}

func (x job) none() bool { return x.t == nil && x.r == nil }

func (x job) level() int32 {
	if x.t != nil {
		return x.t.level
	}
	return x.r.level
}

// deque is a processor's pool of posted (ready, not started) tasks
// (*Socrates §3, the PCM/Cilk deque). It is not synchronized: the pool
// guards it with the processor's lock, the simulator runs one processor at
// a time.
//
// Without levels it is the plain deque: the owner pushes and pops at the
// bottom (LIFO, depth first), thieves take from the top (FIFO, the oldest
// and shallowest work). With levels (*Socrates §4.3) the tasks are grouped
// by level, shallow at the top: the owner takes from the deepest level,
// thieves from the shallowest, and within one level both take the oldest
// first, so that siblings start in spawn order whether stolen or not.
//
// The bound min (Config.LevelWait, *Socrates §4.4) excludes tasks at levels
// shallower than min from pop and steal.
type deque struct {
	levels bool
	n      int

	// plain: items[top:] from top (oldest) to bottom (newest)
	items []job
	top   int

	// levels: groups[gtop:] sorted by level, shallowest first
	groups []group
	gtop   int
}

type group struct {
	level int32
	items []job
	head  int
}

func (d *deque) push(t job) {
	d.n++
	t.n = 1
	if !d.levels {
		if k := len(d.items) - 1; k >= d.top && d.items[k].extends(t) {
			d.items[k].n++
			return
		}
		d.items = append(d.items, t)
		return
	}
	l := t.level()
	i := len(d.groups) - 1
	if i >= d.gtop && d.groups[i].level == l {
		g := &d.groups[i]
		if k := len(g.items) - 1; k >= g.head && g.items[k].extends(t) {
			g.items[k].n++
			return
		}
		g.items = append(g.items, t)
		return
	}
	if i < d.gtop || d.groups[i].level < l {
		g := d.addGroup(len(d.groups), l)
		g.items = append(g.items, t)
		return
	}
	// A shallower level than the deepest one: find its place.
	for i > d.gtop && d.groups[i-1].level >= l {
		i--
	}
	if d.groups[i].level == l {
		d.groups[i].items = append(d.groups[i].items, t)
		return
	}
	g := d.addGroup(i, l)
	g.items = append(g.items, t)
}

// pushN posts elements t.j … t.j+n−1 of t's range (n ≥ 1), as n pushes
// one after the other would: one entry for them all.
func (d *deque) pushN(t job, n int32) {
	d.push(t)
	if n == 1 {
		return
	}
	d.n += int(n - 1)
	if !d.levels {
		d.items[len(d.items)-1].n += n - 1
		return
	}
	l := t.level()
	i := len(d.groups) - 1
	for d.groups[i].level != l {
		i--
	}
	g := &d.groups[i]
	g.items[len(g.items)-1].n += n - 1
}

// addGroup inserts an empty group for level l at index i and returns it.
func (d *deque) addGroup(i int, l int32) *group {
	if len(d.groups) < cap(d.groups) {
		d.groups = d.groups[:len(d.groups)+1]
		last := &d.groups[len(d.groups)-1]
		spare := last.items[:0] // the slot's old slice is free: reuse it
		copy(d.groups[i+1:], d.groups[i:len(d.groups)-1])
		d.groups[i] = group{level: l, items: spare}
	} else {
		d.groups = append(d.groups, group{})
		copy(d.groups[i+1:], d.groups[i:len(d.groups)-1])
		d.groups[i] = group{level: l}
	}
	return &d.groups[i]
}

// pop takes the owner's next task: the newest (plain) or the oldest of the
// deepest level (levels), if its level is at least min.
func (d *deque) pop(min int32) job {
	if d.n == 0 {
		return job{}
	}
	if !d.levels {
		j := len(d.items) - 1
		if d.items[j].level() < min {
			return job{}
		}
		d.n--
		t, empty := d.items[j].last()
		if !empty {
			return t
		}
		d.items[j] = job{}
		d.items = d.items[:j]
		if j == d.top {
			d.items, d.top = d.items[:0], 0
		}
		return t
	}
	gi := len(d.groups) - 1
	g := &d.groups[gi]
	if g.level < min {
		return job{}
	}
	t := g.take()
	d.n--
	if g.head == len(g.items) {
		g.items, g.head = g.items[:0], 0
		d.groups = d.groups[:gi]
		if gi == d.gtop {
			d.groups, d.gtop = d.groups[:0], 0
		}
	}
	return t
}

// popRange takes, as pops one after the other would, every element of
// range r that pop would give next, in the order it would give them: the
// entries of r at the owner's end (their level at least min) until one of
// another range or task. It calls each(j) for each element j taken and
// returns how many it took.
func (d *deque) popRange(r *taskRange, min int32, each func(j int32)) int {
	if r.level < min {
		return 0
	}
	taken := 0
	if !d.levels {
		for k := len(d.items) - 1; k >= d.top && d.items[k].r == r && d.items[k].t == nil; k-- {
			x := d.items[k]
			for j := x.j + x.n - 1; j >= x.j; j-- {
				each(j)
			}
			taken += int(x.n)
			d.items[k] = job{}
			d.items = d.items[:k]
		}
		if len(d.items) == d.top {
			d.items, d.top = d.items[:0], 0
		}
		d.n -= taken
		return taken
	}
	gi := len(d.groups) - 1
	if gi < d.gtop || d.groups[gi].level != r.level {
		return 0
	}
	g := &d.groups[gi]
	for g.head < len(g.items) && g.items[g.head].r == r && g.items[g.head].t == nil {
		x := g.items[g.head]
		for j := x.j; j < x.j+x.n; j++ {
			each(j)
		}
		taken += int(x.n)
		g.items[g.head] = job{}
		g.head++
	}
	if g.head == len(g.items) {
		g.items, g.head = g.items[:0], 0
		d.groups = d.groups[:gi]
		if gi == d.gtop {
			d.groups, d.gtop = d.groups[:0], 0
		}
	}
	d.n -= taken
	return taken
}

// steal takes a thief's task: the oldest of the shallowest level that is at
// least min.
func (d *deque) steal(min int32) job {
	if d.n == 0 {
		return job{}
	}
	if !d.levels {
		for j := d.top; j < len(d.items); j++ {
			if d.items[j].level() < min {
				continue
			}
			t, empty := d.items[j].first()
			if !empty {
				d.n--
				return t
			}
			if j == d.top {
				d.items[j] = job{}
				d.top++
			} else {
				copy(d.items[j:], d.items[j+1:])
				d.items[len(d.items)-1] = job{}
				d.items = d.items[:len(d.items)-1]
			}
			d.n--
			if d.top == len(d.items) {
				d.items, d.top = d.items[:0], 0
			} else if d.top > 64 && d.top > len(d.items)/2 {
				k := copy(d.items, d.items[d.top:])
				clear(d.items[k:])
				d.items, d.top = d.items[:k], 0
			}
			return t
		}
		return job{}
	}
	for gi := d.gtop; gi < len(d.groups); gi++ {
		g := &d.groups[gi]
		if g.level < min {
			continue
		}
		t := g.take()
		d.n--
		if g.head == len(g.items) {
			g.items, g.head = g.items[:0], 0
			switch {
			case gi == len(d.groups)-1 && gi == d.gtop:
				d.groups, d.gtop = d.groups[:0], 0
			case gi == d.gtop:
				d.gtop++
			default:
				spare := g.items
				copy(d.groups[gi:], d.groups[gi+1:])
				d.groups[len(d.groups)-1] = group{items: spare}
				d.groups = d.groups[:len(d.groups)-1]
			}
		}
		return t
	}
	return job{}
}

func (g *group) take() job {
	t, empty := g.items[g.head].first()
	if empty {
		g.items[g.head] = job{}
		g.head++
	}
	return t
}
