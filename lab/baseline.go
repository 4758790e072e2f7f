package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"splitpoint/algos"
	"splitpoint/results"
	"splitpoint/sched"
)

// BaselineMode says how a parallel run gets its serial baseline: run it
// (Cache nil), take it from Cache when the same search was run before and
// store it there otherwise, or not at all (Skip: no efficiency, speedup or
// search overhead).
type BaselineMode struct {
	Skip  bool
	Cache *BaselineCache
}

// BaselineCache keeps serial baselines in a results database (sweep
// "baselines", role baseline), keyed by the position and every option of
// the serial search, so that repeating a parallel search on other machines
// or variants runs its baseline once.
type BaselineCache struct {
	Store *results.Store
}

// BaselineSweep is the sweep id the cached baselines are stored under.
const BaselineSweep = "baselines"

// baselineKey names a serial search: the position and its options.
func baselineKey(it *Item, opt algos.Options) string {
	b, _ := json.Marshal(opt)
	return it.Name + "\x00" + string(b)
}

// cached is a stored baseline's result with its key.
type cached struct {
	Key string `json:"cache_key"`
	*algos.Result
}

// get returns the cached result of the serial search opt on it and its
// row's id.
func (c *BaselineCache) get(ctx context.Context, it *Item, opt algos.Options) (*algos.Result, int64, bool) {
	if c == nil || c.Store == nil {
		return nil, 0, false
	}
	key := baselineKey(it, opt)
	t, err := c.Store.Query(ctx, "SELECT id, result FROM runs WHERE sweep = ? AND position = ? AND json_extract(result, '$.cache_key') = ? ORDER BY id DESC LIMIT 1",
		BaselineSweep, it.Name, key)
	if err != nil || len(t.Rows) == 0 {
		return nil, 0, false
	}
	var got cached
	if json.Unmarshal([]byte(fmt.Sprint(t.Rows[0][1])), &got) != nil || got.Result == nil || got.Key != key {
		return nil, 0, false
	}
	id, _ := t.Rows[0][0].(int64)
	return got.Result, id, true
}

// put stores the serial search's report and returns its row's id.
func (c *BaselineCache) put(ctx context.Context, it *Item, opt algos.Options, rep *SearchReport) (int64, error) {
	if c == nil || c.Store == nil {
		return 0, nil
	}
	row := NewRow(SettingsOf(results.RoleBaseline, it, opt, nil), sched.DefaultCosts())
	row.Sweep, row.Created, row.Version = BaselineSweep, time.Now().UTC().Format(time.RFC3339Nano), results.Version()
	if err := FillSerial(&row, rep, sched.DefaultCosts()); err != nil {
		return 0, err
	}
	if err := row.SetResult(cached{Key: baselineKey(it, opt), Result: rep.Result}); err != nil {
		return 0, err
	}
	err := c.Store.Insert(ctx, &row)
	return row.ID, err
}

// baseline runs (or finds) the serial search sopt on it; row is its row
// in the cache's database (0 without a cache).
func (m BaselineMode) baseline(ctx context.Context, it *Item, sopt algos.Options) (res *algos.Result, row int64, fromCache bool, err error) {
	if r, id, ok := m.Cache.get(ctx, it, sopt); ok {
		return r, id, true, nil
	}
	rep, err := Search(ctx, it, sopt)
	if err != nil {
		return nil, 0, false, err
	}
	id, err := m.Cache.put(ctx, it, sopt, rep)
	if err != nil {
		return nil, 0, false, fmt.Errorf("caching the baseline: %w", err)
	}
	return rep.Result, id, false, nil
}
