package reproductions

import (
	"fmt"
	"strings"
)

// stRun selects one configuration's parallel runs of startech-variants
// (notebooks/ablation.sp), all at P = 512 and grain 0, at the depth judged
// ({{depth}}: the deepest the run holds for the claim's configurations,
// closest.go).
type stRun struct {
	variants  string // as the runs table stores them: "", "rid", "serialize2+rid", …
	workbench bool   // preset default (killers and history); false: preset startech
	levels    bool   // steal ordering by levels (*Socrates §4.3)
	levelwait bool   // level waiting (*Socrates §4.4)
	cm5       bool   // --costs cm5; false: one unit per node
	noIter    bool   // the ablation without iterative deepening at the root (--param iterative=false)
}

// where is the SQL condition selecting r's runs at the depth judged under
// alias a.
func (r stRun) where(a string) string {
	return r.config(a) + " AND " + a + ".depth = " + DepthPlaceholder
}

// config is the SQL condition selecting r's runs at every depth under
// alias a.
func (r stRun) config(a string) string {
	k, node := 0, 1
	if r.workbench {
		k = 1
	}
	if r.cm5 {
		node = 30
	}
	return fmt.Sprintf("%[1]s.role = 'parallel' AND %[1]s.variants = '%[2]s' AND %[1]s.levels = %[3]d AND %[1]s.levelwait = %[4]d AND json_extract(%[1]s.result, '$.options.killers') = %[5]d AND json_extract(%[1]s.costs, '$.node') = %[6]d AND json_extract(%[1]s.result, '$.options.iterative') = %[7]d",
		a, r.variants, b2i(r.levels), b2i(r.levelwait), k, node, 1-b2i(r.noIter))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// with returns r changed by f (an ablation moves one setting).
func (r stRun) with(f func(*stRun)) stRun { f(&r); return r }

// speedOver is the query of T(b)/T(v) − 1 summed over the positions both
// ran: the performance gained by v over b (> 0: v is faster).
func speedOver(v, b stRun) string {
	return "SELECT SUM(b.time) * 1.0 / SUM(v.time) - 1 FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND " + b.where("b") + " WHERE " + v.where("v")
}

// workOver is the query of W(v)/W(b) − 1 over the positions both ran.
func workOver(v, b stRun) string {
	return "SELECT SUM(v.work) * 1.0 / SUM(b.work) - 1 FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND " + b.where("b") + " WHERE " + v.where("v")
}

// speedCases is the cases of speedOver: per position T(b) and T(v), a
// ratio of sums (Shift −1).
func speedCases(v, b stRun) string {
	return "SELECT v.position_id, b.time, v.time FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND " + b.where("b") + " WHERE " + v.where("v") + " ORDER BY v.position_id"
}

// workCases is the cases of workOver: per position W(v) and W(b).
func workCases(v, b stRun) string {
	return "SELECT v.position_id, v.work, b.work FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND " + b.where("b") + " WHERE " + v.where("v") + " ORDER BY v.position_id"
}

// shareCases is the cases of workShare: per position the two counters.
func shareCases(r stRun, num, den string) string {
	if den == "" {
		den = "$.jamboree.work.nodes"
	}
	return "SELECT v.position_id, json_extract(v.result, '" + num + "'), json_extract(v.result, '" + den + "') FROM runs v WHERE " + r.where("v") + " ORDER BY v.position_id"
}

// stScale is the papers' experiment (512 processors, tournament
// conditions) and stRunScale what the run's data leave out of the run's
// scale (the positions and the depth judged are read from the runs).
var (
	stScale    = Scale{P: []int{512}, Note: "tournament depth, about 180 s a move"}
	stRunScale = Scale{P: []int{512}}
)

// stClaims sets the papers' and the run's scale on every claim.
func stClaims(cs []Claim) []Claim {
	for i := range cs {
		cs[i].PaperScale, cs[i].RunScale = stScale, stRunScale
	}
	return cs
}

// failedTypeReading is the reading of StarTech's failed work by
// Knuth–Moore type that the run measures, and failedTypeOther the one it
// cannot.
const (
	failedTypeReading = "the tested child's expected type (the workbench's accounting, algos.JamboreeWork)"
	failedTypeOther   = "a failed test of a type-3 child that makes its type-2 parent fail high counted as failed work"
	failedTypeWhy     = "the run does not count it: under a null window such a test ends in the parent's cutoff (an abort, counted as cutoff work), not in a re-search for value, which is what the workbench counts as failed; StarTech's 10–40 % on type 3 (000:L395) can only arise under an accounting like this one, which the paper does not spell out"
)

// onPositionsOf restricts query (which reads runs v, its cases ordered
// by position or not) to the positions the runs of r cover, so that an
// ablation on fewer positions is compared on those.
func onPositionsOf(query string, r stRun) string {
	cond := " AND v.position_id IN (SELECT x.position_id FROM runs x WHERE " + r.where("x") + ")"
	if q, ok := strings.CutSuffix(query, stOrder); ok {
		return q + cond + stOrder
	}
	return query + cond
}

// stOrder ends a cases query of startech-variants.
const stOrder = " ORDER BY v.position_id"

// speedAb, workAb and shareAb are ablations measured from their cases,
// each with its own spread: speedOver, workOver and workShare.
func speedAb(setting string, v, b stRun) Ablation {
	return Ablation{Setting: setting, Query: speedOver(v, b), Cases: speedCases(v, b)}
}

func workAb(setting string, v, b stRun) Ablation {
	return Ablation{Setting: setting, Query: workOver(v, b), Cases: workCases(v, b)}
}

func shareAb(setting string, r stRun, num, den string) Ablation {
	return Ablation{Setting: setting, Query: workShare(r, num, den), Cases: shareCases(r, num, den)}
}

// comparedOn is a with its reference the claim's configuration ref on
// the positions the runs of r cover (an ablation run on fewer positions).
func (a Ablation) comparedOn(ref Ablation, r stRun) Ablation {
	a.Ref, a.RefCases = onPositionsOf(ref.Query, r), onPositionsOf(ref.Cases, r)
	return a
}

// workShare is the query of the share of r's work that the JSON counter
// num (e.g. '$.jamboree.work.cutoff_work.total') makes of the counter den
// (” : of all its nodes, $.jamboree.work.nodes: W counts cost units).
func workShare(r stRun, num, den string) string {
	if den == "" {
		den = "$.jamboree.work.nodes"
	}
	return "SELECT SUM(json_extract(v.result, '" + num + "')) * 1.0 / SUM(json_extract(v.result, '" + den + "')) FROM runs v WHERE " + r.where("v")
}

// parallelismOf is the query of the number of r's runs whose average
// parallelism W/C (StarTech's, of one run of the program, 000:L273)
// exceeds x, and of its runs: an order's k and n.
func parallelismOf(r stRun, x float64) string {
	return fmt.Sprintf("SELECT SUM(1.0 * v.work / v.span > %g), COUNT(*) FROM runs v WHERE %s", x, r.where("v"))
}

// The configurations of startech-variants: StarTech's (preset startech,
// no levels, one unit per node) and *Socrates's scheduler on the preset
// default (*Socrates ordered moves by "several chess-specific
// move-ordering heuristics", *Socrates §2, 001:L104-105).
var (
	stPlain    = stRun{}
	stRID      = stRun{variants: "rid"}
	stDeferred = stRun{variants: "deferred"}
	stSer2     = stRun{variants: "serialize2"}
	stSer2RID  = stRun{variants: "serialize2+rid"}
	soPlain    = stRun{workbench: true}
	soLevels   = stRun{workbench: true, levels: true}
	soBoth     = stRun{workbench: true, levels: true, levelwait: true}
)

// Ablations of startech-variants, one setting moved at a time.
func workbench(r *stRun) { r.workbench = true }
func cm5(r *stRun)       { r.cm5 = true }
func startech(r *stRun)  { r.workbench = false }
func noIter(r *stRun)    { r.noIter = true }

const (
	abOrdering = "ordering: killers and history (preset default)"
	abOrderST  = "ordering: the table and captures only (preset startech)"
	abCosts    = "costs: the CM-5 model (--costs cm5: steal 16, migrate 4, abort 4, wake 4 per 30-unit node)"
	abNoIter   = "no iterative deepening at the root (--param iterative=false), on Kaufman 1-4"
)

// speedAblations are a speed claim's ablations: ordering, costs.
func speedAblations(v, b stRun, ordering string, order func(*stRun)) []Ablation {
	return []Ablation{
		speedAb(ordering, v.with(order), b.with(order)),
		speedAb(abCosts, v.with(cm5), b.with(cm5)).comparedOn(speedAb("", v, b), v.with(cm5)),
	}
}

// reproStartechVariants is the reproduction "startech-variants".
var reproStartechVariants = Reproduction{Name: "startech-variants", Paper: "StarTech §4, *Socrates §4.3–4.4", Machine: machineCM5, Notebook: "ablation.sp", Takes: "62 minutes of CPU for 408 runs (the CM-5's 136 among them; depth 7 is most of it): with --jobs 2 on an idle 2-core machine about half that in wall time (estimated from the CPU time)",
	Published: `The papers' claims (no test set, depth or P stated; StarTech's context: 512 processors, tournament
conditions, average parallelism over 1000, over 500 after serializing):
  recursive iterative deepening (rid)      about +20 % performance (StarTech: moves ordered by the table alone);
                                           "may actually slow down programs that already have good
                                           move-ordering heuristics" (Dailey's experiments)
  deferred reads (deferred)                about +4 % performance
  serialize a second child (serialize2)    −10…15 % work, parallelism still over 500
  steal ordering by levels (--levels)      +20…25 % speedup (*Socrates)
  level waiting (--levelwait)              +15…20 % speedup on top of steal ordering (*Socrates)
  StarTech §4: cutoff work 10–30 % of all work, failed work under 2 %,
  50–90 % of the failed work on type-2 nodes, 10–40 % on type-3.`,
	What: "each of StarTech's improvements in StarTech's configuration (preset startech) and in the workbench's (preset default), and *Socrates's scheduler changes, on Kaufman 1-8 at depths 5 and 7 on 512 simulated processors, free and on the CM-5 model (each claim judged at the deepest depth its configurations ran: 7 for every claim's own configurations), with ablations of ordering, costs and iterative deepening at the root (Kaufman 1-4, depth 5); failed and cutoff work by Knuth–Moore type",
	Differs: []Difference{
		{Setting: "move ordering (StarTech's claims)", Paper: "transposition table alone, no killers or history (000:L375)", Here: "preset startech: table and MVV-LVA; preset default beside it",
			Why: "StarTech sorts moves (Fig. 9, 000:L356) and puts the best move first 85–95 % of the time without rid (000:L375): the table alone gives 54 % here and a 60-fold quiescence search, the table with MVV-LVA 86 % (algos.Presets)"},
		{Setting: "move ordering (*Socrates's claims)", Paper: "\"several chess-specific move-ordering heuristics\" (001:L104-105)", Here: "preset default (table, MVV-LVA, killers, history)", Why: "the paper does not list them; the workbench's heuristics stand in"},
		{Setting: "machine and costs", Paper: "CM-5, 512 processors, active messages, a global table of ≥ 2^26 entries spread over the nodes (000:L251)", Here: "the simulated machine, P = 512, one unit per node, a shared table of 2^20 entries; the CM-5 cost model (cm5) beside it for every configuration a claim reads at depth 7 (the paper's machine, judged apart) and for some at depth 5",
			Why: "the papers give no cost of a steal or a message beyond the 1600-cycle table round trip (001:L1158); the ablation shows what costs change"},
		{Setting: "program", Paper: "StarTech (Hitech's evaluator), *Socrates", Here: "the workbench's chess engine", Why: "neither program is available"},
		{Setting: "positions", Paper: "not stated for the variants; Kaufman's 25 for the figures (000:L203)", Here: "Kaufman 1-8 (\"a typical Kaufman problem\" for Fig. 8, 000:L350); 1-4 for the root iterative deepening ablation", Why: "a depth-7 run at P = 512 costs some 10-40 s of CPU per position and configuration on this machine; eight configurations on two machines fit an hour with --jobs"},
		{Setting: "depth", Paper: "tournament conditions, about 180 s a move on 512 processors (000:L259)", Here: "each claim at the deepest depth the run holds for its configurations (closest to the paper's tournament depth): 7 plies; the ablations that ran only at depth 5 are compared there", Why: "depth 7 puts W/C at P = 512 in the papers' regime (the first table gives it per configuration; StarTech: over 1000, over 500 after serializing); tournament depth over every configuration would take CPU-days here (reproduce startech-variants --scale paper)"},
		{Setting: "iterative deepening at the root", Paper: "not stated; rid at the root is itself iterative deepening (000:L375)", Here: "on (both presets); off as an ablation of rid and serialize2 on Kaufman 1-4", Why: "whether StarTech's program without rid iterated at the root decides what rid adds: the ablation measures both"},
		{Setting: "P", Paper: "512 (Fig. 8, 000:L350); *Socrates not stated", Here: "512", Why: "-"},
		{Setting: "scheduler", Paper: "StarTech: a thief steals near the root (000:L290), no levels; *Socrates: levels, then level waiting (001:L1037-1091)", Here: "StarTech's claims without levels; *Socrates's with and without", Why: "-"},
	},
	Claims: stClaims([]Claim{
		{Paper: "StarTech", Source: "§4 Three Improvement Strategies, 000:L375", Condition: "recursive iterative deepening, preset startech (table and captures, no killers or history), T without over T with, P = 512", Figure: "\"worth about a 20% performance improvement\"",
			Runs: stRID.config("r"), Test: Test{Kind: Ratio, Want: 0.2, Tol: Printed("20") / 100}, Shift: -1, Cases: speedCases(stRID, stPlain),
			Ablations: append(speedAblations(stRID, stPlain, abOrdering, workbench),
				speedAb(abNoIter, stRID.with(noIter), stPlain.with(noIter)).comparedOn(speedAb("", stRID, stPlain), stRID.with(noIter))),
			Cause: "conjecture: what rid adds is set by how many nodes the search reaches without a table move of depth k−1: with iterative deepening at the root and a 2^20 table almost none (the run), without it nearly all (the ablation without root iterative deepening gains several-fold); the paper does not say whether StarTech without rid iterated at the root, and its +20 % lies between the two"},
		{Paper: "StarTech", Source: "§4 Three Improvement Strategies, 000:L375", Condition: "recursive iterative deepening with killers and history (preset default), T without over T with, P = 512", Figure: "\"may actually slow down programs that already have good move-ordering heuristics\" (D. Dailey's experiments)",
			Runs: stRID.with(workbench).config("r"), Test: Test{Kind: Trend, Want: -1}, Shift: -1, Cases: speedCases(stRID.with(workbench), soPlain),
			Ablations: []Ablation{speedAb(abOrderST, stRID, stPlain)},
			Cause:     "conjecture: with good ordering few nodes lack a table move, so rid's extra searches rarely pay"},
		{Paper: "StarTech", Source: "§4 Three Improvement Strategies, 000:L377", Condition: "deferred reads, preset startech, P = 512", Figure: "\"worth about a 4% performance improvement\"",
			Runs: stDeferred.config("r"), Test: Test{Kind: Ratio, Want: 0.04, Tol: Printed("4") / 100}, Shift: -1, Cases: speedCases(stDeferred, stPlain),
			Ablations: speedAblations(stDeferred, stPlain, abOrdering, workbench),
			Cause:     "conjecture: a waiting processor here is idle while other work exists (StarTech's wait also held a processor, but its time went to the CM-5's message latency); no ablation isolates it"},
		{Paper: "StarTech", Source: "§4 Three Improvement Strategies, 000:L379; Serialization Heuristics, 000:L399", Condition: "serialize2 on top of rid (its condition reads rid's value), preset startech: W(serialize2+rid)/W(rid) − 1", Figure: "work −10…15 % (\"improves the efficiency of StarTech by 10%-15%\")",
			Runs: stSer2RID.config("r"), Test: Test{Kind: Band, Want: -0.15, Hi: -0.10, Tol: Printed("10") / 100}, Shift: -1, Cases: workCases(stSer2RID, stRID),
			Ablations: []Ablation{
				workAb("without rid: W(serialize2)/W(jamboree) − 1", stSer2, stPlain),
				workAb(abOrdering, stSer2RID.with(workbench), stRID.with(workbench)),
				workAb(abNoIter, stSer2RID.with(noIter), stRID.with(noIter)).comparedOn(workAb("", stSer2RID, stRID), stSer2RID.with(noIter)),
			},
			Cause: "conjecture: at these depths few type-2 nodes drop below α after a rid search (the workbench counts serialized2 in the runs' JSON); StarTech's tournament-depth trees have more"},
		{Paper: "StarTech", Source: "Serialization Heuristics, 000:L399", Condition: "serialize2 with rid, preset startech, P = 512: the searches (positions) whose average parallelism W/C, as StarTech defines it for a run of the program (000:L273), is over 500", Figure: "\"the average parallelism was still over 500\"",
			Runs: stSer2RID.config("r"), Test: Test{Kind: Order}, Cases: "SELECT v.position_id, 1.0 * v.work / v.span > 500 FROM runs v WHERE " + stSer2RID.where("v") + " ORDER BY v.position_id",
			Ablations: []Ablation{
				{Setting: abOrdering, Query: parallelismOf(stSer2RID.with(workbench), 500)},
			},
			Cause: "conjecture: W/C grows with depth (Theorem 1: about (d/2)^(h/2)); the run's trees are smaller than StarTech's tournament searches"},
		{Paper: "StarTech", Source: "Serialization Heuristics, 000:L393", Condition: "Jamboree, preset startech, P = 512: cutoff work over all work", Figure: "\"10%–30% of all the work is cutoff work\"",
			Runs: stPlain.config("r"), Test: Test{Kind: Band, Want: 0.10, Hi: 0.30, Tol: Printed("10") / 100}, Cases: shareCases(stPlain, "$.jamboree.work.cutoff_work.total", ""),
			Ablations: []Ablation{
				shareAb(abOrdering, stPlain.with(workbench), "$.jamboree.work.cutoff_work.total", ""),
				shareAb("with rid", stRID, "$.jamboree.work.cutoff_work.total", ""),
			},
			Cause: "conjecture: the workbench counts as cutoff work every node of a child started before an earlier child failed high, the aborted nodes included; StarTech's accounting may differ"},
		{Paper: "StarTech", Source: "Serialization Heuristics, 000:L393", Condition: "the same: failed work over all work", Figure: "\"less than 2% is failed work\"",
			Runs: stPlain.config("r"), Test: Test{Kind: Band, Want: 0, Hi: 0.02, Tol: Printed("2") / 100}, Cases: shareCases(stPlain, "$.jamboree.work.failed_work.total", ""),
			Ablations: []Ablation{
				shareAb(abOrdering, stPlain.with(workbench), "$.jamboree.work.failed_work.total", ""),
				shareAb("with rid", stRID, "$.jamboree.work.failed_work.total", ""),
			},
			Cause: "conjecture: the workbench's failed work is every node of a failed test that is re-searched, in Jamboree's parallel order; StarTech counts the part a serial Scout would not do (000:L389-391) and may count less"},
		{Paper: "StarTech", Source: "Serialization Heuristics, 000:L395", Condition: "the same: failed work on type-2 (CUT) nodes over all failed work", Figure: "\"50%–90% of the failed work is on Type 2 positions\"",
			Runs: stPlain.config("r"), Test: Test{Kind: Band, Want: 0.5, Hi: 0.9, Tol: Printed("50") / 100}, Reading: failedTypeReading, Cases: shareCases(stPlain, "$.jamboree.work.failed_work.cut", "$.jamboree.work.failed_work.total"),
			Ablations: []Ablation{
				shareAb(abOrdering, stPlain.with(workbench), "$.jamboree.work.failed_work.cut", "$.jamboree.work.failed_work.total"),
			},
			Cause: "conjecture: see the type-3 claim below: all the failed work the workbench counts is on type-2 children"},
		{Paper: "StarTech", Source: "Serialization Heuristics, 000:L395", Condition: "the same: failed work on type-3 (ALL) nodes over all failed work", Figure: "\"10%–40% of the failed work is on Type 3\"",
			Runs: stPlain.config("r"), Test: Test{Kind: Band, Want: 0.1, Hi: 0.4, Tol: Printed("10") / 100}, Reading: failedTypeReading, Cases: shareCases(stPlain, "$.jamboree.work.failed_work.all", "$.jamboree.work.failed_work.total"),
			Ablations: []Ablation{
				shareAb(abOrdering, stPlain.with(workbench), "$.jamboree.work.failed_work.all", "$.jamboree.work.failed_work.total"),
			},
			Cause: "conjecture: the workbench classifies failed work by the tested child's expected type; under a null window a failed test of a type-3 child is a fail high of its type-2 parent, not a re-search, so failed work arises only where a node has an open window and its tested children are type 2 (the failed-work table shows 0 % on type 3 in every configuration); StarTech evidently counted otherwise"},
		{Paper: "*Socrates", Source: "§4.3, 001:L1048", Condition: "steal ordering by levels against the last child stolen, preset default, P = 512", Figure: "\"seemed to give a speedup of 20-25%\"",
			Runs: soLevels.config("r"), Test: Test{Kind: Band, Want: 0.20, Hi: 0.25, Tol: Printed("20") / 100}, Shift: -1, Cases: speedCases(soLevels, soPlain),
			Ablations: speedAblations(soLevels, soPlain, abOrderST, startech),
			Cause:     "conjecture: *Socrates's trees searched to tournament depth hold more levels than the run's depths give"},
		{Paper: "*Socrates", Source: "§4.4, 001:L1091", Condition: "level waiting on top of steal ordering (like for like: T with levels alone over T with both), preset default, P = 512", Figure: "\"seemed to give us a 15-20% speedup\"",
			Runs: soBoth.config("r"), Test: Test{Kind: Band, Want: 0.15, Hi: 0.20, Tol: Printed("15") / 100}, Shift: -1, Cases: speedCases(soBoth, soLevels),
			Ablations: speedAblations(soBoth, soLevels, abOrderST, startech),
			Cause:     "conjecture: the stalls that level waiting avoids (a restarted position holding a stolen search, 001:L1079-1089) are rarer in the run's smaller trees"},
		{Paper: "*Socrates", Source: "§4.3 and §4.4, 001:L1048, L1091", Condition: "levels and level waiting together against neither, preset default, P = 512", Figure: "about +38…50 % (1.20·1.15 − 1 to 1.25·1.20 − 1)",
			Runs: soBoth.config("r"), Test: Test{Kind: Band, Want: 0.38, Hi: 0.50, Tol: Printed("38") / 100}, Shift: -1, Cases: speedCases(soBoth, soPlain),
			Ablations: speedAblations(soBoth, soPlain, abOrderST, startech),
			Cause:     "conjecture: see the two claims above"},
		{Paper: "StarTech", Source: "Serialization Heuristics, 000:L395", Condition: "the same: failed work on type-2 (CUT) nodes over all failed work", Figure: "\"50%–90% of the failed work is on Type 2 positions\"",
			Test: Test{Kind: Band, Want: 0.5, Hi: 0.9, Tol: Printed("50") / 100}, Reading: failedTypeOther, NotMeasured: failedTypeWhy},
		{Paper: "StarTech", Source: "Serialization Heuristics, 000:L395", Condition: "the same: failed work on type-3 (ALL) nodes over all failed work", Figure: "\"10%–40% of the failed work is on Type 3\"",
			Test: Test{Kind: Band, Want: 0.1, Hi: 0.4, Tol: Printed("10") / 100}, Reading: failedTypeOther, NotMeasured: failedTypeWhy},
	})}
