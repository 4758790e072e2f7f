package tui

import "github.com/charmbracelet/bubbles/key"

// keyMap is every key binding of the UI; the help line shows those that
// apply to the screen and pane in view.
type keyMap struct {
	Quit, Cancel, Help            key.Binding
	Setup, RunView, Results, Run  key.Binding
	Next, Prev                    key.Binding
	Up, Down, Left, Right, Toggle key.Binding
	Type, TypeURL, TypeValue      key.Binding
	Enter, Esc                    key.Binding
	Sort, Reverse, Report, Reload key.Binding
	focusedPane                   int
	screen                        screen
	running                       bool
}

func newKeyMap() keyMap {
	return keyMap{
		Quit:      key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Cancel:    key.NewBinding(key.WithKeys("x", "esc"), key.WithHelp("x", "cancel run")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more keys")),
		Setup:     key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "setup")),
		RunView:   key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "run view")),
		Results:   key.NewBinding(key.WithKeys("3"), key.WithHelp("3", "results")),
		Run:       key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "run")),
		Next:      key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next pane")),
		Prev:      key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous pane")),
		Up:        key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:      key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Left:      key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "less / previous")),
		Right:     key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "more / next")),
		Toggle:    key.NewBinding(key.WithKeys(" ", "enter"), key.WithHelp("space", "toggle")),
		Type:      key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "type a position name")),
		TypeURL:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "type a value or URL")),
		TypeValue: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "type a value")),
		Enter:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "load it")),
		Esc:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "never mind")),
		Sort:      key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort by next column")),
		Reverse:   key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "reverse order")),
		Report:    key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "write HTML report")),
		Reload:    key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "reload database")),
	}
}

// forScreen returns the key map with the context its help needs.
func (k keyMap) forScreen(s screen, focus int, running bool) keyMap {
	k.screen, k.focusedPane, k.running = s, focus, running
	return k
}

// ShortHelp is the one-line help (help.KeyMap).
func (k keyMap) ShortHelp() []key.Binding {
	out := []key.Binding{}
	switch k.screen {
	case screenSetup:
		out = append(out, k.Next, k.Up, k.Down)
		switch k.focusedPane {
		case 0:
			out = append(out, k.Left, k.Right, k.Type)
		case 1:
			out = append(out, k.Toggle, k.Left, k.Right, k.TypeValue)
		case 2:
			out = append(out, k.Left, k.Right, k.TypeURL)
		}
	case screenResults:
		out = append(out, k.Up, k.Down, k.Sort, k.Report)
	}
	if k.running {
		out = append(out, k.Cancel)
	} else {
		out = append(out, k.Run)
	}
	return append(out, k.Setup, k.RunView, k.Results, k.Help, k.Quit)
}

// FullHelp is every binding, in columns (help.KeyMap).
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Setup, k.RunView, k.Results, k.Next, k.Prev},
		{k.Up, k.Down, k.Left, k.Right, k.Toggle, k.Type, k.TypeValue, k.TypeURL},
		{k.Run, k.Cancel, k.Sort, k.Reverse, k.Report, k.Reload},
		{k.Help, k.Quit},
	}
}
