# The quick form of notebooks/parsss.sp: two trees per shape, and each
# ablation on a handful of trees.
# Bhattacharya & Bagchi, "Searching Game Trees in Parallel Using SSS*":
# Tables 2 and 3 on the deterministic simulated machine, then the
# ablations that look for the causes of the differences, one difference
# from the paper's configuration at a time.
#
# 1. The paper's configuration. Time is in terminal counts (--costs
# terminal: one unit per terminal examined, nothing else costs), no process
# is spawned on nodes of height below 4 (--param spawn_height=4), and
# speed-up is over serial SSS* (the baseline). The paper measured one
# random tree per shape (and Table 3 on the (3, 10) tree of Table 2: SSS*
# examines 3363 terminals in both), the minimum of 20 runs on a
# time-sliced VAX; here 2 seeded uniform trees per shape, each run once
# (the simulator is deterministic), reported as minimum, mean and
# maximum. Two clocks: "speedup" is the strict simulated machine's
# (W ≤ N·T), "paper_speedup" the paper's, where a spawned process starts
# at its father's count and a solved MAX node waits for the counts of the
# processes below it. The claims are judged on these runs.
#
#   go run . run notebooks/quick/parsss.sp

sweep --positions uniform:b=2,d=15,seed=1,uniform:b=2,d=15,seed=2 --algos parsss --sim 1,2,3,5,8 --depth 15 --costs terminal --param spawn_height=4
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos parsss --sim 1,2,3,5,8 --depth 10 --costs terminal --param spawn_height=4
sweep --positions uniform:b=5,d=7,seed=1,uniform:b=5,d=7,seed=2 --algos parsss --sim 1,2,3,5,8 --depth 7 --costs terminal --param spawn_height=4
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos paritersss --sim 1,2,3,8 --depth 10 --costs terminal --param spawn_height=4,memory=11
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos paritersss --sim 1,2,3,8 --depth 10 --costs terminal --param spawn_height=4,memory=23
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos paritersss --sim 1,2,3,8 --depth 10 --costs terminal --param spawn_height=4,memory=36
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos paritersss --sim 1,2,3,8 --depth 10 --costs terminal --param spawn_height=4,memory=61
sql "SELECT algo, substr(position, 9, instr(substr(position, 9), ',seed') - 1) AS tree, json_extract(result, '$.options.memory') AS m, p AS n, count(*) AS trees, round(min(speedup), 2) AS min, round(avg(speedup), 2) AS speedup, round(max(speedup), 2) AS max, round(avg(speedup * time * 1.0 / json_extract(result, '$.' || algo || '.paper_time')), 2) AS paper_speedup, round(avg(work)) AS terminals FROM derived WHERE role = 'parallel' AND position GLOB 'uniform:*,seed=[1-8]' AND json_extract(costs, '$.abort') = 0 GROUP BY algo, tree, m, p ORDER BY algo DESC, tree, m, p"
# The clock: the paper's clock against the strict machine's, the largest
# difference of the mean speed-ups above (the paper's clock is not what
# separates the figures).
sql "SELECT round(max(abs(avg_paper - avg_strict)), 3) AS largest_clock_difference FROM (SELECT avg(speedup) AS avg_strict, avg(speedup * time * 1.0 / json_extract(result, '$.' || algo || '.paper_time')) AS avg_paper FROM derived WHERE role = 'parallel' AND position GLOB 'uniform:*,seed=[1-8]' AND json_extract(costs, '$.abort') = 0 AND p > 1 GROUP BY algo, substr(position, 1, 16), json_extract(result, '$.options.memory'), p)"

