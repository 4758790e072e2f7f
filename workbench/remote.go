package workbench

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"splitpoint/algos"
	"splitpoint/cluster"
	"splitpoint/game"
	"splitpoint/lab"
)

// remoteFlags are search's flags for a root split whose searchers are
// workers on other processes (cluster.RemoteRootSplit).
type remoteFlags struct {
	url       *string
	searchers *int
}

func declareRemoteFlags(fs *flag.FlagSet) *remoteFlags {
	return &remoteFlags{
		url:       fs.String("remote", "", "--algo rootsplit: the searchers are workers reached through the NATS server at URL (splitpoint worker --nats URL)"),
		searchers: fs.Int("searchers", 2, "--remote: the number of remote searchers the root moves are dealt to"),
	}
}

// remoteReport is one position's distributed root split beside its serial
// baseline.
type remoteReport struct {
	Position    string                 `json:"position"`
	Depth       int                    `json:"depth"`
	Value       game.Value             `json:"value"`
	BestMove    string                 `json:"best_move"`
	Result      *algos.RootSplitResult `json:"rootsplit"`
	Net         *cluster.NetStats      `json:"network"`
	SerialNodes uint64                 `json:"serial_nodes"`
	SerialSecs  float64                `json:"serial_seconds"`
	NodeSaving  float64                `json:"node_saving"` // 1 − winner's nodes / serial nodes (Vučković §6)
	Speedup     float64                `json:"speedup"`     // serial seconds / the master's wall seconds
}

// remoteRootSplitCmd runs Vučković's root split with remote searchers on
// each position and prints its node saving, speedup and network cost.
func remoteRootSplitCmd(env *Env, name string, sf *searchFlags, rf *remoteFlags) error {
	if algo := sf.algo(); algo != algos.AlgoRootSplit {
		return usageErr("--remote runs --algo rootsplit (Vučković's root splitting over the network), not %q", algo)
	}
	if *rf.searchers < 1 {
		return usageErr("--searchers %d: want at least 1", *rf.searchers)
	}
	items, err := lab.Resolve(name)
	if err != nil {
		return err
	}
	nc, err := cluster.DialNow(*rf.url, "splitpoint search --remote", cluster.Creds{})
	if err != nil {
		return err
	}
	defer nc.Close()
	var reps []remoteReport
	for _, it := range items {
		s, err := sf.settle(it.Shape())
		if err != nil {
			return err
		}
		o, _ := it.TreeDepth(s.Opt)
		if o.Depth < 1 {
			return usageErr("rootsplit needs --depth for %s", it.Name)
		}
		base, err := lab.Search(env.Ctx, it, o.Serial(algos.AlgoScout))
		if err != nil {
			return err
		}
		res, st, err := cluster.RemoteRootSplit(env.Ctx, nc, it, o, *rf.searchers)
		if err != nil {
			return err
		}
		r := remoteReport{Position: it.Name, Depth: o.Depth, Value: res.Value, BestMove: it.MoveText(res.BestMove), Result: res, Net: st,
			SerialNodes: base.Result.Nodes, SerialSecs: base.Result.Seconds}
		if r.SerialNodes > 0 {
			r.NodeSaving = 1 - float64(res.WinnerNodes)/float64(r.SerialNodes)
		}
		if st.Wall > 0 {
			r.Speedup = r.SerialSecs / st.Wall
		}
		reps = append(reps, r)
		if !*sf.asJSON {
			writeRemote(env, &r)
		}
	}
	if *sf.asJSON {
		enc := json.NewEncoder(env.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(reps)
	}
	return nil
}

func writeRemote(env *Env, r *remoteReport) {
	w, st, res := env.Out, r.Net, r.Result
	fmt.Fprintf(w, "rootsplit over NATS on %s, depth %d: %d remote searchers on %s\n", r.Position, r.Depth, st.Searchers, strings.Join(st.Hosts, ", "))
	fmt.Fprintf(w, "  value %d, best move %s (searcher %d)\n", r.Value, r.BestMove, res.Winner)
	for i, s := range res.Searchers {
		fmt.Fprintf(w, "  searcher %d: %d moves, value %d, %d nodes\n", i, len(s.Moves), s.Value, s.Nodes)
	}
	fmt.Fprintf(w, "  nodes %d in all, the winner's %d; serial scout %d nodes in %.3fs\n", res.Nodes, res.WinnerNodes, r.SerialNodes, r.SerialSecs)
	fmt.Fprintf(w, "  node saving %.1f%% (1 − winner/serial, Vučković §6); speedup %.2f (serial time / wall %.3fs)\n", 100*r.NodeSaving, r.Speedup, st.Wall)
	fmt.Fprintf(w, "  network: %d messages, %d round trips, %d bytes sent, %d received; waiting on the network %.2f ms in all (at most %.2f ms per searcher); slowest search %.3fs\n",
		st.Messages, st.RoundTrips, st.BytesSent, st.BytesRecv, 1000*st.NetWait, 1000*st.MaxNetWait, st.Search)
}
