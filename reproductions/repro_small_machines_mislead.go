package reproductions

import (
	"context"
	"fmt"
)

// smRatio is the query of Σ col(variant)/Σ col(rid) − 1 over the
// positions both ran at P = p (p "": the machine size judged, {{p}}: the
// paper's 512 or the run's closest).
func smRatio(variant, col, p string) string {
	if p == "" {
		p = PPlaceholder
	}
	return fmt.Sprintf("SELECT 1.0 * SUM(v.%[2]s) / SUM(b.%[2]s) - 1 FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND b.role = 'parallel' AND b.variants = 'rid' WHERE v.role = 'parallel' AND v.variants = '%[1]s' AND v.p = %[3]s", variant, col, p)
}

// smCases is the cases of smRatio: per position col of variant and of
// rid at P = p, a ratio of sums (Shift −1).
func smCases(variant, col, p string) string {
	if p == "" {
		p = PPlaceholder
	}
	return fmt.Sprintf("SELECT v.position_id, v.%[2]s, b.%[2]s FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND b.role = 'parallel' AND b.variants = 'rid' WHERE v.role = 'parallel' AND v.variants = '%[1]s' AND v.p = %[3]s ORDER BY v.position_id", variant, col, p)
}

// smLargest is the cases of the largest reduction of col by variant
// against rid: per position and P of the paper's range ({{ps}}),
// 1 − col(variant)/col(rid).
func smLargest(variant, col string) string {
	return fmt.Sprintf("SELECT v.position_id || ' P=' || v.p, 1 - 1.0 * v.%[2]s / b.%[2]s FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND b.role = 'parallel' AND b.variants = 'rid' WHERE v.role = 'parallel' AND v.variants = '%[1]s' AND v.p IN %[3]s ORDER BY v.position_id, v.p", variant, col, PsPlaceholder)
}

// smScale is the papers' experiment (CM-5 partitions of 32 to 512
// processors, tournament conditions); the run's scale is read from
// smConfig's runs (its positions, depth and machine sizes).
var smScale = Scale{P: []int{32, 512}, Note: "tournament conditions"}

// smConfig selects the runs of the three configurations the claims set
// against each other, at every depth and P.
const smConfig = "r.role = 'parallel' AND r.variants IN ('rid', 'rid+serialize-all', 'rid+value2')"

// smClaims sets the paper's scale and the runs on every claim (a claim's
// declared run scale names only the small machine it reads beside the
// one judged).
func smClaims(cs []Claim) []Claim {
	for i := range cs {
		cs[i].PaperScale, cs[i].Runs = smScale, smConfig
	}
	return cs
}

// smSides is the query of the share of {faster than rid at P = 8, slower
// at the largest P} that variant holds.
func smSides(variant string) string {
	side := func(p, cmp string) string {
		return fmt.Sprintf("(SELECT SUM(v.time) %s SUM(b.time) FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND b.role = 'parallel' AND b.variants = 'rid' WHERE v.role = 'parallel' AND v.variants = '%s' AND v.p = %s)", cmp, variant, p)
	}
	return "SELECT " + side("8", "<") + " + " + side(PPlaceholder, ">") + ", 2"
}

