package reproductions

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// cyclesConfig selects the simulated searches of Fig. 8's configuration
// (moves ordered by the table alone, StarTech's) at every depth, and
// cyclesRuns those judged: at the depth judged ({{depth}}: the deepest,
// nearest the figure's 100-second search).
const (
	cyclesConfig = "r.role = 'parallel' AND r.sweep = 'searches' AND NOT json_extract(r.result, '$.options.killers')"
	cyclesRuns   = cyclesConfig + " AND r.depth = " + DepthPlaceholder
)

// cycleShare is the query of the mean share of a Fig. 8 category over the
// judged runs (sched.Stats.Cycles' names).
func cycleShare(name string) string {
	return "SELECT AVG(json_extract(j.value, '$.share')) FROM runs r, json_each(r.result, '$.cycles') j WHERE " + cyclesRuns + " AND json_extract(j.value, '$.name') = '" + name + "'"
}

// cycleCases is the cases of cycleShare: the category's share per run.
func cycleCases(name string) string {
	return "SELECT r.position_id, json_extract(j.value, '$.share') FROM runs r, json_each(r.result, '$.cycles') j WHERE " + cyclesRuns + " AND json_extract(j.value, '$.name') = '" + name + "' ORDER BY r.position_id"
}

// chessWorkCases is the cases of chessWorkShare: per run the category's
// samples and the chess work's, a ratio of sums.
func chessWorkCases(role, name string) string {
	one := func(cond string) string {
		return "(SELECT SUM(json_extract(j.value, '$.samples')) FROM json_each(r.result, '$.chess_work') j WHERE " + cond + ")"
	}
	return "SELECT r.position_id, " + one("json_extract(j.value, '$.name') = '"+name+"'") + ", " + one("json_extract(j.value, '$.name') <> 'table'") +
		" FROM runs r WHERE r.sweep = 'chesswork' AND r.role = '" + role + "' ORDER BY r.position_id"
}

// chessWorkRuns selects the chesswork runs of a role (alias r): the
// Fig. 9 claims' scale is read from them.
func chessWorkRuns(role string) string {
	return "r.sweep = 'chesswork' AND r.role = '" + role + "'"
}

// chessWorkSamples is the SQL expression of the CPU samples of one Fig. 9
// category in the chesswork runs of a role (parallel: Jamboree; serial:
// Scout); "" for the chess work, all categories but the table's.
func chessWorkSamples(role, name string) string {
	cond := " AND json_extract(j.value, '$.name') <> 'table'" // the chess work: Fig. 8 counts the table apart
	if name != "" {
		cond = " AND json_extract(j.value, '$.name') = '" + name + "'"
	}
	return "(SELECT SUM(json_extract(j.value, '$.samples')) FROM runs r, json_each(r.result, '$.chess_work') j WHERE r.sweep = 'chesswork' AND r.role = '" + role + "'" + cond + ")"
}

// chessWorkShare is the query of a category's share of the samples.
func chessWorkShare(role, name string) string {
	return "SELECT 1.0 * " + chessWorkSamples(role, name) + " / " + chessWorkSamples(role, "")
}

// fig9Order is the query of the share of Fig. 9's consecutive lines whose
// order the run keeps (each larger than the next).
func fig9Order() string {
	names := []string{"control flow", "moving pieces", "evaluation", "move generation", "sorting moves", "repetition", "checks"}
	var terms []string
	for i := 0; i+1 < len(names); i++ {
		terms = append(terms, "("+chessWorkSamples("parallel", names[i])+" > "+chessWorkSamples("parallel", names[i+1])+")")
	}
	return fmt.Sprintf("SELECT %s, %d", strings.Join(terms, " + "), len(terms))
}

// cyDepth is the cycle accounting's figures at one depth, each a mean
// over the searches: W/C, the nodes searched, the shares of chess work, of looking for
// work and of idle time, the serial search's nodes over the chess work,
// and the table reads per node.
type cyDepth struct {
	depth                                          int
	wc, w, chess, looking, idle, serial, ttPerNode float64
}

