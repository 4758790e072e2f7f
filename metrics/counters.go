package metrics

// NodeType is the Knuth–Moore type a node is expected to have in the
// minimal tree (Knuth & Moore 1975; Lu 1993, §2.3 "PV, CUT and ALL nodes";
// StarTech, Kuszmaul 1995, §3 "failed work vs cutoff work by node type").
// The root is a PV node; the first child of a PV node is a PV node and the
// others are CUT nodes; the children of a CUT node are ALL nodes and the
// children of an ALL node are CUT nodes.
type NodeType uint8

// The three Knuth–Moore node types.
const (
	PV  NodeType = 1 // type 1: every child searched, first one with the root window
	CUT NodeType = 2 // type 2: expected to be cut off by its first child
	ALL NodeType = 3 // type 3: every child expected to be searched, none above alpha
)

// Child is the expected type of the i-th child (0-based, in search order)
// of a node of type t.
func (t NodeType) Child(i int) NodeType {
	switch t {
	case PV:
		if i == 0 {
			return PV
		}
		return CUT
	case CUT:
		return ALL
	default:
		return CUT
	}
}

func (t NodeType) String() string {
	switch t {
	case PV:
		return "PV"
	case CUT:
		return "CUT"
	case ALL:
		return "ALL"
	}
	return "?"
}

// Counters are the statistics of one search (or of several workers, summed
// with Merge). A node is counted once per visit: a node searched twice (a
// Scout re-search, an aspiration re-search, another iteration) counts twice.
//
// Nodes = Interior + Leaves + QNodes. Interior nodes are main-search nodes
// whose children were searched; Leaves are main-search nodes that were not
// expanded (the horizon, terminal positions, draws by rule, transposition
// table cutoffs); QNodes are quiescence nodes below the horizon.
//
// The integer fields are the raw counts; the float fields are derived from
// them by Finalize (Merge calls it).
type Counters struct {
	Nodes    uint64 `json:"nodes"`
	Interior uint64 `json:"interior"`
	Leaves   uint64 `json:"leaves"`
	QNodes   uint64 `json:"qnodes"`
	// Gens counts move generations (calls of Moves and Captures): with
	// Nodes and Leaves, the steps a cost model prices (algos.Steps).
	Gens uint64 `json:"gens"`

	Cutoffs    uint64 `json:"cutoffs"`    // interior nodes that failed high (value ≥ beta)
	Researches uint64 `json:"researches"` // Scout null-window tests that failed high and were searched again

	// Interior nodes by expected Knuth–Moore type, and how many behaved as
	// predicted: a CUT node cut off by its first child; an ALL node that
	// searched every child and got none above alpha.
	PVNodes        uint64 `json:"pv_nodes"`
	CutNodes       uint64 `json:"cut_nodes"`
	AllNodes       uint64 `json:"all_nodes"`
	CutAsPredicted uint64 `json:"cut_as_predicted"`
	AllAsPredicted uint64 `json:"all_as_predicted"`

	// BestKnown counts interior nodes with a cutoff or an exact best move
	// (value above alpha); FirstBest those of them where the first move
	// searched was that best move (StarTech reports 85–95% in chess).
	BestKnown uint64 `json:"best_known"`
	FirstBest uint64 `json:"first_best"`

	// Moves is the number of legal moves at interior nodes, Searched the
	// number of children actually searched; split by capture nodes (whose
	// first generated move is a capture) and quiet nodes.
	Moves        uint64 `json:"moves"`
	Searched     uint64 `json:"searched"`
	CaptureNodes uint64 `json:"capture_nodes"`
	CaptureMoves uint64 `json:"capture_moves"`
	QuietNodes   uint64 `json:"quiet_nodes"`
	QuietMoves   uint64 `json:"quiet_moves"`
	// QCaptureNodes counts the quiescence nodes where a capture is forced
	// (checkers: the side to move must capture, so the captures generated
	// are every legal move) and QCaptureMoves their moves: the capture
	// nodes of the search's extension beyond the horizon.
	QCaptureNodes uint64 `json:"q_capture_nodes,omitempty"`
	QCaptureMoves uint64 `json:"q_capture_moves,omitempty"`
	MaxPlyReached int    `json:"max_ply"`

	FirstMoveBestRate float64 `json:"first_move_best_rate"`
	CutPredictedRate  float64 `json:"cut_predicted_rate"`
	AllPredictedRate  float64 `json:"all_predicted_rate"`
	Branching         float64 `json:"branching"`          // legal moves per interior node
	CaptureBranching  float64 `json:"capture_branching"`  // … at capture nodes
	QuietBranching    float64 `json:"quiet_branching"`    // … at non-capture nodes
	SearchedBranching float64 `json:"searched_branching"` // children searched per interior node
	// ExpandedBranching is Lu's measure of a tree's branching factor (Lu
	// Lu 1993 §3.10, 003:L340 and L776: "the average number of branches from
	// a node", 2.84 on his suite): legal moves per node whose moves were
	// generated, the forced-capture quiescence nodes included;
	// ExpandedCaptureBranching the same at capture nodes (Lu: 1.28). At
	// non-capture nodes it is QuietBranching (Lu: 7.93). Both are 0 (and
	// left out of the JSON) for a search without forced captures (chess,
	// synthetic trees), where Branching and CaptureBranching are the same.
	ExpandedBranching        float64 `json:"expanded_branching,omitempty"`
	ExpandedCaptureBranching float64 `json:"expanded_capture_branching,omitempty"`
}

