# The quick form of examples/parsss.sp: two trees per shape.
# Bhattacharya & Bagchi, "Searching Game Trees in Parallel Using SSS*":
# Tables 2 and 3 on the deterministic simulated machine.
#
# Time is in terminal counts (--costs terminal: one unit per terminal
# examined, nothing else costs), no process is spawned on nodes of height
# below 4 (--param spawn_height=4), and speed-up is over serial SSS* (the
# baseline). The paper measured one random tree per shape, the minimum of
# 20 runs on a time-sliced VAX; here eight seeded uniform trees per shape,
# each run once (the simulator is deterministic), reported as minimum, mean
# and maximum. Two clocks: "speedup" is the strict
# simulated machine's (W ≤ N·T), "paper_speedup" the paper's, where a
# spawned process starts at its father's count and a solved MAX node waits
# for the counts of the processes below it.
#
#   go run . run examples/parsss.sp        (about a minute)

sweep --positions uniform:b=2,d=15,seed=1,uniform:b=2,d=15,seed=2 --algos parsss --sim 1,2,3,5,8 --depth 15 --costs terminal --param spawn_height=4 --baseline sss
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos parsss --sim 1,2,3,5,8 --depth 10 --costs terminal --param spawn_height=4 --baseline sss
sweep --positions uniform:b=5,d=7,seed=1,uniform:b=5,d=7,seed=2 --algos parsss --sim 1,2,3,5,8 --depth 7 --costs terminal --param spawn_height=4 --baseline sss
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos paritersss --sim 1,2,3,8 --depth 10 --costs terminal --param spawn_height=4,memory=11 --baseline sss
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos paritersss --sim 1,2,3,8 --depth 10 --costs terminal --param spawn_height=4,memory=23 --baseline sss
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos paritersss --sim 1,2,3,8 --depth 10 --costs terminal --param spawn_height=4,memory=36 --baseline sss
sweep --positions uniform:b=3,d=10,seed=1,uniform:b=3,d=10,seed=2 --algos paritersss --sim 1,2,3,8 --depth 10 --costs terminal --param spawn_height=4,memory=61 --baseline sss
sql "SELECT algo, substr(position, 9, instr(substr(position, 9), ',seed') - 1) AS tree, json_extract(result, '$.options.memory') AS m, p AS n, count(*) AS trees, round(min(speedup), 2) AS min, round(avg(speedup), 2) AS speedup, round(max(speedup), 2) AS max, round(avg(speedup * time * 1.0 / json_extract(result, '$.' || algo || '.paper_time')), 2) AS paper_speedup, round(avg(work)) AS terminals FROM derived WHERE role = 'parallel' GROUP BY algo, tree, m, p ORDER BY algo DESC, tree, m, p"
report --sweep all --out parsss-quick-report --title "PARSSS* and PARITERSSS*: Tables 2 and 3 (quick form)"
