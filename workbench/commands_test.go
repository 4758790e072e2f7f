package workbench

import "testing"

// TestCommandTable: the table is sorted by name (help and the command
// reference list it in its order), each name once, and every row has a
// synopsis and flags.
func TestCommandTable(t *testing.T) {
	for i, c := range commands {
		if c.Name == "" || c.Short == "" || c.Flags == nil {
			t.Errorf("row %d (%q): want a name, a short help and flags", i, c.Name)
		}
		if i > 0 && commands[i-1].Name >= c.Name {
			t.Errorf("row %d: %q after %q: want the rows sorted by name, each name once", i, c.Name, commands[i-1].Name)
		}
		if Lookup(c.Name) != c {
			t.Errorf("Lookup(%q) does not find its row", c.Name)
		}
	}
}