// cyDepths is the run's cycle figures per depth (cyclesConfig).
func cyDepths(ctx context.Context, db Querier) ([]cyDepth, error) {
	share := func(name, field string) string {
		return "(SELECT json_extract(j.value, '$." + field + "') FROM json_each(r.result, '$.cycles') j WHERE json_extract(j.value, '$.name') = '" + name + "')"
	}
	t, err := db.Query(ctx, "SELECT r.depth, AVG(r.parallelism), AVG(r.nodes), AVG("+share("chess work", "share")+"), AVG("+share("looking for work", "share")+"), AVG("+share("idle, no work to take", "share")+
		"), AVG(json_extract(r.result, '$.serial.serial_work') * 1.0 / "+share("chess work", "units")+
		"), AVG((COALESCE(json_extract(r.result, '$.counts.tt_remote'), 0) + COALESCE(json_extract(r.result, '$.counts.tt_local'), 0)) * 1.0 / json_extract(r.result, '$.counts.node')) FROM runs r WHERE "+cyclesConfig+" GROUP BY r.depth ORDER BY r.depth")
	if err != nil {
		return nil, err
	}
	var out []cyDepth
	for _, r := range t.Rows {
		if len(r) < 8 {
			continue
		}
		out = append(out, cyDepth{int(num(r[0])), num(r[1]), num(r[2]), num(r[3]), num(r[4]), num(r[5]), num(r[6]), num(r[7])})
	}
	return out, nil
}

func (d cyDepth) at() int { return d.depth }

func pct(x float64) string { return fmt.Sprintf("%.0f %%", 100*x) }

// cyReason is a Reason of the Fig. 8 claims, the run's figures per depth
// put in words by say; "" when the run has none.
func cyReason(say func([]cyDepth) string) func(context.Context, Querier) (string, error) {
	return func(ctx context.Context, db Querier) (string, error) {
		ds, err := cyDepths(ctx, db)
		if err != nil || len(ds) == 0 {
			return "", err
		}
		return say(ds), nil
	}
}

// cySize is the run's figures against the search's size.
func cySize(ds []cyDepth) string {
	last := ds[len(ds)-1]
	return "the smaller the search, the more of the 512 processors find no work and probe for it: the mean W/C is " + atDepths(ds, func(d cyDepth) string { return f0(d.wc) }) +
		", chess work " + atDepths(ds, func(d cyDepth) string { return pct(d.chess) }) + ", looking for work " + atDepths(ds, func(d cyDepth) string { return pct(d.looking) }) +
		" and idle " + atDepths(ds, func(d cyDepth) string { return pct(d.idle) }) +
		fmt.Sprintf("; the figure's search ran about 100 s on 512 CM-5 processors, some 3·10^8 nodes, %.0f times the %.2g nodes of a search here at depth %d; and the simulated thieves probe random victims without pause where StarTech held idle processors back", 3e8/last.w, last.w, last.depth)
}

// reasonControlHalf is the reason of the claim that the control flow
// takes more than half of the chess work: the profile's share and its
// sampling error, √(p(1 − p)/n) over its n samples.
func reasonControlHalf(ctx context.Context, db Querier) (string, error) {
	t, err := db.Query(ctx, "SELECT "+chessWorkSamples("parallel", "control flow")+", "+chessWorkSamples("parallel", ""))
	if err != nil || len(t.Rows) == 0 || len(t.Rows[0]) < 2 {
		return "", err
	}
	k, n := num(t.Rows[0][0]), num(t.Rows[0][1])
	if !(n > 0) {
		return "", nil
	}
	p := k / n
	return fmt.Sprintf("the control flow's share is %.1f %% (Fig. 9's figure below judges its size), so whether it is more than half is decided within the profile's sampling error, about %.1f %% at %.0f samples; a longer profile would settle it",
		100*p, 100*math.Sqrt(p*(1-p)/n), n), nil
}

// reasonCyclesSize is the reason of the Fig. 8 claims that do not
// reproduce: the shares move toward the figure's as the search grows.
var reasonCyclesSize = cyReason(cySize)

