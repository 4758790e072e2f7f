package examples

// reproStartechCycles is the reproduction "startech-cycles".
var reproStartechCycles = Reproduction{Name: "startech-cycles", Paper: "StarTech Fig. 8", Notebook: "cycles.sp", Takes: "2¼ minutes of CPU (14 minutes at load 12)",
	Published: `StarTech Fig. 8 (512 processors, a typical Kaufman problem, deferred reads and RID, about 100 s):
  chess work 68.8 % (of which the best serial program's time is 21.4 %), waiting for global table
  reads 14.4 %, idle to avoid swamping 6.6 %, looking for work 3.6 %, waiting for a child 3.2 %,
  servicing table lookups 2.2 %, responding to work requests 0.6 %, waiting for a parent's abort 0.5 %.`,
	Findings: `2026-11-24 (docs/reproductions.md): on Kaufman 2 (W/C 3188) chess work 61.8 %, table reads 5.8 %,
looking for work 11.0 %, idle 20.0 %: Fig. 8's shape. On Kaufman 1 and 4 (W/C 878, 393) chess work
is 40 % and 24 %: our depth-7 searches are 20-60 times smaller than the figure's 100-second one, and
idle processors probe random victims (36 probes a steal) where StarTech held them back.`,
	What: "the cycles of a 512-processor search by category, from the simulator's counters on the cm5 cost model (--costs cm5 --cycles)"}
