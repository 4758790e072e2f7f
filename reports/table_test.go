package reports

import "testing"

func TestNumericColumns(t *testing.T) {
	tb := &Table{Columns: []string{"id", "n", "pct", "mixed", "blank"}, Rows: [][]string{
		{"a", "1", "5%", "1", ""},
		{"b", "-2.5e3", "—", "x1", "-"},
		{"c", "", "7 %", "3", ""},
	}}
	got := numericColumns(tb)
	want := []bool{false, true, true, false, false}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("column %s numeric = %v, want %v", tb.Columns[i], got[i], want[i])
		}
	}
}

func TestTeXEscape(t *testing.T) {
	got := texEscape(`a\b {c} & 50% $x$ #1 _ ~ ^ <t> |`)
	want := `a\textbackslash{}b \{c\} \& 50\% \$x\$ \#1 \_ \textasciitilde{} \textasciicircum{} \textless{}t\textgreater{} \textbar{}`
	if got != want {
		t.Errorf("texEscape = %s\nwant        %s", got, want)
	}
}
