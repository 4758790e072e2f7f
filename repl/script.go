package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// RunScript evaluates a script line by line on sh, exactly as the REPL
// would (the same output). It stops at the first failing line, writing
// "name:line: message" to stderr, unless keepGoing. '#' starts a comment.
// It returns the first error (with its place) or nil.
func RunScript(ctx context.Context, sh *Shell, name string, r io.Reader, keepGoing bool, stderr io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLine)
	var first error
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%s:%d: stopped: %w", name, n, err)
		}
		if err := sh.Eval(ctx, line, fmt.Sprintf("script %s:%d", name, n)); err != nil {
			ferr := fmt.Errorf("%s:%d: %w", name, n, err)
			fmt.Fprintln(stderr, ferr)
			if first == nil {
				first = ferr
			}
			if !keepGoing || ctx.Err() != nil {
				return first
			}
		}
		if sh.Quit() {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: %w", name, n+1, lineErr(err))
	}
	return first
}

// MaxLine is the longest line of a notebook, a script or piped input
// (1 MiB); a longer one stops the reading with an error, no line is
// read whole into memory.
const MaxLine = 1 << 20

// lineErr says what a reading of lines that stopped at err met.
func lineErr(err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("a line longer than %d MiB, the limit of a line", MaxLine>>20)
	}
	return err
}
