package lab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/suites"
)

// Item is one loaded position: a chess or checkers position (with its suite
// id and expected moves when it came from a suite or file) or the root of a
// synthetic tree. What runs on it goes through its domain adapter, made
// once when the item is.
type Item struct {
	Name string // a name that loads this item again, e.g. "suite:kaufman#3"
	suites.Entry
	Tree *synth.Tree
	dom  domain
}

// newItem makes the item of a suite entry or a tree and its adapter: the
// one place that tells the domains apart.
func newItem(name string, e suites.Entry, tree *synth.Tree) *Item {
	it := &Item{Name: name, Entry: e, Tree: tree}
	switch {
	case tree != nil:
		it.dom = &adapter[synth.Position, *synth.Position]{root: tree.Root()}
	case e.Chess != nil:
		it.dom = &adapter[chess.Position, *chess.Position]{root: e.Chess, perft_: chess.Perft}
	case e.Checkers != nil:
		it.dom = &adapter[checkers.Position, *checkers.Position]{root: e.Checkers, perft_: checkers.Perft, perftUnique: checkers.PerftUnique}
	default:
		panic("lab: an item with no position")
	}
	return it
}

// RootOrder is the item's ordered root move list, as a root split deals it
// (algos.RootOrder).
func (it *Item) RootOrder() []game.Move { return it.dom.rootOrder() }

// RootShare searches one root-split searcher's moves alone
// (algos.SearchRootShare): a remote searcher's work.
func (it *Item) RootShare(ctx context.Context, moves []game.Move, opt algos.Options) (algos.RootSplitter, error) {
	return it.dom.rootShare(ctx, moves, opt)
}

// Domain is "chess", "checkers" or "synth".
func (it *Item) Domain() string { return it.dom.describer().Domain() }

// Describer is the item's position as a game.Describer.
func (it *Item) Describer() game.Describer { return it.dom.describer() }

// IsTree reports whether the item is a synthetic tree: it has its own
// depth, and its moves have no names worth printing.
func (it *Item) IsTree() bool { return it.Tree != nil }

// Title is how the item is named in tables: its id, or its name.
func (it *Item) Title() string {
	if it.ID != "" {
		return it.ID
	}
	return it.Name
}

// PositionForms lists the accepted position names, for help and completion.
var PositionForms = []string{
	"chess:start", "chess:<FEN>", "<FEN>", "checkers:start", "checkers:<PDN FEN>",
	"suite:<name>", "suite:<name>#<id|index|from-to>", "file:<path>[#<id|index|from-to>]",
	"uniform:b=B,d=D,seed=S", "ordered:b=B,d=D,seed=S,order=best|worst|pP",
	"bimodal:bq=BQ,bc=BC,q=Q,d=D,seed=S", "literal:(…)", "paper:parsss-table1",
}

// ErrName is wrapped by every error about a position name.
var ErrName = errors.New("bad position name")

// Resolve loads the positions a name gives (see PositionForms). A suite or
// file without a selector gives all its positions. Errors say what is wrong
// and where (file:line for files).
func Resolve(name string) ([]*Item, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, fmt.Errorf("%w: empty (want one of %s)", ErrName, strings.Join(PositionForms, ", "))
	}
	kind, rest, _ := strings.Cut(name, ":")
	switch {
	case kind == "chess":
		return one(loadChess(name, rest))
	case kind == "checkers":
		if rest == "start" {
			return one(newItem(name, suites.Entry{Checkers: checkers.Start()}, nil), nil)
		}
		p, err := checkers.ParseFEN(rest)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return one(newItem("checkers:"+p.FEN(), suites.Entry{Checkers: p}, nil), nil)
	case kind == "suite":
		return resolveSuite(rest)
	case kind == "file":
		return resolveFile(rest)
	case synth.IsName(name):
		t, err := synth.Parse(name)
		if err != nil {
			return nil, err
		}
		return one(newItem(t.Name(), suites.Entry{}, t), nil)
	case strings.Count(name, "/") == 7:
		return one(loadChess(name, name))
	}
	return nil, fmt.Errorf("%w: %q (want one of %s)", ErrName, name, strings.Join(PositionForms, ", "))
}

func one(it *Item, err error) ([]*Item, error) {
	if err != nil {
		return nil, err
	}
	return []*Item{it}, nil
}

