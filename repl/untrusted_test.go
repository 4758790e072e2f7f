package repl

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestScriptLineBounded: a notebook line longer than MaxLine is an error
// naming the file, the line and the limit, read no further than the limit.
func TestScriptLineBounded(t *testing.T) {
	var out, stderr bytes.Buffer
	sh, err := Open(t.TempDir(), "long", &out)
	if err != nil {
		t.Fatal(err)
	}
	script := "set depth 2\n" + strings.Repeat("x", MaxLine+1) + "\n"
	err = RunScript(context.Background(), sh, "long.sp", strings.NewReader(script), false, &stderr)
	if err == nil || !strings.Contains(err.Error(), "long.sp:2:") || !strings.Contains(err.Error(), "1 MiB") || strings.Contains(err.Error(), "\n") {
		t.Errorf("RunScript: %v; want one line naming long.sp:2 and the limit of 1 MiB", err)
	}
	err = Piped(context.Background(), sh, strings.NewReader(script))
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "1 MiB") {
		t.Errorf("Piped: %v; want the line and the limit of 1 MiB", err)
	}
}
