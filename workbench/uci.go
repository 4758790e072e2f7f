package workbench

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"splitpoint/lab"
	"splitpoint/uci"
)

// configFlags declares one flag per row of the UCI option table (by its
// match key: --algo, --workers, --hash, …) and returns the function that
// applies the flags the user set to the default configuration of the
// tables tab.
func configFlags(fs *flag.FlagSet, tab lab.Tables) func() (uci.Config, error) {
	vals := map[string]*string{}
	def := uci.DefaultConfigIn(tab)
	for _, o := range def.Options() {
		help := o.Help + " (UCI option " + o.Name + ")"
		if o.Vars != nil {
			help += ": " + strings.Join(o.Vars(), ", ")
		}
		vals[o.Key] = fs.String(o.Key, def.Get(o.Key), help)
	}
	return func() (uci.Config, error) {
		c := def
		var err error
		fs.Visit(func(f *flag.Flag) {
			if v, ok := vals[f.Name]; ok && err == nil {
				if e := c.Set(f.Name, *v); e != nil {
					err = usageErr("--%s: %v", f.Name, e)
				}
			}
		})
		return c, err
	}
}

// uciLong is the help of the uci command.
const uciLong = `Speaks the Universal Chess Interface on standard input and output: uci,
isready, ucinewgame, position startpos|fen … [moves …], go (depth, nodes,
movetime, wtime/btime/winc/binc/movestogo, infinite, ponder), stop,
ponderhit, quit and setoption. The options are Threads, Hash, Algo (any
name of the algorithm table), Variants, Grain, Preset and Param; the flags
set their starting values. Every completed iteration prints "info depth …
seldepth … score cp|mate … nodes … nps … hashfull … time … pv …"; the
search runs in the background, so stop and isready are answered while it
searches. Each iteration is one search of the lab to that depth (the table
is not kept between iterations), so nodes count every iteration.

Time management: a move gets the time left over the moves to go (25 in
sudden death) plus three quarters of the increment, stops starting
iterations past 0.7 of that and is stopped at 3 times it, never more than a
fifth of the clock: it does not lose on time at 10+0.1.`

// uciCommand declares the uci command's flags on fs and returns the
// function that runs it.
func uciCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	get := configFlags(fs, tab)
	return func(env *Env, args []string) error {
		if len(args) != 0 {
			return usageErr("uci takes no arguments, got %q", args)
		}
		cfg, err := get()
		if err != nil {
			return err
		}
		in := env.In
		if in == nil {
			in = os.Stdin
		}
		e := uci.NewEngine(env.Out, cfg)
		if err := e.Run(env.Ctx, in); err != nil {
			return fmt.Errorf("uci: %w", err)
		}
		return nil
	}
}
