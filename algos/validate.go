package algos

import (
	"fmt"

	"splitpoint/tt"
)

// checkFixedDepth is the rule of the algorithms that search to a fixed
// depth (Algorithm.FixedDepth): a depth 1..MaxDepth, whatever the time or
// node limit. It is the one error every such algorithm gives.
func checkFixedDepth(algo string, depth int) error {
	if depth < 1 || depth > MaxDepth {
		return fmt.Errorf("%s searches to a fixed depth: give a depth 1..%d", algo, MaxDepth)
	}
	return nil
}

// ValidateParallel checks the options of a parallel search: a fixed depth
// (iterative deepening goes up to it), the grain, the table.
func (o Options) ValidateParallel() error {
	if err := checkFixedDepth(o.Algo, o.Depth); err != nil {
		return err
	}
	if o.Grain < 0 || o.Grain > MaxDepth {
		return fmt.Errorf("grain %d out of range (allowed: 0..%d plies of remaining depth)", o.Grain, MaxDepth)
	}
	if o.TTBits < 0 || o.TTBits > tt.MaxBits {
		return fmt.Errorf("tt bits %d out of range (allowed: 0 = off, or 1..%d for 2^bits entries)", o.TTBits, tt.MaxBits)
	}
	if o.Aspiration < 0 {
		return fmt.Errorf("aspiration window %d is negative", o.Aspiration)
	}
	return nil
}