// Merge adds o's counts to c and recomputes the derived rates. It is how the
// counters of several workers of a parallel search are summed.
func (c *Counters) Merge(o *Counters) {
	c.Nodes += o.Nodes
	c.Interior += o.Interior
	c.Leaves += o.Leaves
	c.QNodes += o.QNodes
	c.Gens += o.Gens
	c.Cutoffs += o.Cutoffs
	c.Researches += o.Researches
	c.PVNodes += o.PVNodes
	c.CutNodes += o.CutNodes
	c.AllNodes += o.AllNodes
	c.CutAsPredicted += o.CutAsPredicted
	c.AllAsPredicted += o.AllAsPredicted
	c.BestKnown += o.BestKnown
	c.FirstBest += o.FirstBest
	c.Moves += o.Moves
	c.Searched += o.Searched
	c.CaptureNodes += o.CaptureNodes
	c.CaptureMoves += o.CaptureMoves
	c.QuietNodes += o.QuietNodes
	c.QuietMoves += o.QuietMoves
	c.QCaptureNodes += o.QCaptureNodes
	c.QCaptureMoves += o.QCaptureMoves
	c.MaxPlyReached = max(c.MaxPlyReached, o.MaxPlyReached)
	c.Finalize()
}

// Finalize computes the derived rates from the raw counts.
func (c *Counters) Finalize() {
	c.FirstMoveBestRate = Ratio(c.FirstBest, c.BestKnown)
	c.CutPredictedRate = Ratio(c.CutAsPredicted, c.CutNodes)
	c.AllPredictedRate = Ratio(c.AllAsPredicted, c.AllNodes)
	c.Branching = Ratio(c.Moves, c.Interior)
	c.CaptureBranching = Ratio(c.CaptureMoves, c.CaptureNodes)
	c.QuietBranching = Ratio(c.QuietMoves, c.QuietNodes)
	c.SearchedBranching = Ratio(c.Searched, c.Interior)
	c.ExpandedBranching, c.ExpandedCaptureBranching = 0, 0
	if c.QCaptureNodes > 0 {
		c.ExpandedBranching = Ratio(c.Moves+c.QCaptureMoves, c.Interior+c.QCaptureNodes)
		c.ExpandedCaptureBranching = Ratio(c.CaptureMoves+c.QCaptureMoves, c.CaptureNodes+c.QCaptureNodes)
	}
}

// Ratio is a/b, or 0 when b is 0.
func Ratio(a, b uint64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// EBF is the effective branching factor of an iteration of iterative
// deepening: nodes(d) / nodes(d−1), or 0 for the first iteration.
func EBF(prev, cur uint64) float64 { return Ratio(cur, prev) }