// reasonSerialShare is the reason of the serial program's share.
var reasonSerialShare = cyReason(func(ds []cyDepth) string {
	return "the serial search's nodes over the chess work are " + atDepths(ds, func(d cyDepth) string { return pct(d.serial) }) +
		": the chess work of these searches is a few times the serial search's, so the serial share of it is above 21.4 % where the search is small; " + cySize(ds)
})

// reasonTableWaits is the reason of the table-wait share.
var reasonTableWaits = cyReason(func(ds []cyDepth) string {
	return "these searches read the table " + atDepths(ds, func(d cyDepth) string { return fmt.Sprintf("%.2f times a node", d.ttPerNode) }) +
		", because the quiescence search does not use it, where StarTech read it at every position; at one read a node the cm5 model would charge about 10 of every 40 units of work to table waits (that the model's 10 units a read against 30 a node is the CM-5's ratio is the papers' round trip, not a measurement)"
})

// causeChessWork is the cause of the Fig. 9 claims that do not reproduce.
const causeChessWork = "conjecture: the workbench's engine is not StarTech's: a bitboard legal-move generator and copy-make (cheap moves, so movement is a smaller share and generation, which includes the legality tests, a larger one), MVV-LVA ordering of every capture list in the quiescence search (a larger sorting share), and a search loop compiled by Go, not StarTech's C on the CM-5's SPARC; no ablation isolates the parts"