// reproSmallMachinesMislead is the reproduction "small-machines-mislead".
var reproSmallMachinesMislead = Reproduction{Name: "small-machines-mislead", Paper: "StarTech §4 (Serialization Heuristics), *Socrates §2.6", Machine: machineCM5Unfiltered, Notebook: "small-machines.sp", Takes: "37 minutes with --jobs 2 beside another simulation of the same size (496 runs, the CM-5's 248 among them; depth 7 at P = 128 to 512 is most of it)",
	What: "StarTech's full serialization and *Socrates's valuing of two children against Jamboree with rid from P = 1 to 512 on the simulated machine (preset startech, Kaufman 1-8, depth 7): T, W and C ratios per P, the crossover P, and whether the fit from P ≤ 32 predicts the big machine",
	Published: `The papers' claims (no positions, depths or machine sizes given):
  StarTech (000:L397): serializing type-2/3 nodes that drop below α "reduced the work by as much as 50%";
    the critical path grew, "average parallelism dropped below 100"; "On small machines the critical path
    was not a problem, but for big machines the serialization hurt"; by measuring W and C "I was able to
    predict the performance on a big machine" (000:L405).
  *Socrates (001:L765-780): valuing the first two children "ran faster" on a small machine, "on a big
    machine the runtime actually got worse"; it "does decrease the total work, but it increases the
    critical path length"; from W and C "we were able to extrapolate the performance on the big machine".`,
	Differs: []Difference{
		{Setting: "move ordering", Paper: "StarTech: the table alone (000:L375); *Tech: not stated", Here: "preset startech (table and MVV-LVA) with rid, for both variants", Why: "the papers' regime of ordering (see startech-variants and algos.Presets); *Tech is StarTech's successor and the paper gives its ordering no further"},
		{Setting: "machine sizes", Paper: "CM-5 partitions, 32 to 512 (000:L251); \"small\" and \"big\" not given", Here: "simulated P = 1, 2, 4, …, 512, one unit per node; small machine P = 8, big P = 512, fit from P ≤ 32", Why: "the papers name no sizes; P = 8 and 512 bracket the CM-5 sizes StarTech ran"},
		{Setting: "positions and depth", Paper: "not stated (tournament conditions)", Here: "Kaufman 1-8, depth 7", Why: "the papers' W/C was over 1000 (000: abstract); at depth 7 Jamboree with rid reaches that regime at P = 512 (the per-P table), and ten machine sizes × three configurations × eight positions, free and on the CM-5, fit the shared 2-core machine with --jobs 2"},
		{Setting: "table", Paper: "≥ 2^26 entries spread over the processors (000:L251)", Here: "a shared table of 2^20 entries", Why: "the workbench's default; depth-7 searches visit more positions than 2^20 entries hold, so entries are replaced where StarTech's larger table kept them"},
	},
	Claims: smClaims([]Claim{
		{Paper: "StarTech", Source: "§4 Serialization Heuristics, 000:L397", Condition: "type-2/3 nodes that drop below α searched serially; W(serialize-all)/W(rid) − 1 at the largest P", Figure: "\"reduced the work\"",
			Test: Test{Kind: Trend, Want: -1}, Shift: -1, Cases: smCases("rid+serialize-all", "work", ""), Reason: crossoverReason("rid", "rid+serialize-all", 32)},
		{Paper: "StarTech", Source: "§4 Serialization Heuristics, 000:L397", Condition: "the same: the largest work reduction 1 − W(serialize-all)/W(rid) over the positions and the machine sizes of the CM-5's range (32–512) the run holds", Figure: "\"by as much as 50%\"",
			Test: Test{Kind: Level, Want: 0.5, Tol: Printed("50") / 100}, Largest: true, Cases: smLargest("rid+serialize-all", "work"), Reason: crossoverReason("rid", "rid+serialize-all", 32)},
		{Paper: "StarTech", Source: "§4 Serialization Heuristics, 000:L397", Condition: "the same: C(serialize-all)/C(rid) − 1 at the largest P", Figure: "\"The critical path was increased\"",
			Test: Test{Kind: Trend, Want: 1}, Shift: -1, Cases: smCases("rid+serialize-all", "span", ""), Reason: crossoverReason("rid", "rid+serialize-all", 32)},
		{Paper: "StarTech", Source: "§4 Serialization Heuristics, 000:L397", Condition: "the same: the searches (positions) whose average parallelism W/C, as StarTech defines it for a run of the program (000:L273), is below 100 at the largest P", Figure: "\"the average parallelism dropped below 100\"",
			Test: Test{Kind: Order}, Cases: "SELECT position_id, 1.0 * work / span < 100 FROM runs WHERE role = 'parallel' AND variants = 'rid+serialize-all' AND p = " + PPlaceholder + " ORDER BY position_id",
			Reason: reasonBelow100},
		{Paper: "StarTech", Source: "§4 Serialization Heuristics, 000:L397", Condition: "the same: faster than rid at P = 8, slower at the largest P", Figure: "\"On small machines the critical path was not a problem, but for big machines the serialization hurt\"",
			Test: Test{Kind: Order}, RunScale: Scale{P: []int{8}}, Query: smSides("rid+serialize-all"), Reason: crossoverReason("rid", "rid+serialize-all", 32)},
		{Paper: "StarTech", Source: "§4 Serialization Heuristics, 000:L397", Condition: "the same: the smallest P from which serialize-all is slower at every larger P (0: no crossover)", Figure: "a crossover between small and big CM-5s",
			Test: Test{Kind: Trend, Want: 1}, Measure: crossoverP("rid", "rid+serialize-all"), Reason: crossoverReason("rid", "rid+serialize-all", 32)},
		{Paper: "StarTech", Source: "§4 summary, 000:L405", Condition: "T fitted to W and C with P ≤ 32 for serialize-all and rid each, predicting which is faster at P = 512", Figure: "\"By measuring the critical path length, I was able to predict the performance on a big machine\"",
			Test: Test{Kind: Order}, Measure: predictsCrossover("rid", "rid+serialize-all", 32, 512), Reason: predictionReason("rid", "rid+serialize-all", 32, 512)},
		{Paper: "StarTech", Source: "§4 summary, 000:L405", Condition: "the same fits: log2 of the crossover P they predict over the crossover P measured (0 when neither has one, +Inf when one has none)", Figure: "the big machine predicted from the small one",
			Test: Test{Kind: Crossover}, Measure: predictedCrossover("rid", "rid+serialize-all", 32), Reason: predictionReason("rid", "rid+serialize-all", 32, 512),
			Cause: "conjecture: the fits from P ≤ 32 do not see the work that grows with P beyond 32 (the per-P table's w_ratio)"},
		{Paper: "*Socrates", Source: "§2.6, 001:L772-774", Condition: "*Tech valuing two children before the tests: W(value2)/W(rid) − 1 at P = 8", Figure: "\"does decrease the total work\"",
			Test: Test{Kind: Trend, Want: -1}, Shift: -1, RunScale: Scale{P: []int{8}}, Cases: smCases("rid+value2", "work", "8"), Reason: crossoverReason("rid", "rid+value2", 32)},
		{Paper: "*Socrates", Source: "§2.6, 001:L774", Condition: "the same: C(value2)/C(rid) − 1 at the largest P", Figure: "\"it increases the critical path length\"",
			Test: Test{Kind: Trend, Want: 1}, Shift: -1, Cases: smCases("rid+value2", "span", ""), Reason: crossoverReason("rid", "rid+value2", 32)},
		{Paper: "*Socrates", Source: "§2.6, 001:L769-771", Condition: "the same: faster than rid at P = 8, slower at the largest P", Figure: "\"on a small machine, the program ran faster but on a big machine the runtime actually got worse\"",
			Test: Test{Kind: Order}, RunScale: Scale{P: []int{8}}, Query: smSides("rid+value2"), Reason: crossoverReason("rid", "rid+value2", 32)},
		{Paper: "*Socrates", Source: "§2.6, 001:L769-771", Condition: "the same: the smallest P from which value2 is slower at every larger P (0: no crossover)", Figure: "a crossover between the small and the big machine",
			Test: Test{Kind: Trend, Want: 1}, Measure: crossoverP("rid", "rid+value2"), Reason: crossoverReason("rid", "rid+value2", 32)},
		{Paper: "*Socrates", Source: "§2.6, 001:L776-780", Condition: "T fitted to W and C with P ≤ 32 for value2 and rid each, predicting which is faster at P = 512", Figure: "\"we were able to extrapolate the performance on the big machine from the performance on the little machine\"",
			Test: Test{Kind: Order}, Measure: predictsCrossover("rid", "rid+value2", 32, 512), Reason: predictionReason("rid", "rid+value2", 32, 512)},
		{Paper: "*Socrates", Source: "§2.6, 001:L776-780", Condition: "the same fits: log2 of the crossover P they predict over the crossover P measured (0 when neither has one, +Inf when one has none)", Figure: "the big machine extrapolated from the little one",
			Test: Test{Kind: Crossover}, Measure: predictedCrossover("rid", "rid+value2", 32), Reason: predictionReason("rid", "rid+value2", 32, 512),
			Cause: "conjecture: the fits from P ≤ 32 do not see the work that grows with P beyond 32 (the per-P table's w_ratio)"},
	})}

