# Vučković's static root splitting (Axon, 2007, §6 and Table 6.1): the
# ordered root move list dealt to 2 searchers (master: moves 1, 3, 5, …;
# slave: 2, 4, 6, …), each searching its share to depth 7 with a table of
# its own, beside the single-processor search of the same position and
# options, on the Bratko-Kopec suite (his yazgac.epd of 33 positions was
# not found), on the simulated machine (node counts: his measure). The node
# saving three ways (reading notes §3.2): as his table computes it (the
# searcher whose own best move is the single search's), as his formula
# says (the fewer nodes of the two), and as a decision really costs (the
# more nodes: the master waits for both halves). Means over the positions,
# as his 25.5 % is a mean.
#
#   go run . run notebooks/vuckovic.sp

set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
set depth 7

# 1. The configuration of the claims: each searcher searches its dealt
# moves in the same order at every depth of its iterative deepening.
sweep --positions suite:bk --algos rootsplit --sim 2
sql "SELECT pos, single, single_nodes, master, master_nodes, slave, slave_nodes, round(100 * (1 - (CASE WHEN master = single THEN master_nodes WHEN slave = single THEN slave_nodes END) * 1.0 / single_nodes), 1) AS saving_table, round(100 * (1 - min(master_nodes, slave_nodes) * 1.0 / single_nodes), 1) AS saving_min, round(100 * (1 - max(master_nodes, slave_nodes) * 1.0 / single_nodes), 1) AS saving_waited FROM (SELECT r.position_id AS pos, b.best_move AS single, b.nodes AS single_nodes, json_extract(r.result, '$.rootsplit.searchers[0].best_move') AS master, json_extract(r.result, '$.rootsplit.searchers[0].nodes') AS master_nodes, json_extract(r.result, '$.rootsplit.searchers[1].best_move') AS slave, json_extract(r.result, '$.rootsplit.searchers[1].nodes') AS slave_nodes, r.winner_nodes AS chosen_nodes, r.depth AS depth, json_extract(r.result, '$.options.aspiration') AS aspiration, coalesce(json_extract(r.result, '$.options.root_reorder'), 0) AS root_reorder FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.algo = 'rootsplit' AND r.p = 2 AND json_extract(r.result, '$.options.root_reorder') IS NULL AND json_extract(r.result, '$.options.aspiration') = 50) ORDER BY pos"

# 2. The searchers' root order: each searcher searches the move that was
# best in its previous iteration first, as the single search does with its
# table's move (one difference from part 1).
sweep --positions suite:bk --algos rootsplit --sim 2 --param root_reorder=true
sql "SELECT pos, single, single_nodes, master, master_nodes, slave, slave_nodes, round(100 * (1 - (CASE WHEN master = single THEN master_nodes WHEN slave = single THEN slave_nodes END) * 1.0 / single_nodes), 1) AS saving_table, round(100 * (1 - min(master_nodes, slave_nodes) * 1.0 / single_nodes), 1) AS saving_min, round(100 * (1 - max(master_nodes, slave_nodes) * 1.0 / single_nodes), 1) AS saving_waited FROM (SELECT r.position_id AS pos, b.best_move AS single, b.nodes AS single_nodes, json_extract(r.result, '$.rootsplit.searchers[0].best_move') AS master, json_extract(r.result, '$.rootsplit.searchers[0].nodes') AS master_nodes, json_extract(r.result, '$.rootsplit.searchers[1].best_move') AS slave, json_extract(r.result, '$.rootsplit.searchers[1].nodes') AS slave_nodes, r.winner_nodes AS chosen_nodes, r.depth AS depth, json_extract(r.result, '$.options.aspiration') AS aspiration, coalesce(json_extract(r.result, '$.options.root_reorder'), 0) AS root_reorder FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.algo = 'rootsplit' AND r.p = 2 AND json_extract(r.result, '$.options.root_reorder') = 1) ORDER BY pos"

# 3. The single search's aspiration window: Vučković's searchers search
# with the full window (ParallelAlphaBeta(…, −∞, +∞, …), §4.2), as the
# workbench's split searchers do; here the single search does too.
sweep --positions suite:bk --algos rootsplit --sim 2 --param aspiration=0

# 4. Every configuration above, the key move taken two ways: the searcher
# holding the single search's move (his table, the claims) and the searcher
# whose move the pair plays (chosen); the other columns as in part 1.
sql "SELECT substr(pos, 1, instr(pos, '.') - 1) AS suite, depth, aspiration, root_reorder, count(*) AS positions, round(avg(100 * (1 - holder * 1.0 / single_nodes)), 1) AS mean_saving_table, sum(coalesce(holder < single_nodes, 0)) AS holder_beats_single, round(avg(100 * (1 - chosen_nodes * 1.0 / single_nodes)), 1) AS mean_saving_chosen, round(avg(100 * (1 - min(master_nodes, slave_nodes) * 1.0 / single_nodes)), 1) AS mean_saving_min, sum(min(master_nodes, slave_nodes) < single_nodes) AS min_beats_single, round(avg(100 * (1 - max(master_nodes, slave_nodes) * 1.0 / single_nodes)), 1) AS mean_saving_waited, sum(max(master_nodes, slave_nodes) < single_nodes) AS pair_beats_single FROM (SELECT *, CASE WHEN master = single THEN master_nodes WHEN slave = single THEN slave_nodes END AS holder FROM (SELECT r.position_id AS pos, b.best_move AS single, b.nodes AS single_nodes, json_extract(r.result, '$.rootsplit.searchers[0].best_move') AS master, json_extract(r.result, '$.rootsplit.searchers[0].nodes') AS master_nodes, json_extract(r.result, '$.rootsplit.searchers[1].best_move') AS slave, json_extract(r.result, '$.rootsplit.searchers[1].nodes') AS slave_nodes, r.winner_nodes AS chosen_nodes, r.depth AS depth, json_extract(r.result, '$.options.aspiration') AS aspiration, coalesce(json_extract(r.result, '$.options.root_reorder'), 0) AS root_reorder FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.algo = 'rootsplit' AND r.p = 2)) GROUP BY suite, depth, aspiration, root_reorder ORDER BY suite, depth DESC, aspiration DESC, root_reorder"

# 5. N searchers: the same list dealt to 4 and 8 (each searcher i takes
# moves i, i+N, i+2N, …), the node saving three ways per N.
sweep --positions suite:bk --algos rootsplit --sim 4,8
sql "SELECT r.p AS searchers, COUNT(*) AS positions, ROUND(AVG(100 * (1 - (SELECT json_extract(s.value, '$.nodes') FROM json_each(r.result, '$.rootsplit.searchers') s WHERE json_extract(s.value, '$.best_move') = b.best_move LIMIT 1) * 1.0 / b.nodes)), 1) AS mean_saving_table, ROUND(AVG(100 * (1 - (SELECT MIN(json_extract(s.value, '$.nodes')) FROM json_each(r.result, '$.rootsplit.searchers') s) * 1.0 / b.nodes)), 1) AS mean_saving_min, ROUND(AVG(100 * (1 - (SELECT MAX(json_extract(s.value, '$.nodes')) FROM json_each(r.result, '$.rootsplit.searchers') s) * 1.0 / b.nodes)), 1) AS mean_saving_waited, SUM((SELECT MAX(json_extract(s.value, '$.nodes')) FROM json_each(r.result, '$.rootsplit.searchers') s) < b.nodes) AS beats_single FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.algo = 'rootsplit' AND r.p > 2 GROUP BY r.p ORDER BY r.p"
