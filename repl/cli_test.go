package repl

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestCommandReference: docs/commands.md is the command table's current
// reference. After changing a command or a flag, regenerate it with
// "go run . help --markdown > docs/commands.md".
func TestCommandReference(t *testing.T) {
	var b bytes.Buffer
	writeReference(&b)
	have, err := os.ReadFile("../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != b.String() {
		t.Errorf("docs/commands.md is out of date: run go run . help --markdown > docs/commands.md")
	}
	for _, e := range cliCommands() {
		if !strings.Contains(b.String(), "\n## "+e.name+"\n") {
			t.Errorf("the reference has no section for %s", e.name)
		}
	}
}

// TestBashCompletion sources the generated bash script and completes a
// few command lines with it.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	var script bytes.Buffer
	if err := writeCompletion(&script, "bash"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := dir + "/splitpoint.bash"
	if err := os.WriteFile(path, script.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line string // the words, the last being completed
		want string // one of the completions
	}{
		{"splitpoint sea", "search"},
		{"splitpoint rep", "reproduce"},
		{"splitpoint --session s1 sw", "sweep"},
		{"splitpoint search --al", "--algo"},
		{"splitpoint search chess:start --algo jam", "jamboree"},
		{"splitpoint reproduce li", "list"},
		{"splitpoint completion f", "fish"},
		{"splitpoint help tu", "tui"},
	} {
		words := strings.Fields(c.line)
		if strings.HasSuffix(c.line, " ") {
			words = append(words, "")
		}
		quoted := make([]string, len(words))
		for i, w := range words {
			quoted[i] = "'" + w + "'"
		}
		prog := "source " + path + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" +
			itoa(len(words)-1) + "\n_splitpoint\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		out, err := exec.Command(bash, "--norc", "-c", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.line, err, out)
		}
		if !strings.Contains("\n"+string(out), "\n"+c.want+"\n") {
			t.Errorf("%q completes to %q, want %s among them", c.line, out, c.want)
		}
	}
}

// TestShellCompletionSyntax checks the zsh and fish scripts with the
// shells' own parsers where they are installed.
func TestShellCompletionSyntax(t *testing.T) {
	for _, sh := range []struct{ shell, check string }{{"bash", "-n"}, {"zsh", "-n"}, {"fish", "--no-execute"}} {
		bin, err := exec.LookPath(sh.shell)
		if err != nil {
			t.Logf("no %s: its script is not checked", sh.shell)
			continue
		}
		var script bytes.Buffer
		if err := writeCompletion(&script, sh.shell); err != nil {
			t.Fatal(err)
		}
		path := t.TempDir() + "/script"
		if err := os.WriteFile(path, script.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(bin, sh.check, path).CombinedOutput(); err != nil {
			t.Errorf("%s %s: %v\n%s", sh.shell, sh.check, err, out)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
