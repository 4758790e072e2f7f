package uci

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Client drives an external UCI engine process (Stockfish): the
// handshake, options, positions and searches, each with a timeout and
// errors naming the engine and what it did not answer.
type Client struct {
	// Name is the engine's "id name" (its path when it gave none).
	Name string
	path string
	cmd  *exec.Cmd
	in   io.WriteCloser
	// lines carries the engine's output; it is closed when the engine
	// exits.
	lines  chan string
	stderr *tailBuffer
	// Timeout bounds the handshake and isready (default 10 s).
	Timeout time.Duration
}

// Result is an external engine's answer to go: its move in UCI notation,
// the ponder move, and the score of its last "info … score" line (from the
// side to move; HasScore false when it printed none).
type Result struct {
	BestMove, Ponder string
	Score            int // centipawns, or ±(30000 - plies) for a mate as game.Value
	HasScore         bool
	Depth            int
}

// Start starts the engine at path with args and does the handshake (uci,
// uciok) within 10 seconds. ctx ends the process.
func Start(ctx context.Context, path string, args ...string) (*Client, error) {
	return StartTimeout(ctx, 10*time.Second, path, args...)
}

// StartTimeout is Start with the handshake's (and later isready's)
// timeout.
func StartTimeout(ctx context.Context, timeout time.Duration, path string, args ...string) (*Client, error) {
	cmd := exec.CommandContext(ctx, path, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c := &Client{Name: path, path: path, cmd: cmd, in: in, lines: make(chan string, 256), stderr: &tailBuffer{}, Timeout: timeout}
	cmd.Stderr = c.stderr
	cmd.WaitDelay = time.Second // a child the engine left holding stderr does not hold Close
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", path, err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	if err := c.send("uci"); err != nil {
		c.Close()
		return nil, err
	}
	err = c.until(c.Timeout, "uciok", func(l string) {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			c.Name = strings.TrimSpace(name)
		}
	})
	if err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func (c *Client) send(line string) error {
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		return fmt.Errorf("engine %s: writing %q: %w%s", c.path, line, err, c.stderr.note())
	}
	return nil
}

// until reads lines until one equal to want (or starting with want and a
// space), calling each (when not nil) with every line before it.
func (c *Client) until(timeout time.Duration, want string, each func(string)) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				return fmt.Errorf("engine %s exited before answering %q%s", c.path, want, c.stderr.note())
			}
			l = strings.TrimSpace(l)
			if l == want || strings.HasPrefix(l, want+" ") {
				if each != nil && l != want {
					each(l)
				}
				return nil
			}
			if each != nil {
				each(l)
			}
		case <-timer.C:
			return fmt.Errorf("engine %s: no %q within %v", c.path, want, timeout)
		}
	}
}

// SetOption sends "setoption name … value …" and waits until the engine is
// ready again.
func (c *Client) SetOption(name, value string) error {
	if err := c.send("setoption name " + name + " value " + value); err != nil {
		return err
	}
	return c.IsReady()
}

// IsReady sends isready and waits for readyok.
func (c *Client) IsReady() error {
	if err := c.send("isready"); err != nil {
		return err
	}
	return c.until(c.Timeout, "readyok", nil)
}

// NewGame sends ucinewgame and waits until the engine is ready.
func (c *Client) NewGame() error {
	if err := c.send("ucinewgame"); err != nil {
		return err
	}
	return c.IsReady()
}

// Go sends the position (fen "" for the start position, then the moves
// in UCI notation) and go with l, and waits for bestmove at most timeout.
// The score is that of the engine's last info line with one.
func (c *Client) Go(fen string, moves []string, l Limits, timeout time.Duration) (Result, error) {
	pos := "position startpos"
	if fen != "" {
		pos = "position fen " + fen
	}
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	if err := c.send(pos); err != nil {
		return Result{}, err
	}
	if err := c.send(l.String()); err != nil {
		return Result{}, err
	}
	var r Result
	var bm string
	err := c.until(timeout, "bestmove", func(line string) {
		if rest, ok := strings.CutPrefix(line, "bestmove "); ok {
			bm = rest
			return
		}
		if strings.HasPrefix(line, "info ") {
			parseInfo(line, &r)
		}
	})
	if err != nil {
		c.send("stop")
		return r, err
	}
	f := strings.Fields(bm)
	if len(f) == 0 {
		return r, fmt.Errorf("engine %s: bestmove with no move", c.path)
	}
	r.BestMove = f[0]
	if len(f) >= 3 && f[1] == "ponder" {
		r.Ponder = f[2]
	}
	return r, nil
}

// parseInfo reads the depth and score of an info line into r.
func parseInfo(line string, r *Result) {
	f := strings.Fields(line)
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			if n, err := strconv.Atoi(f[i+1]); err == nil {
				r.Depth = n
			}
		case "score":
			if i+2 >= len(f) {
				return
			}
			n, err := strconv.Atoi(f[i+2])
			if err != nil {
				return
			}
			switch f[i+1] {
			case "cp":
				r.Score, r.HasScore = n, true
			case "mate":
				if n > 0 {
					r.Score = 30000 - (2*n - 1)
				} else {
					r.Score = -30000 - 2*n
				}
				r.HasScore = true
			}
		}
	}
}

// Close sends quit and waits a second for the engine to exit, then kills
// it.
func (c *Client) Close() error {
	c.send("quit")
	c.in.Close()
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil // it exited, as asked
		}
		return err
	case <-time.After(time.Second):
		c.cmd.Process.Kill()
		return <-done
	}
}

// tailBuffer keeps the last 2 KiB an engine wrote to stderr, for errors.
type tailBuffer struct {
	mu sync.Mutex
	b  []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 2048 {
		t.b = t.b[len(t.b)-2048:]
	}
	return len(p), nil
}

// note is "; stderr: …" when the engine wrote any.
func (t *tailBuffer) note() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := string(bytes.TrimSpace(t.b))
	if s == "" {
		return ""
	}
	return "; its stderr: " + s
}
