package workbench

import (
	"encoding/json"
	"io"
)

// writeJSON writes v as indented JSON followed by a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeJSONAndErr ends a command that reports one result per position:
// with asJSON it writes what it has (one object for one result, else an
// array; a cancelled run's report says "cancelled": true), then returns
// err.
func writeJSONAndErr[T any](env *Env, asJSON bool, reps []T, err error) error {
	if !asJSON || len(reps) == 0 {
		return err
	}
	var werr error
	if len(reps) == 1 {
		werr = writeJSON(env.Out, reps[0])
	} else {
		werr = writeJSON(env.Out, reps)
	}
	if err != nil {
		return err
	}
	return werr
}
