package synth

// golden is the SplitMix64 increment of the spec's child-key rule.
const golden = 0x9E3779B97F4A7C15

// Mix is the SplitMix64 finalizer, the spec's mix(z).
func Mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// RootKey is K(root) = mix(seed).
func RootKey(seed uint64) uint64 { return Mix(seed) }

// ChildKey is K(child i of n) = mix(K(n) + (i+1)·0x9E3779B97F4A7C15), i = 0, 1, … in move order.
func ChildKey(k uint64, i int) uint64 { return Mix(k + uint64(i+1)*golden) }

// leafValue is the spec's leaf value of uniform and bimodal trees:
// (K mod 2001) − 1000.
func leafValue(k uint64) int32 { return int32(k%2001) - 1000 }
