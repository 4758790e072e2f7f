package workbench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"splitpoint/progress"
)

// Main runs the command line args and returns the process exit status:
// 0 on success, 1 when a command failed, 2 for a usage error.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		Help(stdout, "")
		return 0
	}
	env := &Env{Ctx: ctx, Out: stdout, Term: progress.Terminal(stdout, stderr)}
	err := Run(env, args)
	if err == nil {
		return 0
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "splitpoint: %s: cancelled\n", args[0])
		return 130
	}
	fmt.Fprintf(stderr, "splitpoint: %s\n", Message(err))
	if errors.Is(err, ErrUsage) {
		if Lookup(args[0]) != nil {
			fmt.Fprintf(stderr, "see \"splitpoint help %s\"\n", args[0])
		} else {
			fmt.Fprintf(stderr, "see \"splitpoint help\"\n")
		}
		return 2
	}
	return 1
}
