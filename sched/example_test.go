package sched_test

import (
	"context"
	"fmt"

	"splitpoint/sched"
)

// ExampleRun runs a fork-join program (the doubly recursive Fibonacci
// of *Socrates Fig. 7, 001:L851) on a simulated machine of 64
// processors: its work W, critical path C and time T_P are counted in
// the cost model's units, the same on every machine and every run.
func ExampleRun() {
	cfg := sched.Config{Machine: sched.Machine{Kind: "sim", P: 64}, Seed: 1}
	v, st, err := sched.Run(context.Background(), cfg, func(c sched.Ctx) any { return sched.Fib(c, 20, 0) })
	if err != nil {
		panic(err)
	}
	fmt.Println("fib(20) =", v)
	fmt.Println("W =", st.Work, "C =", st.Span, "W = FibWork:", st.Work == sched.FibWork(20))
	fmt.Println("T_P ≥ W/P and ≥ C:", st.Time >= st.Work/64 && st.Time >= st.Span)
	// Output:
	// fib(20) = 6765
	// W = 21891 C = 20 W = FibWork: true
	// T_P ≥ W/P and ≥ C: true
}
