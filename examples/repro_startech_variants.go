package examples

// reproStartechVariants is the reproduction "startech-variants".
var reproStartechVariants = Reproduction{Name: "startech-variants", Paper: "StarTech §4, *Socrates §4.3–4.4", Notebook: "ablation.sp", Takes: "20 minutes of CPU (43 minutes at load 5-16)",
	Published: `The papers' claims (no test set, depth or P stated; StarTech's context: 512 processors, tournament
conditions, average parallelism over 1000, over 500 after serializing):
  recursive iterative deepening (rid)      about +20 % performance
  deferred reads (deferred)                about +4 % performance
  serialize a second child (serialize2)    −10…15 % work, parallelism still over 500
  steal ordering by levels (--levels)      +20…25 % speedup (*Socrates)
  level waiting (--levelwait)              +15…20 % speedup (*Socrates)
  StarTech §4: cutoff work 10–30 % of all work, failed work under 2 %,
  50–90 % of the failed work on type-2 nodes, 10–40 % on type-3.`,
	Findings: `2026-11-24 (docs/reproductions.md), 25 positions, depth 7, P = 512, W/C over 500 in 13-19 of 25:
rid +21.5 % (work −29 %, C +20 %) and levels+level waiting +16.8 % reproduce; levels alone +6 %, deferred
reads −7 % (waiting processors idle while other work exists), serialize2 +5.9 % work (not −10…15 %) do
not; failed work 12 % and cutoff work 54 % against StarTech's under 2 % and 10-30 %.`,
	What: "each of StarTech's improvements and *Socrates's scheduler changes, alone and together, on the Kaufman suite at depth 7 on 512 simulated processors (W/C per run), with failed and cutoff work by Knuth–Moore type",
	Claims: []Claim{
		{Paper: "*Socrates", Source: "§4.4, 001:L1091", Condition: "level waiting on top of steal ordering by levels (like for like: T with levels alone over T with both)", Figure: "\"a 15-20% speedup\"",
			Test: Test{Kind: Value, Want: 0.175, Tol: 0.025}, Query: "SELECT SUM(b.time) * 1.0 / SUM(v.time) - 1 FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.role = 'parallel' AND b.variants = '' AND b.levels AND NOT b.levelwait WHERE v.role = 'parallel' AND v.variants = '' AND v.levels AND v.levelwait",
			Cause: "conjecture: the simulated machine's costs of a steal and a preemption are not the CM-5's; no ablation of the costs has been run"},
		{Paper: "StarTech", Source: "§4, 000:L375", Condition: "recursive iterative deepening with moves ordered by the table alone (no killers, no history), T without over T with", Figure: "\"worth about a 20% performance improvement\"",
			Test: Test{Kind: Value, Want: 0.2, Tol: 0.05}, Query: "SELECT SUM(b.time) * 1.0 / SUM(v.time) - 1 FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.role = 'parallel' AND b.variants = '' AND NOT b.levels AND NOT b.levelwait AND NOT json_extract(b.result, '$.options.killers') AND NOT json_extract(b.result, '$.options.history') WHERE v.role = 'parallel' AND v.variants = 'rid' AND NOT v.levels AND NOT v.levelwait AND NOT json_extract(v.result, '$.options.killers') AND NOT json_extract(v.result, '$.options.history')",
			Cause: "not measured in the paper's regime: the notebook orders moves with killers and history (preset default), where StarTech used the table alone and notes that RID \"may actually slow down programs that already have good move-ordering heuristics\" (000:L375); an agreement in that regime would be a coincidence of configuration"},
	}}
