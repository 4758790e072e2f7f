package suites

import (
	"bytes"
	"embed"
	"fmt"
	"io"
	"sort"
	"splitpoint/suggest"
	"strings"
	"sync"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
)

//go:embed data/chess/*.epd data/checkers/*.txt
var files embed.FS

// Suite is one embedded position list.
type Suite struct {
	Name        string   // the name after "suite:"
	Aliases     []string // other accepted names
	Domain      string   // "chess" or "checkers"
	File        string   // path inside the embedded data
	Description string

	read    func(name string, r io.Reader) ([]Entry, error) // nil: Read by domain
	once    sync.Once
	entries []Entry
	err     error
}

// Entry is one position of a suite or file: its 1-based index, its id, the
// position, and what the suite expects of it.
type Entry struct {
	Index int
	ID    string
	// Exactly one of Chess and Checkers is set.
	Chess    *chess.Position
	Checkers *checkers.Position
	BM, AM   []game.Move // chess: best and avoid moves
	// Ops are the chess EPD operations (perft counts D1…D6 among them);
	// for a ballot, its label ("ACF", "barred", "standard", "lost").
	Ops   []chess.Op
	Label string
	Line  int // line in the source file
	// Pieces and RootMoves are the piece count and the number of legal
	// moves at the root that the suite records for the position (the
	// Tinsley–Chinook suite; checked on load), 0 where it records none.
	Pieces, RootMoves int
	// Depth is the search depth the suite gives the position (Lu's
	// nominal depth, Table C.1), 0 where it gives none. A search or sweep
	// given no depth searches the position to it (lab.Item.OwnDepth), so
	// the suite, not a notebook, owns a paper's per-position depths.
	Depth int
}

// Describer is the entry's position as a game.Describer.
func (e *Entry) Describer() game.Describer {
	if e.Chess != nil {
		return e.Chess
	}
	return e.Checkers
}

// Expected writes the entry's expected moves, e.g. "bm Nf6+" or
// "am Rd1", or "" when there are none.
func (e *Entry) Expected() string {
	var parts []string
	d := e.Describer()
	add := func(op string, ms []game.Move) {
		if len(ms) == 0 {
			return
		}
		s := make([]string, len(ms))
		for i, m := range ms {
			s[i] = d.MoveString(m)
		}
		parts = append(parts, op+" "+strings.Join(s, " "))
	}
	add("bm", e.BM)
	add("am", e.AM)
	return strings.Join(parts, "; ")
}

var all = []*Suite{
	{Name: "kaufman", Domain: "chess", File: "data/chess/kaufman.epd",
		Description: "Kaufman's 25-position rating test (Computer Chess Reports 1993), used by StarTech §3"},
	{Name: "socrates", Domain: "chess", File: "data/chess/socrates.epd",
		Description: "*Socrates's eight test positions (Joerg & Kuszmaul 1994, Fig. 6; what the paper's text lost from BT-2450, SOURCES.md), bm = Kaufman's move"},
	{Name: "bratko-kopec", Aliases: []string{"bk"}, Domain: "chess", File: "data/chess/bratko-kopec.epd",
		Description: "Bratko-Kopec test (1982)"},
	{Name: "wac", Domain: "chess", File: "data/chess/wac.epd",
		Description: "Win At Chess (Reinfeld), revised solutions"},
	{Name: "ecm", Aliases: []string{"ecm98"}, Domain: "chess", File: "data/chess/ecm98.epd",
		Description: "Encyclopedia of Chess Middlegames (ecm98)"},
	{Name: "eret", Domain: "chess", File: "data/chess/eret.epd",
		Description: "Eigenmann Rapid Engine Test"},
	{Name: "ccr", Aliases: []string{"ccr-one-hour"}, Domain: "chess", File: "data/chess/ccr-one-hour.epd",
		Description: "CCR One-Hour Test (Kaufman, Computer Chess Reports 1994)"},
	{Name: "perftsuite", Domain: "chess", File: "data/chess/perftsuite.epd",
		Description: "the classic perft suite, with D1…D6 node counts"},
	{Name: "2move", Domain: "checkers", File: "data/checkers/2move-ballots.txt",
		Description: "checkers 2-move ballots"},
	{Name: "3move", Domain: "checkers", File: "data/checkers/3move-ballots.txt",
		Description: "checkers 3-move ballots (156 ACF + 18 barred)"},
	{Name: "4move", Domain: "checkers", File: "data/checkers/4move-ballots.txt",
		Description: "Ed Gilbert's 4-move ballots"},
	{Name: "5move", Domain: "checkers", File: "data/checkers/5move-ballots.txt",
		Description: "Ed Gilbert's 5-move ballots"},
	{Name: "11man", Domain: "checkers", File: "data/checkers/11man-ballots.txt",
		Description: "Ed Gilbert's 11-man ballots"},
	{Name: "tinsley", Aliases: []string{"lu"}, Domain: "checkers", File: "data/checkers/tinsley1992.txt",
		Description: "Lu's Tinsley-Chinook 1992 suite (ParaChinook thesis, App. B): 20 London match positions, bm = move played, depth = Lu's (Table C.1)",
		read:        readTinsley},
}