// reproStartechCycles is the reproduction "startech-cycles".
var reproStartechCycles = Reproduction{Name: "startech-cycles", Paper: "StarTech Figs. 8 and 9", Machine: machineCM5, Notebook: "cycles.sp", Takes: "23 minutes on the shared 2-core machine at load 15-20",
	Published: `StarTech Fig. 8 (512 processors, a typical Kaufman problem, deferred reads and RID, about 100 s):
  chess work 68.8 % (of which the best serial program's time is 21.4 %), waiting for global table
  reads 14.4 %, idle to avoid swamping 6.6 %, looking for work 3.6 %, waiting for a child 3.2 %,
  servicing table lookups 2.2 %, responding to work requests 0.6 %, waiting for a parent's abort 0.5 %.
StarTech Fig. 9 (the chess work, of all cycles): Jamboree control flow 37.7 %, moving pieces 15.8 %,
  static evaluation 8.3 %, move generation 3.3 %, sorting moves 2.0 %, repetition checks 1.6 %,
  illegal-move checks 0.2 %.`,
	What: "the cycles of a 512-processor search by category, from the simulator's counters on the cm5 cost model (--costs cm5 --cycles), and the chess work by category from the host's CPU profiler (chesswork)",
	Claims: scaled(Scale{P: []int{512}, Note: "tournament depth, one search of about 100 s on 512 CM-5 processors"}, Scale{}, []Claim{
		{Paper: "StarTech", Source: "Fig. 8, 000:L339", Condition: "512 processors, Kaufman problems, deferred reads and RID (here: Kaufman 1, 2, 4 at depth 7, cm5 costs, mean share)", Figure: "68.8 % of the cycles is chess work",
			Test: Test{Kind: Level, Want: 0.688, Tol: Printed("68.8") / 100}, PaperN: 1, Runs: cyclesConfig, Cases: cycleCases("chess work"), Reason: reasonCyclesSize},
		{Paper: "StarTech", Source: "Fig. 8, 000:L339-340", Condition: "the same; \"of those cycles\" read as of the chess work", Figure: "21.4 % accounted for by the best serial implementation's time",
			Test: Test{Kind: Level, Want: 0.214, Tol: Printed("21.4") / 100}, PaperN: 1, Runs: cyclesConfig, Cases: "SELECT r.position_id, json_extract(r.result, '$.serial.serial_work') * 1.0 / json_extract(j.value, '$.units') FROM runs r, json_each(r.result, '$.cycles') j WHERE " + cyclesRuns + " AND json_extract(j.value, '$.name') = 'chess work'",
			Reason: reasonSerialShare},
		{Paper: "StarTech", Source: "Fig. 8, 000:L342", Condition: "the same", Figure: "14.4 % waiting for global transposition table reads",
			Test: Test{Kind: Level, Want: 0.144, Tol: Printed("14.4") / 100}, PaperN: 1, Runs: cyclesConfig, Cases: cycleCases("waiting for global table reads"),
			Reason: reasonTableWaits},
		{Paper: "StarTech", Source: "Fig. 8, 000:L343", Condition: "the same", Figure: "6.6 % idle to avoid swamping busy processors",
			Test: Test{Kind: Level, Want: 0.066, Tol: Printed("6.6") / 100}, PaperN: 1, Runs: cyclesConfig, Cases: cycleCases("idle, no work to take"), Reason: reasonCyclesSize},
		{Paper: "StarTech", Source: "Fig. 8, 000:L344", Condition: "the same", Figure: "3.6 % looking for work",
			Test: Test{Kind: Level, Want: 0.036, Tol: Printed("3.6") / 100}, PaperN: 1, Runs: cyclesConfig, Cases: cycleCases("looking for work"), Reason: reasonCyclesSize},
		{Paper: "StarTech", Source: "Fig. 8, 000:L345", Condition: "the same", Figure: "3.2 % waiting for a child",
			Test: Test{Kind: Level, Want: 0.032, Tol: Printed("3.2") / 100}, PaperN: 1, Runs: cyclesConfig, Cases: cycleCases("waiting for a child"),
			Cause: "conjecture: a simulated processor blocked at a join runs other work of its own deque first (the Cilk-style scheduler), where StarTech's processor waited for the child's answer; no ablation of the join policy has been run"},
		{Paper: "StarTech", Source: "Fig. 8, 000:L348", Condition: "the same", Figure: "0.5 % a child waiting for its parent's abort",
			Test: Test{Kind: Level, Want: 0.005, Tol: Printed("0.5") / 100}, PaperN: 1, Runs: cyclesConfig, Cases: cycleCases("waiting for a parent")},
		{Paper: "StarTech", Source: "§4 How Time is Spent, 000:L318", Condition: "Jamboree with deferred reads and RID, one pool worker (all its time chess work), Kaufman's 25 positions at depth 7, CPU profile", Figure: "\"more than half the cycles spent on 'chess work' are spent by the code that implements the control flow of the Jamboree algorithm\"",
			Runs: chessWorkRuns("parallel"), Test: Test{Kind: Trend, Want: 1}, Query: "SELECT (" + chessWorkShare("parallel", "control flow") + ") - 0.5",
			Cause: "conjecture: the control flow's share is about one half (Fig. 9's figure below judges its size), so whether it is more than half is decided within the profile's sampling error; a longer profile would settle it", Reason: reasonControlHalf},
		{Paper: "StarTech", Source: "Fig. 9, 000:L352", Condition: "the same; Fig. 9's share of all cycles over its 68.8 % of chess work", Figure: "37.7 % control flow for the Jamboree algorithm (54.8 % of the chess work)",
			Runs: chessWorkRuns("parallel"), Test: Test{Kind: Level, Want: 0.548, Tol: Printed("54.8") / 100}, Cases: chessWorkCases("parallel", "control flow"), Cause: causeChessWork},
		{Paper: "StarTech", Source: "Fig. 9, 000:L353", Condition: "the same", Figure: "15.8 % moving the pieces (23.0 % of the chess work)",
			Runs: chessWorkRuns("parallel"), Test: Test{Kind: Level, Want: 0.230, Tol: Printed("23.0") / 100}, Cases: chessWorkCases("parallel", "moving pieces"), Cause: causeChessWork},
		{Paper: "StarTech", Source: "Fig. 9, 000:L354", Condition: "the same", Figure: "8.3 % static evaluation (12.1 % of the chess work)",
			Runs: chessWorkRuns("parallel"), Test: Test{Kind: Level, Want: 0.121, Tol: Printed("12.1") / 100}, Cases: chessWorkCases("parallel", "evaluation"), Cause: causeChessWork},
		{Paper: "StarTech", Source: "Fig. 9, 000:L355, 000:L367-369", Condition: "the same; the workbench generates legal moves, so generation includes the legality tests", Figure: "3.3 % move generation, 0.2 % illegal-move checks (3.5 % together after hand-written assembly, 9 % before: 5.1 % and 13 % of the chess work)",
			Runs: chessWorkRuns("parallel"), Test: Test{Kind: Level, Want: 0.051, Tol: Printed("5.1") / 100}, Query: "SELECT 1.0 * (" + chessWorkSamples("parallel", "move generation") + " + " + chessWorkSamples("parallel", "checks") + ") / " + chessWorkSamples("parallel", ""), Cause: causeChessWork},
		{Paper: "StarTech", Source: "Fig. 9, 000:L356", Condition: "the same", Figure: "2.0 % sorting the moves (2.9 % of the chess work)",
			Runs: chessWorkRuns("parallel"), Test: Test{Kind: Level, Want: 0.029, Tol: Printed("2.9") / 100}, Cases: chessWorkCases("parallel", "sorting moves"), Cause: causeChessWork},
		{Paper: "StarTech", Source: "Fig. 9, 000:L357", Condition: "the same", Figure: "1.6 % checking for repeated positions (2.3 % of the chess work)",
			Runs: chessWorkRuns("parallel"), Test: Test{Kind: Level, Want: 0.023, Tol: Printed("2.3") / 100}, Cases: chessWorkCases("parallel", "repetition"), Cause: causeChessWork},
		{Paper: "StarTech", Source: "Fig. 9, 000:L352-358", Condition: "the same", Figure: "the order control flow > moving pieces > evaluation > move generation > sorting > repetition > illegal-move checks",
			Runs: chessWorkRuns("parallel"), Test: Test{Kind: Order}, Query: fig9Order(), Cause: causeChessWork},
		{Paper: "StarTech", Source: "§4 How Time is Spent, 000:L318", Condition: "the serial Scout, Kaufman's 25 positions at depth 7, CPU profile", Figure: "\"in my serial program, the control flow of the α-β search algorithm consumes about a quarter of all the processor cycles\"",
			Runs: chessWorkRuns("serial"), Test: Test{Kind: Level, Want: 0.25, Tol: 0.05}, Cases: chessWorkCases("serial", "control flow"),
			Override: "\"about a quarter\" (000:L318) is a share in words: its precision is taken as ±5 points, half the step between the round shares a fifth, a quarter and three tenths", Cause: causeChessWork},
	}),
	Differs: []Difference{
		{Setting: "search size", Paper: "a typical Kaufman problem searched about 100 s on 512 processors (some 3·10^8 nodes, W/C over 1000)", Here: "Kaufman 1, 2, 4 at depth 7 (6-18·10^6 nodes); depth 6 as the ablation", Why: "simulating searches of the figure's size takes hours on this 2-core machine"},
		{Setting: "machine", Paper: "the CM-5: measured cycles", Here: "the simulated machine on the cm5 cost model (a node 30 units, a global table read 10, a steal 16, a migration 4, an abort or a wake-up 4, a spawn 1)", Why: "the papers give the node rate and the table's round trip; the rest of the model is a documented choice (sched.CM5Costs); the owner's side of a table read and the victim's side of a steal are not charged"},
		{Setting: "idle processors", Paper: "held back to avoid swamping busy processors with requests", Here: "probe random victims without pause", Why: "the simulator's work stealing has no back-off; its idle time is split between looking for work and idle"},
		{Setting: "Fig. 9's measurement", Paper: "cycles of the chess code on 512 CM-5 processors", Here: "the host's CPU profile of Jamboree on one pool worker and of the serial Scout, Kaufman's 25 positions at depth 7", Why: "the simulator charges a node as one cost and cannot divide it; one worker makes all of the run's time chess work, as Fig. 9 counts it"},
		{Setting: "program", Paper: "StarTech: HiTech's evaluation, mailbox move generation with hand-written assembly, moves ordered by the table", Here: "the workbench's bitboard engine, moves ordered by the table's move and MVV-LVA (killers and history off)", Why: "the workbench's engine; its ordering is set as StarTech's"},
	}}
