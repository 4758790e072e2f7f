package algos

import (
	"context"

	"splitpoint/game"
	"splitpoint/sched"
)

// PARSSSTableRow is one row of Bhattacharya & Bagchi's Table 2 (PARSSS*)
// or Table 3 (PARITERSSS*), measured on the simulated machine of N
// processors with sched.TerminalCosts: the running time in terminalcounts
// on the paper's clock and on the strict machine, the speed-up of each
// over serial SSS* (Table 2's baseline, PARSSS* with N = 1, is SSS*; Table
// 3's is SSS* too, §5), and the terminals examined by all processes.
type PARSSSTableRow struct {
	N              int     `json:"n"`
	M              int     `json:"m,omitempty"` // PARITERSSS*'s memory per process; 0 for PARSSS*
	PaperTime      int64   `json:"paper_time"`
	MachineTime    int64   `json:"machine_time"`
	Speedup        float64 `json:"speedup"`
	MachineSpeedup float64 `json:"machine_speedup"`
	Terminals      int64   `json:"terminals"`
	Spawned        int     `json:"spawned"`
	Killed         int     `json:"killed"`
	PeakOpen       int     `json:"peak_open"`
}

// PARSSSTable measures the rows of Table 2 (memory 0: PARSSS*) or Table 3
// (memory M > 0: PARITERSSS* with M states per process) on root searched
// to depth, one row per N in ns, with no process spawned below
// spawnHeight (the paper: 4). It returns serial SSS*'s terminal count, the
// speed-ups' baseline, with the rows.
func PARSSSTable[T any, P game.Position[T]](ctx context.Context, root *T, depth int, ns []int, memory, spawnHeight int) (int64, []PARSSSTableRow, error) {
	serial := SSS[T, P](root, depth, nil).Leaves
	var rows []PARSSSTableRow
	for _, n := range ns {
		opt := Options{Algo: AlgoPARSSS, Depth: depth}
		if memory > 0 {
			opt.Algo, opt.Memory = AlgoPARITERSSS, memory
		}
		opt.SpawnHeight = spawnHeight
		res, _, err := RunPARSSS[T, P](ctx, root, opt, sched.Config{Machine: sched.SimOf(n), Costs: sched.TerminalCosts()})
		if err != nil {
			return serial, rows, err
		}
		row := PARSSSTableRow{N: n, M: memory, PaperTime: res.PaperTime, MachineTime: res.MachineTime,
			Speedup: res.Speedup(serial), Terminals: res.Terminals, Spawned: res.Spawned, Killed: res.Killed, PeakOpen: res.PeakOpen}
		if res.MachineTime > 0 {
			row.MachineSpeedup = float64(serial) / float64(res.MachineTime)
		}
		rows = append(rows, row)
	}
	return serial, rows, nil
}
