package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/lab"
)

// Root-split searchers answer requests on RootSplitSubject in the queue
// group "searchers" (every worker is one).
const (
	RootSplitSubject = "splitpoint.rootsplit"
	KindShareReq     = "splitpoint/rootshare-request/1"
	KindShareReply   = "splitpoint/rootshare-reply/1"
)

// ShareRequest asks a remote searcher for one share of a root split: the
// position by the name that loads it, the search options and its moves.
type ShareRequest struct {
	Kind     string        `json:"kind"`
	Load     string        `json:"load"`
	Position string        `json:"position"`
	Opt      algos.Options `json:"opt"`
	Moves    []game.Move   `json:"moves"`
}

// ShareReply is a searcher's answer: its RootSplitter, where it ran and
// how long it searched (so the master can tell search from network time).
type ShareReply struct {
	Kind    string             `json:"kind"`
	Share   algos.RootSplitter `json:"share"`
	Host    string             `json:"host"`
	Seconds float64            `json:"seconds"`
	Error   string             `json:"error,omitempty"`
}

// ServeRootSplit answers root-split requests on nc until the returned
// subscription is drained, each in its own goroutine; out gets a line per
// request (nil: none). As a sweep's worker it searches only what the
// command line allows (algos.Options.Validate) and reads file: positions
// only from files (nil: none; lab.ResolveIn).
func ServeRootSplit(nc *nats.Conn, name string, out io.Writer, files *os.Root) (*nats.Subscription, error) {
	host := ThisHost().Name
	var mu sync.Mutex
	return nc.QueueSubscribe(RootSplitSubject, "searchers", func(m *nats.Msg) {
		go func() {
			rep := answerShare(m.Data, host, files)
			data, _ := json.Marshal(rep)
			m.Respond(data)
			if out != nil {
				mu.Lock()
				if rep.Error != "" {
					fmt.Fprintf(out, "searcher %s: root share refused: %s\n", name, rep.Error)
				} else {
					fmt.Fprintf(out, "searcher %s: root share of %d moves: value %d, %d nodes in %.3fs\n", name, len(rep.Share.Moves), rep.Share.Value, rep.Share.Nodes, rep.Seconds)
				}
				mu.Unlock()
			}
		}()
	})
}

func answerShare(data []byte, host string, files *os.Root) ShareReply {
	rep := ShareReply{Kind: KindShareReply, Host: host}
	var req ShareRequest
	if err := decode(RootSplitSubject, data, KindShareReq, &req); err != nil {
		rep.Error = err.Error()
		return rep
	}
	if err := req.Opt.Validate(); err != nil {
		rep.Error = "root share refused: " + err.Error()
		return rep
	}
	items, err := resolveIn(req.Load, files, func(string, ...any) {})
	if err != nil {
		rep.Error = err.Error()
		return rep
	}
	var it *lab.Item
	for _, x := range items {
		if x.Name == req.Position {
			it = x
		}
	}
	if it == nil && len(items) == 1 {
		it = items[0]
	}
	if it == nil {
		rep.Error = fmt.Sprintf("%q does not load position %q here", req.Load, req.Position)
		return rep
	}
	t0 := time.Now()
	rep.Share, err = it.RootShare(context.Background(), req.Moves, req.Opt)
	rep.Seconds = time.Since(t0).Seconds()
	if err != nil {
		rep.Error = err.Error()
	}
	return rep
}

// NetStats is what a distributed root split cost on the network
// (Vučković's Axon ran over 100 Mb and 1 Gb Ethernet: here it is measured,
// not assumed).
type NetStats struct {
	Searchers  int      `json:"searchers"`
	Messages   int      `json:"messages"`    // requests and replies
	RoundTrips int      `json:"round_trips"` // one per searcher
	BytesSent  int      `json:"bytes_sent"`
	BytesRecv  int      `json:"bytes_received"`
	Wall       float64  `json:"wall_seconds"`      // the master's wall time, ordering to combining
	Search     float64  `json:"search_seconds"`    // the slowest searcher's own search time
	NetWait    float64  `json:"net_wait_seconds"`  // summed over searchers: round trip − search time
	MaxNetWait float64  `json:"max_net_wait_secs"` // the largest of those
	Hosts      []string `json:"hosts"`
}

// RemoteRootSplit is Vučković's static root splitting (2007 §5) with the
// N searchers on other processes: the master orders the root's moves
// (algos.RootOrder), deals them to n shares (algos.DealRoot), sends each
// share to a searcher over NATS request/reply, and combines the answers
// (algos.CombineRootSplit) — the in-process root split's code, so its
// value and node counts are the in-process split's on the same options.
// An answer that is not the share asked for (checkShare: other moves, a
// best move not among them, a value out of the game's bounds) fails the
// split with the reason; a searcher's host and error are printed as one
// bounded line.
func RemoteRootSplit(ctx context.Context, nc *nats.Conn, it *lab.Item, opt algos.Options, n int) (*algos.RootSplitResult, *NetStats, error) {
	t0 := time.Now()
	order := it.RootOrder()
	if len(order) == 0 {
		return nil, nil, fmt.Errorf("rootsplit: the root has no moves")
	}
	n = max(1, min(n, len(order)))
	st := &NetStats{Searchers: n, RoundTrips: n, Messages: 2 * n}
	shares := make([]algos.RootSplitter, n)
	replies := make([]ShareReply, n)
	rtts := make([]time.Duration, n)
	errs := make([]error, n)
	sent := make([]int, n)
	recv := make([]int, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		req := ShareRequest{Kind: KindShareReq, Load: it.Name, Position: it.Name, Opt: opt, Moves: algos.DealRoot(order, i, n)}
		data, err := json.Marshal(req)
		if err != nil {
			return nil, nil, err
		}
		sent[i] = len(data)
		wg.Add(1)
		go func(i int, data []byte, moves []game.Move) {
			defer wg.Done()
			t := time.Now()
			msg, err := nc.RequestWithContext(ctx, RootSplitSubject, data)
			rtts[i] = time.Since(t)
			if err != nil {
				errs[i] = fmt.Errorf("searcher %d: %w (is a worker running?)", i, err)
				return
			}
			recv[i] = len(msg.Data)
			if err := decode(RootSplitSubject, msg.Data, KindShareReply, &replies[i]); err != nil {
				errs[i] = fmt.Errorf("searcher %d: %w", i, err)
				return
			}
			r := &replies[i]
			r.Host, r.Error = cleanText(r.Host, MaxText), cleanText(r.Error, MaxText)
			if r.Error != "" {
				errs[i] = fmt.Errorf("searcher %d on %s: %s", i, r.Host, r.Error)
			} else if err := checkShare(r, moves); err != nil {
				errs[i] = fmt.Errorf("searcher %d on %s: its answer is dropped: %v", i, r.Host, err)
			}
		}(i, data, req.Moves)
	}
	wg.Wait()
	for i := range errs {
		if errs[i] != nil {
			return nil, nil, errs[i]
		}
	}
	hosts := map[string]bool{}
	for i, r := range replies {
		shares[i] = r.Share
		st.BytesSent += sent[i]
		st.BytesRecv += recv[i]
		wait := rtts[i].Seconds() - r.Seconds
		st.NetWait += wait
		st.MaxNetWait = max(st.MaxNetWait, wait)
		st.Search = max(st.Search, r.Seconds)
		if !hosts[r.Host] {
			hosts[r.Host] = true
			st.Hosts = append(st.Hosts, r.Host)
		}
	}
	res := algos.CombineRootSplit(order, shares)
	st.Wall = time.Since(t0).Seconds()
	return res, st, nil
}
