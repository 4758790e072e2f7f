package metrics

import "testing"

func TestNodeTypeChildren(t *testing.T) {
	// Knuth & Moore 1975: PV → PV, CUT, CUT…; CUT → ALL…; ALL → CUT….
	tests := []struct {
		t    NodeType
		i    int
		want NodeType
	}{{PV, 0, PV}, {PV, 1, CUT}, {PV, 5, CUT}, {CUT, 0, ALL}, {CUT, 3, ALL}, {ALL, 0, CUT}, {ALL, 2, CUT}}
	for _, tc := range tests {
		if got := tc.t.Child(tc.i); got != tc.want {
			t.Errorf("%v.Child(%d) = %v, want %v", tc.t, tc.i, got, tc.want)
		}
	}
}

func TestMergeFinalize(t *testing.T) {
	a := Counters{Nodes: 10, Interior: 4, Leaves: 6, BestKnown: 4, FirstBest: 3, CutNodes: 2, CutAsPredicted: 1,
		Moves: 12, CaptureNodes: 1, CaptureMoves: 1, QuietNodes: 3, QuietMoves: 11, MaxPlyReached: 3}
	b := Counters{Nodes: 5, Interior: 2, Leaves: 3, AllNodes: 2, AllAsPredicted: 2, Moves: 6, QuietNodes: 2, QuietMoves: 6, MaxPlyReached: 7,
		QCaptureNodes: 2, QCaptureMoves: 3}
	a.Merge(&b)
	if a.Nodes != 15 || a.Interior != 6 || a.MaxPlyReached != 7 {
		t.Fatalf("%+v", a)
	}
	if a.FirstMoveBestRate != 0.75 || a.CutPredictedRate != 0.5 || a.AllPredictedRate != 1 ||
		a.Branching != 3 || a.CaptureBranching != 1 || a.QuietBranching != 17.0/5 {
		t.Fatalf("%+v", a)
	}
	// Lu's branching factor counts the forced-capture quiescence nodes too.
	if a.ExpandedBranching != 21.0/8 || a.ExpandedCaptureBranching != 4.0/3 {
		t.Fatalf("expanded branching %v, at captures %v", a.ExpandedBranching, a.ExpandedCaptureBranching)
	}
	if EBF(0, 5) != 0 || EBF(4, 10) != 2.5 {
		t.Fatal("EBF")
	}
}

func TestFormatTime(t *testing.T) {
	for _, c := range []struct {
		t    int64
		unit string
		want string
	}{
		{0, "ns", "0 ms"}, {566_619, "ns", "0.567 ms"}, {12_345_678, "ns", "12.3 ms"},
		{2_500_000_000, "ns", "2.500 s"}, {1321, "units", "1321 units"}, {7, "", "7 units"},
		{40, "terminal counts", "40 terminal counts"},
	} {
		if got := FormatTime(c.t, c.unit); got != c.want {
			t.Errorf("FormatTime(%d, %q) = %q, want %q", c.t, c.unit, got, c.want)
		}
	}
}