// reasonBelow100 is the reason of the claim that serialize-all's average
// parallelism dropped below 100: W/C of rid and of serialize-all on each
// position at the largest P the run holds, and how many fall below 100.
func reasonBelow100(ctx context.Context, db Querier) (string, error) {
	t, err := db.Query(ctx, "SELECT v.p, COUNT(*), AVG(1.0 * b.work / b.span), AVG(1.0 * v.work / v.span), MIN(1.0 * v.work / v.span), SUM(1.0 * v.work / v.span < 100), AVG(1.0 * v.span / b.span) FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND b.depth = v.depth AND b.costs = v.costs AND b.role = 'parallel' AND b.variants = 'rid' WHERE v.role = 'parallel' AND v.variants = 'rid+serialize-all' AND v.p = (SELECT MAX(p) FROM runs WHERE role = 'parallel' AND variants = 'rid+serialize-all') GROUP BY v.p")
	if err != nil || len(t.Rows) == 0 {
		return "", err
	}
	r := t.Rows[0]
	return fmt.Sprintf("at P = %.0f serialize-all multiplies C by %.2f on average over the %.0f positions, but rid's W/C is %s there, so serialize-all's averages %s (the least %s) and %.0f of %.0f fall below 100; StarTech's tournament searches had W/C over 1000 (000: abstract) and fell below 100, so its serialization lengthened C more than tenfold",
		num(r[0]), num(r[6]), num(r[1]), f0(num(r[2])), f0(num(r[3])), f0(num(r[4])), num(r[5]), num(r[1])), nil
}
