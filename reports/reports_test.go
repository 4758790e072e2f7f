package reports

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func writeSample(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	index, warnings, err := Write(dir, sampleReport())
	if err != nil {
		t.Fatal(err)
	}
	return index, warnings
}

// TestWriteFiles: every chart gets SVG, PDF and CSV, every table CSV and
// LaTeX, and the SVG is well-formed XML and the PDF a PDF.
func TestWriteFiles(t *testing.T) {
	index, _ := writeSample(t)
	dir := filepath.Dir(index)
	for _, f := range []string{"index.html", "speedup.svg", "speedup.pdf", "speedup.csv", "nodes.svg", "overhead.pdf",
		"profile.csv", "results.csv", "results.tex"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "speedup.svg"))
	if err := xml.Unmarshal(svg, new(struct{})); err != nil {
		t.Errorf("speedup.svg is not XML: %v", err)
	}
	if pdf, _ := os.ReadFile(filepath.Join(dir, "speedup.pdf")); !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Errorf("speedup.pdf is not a PDF")
	}
	// no temporary files are left behind
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestGolden compares the CSV and LaTeX of the sample's table and a chart
// with testdata (go test ./reports -run Golden -update rewrites them).
func TestGolden(t *testing.T) {
	index, _ := writeSample(t)
	dir := filepath.Dir(index)
	for _, f := range []string{"results.csv", "results.tex", "speedup.csv"} {
		got, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", f+".golden")
		if *update {
			os.WriteFile(golden, got, 0o644)
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s:\n%s", f, golden, got)
		}
	}
}

// TestEscaping: a position id or series name holding <script> never
// reaches the page as markup, and the chart options cannot close their
// script element.
func TestEscaping(t *testing.T) {
	stubEcharts(t, true)
	index, _ := writeSample(t)
	page, _ := os.ReadFile(index)
	if bytes.Contains(page, []byte(hostile)) {
		t.Fatalf("the page holds %q unescaped", hostile)
	}
	if n := bytes.Count(bytes.ToLower(page), []byte("<script")); n != 2 {
		t.Errorf("%d <script> elements, want 2 (echarts and the chart options)", n)
	}
	if !bytes.Contains(page, []byte("&lt;script&gt;alert(1)&lt;/script&gt;")) {
		t.Errorf("the escaped hostile id is not shown on the page")
	}
	tex, _ := os.ReadFile(filepath.Join(filepath.Dir(index), "results.tex"))
	for _, raw := range []string{`&`, `\$`, `#`, `%`, `_`} {
		// a special character not preceded by a backslash (the file's own
		// column separators " & " and its first comment line excepted)
		re := regexp.MustCompile(`(^|[^\\])` + raw)
		for _, line := range strings.Split(string(tex), "\n") {
			if strings.HasPrefix(line, "%") {
				continue
			}
			if re.MatchString(strings.ReplaceAll(line, " & ", " ")) {
				t.Errorf("results.tex line %q holds LaTeX-special %s unescaped", line, raw)
			}
		}
	}
}

// TestOffline: with echarts embedded the page references no remote
// script, stylesheet or font.
func TestOffline(t *testing.T) {
	if !EchartsEmbedded() {
		if os.Getenv("CI") != "" {
			t.Fatal("echarts.min.js is not embedded: .ci/run should run npm ci && go generate ./reports")
		}
		t.Skip("echarts.min.js not embedded (npm ci && go generate ./reports)")
	}
	index, warnings := writeSample(t)
	page, _ := os.ReadFile(index)
	if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:)?//`).Find(page); m != nil {
		t.Errorf("the page references a remote resource: %s", m)
	}
	for _, w := range warnings {
		if strings.Contains(w, "network") {
			t.Errorf("unexpected warning: %s", w)
		}
	}
}

// TestBrowser opens the report from disk in headless Chromium with the
// network off and checks that every chart drew a canvas. It is skipped
// without Chromium or the embedded script, unless CI is set (.ci/run
// installs both).
func TestBrowser(t *testing.T) {
	chromium, args := chromiumOffline(t)
	if !EchartsEmbedded() {
		if os.Getenv("CI") != "" {
			t.Fatal("echarts.min.js is not embedded: .ci/run should run npm ci && go generate ./reports")
		}
		t.Skip("echarts.min.js not embedded")
	}
	index, _ := writeSample(t)
	shot := filepath.Join(t.TempDir(), "page.png")
	dom, err := runChromium(chromium, append(args, "--dump-dom", "file://"+index))
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	for _, id := range []string{"speedup", "nodes", "overhead", "profile"} {
		i := strings.Index(dom, `id="chart-`+id+`"`)
		if i < 0 {
			t.Errorf("chart %s: no div in the page", id)
			continue
		}
		rest := dom[i:min(len(dom), i+3000)]
		if j := strings.Index(rest[1:], `class="chart"`); j >= 0 {
			rest = rest[:j+1]
		}
		if !strings.Contains(rest, "<canvas") {
			t.Errorf("chart %s has no canvas: echarts did not draw it", id)
		}
		if !strings.Contains(rest, `data-drawn="true"`) {
			t.Errorf("chart %s: setOption did not complete", id)
		}
	}
	if _, err := runChromium(chromium, append(args, "--screenshot="+shot, "file://"+index)); err != nil {
		t.Fatalf("chromium --screenshot: %v", err)
	}
	if keep := os.Getenv("REPORTS_SCREENSHOT"); keep != "" {
		if b, err := os.ReadFile(shot); err == nil {
			os.WriteFile(keep, b, 0o644)
		}
	}
	// The first two series colours fill the bar chart's bars and mark the
	// lines: thousands of pixels each when the charts drew.
	for _, hex := range palette[:2] {
		if n := countColour(t, shot, hex); n < 1000 {
			t.Errorf("screenshot has %d pixels of series colour %s, want >= 1000: charts did not draw", n, hex)
		}
	}

}

// chromiumOffline finds Chromium and returns it with the flags that run it
// headless with the network off (every request goes to a closed proxy
// port). Without Chromium the test is skipped, unless CI is set (.ci/run
// installs it).
func chromiumOffline(t *testing.T) (string, []string) {
	t.Helper()
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is missing: .ci/run should have installed it")
		}
		t.Skip("chromium not installed")
	}
	return chromium, []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
		"--window-size=1200,2400", "--virtual-time-budget=5000"}
}

// countColour counts the pixels of the PNG at path within a small distance
// of the colour hex ("#rrggbb").
func countColour(t *testing.T, path, hex string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	var wr, wg, wb int
	fmt.Sscanf(hex, "#%02x%02x%02x", &wr, &wg, &wb)
	abs := func(a int) int {
		if a < 0 {
			return -a
		}
		return a
	}
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if abs(int(r>>8)-wr)+abs(int(g>>8)-wg)+abs(int(bl>>8)-wb) <= 12 {
				n++
			}
		}
	}
	return n
}

func runChromium(bin string, args []string) (string, error) {
	cmd := exec.Command(bin, args...)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return out.String(), err
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		return out.String(), errors.New("chromium hung for 60 s")
	}
}
