package algos

import (
	"splitpoint/game"
	"splitpoint/metrics"
)

// AlgoScout names Pearl's Scout.
const AlgoScout = "scout"

// Scout is Pearl's Scout search (PVS) exactly as StarTech's Fig. 1
// (Kuszmaul 1995; also *Socrates Fig. 4): the first child is valued with
// the full window (S3) and may fail high (S6, read "b ≥ β"; the OCR of the
// figure shows ">", which is equally correct but wastes one test); every
// other child is first tested with the null window (−α−1, −α) (S9), b is
// raised by the test's value (S10) so that a failed-low node returns a true
// upper bound, a test ≥ β fails high at once (S11), and a test > α fails:
// the child is valued again with (−β, −α) (S13), which may fail high (S14)
// or raise α and b (S15, S16). With α+1 = β the same code is the test.
func (s *Searcher[T, P]) Scout(ply, depth int, alpha, beta game.Value) game.Value {
	v, n, done := s.enter(ply, depth, alpha, beta, true)
	if done {
		return v
	}
	alpha0 := alpha
	pos := P(&s.Stack.Pos[ply])
	child := &s.Stack.Pos[ply+1]
	typ := s.ntype[ply]

	inl := ply < s.inl.hi // an interruptible ply (Interruptible)
	if inl {
		s.loops[ply] = loopState{} // the first child cannot be split off
	}
	m := s.pick(ply, 0, n)
	pos.Play(m, child)
	s.ntype[ply+1] = typ.Child(0)
	b := -s.Scout(ply+1, depth-1, -beta, -alpha) // S3: value the first child
	if s.stopped {
		return 0
	}
	best, bestIdx, searched := m, 0, 1
	if b > alpha {
		s.updatePV(ply, m)
	}
	if b < beta { // S6: otherwise fail high
		if b > alpha { // S7
			alpha = b
		}
		for i := 1; i < n; i++ { // S8
			if inl && s.splitAt(ply, i, n, alpha) {
				// Split while child i−1 was searched, or just now:
				// the parallel search takes the rest over.
				var ok bool
				b, best, ok = s.inl.to.Join(window{ply: ply, depth: depth, alpha: alpha, beta: beta, typ: typ}, i, n, b, best)
				if !ok {
					s.stopped = true
					return 0
				}
				searched = n
				if best != s.Stack.Moves[ply][0] {
					bestIdx = i
				}
				break
			}
			m := s.pick(ply, i, n)
			pos.Play(m, child)
			s.ntype[ply+1] = typ.Child(i)
			v := -s.Scout(ply+1, depth-1, -alpha-1, -alpha) // S9: test
			if s.stopped {
				return s.stopAt(ply)
			}
			searched++
			if v > b { // S10
				b, best, bestIdx = v, m, i
			}
			if v >= beta { // S11: fail high
				s.updatePV(ply, m)
				break
			}
			if v > alpha { // S12: test failed
				s.Counters.Researches++
				s.ntype[ply+1] = metrics.PV
				v = -s.Scout(ply+1, depth-1, -beta, -alpha) // S13: research for value
				if s.stopped {
					return s.stopAt(ply)
				}
				if v >= beta { // S14: fail high
					b, best, bestIdx = v, m, i
					s.updatePV(ply, m)
					break
				}
				if v > alpha { // S15
					alpha = v
					best, bestIdx = m, i
					s.updatePV(ply, m)
				}
				if v > b { // S16
					b = v
				}
			}
		}
		if inl && s.loops[ply].split {
			// The child running when the node split failed high: its
			// tests are cut off.
			s.inl.to.Drop(ply, true)
		}
	}
	s.finish(window{ply: ply, depth: depth, alpha: alpha0, beta: beta}, outcome{n, searched, bestIdx, best, b}, true)
	return b
}

// splitAt is Scout's question at an inline node of a parallel search
// (split.go) before child i of n, with the node's α: a thief may take the
// children not started, of this node or of one above it on the path. It
// reports that the node is split (while child i−1 was searched, or just
// now), so that the parallel search takes children i…n−1 over.
func (s *Searcher[T, P]) splitAt(ply, i, n int, alpha game.Value) bool {
	st := &s.loops[ply]
	st.next, st.n, st.alpha = int32(i), int32(n), alpha
	if !st.split && s.inl.to.Wanted() {
		s.inl.to.Split(s.inl.lo, ply)
	}
	if st.split {
		return true
	}
	st.next = int32(i + 1)
	return false
}
