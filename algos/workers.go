package algos

import (
	"sync"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/tt"
)

// serialWorkers is every serial Searcher a parallel search made for its
// processors' work below the grain (one per processor, or one per task
// from a free list), kept so that the search's end can merge their
// counters and return them to the pool of Searchers.
type serialWorkers[T any, P game.Position[T]] struct {
	mu  sync.Mutex
	all []**Searcher[T, P]
}

// add records a worker's Searcher (the field that holds it: release
// clears it).
func (l *serialWorkers[T, P]) add(s **Searcher[T, P]) {
	l.mu.Lock()
	l.all = append(l.all, s)
	l.mu.Unlock()
}

// each calls fn with every Searcher recorded.
func (l *serialWorkers[T, P]) each(fn func(s *Searcher[T, P])) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.all {
		fn(*s)
	}
}

// release merges every Searcher's table counters into st (and its
// counters into serial, when not nil), returns each to the pool of
// Searchers (a rowless one, whose rows were lent, is dropped) and
// forgets them.
func (l *serialWorkers[T, P]) release(st *tt.Stats, serial *metrics.Counters) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.all {
		if serial != nil {
			serial.Merge(&(*s).Counters)
		}
		st.Merge((*s).TTStats)
		if (*s).Stack != nil {
			putSearcher(*s)
		}
		*s = nil
	}
	l.all = nil
}
