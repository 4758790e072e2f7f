# Vučković's static root splitting (Axon, 2007, §6 and Table 6.1): the
# ordered root move list dealt to 2 searchers (master: moves 1, 3, 5, …;
# slave: 2, 4, 6, …), each searching its share to depth 7, beside the
# single-processor search of the same position and options, on the
# Bratko-Kopec suite (his yazgac.epd of 33 positions was not found). The
# node saving three ways (reading notes §3.2): as his table computes it
# (the searcher whose own best move is the single search's), as his formula
# says (the fewer nodes of the two), and as a decision really costs (the
# more nodes: the master waits for both halves). The paper: mean 25.5 % by
# its table's rule; by its own table, the pair beats the single processor
# (max < single) in only 15 of 33 positions.
#
#   the quick form: depth 5

set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
set depth 5
sweep --positions suite:bk --algos rootsplit --sim 2
sql "SELECT pos, single, single_nodes, master, master_nodes, slave, slave_nodes, round(100 * (1 - (CASE WHEN master = single THEN master_nodes WHEN slave = single THEN slave_nodes END) * 1.0 / single_nodes), 1) AS saving_table, round(100 * (1 - min(master_nodes, slave_nodes) * 1.0 / single_nodes), 1) AS saving_min, round(100 * (1 - max(master_nodes, slave_nodes) * 1.0 / single_nodes), 1) AS saving_waited FROM (SELECT r.id, r.position_id AS pos, b.best_move AS single, b.nodes AS single_nodes, json_extract(r.result, '$.rootsplit.searchers[0].best_move') AS master, json_extract(r.result, '$.rootsplit.searchers[0].nodes') AS master_nodes, json_extract(r.result, '$.rootsplit.searchers[1].best_move') AS slave, json_extract(r.result, '$.rootsplit.searchers[1].nodes') AS slave_nodes FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.algo = 'rootsplit' AND r.p = 2) ORDER BY id"
sql "SELECT count(*) AS positions, round(avg(100 * (1 - (CASE WHEN master = single THEN master_nodes WHEN slave = single THEN slave_nodes END) * 1.0 / single_nodes)), 1) AS mean_saving_table, round(avg(100 * (1 - min(master_nodes, slave_nodes) * 1.0 / single_nodes)), 1) AS mean_saving_min, round(avg(100 * (1 - max(master_nodes, slave_nodes) * 1.0 / single_nodes)), 1) AS mean_saving_waited, sum(max(master_nodes, slave_nodes) < single_nodes) AS pair_beats_single FROM (SELECT b.best_move AS single, b.nodes AS single_nodes, json_extract(r.result, '$.rootsplit.searchers[0].best_move') AS master, json_extract(r.result, '$.rootsplit.searchers[0].nodes') AS master_nodes, json_extract(r.result, '$.rootsplit.searchers[1].best_move') AS slave, json_extract(r.result, '$.rootsplit.searchers[1].nodes') AS slave_nodes FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.algo = 'rootsplit' AND r.p = 2)"
sweep --positions suite:bk#1-6 --algos rootsplit --sim 4,8
sql "SELECT r.p AS searchers, COUNT(*) AS positions, ROUND(AVG(100 * (1 - (SELECT json_extract(s.value, '$.nodes') FROM json_each(r.result, '$.rootsplit.searchers') s WHERE json_extract(s.value, '$.best_move') = b.best_move LIMIT 1) * 1.0 / b.nodes)), 1) AS mean_saving_table, ROUND(AVG(100 * (1 - (SELECT MIN(json_extract(s.value, '$.nodes')) FROM json_each(r.result, '$.rootsplit.searchers') s) * 1.0 / b.nodes)), 1) AS mean_saving_min, ROUND(AVG(100 * (1 - (SELECT MAX(json_extract(s.value, '$.nodes')) FROM json_each(r.result, '$.rootsplit.searchers') s) * 1.0 / b.nodes)), 1) AS mean_saving_waited, SUM((SELECT MAX(json_extract(s.value, '$.nodes')) FROM json_each(r.result, '$.rootsplit.searchers') s) < b.nodes) AS beats_single FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.algo = 'rootsplit' GROUP BY r.p ORDER BY r.p"
