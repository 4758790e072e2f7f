package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// styles is the look of the UI, made once per Model.
type styles struct {
	title, dim, tabOn, tabOff, status lipgloss.Style
	pane, paneOn                      lipgloss.Style
	heading, cursor, on, off, warn    lipgloss.Style
	bar, barEmpty                     lipgloss.Style
}

func newStyles() styles {
	accent := lipgloss.Color("39")
	return styles{
		title:    lipgloss.NewStyle().Bold(true).Foreground(accent),
		dim:      lipgloss.NewStyle().Foreground(lipgloss.Color("245")),
		tabOn:    lipgloss.NewStyle().Bold(true).Reverse(true).Padding(0, 1),
		tabOff:   lipgloss.NewStyle().Padding(0, 1),
		status:   lipgloss.NewStyle().Foreground(lipgloss.Color("229")),
		pane:     lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(lipgloss.Color("240")).Padding(0, 1),
		paneOn:   lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(accent).Padding(0, 1),
		heading:  lipgloss.NewStyle().Bold(true),
		cursor:   lipgloss.NewStyle().Bold(true).Foreground(accent),
		on:       lipgloss.NewStyle().Foreground(lipgloss.Color("42")),
		off:      lipgloss.NewStyle().Foreground(lipgloss.Color("245")),
		warn:     lipgloss.NewStyle().Foreground(lipgloss.Color("208")),
		bar:      lipgloss.NewStyle().Foreground(lipgloss.Color("42")),
		barEmpty: lipgloss.NewStyle().Foreground(lipgloss.Color("238")),
	}
}

// truncate cuts s to w cells (styles kept).
func truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	return ansi.Truncate(s, w, "…")
}

// truncateLines cuts every line of s to w cells.
func truncateLines(s string, w int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = truncate(l, w)
	}
	return strings.Join(lines, "\n")
}

// wrap wraps s to w cells (at least 10).
func wrap(s string, w int) string { return ansi.Wrap(s, max(w, 10), "") }

// fitHeight pads or cuts s to h lines.
func fitHeight(s string, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// bar draws a horizontal bar of w cells filled to frac (0…1).
func (st styles) barOf(frac float64, w int) string {
	frac = min(max(frac, 0), 1)
	n := int(frac*float64(w) + 0.5)
	return st.bar.Render(strings.Repeat("█", n)) + st.barEmpty.Render(strings.Repeat("░", w-n))
}
