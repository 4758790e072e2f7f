package synth

import (
	"fmt"
	"strconv"
	"strings"

	"splitpoint/game"
)

// Limits on literal trees.
const (
	MaxLiteralNodes = 1 << 20
	// MaxLiteralValue bounds a leaf value so that no value reaches the mate range.
	MaxLiteralValue = int(game.Mate - game.MaxPly - 1)
)

// LiteralError locates a syntax error in a literal tree's text.
type LiteralError struct {
	Line, Col int // 1-based
	Msg       string
}

func (e *LiteralError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

type litNode struct {
	leaf  bool
	val   int32
	kids  []*litNode
	depth int
}

// ParseLiteral reads a literal tree: a leaf is an integer (its negamax
// value), an interior node a parenthesised list of its children in move
// order, e.g. "((3 -2) (5 (1 4)))". Whitespace (newlines included) separates
// tokens; '#' starts a comment to the end of the line, so a tree can live in
// a commented file.
func ParseLiteral(src string) (*Tree, error) {
	p := &litParser{src: src, line: 1, col: 1}
	p.skip()
	if p.i >= len(p.src) {
		return nil, p.errf("empty tree: want an integer or a parenthesised list")
	}
	root, err := p.node(0)
	if err != nil {
		return nil, err
	}
	p.skip()
	if p.i < len(p.src) {
		return nil, p.errf("unexpected %q after the end of the tree", p.src[p.i])
	}
	t := &Tree{Family: Literal, name: "literal:" + canonical(root)}
	// Flatten breadth-first so that the children of a node are contiguous.
	queue := []*litNode{root}
	for qi := 0; qi < len(queue); qi++ {
		n := queue[qi]
		t.first = append(t.first, int32(len(queue)))
		t.count = append(t.count, int32(len(n.kids)))
		t.val = append(t.val, 0)
		t.D = max(t.D, n.depth)
		queue = append(queue, n.kids...)
	}
	for i := len(queue) - 1; i >= 0; i-- {
		n := queue[i]
		if n.leaf {
			t.val[i] = n.val
			continue
		}
		best := -game.Inf
		for k := range n.kids {
			best = max(best, -t.val[int(t.first[i])+k])
		}
		t.val[i] = best
	}
	return t, nil
}

func canonical(n *litNode) string {
	if n.leaf {
		return strconv.Itoa(int(n.val))
	}
	parts := make([]string, len(n.kids))
	for i, k := range n.kids {
		parts[i] = canonical(k)
	}
	return "(" + strings.Join(parts, " ") + ")"
}

type litParser struct {
	src       string
	i         int
	line, col int
	nodes     int
}

func (p *litParser) errf(format string, args ...any) error {
	return &LiteralError{Line: p.line, Col: p.col, Msg: fmt.Sprintf(format, args...)}
}

func (p *litParser) advance() {
	if p.src[p.i] == '\n' {
		p.line++
		p.col = 0
	}
	p.i++
	p.col++
}

func (p *litParser) skip() {
	for p.i < len(p.src) {
		switch c := p.src[p.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.advance()
		case c == '#':
			for p.i < len(p.src) && p.src[p.i] != '\n' {
				p.advance()
			}
		default:
			return
		}
	}
}

func (p *litParser) node(depth int) (*litNode, error) {
	if depth > MaxDepth {
		return nil, p.errf("tree deeper than %d", MaxDepth)
	}
	if p.nodes++; p.nodes > MaxLiteralNodes {
		return nil, p.errf("more than %d nodes", MaxLiteralNodes)
	}
	c := p.src[p.i]
	if c == '(' {
		p.advance()
		n := &litNode{depth: depth}
		for {
			p.skip()
			if p.i >= len(p.src) {
				return nil, p.errf("unclosed '(': the text ends inside a list")
			}
			if p.src[p.i] == ')' {
				p.advance()
				break
			}
			k, err := p.node(depth + 1)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, k)
			if len(n.kids) > game.MaxMoves {
				return nil, p.errf("a node has more than %d children", game.MaxMoves)
			}
		}
		if len(n.kids) == 0 {
			return nil, p.errf("empty list '()': an interior node needs children, a leaf is an integer")
		}
		for _, k := range n.kids {
			n.depth = max(n.depth, k.depth)
		}
		return n, nil
	}
	if c == ')' {
		return nil, p.errf("unexpected ')'")
	}
	start, line, col := p.i, p.line, p.col
	for p.i < len(p.src) && !strings.ContainsRune(" \t\r\n()#", rune(p.src[p.i])) {
		p.advance()
	}
	tok := p.src[start:p.i]
	v, err := strconv.Atoi(tok)
	if err != nil {
		return nil, &LiteralError{line, col, fmt.Sprintf("%q is not an integer leaf value", tok)}
	}
	if v < -MaxLiteralValue || v > MaxLiteralValue {
		return nil, &LiteralError{line, col, fmt.Sprintf("leaf value %d outside ±%d", v, MaxLiteralValue)}
	}
	return &litNode{leaf: true, val: int32(v), depth: depth}, nil
}
