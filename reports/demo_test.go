package reports

import (
	"os"
	"testing"
)

// TestWriteDemo writes the sample report to $REPORTS_DEMO_DIR, to look at
// by hand; it is skipped when the variable is unset.
func TestWriteDemo(t *testing.T) {
	dir := os.Getenv("REPORTS_DEMO_DIR")
	if dir == "" {
		t.Skip("set REPORTS_DEMO_DIR to write the sample report there")
	}
	index, warnings, err := Write(dir, sampleReport())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s; warnings: %q", index, warnings)
}