// List returns every embedded suite, in a fixed order.
func List() []*Suite { return all }

// Names returns every suite name and alias, sorted, for help and completion.
func Names() []string {
	var out []string
	for _, s := range all {
		out = append(out, s.Name)
		out = append(out, s.Aliases...)
	}
	sort.Strings(out)
	return out
}

// Find returns the suite of a name or alias.
func Find(name string) (*Suite, error) {
	for _, s := range all {
		if s.Name == name {
			return s, nil
		}
		for _, a := range s.Aliases {
			if a == name {
				return s, nil
			}
		}
	}
	return nil, fmt.Errorf("unknown suite %q%s (known: %s)", name, suggest.Hint(name, Names()), strings.Join(Names(), ", "))
}

// Entries parses the suite on first use and returns its positions.
func (s *Suite) Entries() ([]Entry, error) {
	s.once.Do(func() {
		data, err := files.ReadFile(s.File)
		if err != nil {
			s.err = err
			return
		}
		if s.read != nil {
			s.entries, s.err = s.read("suite:"+s.Name, bytes.NewReader(data))
			return
		}
		s.entries, s.err = Read("suite:"+s.Name, s.Domain, bytes.NewReader(data))
	})
	return s.entries, s.err
}

// Read parses a position list of a domain: chess EPD, or a checkers ballot
// file. name labels errors ("name:line: problem").
func Read(name, domain string, r io.Reader) ([]Entry, error) {
	var out []Entry
	switch domain {
	case "chess":
		recs, err := chess.ReadEPD(name, r)
		if err != nil {
			return nil, err
		}
		for i, e := range recs {
			id := e.ID
			if id == "" {
				id = fmt.Sprint(i + 1)
			}
			out = append(out, Entry{Index: i + 1, ID: id, Chess: e.Pos, BM: e.BM, AM: e.AM, Ops: e.Ops, Line: e.Line})
		}
	case "checkers":
		bs, err := checkers.ReadBallots(name, r)
		if err != nil {
			return nil, err
		}
		for i, b := range bs {
			out = append(out, Entry{Index: i + 1, ID: b.ID(), Checkers: b.Pos, Label: b.Label, Line: b.Line})
		}
	default:
		panic("suites: unknown domain " + domain)
	}
	return out, nil
}

// Select picks entries by a selector: a 1-based index ("3"), a range of
// indices ("1-5"), or an id. Ids match exactly, then ignoring case and
// treating '_', ',' and '/' as spaces, then as a unique substring; an
// ambiguous or unknown id is an error that lists candidates.
func Select(entries []Entry, sel, where string) ([]Entry, error) {
	if lo, hi, ok := indexRange(sel); ok {
		if lo < 1 || hi > len(entries) || lo > hi {
			return nil, fmt.Errorf("%s#%s: index out of range 1..%d", where, sel, len(entries))
		}
		return entries[lo-1 : hi], nil
	}
	for i := range entries {
		if entries[i].ID == sel {
			return entries[i : i+1], nil
		}
	}
	norm := normID(sel)
	var subs []Entry
	for i := range entries {
		n := normID(entries[i].ID)
		if n == norm {
			return entries[i : i+1], nil
		}
		if strings.Contains(n, norm) {
			subs = append(subs, entries[i])
		}
	}
	if len(subs) > 1 {
		// "No.1" picks "… No.1" over "… No.10": prefer the one id that ends with the selector.
		var ends []Entry
		for _, e := range subs {
			if strings.HasSuffix(normID(e.ID), norm) {
				ends = append(ends, e)
			}
		}
		if len(ends) == 1 {
			return ends, nil
		}
	}
	switch len(subs) {
	case 1:
		return subs, nil
	case 0:
		return nil, fmt.Errorf("%s#%s: no position with that id or index (1..%d; ids like %q)", where, sel, len(entries), entries[0].ID)
	}
	var ids []string
	for i, e := range subs {
		if i == 6 {
			ids = append(ids, "…")
			break
		}
		ids = append(ids, fmt.Sprintf("%q", e.ID))
	}
	return nil, fmt.Errorf("%s#%s: ambiguous id, %d positions match: %s", where, sel, len(subs), strings.Join(ids, ", "))
}

func normID(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("_", " ", ",", " ", "/", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

func indexRange(s string) (lo, hi int, ok bool) {
	a, b, isRange := strings.Cut(s, "-")
	lo, ok1 := atoi(a)
	if !isRange {
		return lo, lo, ok1
	}
	hi, ok2 := atoi(b)
	return lo, hi, ok1 && ok2
}

func atoi(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
