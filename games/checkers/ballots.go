package checkers

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Ballot is one opening of a ballot file (the 2-, 3-, 4- and 5-move ballots
// and the 11-man ballots of tournament checkers). Moves are the opening
// moves in standard notation, Label the file's label ("standard", "lost",
// "ACF", "barred", …), Removed the squares of the Black and White men taken
// off before play ("11,28"; 11-man ballots only, else ""), FEN the file's
// position after the moves, Pos the position reached by replaying the moves
// (equal to FEN), and Line the line of the file.
type Ballot struct {
	Number  int
	Moves   []string
	Label   string
	Removed string // 11-man only
	FEN     string
	Pos     *Position
	Line    int
}

// ID is the ballot's moves joined by a space, e.g. "9-13 21-17 5-9".
func (b Ballot) ID() string { return strings.Join(b.Moves, " ") }

// ReadBallots reads a ballot file: tab-separated lines, blank lines and lines
// starting with '#' ignored. A line has four fields (number, moves, label,
// FEN) or, in 11-man files, five (number, removed squares "black,white",
// moves, label, FEN). Every ballot is replayed from the start position (with
// the two men taken off for 11-man ballots) with ParseMove and Play and the
// result checked against the FEN. Errors read "name:line: problem".
func ReadBallots(name string, r io.Reader) ([]Ballot, error) {
	var out []Ballot
	err := ScanRecords(name, r, func(line int, text string) error {
		b, err := parseBallot(text)
		if err != nil {
			return err
		}
		b.Line = line
		out = append(out, b)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ScanRecords calls parse for every record of a checkers data file (the
// ballot files, Lu's Tinsley suite): each line but blank ones and those
// starting with '#', with its 1-based line number. Errors, parse's
// included, read "name:line: problem".
func ScanRecords(name string, r io.Reader, parse func(line int, text string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if t := strings.TrimSpace(text); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if err := parse(line, text); err != nil {
			return fmt.Errorf("%s:%d: %v", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	return nil
}

func parseBallot(text string) (Ballot, error) {
	var b Ballot
	fs := strings.Split(text, "\t")
	for i := range fs {
		fs[i] = strings.TrimSpace(fs[i])
	}
	var moves string
	switch len(fs) {
	case 4:
		moves, b.Label, b.FEN = fs[1], fs[2], fs[3]
	case 5:
		b.Removed, moves, b.Label, b.FEN = fs[1], fs[2], fs[3], fs[4]
	default:
		return b, fmt.Errorf("want 4 or 5 tab-separated fields (number, [removed,] moves, label, FEN), have %d", len(fs))
	}
	n, err := strconv.Atoi(fs[0])
	if err != nil || n < 0 {
		return b, fmt.Errorf("bad ballot number %q", fs[0])
	}
	b.Number = n
	b.Moves = strings.Fields(moves)
	if len(b.Moves) == 0 {
		return b, fmt.Errorf("no moves")
	}
	p := Start()
	if len(fs) == 5 {
		if p, err = removeMen(b.Removed); err != nil {
			return b, err
		}
	}
	var next Position
	for i, mv := range b.Moves {
		m, err := p.ParseMove(mv)
		if err != nil {
			return b, fmt.Errorf("move %d: %v", i+1, err)
		}
		p.Play(m, &next)
		*p = next
	}
	want, err := ParseFEN(b.FEN)
	if err != nil {
		return b, err
	}
	if p.pieces != want.pieces || p.kings != want.kings || p.side != want.side {
		return b, fmt.Errorf("moves %q reach %s, the file says %s", b.ID(), p.FEN(), b.FEN)
	}
	b.Pos = p
	return b, nil
}

// removeMen returns the start position without the Black and the White man
// named in removed ("11,28").
func removeMen(removed string) (*Position, error) {
	sq := strings.Split(removed, ",")
	if len(sq) != 2 {
		return nil, fmt.Errorf("bad removed squares %q (want black,white like 11,28)", removed)
	}
	p := Start()
	for c, f := range sq {
		n, err := parseSquare(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("removed squares %q: %v", removed, err)
		}
		bit := uint32(1) << (n - 1)
		if p.pieces[c]&bit == 0 {
			return nil, fmt.Errorf("removed squares %q: no %s man on %d at the start", removed, colourName(c), n)
		}
		p.pieces[c] &^= bit
	}
	p.hash = p.computeHash()
	return p, nil
}