func loadChess(name, fen string) (*Item, error) {
	if fen == "start" {
		return newItem("chess:start", suites.Entry{Chess: chess.Start()}, nil), nil
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return newItem("chess:"+p.FEN(), suites.Entry{Chess: p}, nil), nil
}

func resolveSuite(spec string) ([]*Item, error) {
	sname, sel, hasSel := strings.Cut(spec, "#")
	s, err := suites.Find(sname)
	if err != nil {
		return nil, fmt.Errorf("suite:%s: %w", spec, err)
	}
	entries, err := s.Entries()
	if err != nil {
		return nil, err
	}
	return items("suite:"+s.Name, entries, sel, hasSel)
}

func items(prefix string, entries []suites.Entry, sel string, hasSel bool) ([]*Item, error) {
	if hasSel {
		var err error
		if entries, err = suites.Select(entries, sel, prefix); err != nil {
			return nil, err
		}
	}
	out := make([]*Item, len(entries))
	for i := range entries {
		out[i] = newItem(fmt.Sprintf("%s#%d", prefix, entries[i].Index), entries[i], nil)
	}
	return out, nil
}

// resolveFile loads a file of positions, recognised by its content: a
// literal tree (its first token is '(' or an integer), checkers ballots
// (tab-separated, ending in a PDN FEN), checkers PDN FENs one per line, or
// chess EPD/FEN lines.
func resolveFile(spec string) ([]*Item, error) {
	return resolveFileWith(spec, func(p string) ([]byte, error) {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return readLimited(f)
	})
}

// MaxPositionFile is the largest position file read (64 MiB): a larger
// one, or an endless one such as /dev/zero, is an error, not a read that
// takes every byte of memory.
const MaxPositionFile = 64 << 20

// readLimited reads r to its end, up to MaxPositionFile bytes.
func readLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxPositionFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxPositionFile {
		return nil, fmt.Errorf("larger than %d MiB, the limit of a position file", MaxPositionFile>>20)
	}
	return data, nil
}

// ResolveIn is Resolve for a process that runs what others ask (a
// distributed sweep's worker): a file: position is read through root only
// (os.Root: no path leaves its directory, by ".." or by a symbolic link),
// its path taken relative to root's directory or, when absolute, required
// to lie inside it; with root nil every file: position is refused. The
// items keep the name the caller gave, so that they match the positions
// the sweep planned.
func ResolveIn(name string, root *os.Root) ([]*Item, error) {
	kind, rest, _ := strings.Cut(strings.TrimSpace(name), ":")
	if kind != "file" {
		return Resolve(name)
	}
	path, _, _ := strings.Cut(rest, "#")
	if root == nil {
		return nil, &ReadError{Path: path, Err: errors.New("file positions are not read here (no directory of position files was given)")}
	}
	return resolveFileWith(rest, func(p string) ([]byte, error) {
		rel := p
		if filepath.IsAbs(p) {
			var err error
			if rel, err = filepath.Rel(root.Name(), p); err != nil || !filepath.IsLocal(rel) {
				return nil, fmt.Errorf("outside the directory of position files %s", root.Name())
			}
		}
		if !filepath.IsLocal(rel) {
			return nil, fmt.Errorf("outside the directory of position files %s", root.Name())
		}
		f, err := root.Open(rel)
		var data []byte
		if err == nil {
			data, err = readLimited(f)
			f.Close()
		}
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err // the error, not the path resolved below root
			}
			return nil, fmt.Errorf("not readable in the directory of position files %s: %w", root.Name(), err)
		}
		return data, nil
	})
}

// ReadError is the error of a file: position whose file could not be
// read (as against one read but not understood): it says why without
// quoting the file.
type ReadError struct {
	Path string
	Err  error
}

func (e *ReadError) Error() string { return fmt.Sprintf("file:%s: %v", e.Path, e.Err) }
func (e *ReadError) Unwrap() error { return e.Err }

// resolveFileWith is resolveFile reading the file with read.
func resolveFileWith(spec string, read func(path string) ([]byte, error)) ([]*Item, error) {
	path, sel, hasSel := strings.Cut(spec, "#")
	data, err := read(path)
	if err != nil {
		return nil, &ReadError{Path: path, Err: err}
	}
	first := firstLine(data)
	switch {
	case first == "":
		return nil, fmt.Errorf("%s: the file holds no position", path)
	case first[0] == '(' || first[0] == '-' || (first[0] >= '0' && first[0] <= '9' && !strings.Contains(first, "\t")):
		t, err := synth.ParseLiteral(string(data))
		if err != nil {
			var le *synth.LiteralError
			if errors.As(err, &le) {
				return nil, fmt.Errorf("%s:%d:%d: %s", path, le.Line, le.Col, le.Msg)
			}
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return one(newItem("file:"+path, suites.Entry{}, t), nil)
	case strings.Contains(first, "\t"):
		entries, err := suites.Read(path, "checkers", bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		return items("file:"+path, entries, sel, hasSel)
	case len(first) > 1 && (first[0] == 'B' || first[0] == 'W') && first[1] == ':':
		var entries []suites.Entry
		for i, l := range strings.Split(string(data), "\n") {
			l = strings.TrimSpace(l)
			if l == "" || l[0] == '#' {
				continue
			}
			p, err := checkers.ParseFEN(l)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
			}
			entries = append(entries, suites.Entry{Index: len(entries) + 1, ID: fmt.Sprint(len(entries) + 1), Checkers: p, Line: i + 1})
		}
		return items("file:"+path, entries, sel, hasSel)
	}
	entries, err := suites.Read(path, "chess", bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return items("file:"+path, entries, sel, hasSel)
}

// firstLine returns the first line that is neither blank nor a '#' comment.
func firstLine(data []byte) string {
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l != "" && l[0] != '#' {
			return l
		}
	}
	return ""
}

// NewItem makes the item of a position a caller already holds (a game in
// progress: a chess position carries the hashes since its last
// irreversible move, so its searches see repetitions that a FEN would
// lose). e must hold a chess or a checkers position.
func NewItem(name string, e suites.Entry) *Item { return newItem(name, e, nil) }