# 2. The tree instance. The paper's one tree per shape is one draw from a
# distribution; here 10 trees of (3, 10) in all (seeds 1-2 and 9-16) and 10 each
# of (2, 15) and (5, 7), each figure of Tables 2 and 3 placed among them:
# "rank" is the share of the trees at or below the paper's value (a value
# inside the central 95 % of the trees has rank 0.025-0.975).
sweep --positions uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos parsss --sim 8 --depth 10 --costs terminal --param spawn_height=4
sweep --positions uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos paritersss --sim 1,8 --depth 10 --costs terminal --param spawn_height=4,memory=11
sweep --positions uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos paritersss --sim 1,8 --depth 10 --costs terminal --param spawn_height=4,memory=23
sweep --positions uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos paritersss --sim 1,8 --depth 10 --costs terminal --param spawn_height=4,memory=36
sweep --positions uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos paritersss --sim 1,8 --depth 10 --costs terminal --param spawn_height=4,memory=61
sweep --positions uniform:b=2,d=15,seed=9,uniform:b=2,d=15,seed=10,uniform:b=2,d=15,seed=11,uniform:b=2,d=15,seed=12,uniform:b=2,d=15,seed=13,uniform:b=2,d=15,seed=14,uniform:b=2,d=15,seed=15,uniform:b=2,d=15,seed=16 --algos parsss --sim 2,5,8 --depth 15 --costs terminal --param spawn_height=4
sweep --positions uniform:b=5,d=7,seed=9,uniform:b=5,d=7,seed=10,uniform:b=5,d=7,seed=11,uniform:b=5,d=7,seed=12,uniform:b=5,d=7,seed=13,uniform:b=5,d=7,seed=14,uniform:b=5,d=7,seed=15,uniform:b=5,d=7,seed=16 --algos parsss --sim 2,5,8 --depth 7 --costs terminal --param spawn_height=4
sql "WITH paper(tree, algo, m, n, v) AS (VALUES ('b=2,d=15', 'sss', 0, 0, 1874), ('b=3,d=10', 'sss', 0, 0, 3363), ('b=5,d=7', 'sss', 0, 0, 5720), ('b=2,d=15', 'parsss', 0, 2, 1.92), ('b=2,d=15', 'parsss', 0, 5, 2.77), ('b=2,d=15', 'parsss', 0, 8, 3.36), ('b=3,d=10', 'parsss', 0, 2, 1.77), ('b=3,d=10', 'parsss', 0, 3, 1.77), ('b=3,d=10', 'parsss', 0, 8, 2.41), ('b=5,d=7', 'parsss', 0, 2, 1.84), ('b=5,d=7', 'parsss', 0, 5, 3.54), ('b=5,d=7', 'parsss', 0, 8, 4.22), ('b=3,d=10', 'paritersss', 11, 1, 0.47), ('b=3,d=10', 'paritersss', 11, 8, 1.51), ('b=3,d=10', 'paritersss', 23, 1, 0.52), ('b=3,d=10', 'paritersss', 23, 8, 1.58), ('b=3,d=10', 'paritersss', 36, 1, 0.57), ('b=3,d=10', 'paritersss', 36, 8, 2.59), ('b=3,d=10', 'paritersss', 61, 1, 0.62), ('b=3,d=10', 'paritersss', 61, 8, 2.69)), runs3 AS (SELECT substr(position, 9, instr(substr(position, 9), ',seed') - 1) AS tree, algo, coalesce(json_extract(result, '$.options.memory'), 0) AS m, coalesce(p, 0) AS n, CASE WHEN role = 'baseline' THEN work ELSE speedup END AS x FROM derived WHERE position GLOB 'uniform:*' AND json_extract(costs, '$.abort') = 0 AND (role = 'parallel' OR algo = 'sss')) SELECT paper.tree, paper.algo, paper.m, paper.n, paper.v AS paper, count(*) AS trees, round(min(x), 2) AS min, round(avg(x), 2) AS mean, round(max(x), 2) AS max, round(avg(x <= paper.v), 3) AS rank FROM paper JOIN runs3 USING (tree, algo, m, n) GROUP BY paper.tree, paper.algo, paper.m, paper.n ORDER BY paper.algo DESC, paper.tree, paper.m, paper.n"
# The trees like the paper's instance, matched on what Table 2 says of it
# (SSS* within 10 % of 3363 terminals, PARSSS* with N = 8 within 0.25 of
# 2.41): their Table 3.
sql "WITH inst AS (SELECT d.position FROM derived d JOIN runs b ON b.id = d.baseline_id WHERE d.role = 'parallel' AND d.algo = 'parsss' AND d.p = 8 AND d.position LIKE 'uniform:b=3,d=10,%' AND json_extract(d.costs, '$.abort') = 0 AND abs(d.speedup - 2.41) <= 0.25 AND abs(b.work - 3363) <= 336), paper(m, n, v) AS (VALUES (11, 1, 0.47), (11, 8, 1.51), (23, 1, 0.52), (23, 8, 1.58), (36, 1, 0.57), (36, 8, 2.59), (61, 1, 0.62), (61, 8, 2.69)) SELECT paper.m, paper.n, paper.v AS paper, count(*) AS matched_trees, round(min(d.speedup), 2) AS min, round(avg(d.speedup), 2) AS speedup, round(max(d.speedup), 2) AS max FROM derived d JOIN paper ON paper.m = json_extract(d.result, '$.options.memory') AND paper.n = d.p WHERE d.role = 'parallel' AND d.algo = 'paritersss' AND json_extract(d.costs, '$.abort') = 0 AND d.position IN (SELECT position FROM inst) GROUP BY paper.m, paper.n ORDER BY paper.m, paper.n"
# The jump of Table 3 rows 8 and 12 (N = 8, M = 23 → 36: 1.58 → 2.59,
# +64 %): how many of the trees show a rise of 30 % or more, and of 64 %.
sql "WITH it AS (SELECT position, json_extract(result, '$.options.memory') AS m, speedup FROM derived WHERE role = 'parallel' AND algo = 'paritersss' AND p = 8 AND json_extract(costs, '$.abort') = 0 AND position LIKE 'uniform:b=3,d=10,%') SELECT count(*) AS trees, sum(b.speedup >= 1.3 * a.speedup) AS rise_30pct, sum(b.speedup >= 1.64 * a.speedup) AS rise_64pct, round(max(b.speedup / a.speedup), 2) AS largest_ratio, round(avg(b.speedup / a.speedup), 3) AS mean_ratio FROM it a JOIN it b ON a.position = b.position AND a.m = 23 AND b.m = 36"

