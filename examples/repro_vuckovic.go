package examples

// reproVuckovic is the reproduction "vuckovic".
var reproVuckovic = Reproduction{Name: "vuckovic", Paper: "Vučković 2007, Table 6.1", Notebook: "vuckovic.sp", Takes: "about 2 minutes",
	Published: `Vučković's 33 positions at depth 7 (master and slave each with its half of the ordered root moves):
node saving by his table's rule mean 25.5 % (0.58–91.3 %); by min(master, slave) it would be 35.1 %;
the pair beats the single processor when waiting for both halves (max < single) in 15 of 33.`,
	What: "static root splitting over 2 searchers at depth 7, in Table 6.1's format, the node saving three ways; and over 4 and 8",
	Claims: []Claim{
		{Paper: "Vučković", Source: "§6, 004:L221", Condition: "2 machines, depth 7, yazgac.epd (33 positions)", Figure: "the pair finds the key move in fewer nodes in every one of the 33 positions",
			Test: Test{Kind: Share, Want: 0.9}, Query: "SELECT AVG(100 * (1 - (CASE WHEN master = single THEN master_nodes WHEN slave = single THEN slave_nodes END) * 1.0 / single_nodes) > 0) FROM (SELECT b.best_move AS single, b.nodes AS single_nodes, json_extract(r.result, '$.rootsplit.searchers[0].best_move') AS master, json_extract(r.result, '$.rootsplit.searchers[0].nodes') AS master_nodes, json_extract(r.result, '$.rootsplit.searchers[1].best_move') AS slave, json_extract(r.result, '$.rootsplit.searchers[1].nodes') AS slave_nodes FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.algo = 'rootsplit' AND r.p = 2)",
			Cause: "conjecture: the positions differ (yazgac.epd is not available; the run uses Bratko-Kopec), and so do Axon's move ordering and evaluation; no ablation isolates either"},
		{Paper: "Vučković", Source: "§6, 004:L221; Table 6.1, 004:L228-263", Condition: "the same", Figure: "mean node saving 25.5 % (range 0.58–91.3 %), by the searcher that holds the single processor's move",
			Test: Test{Kind: Value, Want: 25.5, Tol: 5}, Query: "SELECT AVG(100 * (1 - (CASE WHEN master = single THEN master_nodes WHEN slave = single THEN slave_nodes END) * 1.0 / single_nodes)) FROM (SELECT b.best_move AS single, b.nodes AS single_nodes, json_extract(r.result, '$.rootsplit.searchers[0].best_move') AS master, json_extract(r.result, '$.rootsplit.searchers[0].nodes') AS master_nodes, json_extract(r.result, '$.rootsplit.searchers[1].best_move') AS slave, json_extract(r.result, '$.rootsplit.searchers[1].nodes') AS slave_nodes FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.algo = 'rootsplit' AND r.p = 2)",
			Cause: "conjecture: the positions differ (yazgac.epd is not available; the run uses Bratko-Kopec), and so do Axon's move ordering and evaluation; no ablation isolates either"},
	}}
