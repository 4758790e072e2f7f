package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"splitpoint/lab"
	"splitpoint/suites"
)

// messages

// positionMsg is a resolved position source: all its positions.
type positionMsg struct {
	source string
	items  []*lab.Item
	err    error
}

// model

// source is one line of the positions pane: a suite, a file, a synthetic
// tree or a start position, by the name that loads it.
type source struct {
	label, name string
}

// positionsModel is the positions pane: the sources to choose from, the
// position selected in the source (←/→ within a suite or file) drawn
// below with its id and expected move.
type positionsModel struct {
	sources []source
	cursor  int
	// items are the positions of the source under the cursor (once
	// resolved) and index the selected one.
	items   []*lab.Item
	itemsOf string
	index   int
	err     error
	editing bool
	input   textinput.Model
	// pendingSel selects a position (#id or #index) once its source is
	// resolved.
	pendingSel string
}

// defaultSources are the sources offered before anything is typed.
func defaultSources() []source {
	out := []source{
		{"synthetic uniform b=4 d=6", "uniform:b=4,d=6,seed=1"},
		{"synthetic ordered b=4 d=8 best-first", "ordered:b=4,d=8,seed=1,order=best"},
		{"synthetic bimodal", "bimodal:bq=2,bc=8,q=0.5,d=6,seed=1"},
		{"chess start", "chess:start"},
		{"checkers start", "checkers:start"},
	}
	for _, s := range suites.List() {
		out = append(out, source{fmt.Sprintf("suite %s (%s)", s.Name, s.Domain), "suite:" + s.Name})
	}
	return out
}

func newPositionsModel(loaded string) positionsModel {
	in := textinput.New()
	in.Placeholder = "suite:wac#12, file:my.epd, uniform:b=6,d=5,seed=2, a FEN…"
	in.Prompt = "name: "
	p := positionsModel{sources: defaultSources(), input: in}
	if loaded != "" {
		p = p.addSource(loaded)
	}
	return p
}

// addSource puts a typed (or loaded) name at the top and selects it: a
// suite or file selector (#…) selects that position within the whole
// suite or file.
func (p positionsModel) addSource(name string) positionsModel {
	base, sel, hasSel := strings.Cut(name, "#")
	label := name
	if hasSel && (strings.HasPrefix(name, "suite:") || strings.HasPrefix(name, "file:")) {
		label = base
		p.pendingSel = sel
	}
	p.sources = append([]source{{label: label, name: label}}, p.sources...)
	p.cursor = 0
	return p
}

// selectedName is the name that loads the selected position.
func (p positionsModel) selectedName() string {
	if p.itemsOf != p.sources[p.cursor].name || p.index >= len(p.items) {
		return ""
	}
	return p.items[p.index].Name
}

// update

func (p positionsModel) update(msg positionMsg) (positionsModel, tea.Cmd) {
	if msg.source != p.sources[p.cursor].name {
		return p, nil // the cursor moved on
	}
	p.items, p.itemsOf, p.err, p.index = msg.items, msg.source, msg.err, 0
	if p.pendingSel != "" {
		for i, it := range p.items {
			if it.ID == p.pendingSel || fmt.Sprint(it.Index) == p.pendingSel || strings.HasSuffix(it.Name, "#"+p.pendingSel) {
				p.index = i
				break
			}
		}
		p.pendingSel = ""
	}
	return p, nil
}

func (p positionsModel) updateKey(msg tea.KeyMsg, k keyMap) (positionsModel, tea.Cmd) {
	if p.editing {
		switch {
		case key.Matches(msg, k.Esc):
			p.editing = false
			p.input.Blur()
			return p, nil
		case key.Matches(msg, k.Enter):
			name := strings.TrimSpace(p.input.Value())
			p.editing = false
			p.input.Blur()
			p.input.SetValue("")
			if name == "" {
				return p, nil
			}
			p = p.addSource(name)
			return p, p.resolveCmd()
		}
		var cmd tea.Cmd
		p.input, cmd = p.input.Update(msg)
		return p, cmd
	}
	switch {
	case key.Matches(msg, k.Up):
		p.cursor = (p.cursor + len(p.sources) - 1) % len(p.sources)
		return p, p.resolveCmd()
	case key.Matches(msg, k.Down):
		p.cursor = (p.cursor + 1) % len(p.sources)
		return p, p.resolveCmd()
	case key.Matches(msg, k.Left):
		if len(p.items) > 0 {
			p.index = (p.index + len(p.items) - 1) % len(p.items)
		}
	case key.Matches(msg, k.Right):
		if len(p.items) > 0 {
			p.index = (p.index + 1) % len(p.items)
		}
	case key.Matches(msg, k.Type):
		p.editing = true
		return p, p.input.Focus()
	}
	return p, nil
}

// view

func (p positionsModel) view(w, h int, st styles) string {
	var b strings.Builder
	b.WriteString(st.heading.Render("Positions") + "\n\n")
	// a window of the sources around the cursor
	show := max(min(len(p.sources), h/3), 3)
	lo := min(max(p.cursor-show/2, 0), max(len(p.sources)-show, 0))
	for i := lo; i < min(lo+show, len(p.sources)); i++ {
		mark := "  "
		if i == p.cursor {
			mark = st.cursor.Render("▸ ")
		}
		b.WriteString(mark + p.sources[i].label + "\n")
	}
	if p.editing {
		b.WriteString("\n" + p.input.View() + "\n")
	}
	b.WriteString("\n")
	switch {
	case p.err != nil && p.itemsOf == p.sources[p.cursor].name:
		b.WriteString(st.warn.Render("error: "+p.err.Error()) + "\n")
	case p.itemsOf != p.sources[p.cursor].name || len(p.items) == 0:
		b.WriteString(st.dim.Render("loading…") + "\n")
	default:
		it := p.items[p.index]
		if len(p.items) > 1 {
			b.WriteString(fmt.Sprintf("◀ %d/%d ▶  ", p.index+1, len(p.items)))
		}
		b.WriteString(st.heading.Render(it.Name) + "\n")
		if it.ID != "" {
			b.WriteString("id: " + it.ID + "\n")
		}
		if it.Tree == nil {
			if e := it.Expected(); e != "" {
				b.WriteString("expected: " + e + "\n")
			}
		}
		b.WriteString("\n" + it.Describer().String())
	}
	return truncateLines(b.String(), w)
}

// commands

// resolveCmd loads the positions of the source under the cursor.
func (p positionsModel) resolveCmd() tea.Cmd {
	name := p.sources[p.cursor].name
	return func() tea.Msg {
		items, err := lab.Resolve(name)
		return positionMsg{source: name, items: items, err: err}
	}
}