# 3. The value distribution. The paper says only "randomly generated
# terminal values"; the uniform family draws each leaf independently. The
# ordered family with the best move at a random place (order=p0.33, one
# chance in three of being first) correlates the values along each path.
sweep --positions ordered:b=3,d=10,seed=1,order=p0.33,ordered:b=3,d=10,seed=2,order=p0.33,ordered:b=3,d=10,seed=3,order=p0.33,ordered:b=3,d=10,seed=4,order=p0.33 --algos parsss --sim 8 --depth 10 --costs terminal --param spawn_height=4
sweep --positions ordered:b=3,d=10,seed=1,order=p0.33,ordered:b=3,d=10,seed=2,order=p0.33,ordered:b=3,d=10,seed=3,order=p0.33,ordered:b=3,d=10,seed=4,order=p0.33 --algos paritersss --sim 1,8 --depth 10 --costs terminal --param spawn_height=4,memory=11
sweep --positions ordered:b=3,d=10,seed=1,order=p0.33,ordered:b=3,d=10,seed=2,order=p0.33,ordered:b=3,d=10,seed=3,order=p0.33,ordered:b=3,d=10,seed=4,order=p0.33 --algos paritersss --sim 1,8 --depth 10 --costs terminal --param spawn_height=4,memory=23
sweep --positions ordered:b=3,d=10,seed=1,order=p0.33,ordered:b=3,d=10,seed=2,order=p0.33,ordered:b=3,d=10,seed=3,order=p0.33,ordered:b=3,d=10,seed=4,order=p0.33 --algos paritersss --sim 1,8 --depth 10 --costs terminal --param spawn_height=4,memory=36
sweep --positions ordered:b=3,d=10,seed=1,order=p0.33,ordered:b=3,d=10,seed=2,order=p0.33,ordered:b=3,d=10,seed=3,order=p0.33,ordered:b=3,d=10,seed=4,order=p0.33 --algos paritersss --sim 1,8 --depth 10 --costs terminal --param spawn_height=4,memory=61
sql "SELECT algo, json_extract(result, '$.options.memory') AS m, p AS n, count(*) AS trees, round(avg((SELECT work FROM runs b WHERE b.id = d.baseline_id))) AS sss_terminals, round(min(speedup), 2) AS min, round(avg(speedup), 2) AS speedup, round(max(speedup), 2) AS max FROM derived d WHERE role = 'parallel' AND position LIKE 'ordered:%' GROUP BY algo, m, p ORDER BY algo DESC, m, p"

