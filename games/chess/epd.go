package chess

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"splitpoint/game"
)

// Op is one EPD operation: an opcode and its operands, string operands
// unquoted ("id", ["BK.01"]; "D1", ["20"]; "bm", ["Qd1+", "Qd2"]).
type Op struct {
	Name     string
	Operands []string
}

// EPD is one record of an Extended Position Description file.
//
// BM and AM hold the best and avoid moves resolved in Pos. A bm operand
// must name exactly one legal move. An am operand that is ambiguous SAN
// stands for every legal move it matches: published suites contain such
// moves (the Kaufman/CCR one-hour test, CCR03, has "am Ne5" with knights on
// c6 and g4 that both reach e5), and avoiding every move the author's
// notation covers is the conservative reading.
type EPD struct {
	Pos  *Position
	ID   string
	BM   []game.Move
	AM   []game.Move
	Ops  []Op // every operation, in order
	Line int  // 1-based line number in ReadEPD's input; 0 from ParseEPD
}

// Op returns the operands of the first operation named name, and whether
// there was one.
func (e *EPD) Op(name string) ([]string, bool) {
	for _, o := range e.Ops {
		if o.Name == name {
			return o.Operands, true
		}
	}
	return nil, false
}

// ParseEPD reads one EPD record: the four FEN fields (placement, side,
// castling, en passant), optionally the two FEN clocks, then operations
// "opcode operand…;" with double-quoted string operands (which may hold
// spaces and semicolons). The opcodes hmvc and fmvn set the clocks; bm, am
// and id fill the fields of the same names. The perft suite format
// ("D1 20; D2 400;") is read as ordinary operations.
func ParseEPD(line string) (*EPD, error) {
	s := strings.TrimSpace(line)
	var fields []string
	for len(fields) < 4 {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return nil, fmt.Errorf("chess: EPD has %d position fields, want 4", len(fields))
		}
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			i = len(s)
		}
		fields = append(fields, strings.TrimSuffix(s[:i], ";"))
		s = s[i:]
	}
	// optional FEN clocks
	for k := 0; k < 2; k++ {
		t := strings.TrimLeft(s, " \t")
		i := strings.IndexAny(t, " \t;")
		if i < 0 {
			i = len(t)
		}
		if i == 0 || strings.Trim(t[:i], "0123456789") != "" {
			break
		}
		fields = append(fields, t[:i])
		s = t[i:]
	}
	p := new(Position)
	if err := p.setFEN(fields); err != nil {
		return nil, fmt.Errorf("chess: EPD position: %w", err)
	}
	e := &EPD{Pos: p}
	ops, err := splitOps(s)
	if err != nil {
		return nil, err
	}
	e.Ops = ops
	for _, o := range ops {
		switch o.Name {
		case "hmvc", "fmvn":
			if len(o.Operands) != 1 {
				return nil, fmt.Errorf("chess: EPD %s wants one operand, has %d", o.Name, len(o.Operands))
			}
			n, err := strconv.Atoi(o.Operands[0])
			if err != nil || n < 0 || n > 100000 {
				return nil, fmt.Errorf("chess: EPD %s operand %q is not a count", o.Name, o.Operands[0])
			}
			if o.Name == "hmvc" {
				if n > 10000 {
					return nil, fmt.Errorf("chess: EPD hmvc operand %q too large", o.Operands[0])
				}
				p.rule50 = uint16(n)
				p.resetHistory()
			} else {
				p.moveNo = uint32(max(n, 1))
			}
		case "id":
			if len(o.Operands) > 0 {
				e.ID = o.Operands[0]
			}
		}
	}
	for _, o := range ops {
		switch o.Name {
		case "bm", "am":
			if len(o.Operands) == 0 {
				return nil, fmt.Errorf("chess: EPD %s has no moves", o.Name)
			}
			for _, san := range o.Operands {
				ms, err := p.matchMoves(san)
				if err != nil {
					return nil, fmt.Errorf("chess: EPD %s: %w", o.Name, err)
				}
				if o.Name == "bm" {
					if len(ms) > 1 {
						return nil, fmt.Errorf("chess: EPD bm: %w %q: %d moves match", ErrAmbiguous, san, len(ms))
					}
					e.BM = append(e.BM, ms[0])
				} else {
					e.AM = append(e.AM, ms...)
				}
			}
		}
	}
	return e, nil
}

// splitOps reads "opcode operand…;" operations; a missing final semicolon
// is tolerated.
func splitOps(s string) ([]Op, error) {
	var ops []Op
	var cur *Op
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == ';':
			if cur == nil {
				return nil, errors.New("chess: EPD has an empty operation (\";\" without opcode)")
			}
			cur = nil
			i++
		case c == '"':
			if cur == nil {
				return nil, errors.New("chess: EPD has a string where an opcode should be")
			}
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return nil, fmt.Errorf("chess: EPD %s: unterminated string", cur.Name)
			}
			cur.Operands = append(cur.Operands, s[i+1:i+1+j])
			i += j + 2
		default:
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != ';' && s[j] != '"' {
				j++
			}
			tok := s[i:j]
			i = j
			if cur != nil {
				cur.Operands = append(cur.Operands, tok)
				continue
			}
			if !validOpcode(tok) {
				return nil, fmt.Errorf("chess: EPD bad opcode %q", tok)
			}
			ops = append(ops, Op{Name: tok})
			cur = &ops[len(ops)-1]
		}
	}
	return ops, nil
}

func validOpcode(s string) bool {
	if s == "" || len(s) > 15 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !(letter || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// ReadEPD reads an EPD file, skipping blank lines and lines starting with
// #. Errors are reported as "name:line: problem"; the records read before
// the first bad line are returned with it.
func ReadEPD(name string, r io.Reader) ([]*EPD, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var out []*EPD
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		e, err := ParseEPD(s)
		if err != nil {
			return out, fmt.Errorf("%s:%d: %v", name, line, strings.TrimPrefix(err.Error(), "chess: "))
		}
		e.Line = line
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	return out, nil
}
