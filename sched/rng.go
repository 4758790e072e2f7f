package sched

import "math/bits"

// rng is a SplitMix64 generator: the run's seeded source of victims (StarTech
// "a processor selected at random") and of Ctx.Rand.
type rng struct{ s uint64 }

func newRNG(seed uint64, stream uint64) rng {
	r := rng{seed ^ (stream+1)*0xD1B54A32D192ED03}
	r.next()
	return r
}

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// intn is uniform in [0, n) (n > 0), by the multiply-shift reduction.
func (r *rng) intn(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// float is uniform in (0, 1].
func (r *rng) float() float64 { return float64(r.next()>>11+1) / (1 << 53) }