# 4. The machine. The paper's N processes shared one processor under VMS
# time slicing, so a kill or a wake-up took effect only when the process
# concerned next ran (§4: "this puts some restrictions on when processes
# can get killed"). Here each kill and each wake-up arrives 64 terminal
# counts late (--costs terminal,abort=64,wake=64), on 16 (3, 10) trees,
# over all of them and over the ones matched to the paper's instance on
# the same machine.
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2,uniform:b=3,d=10,seed=3,uniform:b=3,d=10,seed=4,uniform:b=3,d=10,seed=5,uniform:b=3,d=10,seed=6,uniform:b=3,d=10,seed=7,uniform:b=3,d=10,seed=8,uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos parsss --sim 8 --depth 10 --costs terminal,abort=64,wake=64 --param spawn_height=4
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2,uniform:b=3,d=10,seed=3,uniform:b=3,d=10,seed=4,uniform:b=3,d=10,seed=5,uniform:b=3,d=10,seed=6,uniform:b=3,d=10,seed=7,uniform:b=3,d=10,seed=8,uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos paritersss --sim 8 --depth 10 --costs terminal,abort=64,wake=64 --param spawn_height=4,memory=11
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2,uniform:b=3,d=10,seed=3,uniform:b=3,d=10,seed=4,uniform:b=3,d=10,seed=5,uniform:b=3,d=10,seed=6,uniform:b=3,d=10,seed=7,uniform:b=3,d=10,seed=8,uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos paritersss --sim 8 --depth 10 --costs terminal,abort=64,wake=64 --param spawn_height=4,memory=23
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2,uniform:b=3,d=10,seed=3,uniform:b=3,d=10,seed=4,uniform:b=3,d=10,seed=5,uniform:b=3,d=10,seed=6,uniform:b=3,d=10,seed=7,uniform:b=3,d=10,seed=8,uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos paritersss --sim 8 --depth 10 --costs terminal,abort=64,wake=64 --param spawn_height=4,memory=36
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2,uniform:b=3,d=10,seed=3,uniform:b=3,d=10,seed=4,uniform:b=3,d=10,seed=5,uniform:b=3,d=10,seed=6,uniform:b=3,d=10,seed=7,uniform:b=3,d=10,seed=8,uniform:b=3,d=10,seed=9,uniform:b=3,d=10,seed=10,uniform:b=3,d=10,seed=11,uniform:b=3,d=10,seed=12,uniform:b=3,d=10,seed=13,uniform:b=3,d=10,seed=14,uniform:b=3,d=10,seed=15,uniform:b=3,d=10,seed=16 --algos paritersss --sim 8 --depth 10 --costs terminal,abort=64,wake=64 --param spawn_height=4,memory=61
sql "WITH inst AS (SELECT d.position FROM derived d JOIN runs b ON b.id = d.baseline_id WHERE d.role = 'parallel' AND d.algo = 'parsss' AND d.p = 8 AND json_extract(d.costs, '$.abort') = 64 AND abs(d.speedup - 2.41) <= 0.25 AND abs(b.work - 3363) <= 336) SELECT algo, json_extract(result, '$.options.memory') AS m, p AS n, count(*) AS trees, round(avg(speedup), 2) AS speedup, sum(position IN (SELECT position FROM inst)) AS matched_trees, round(avg(CASE WHEN position IN (SELECT position FROM inst) THEN speedup END), 2) AS matched_speedup FROM derived WHERE role = 'parallel' AND json_extract(costs, '$.abort') = 64 GROUP BY algo, m, p ORDER BY algo DESC, m, p"
report --sweep all --out parsss-quick-report --title "PARSSS* and PARITERSSS*: Tables 2 and 3 (quick form)"
