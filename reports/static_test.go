package reports

import (
	"bytes"
	"encoding/base64"
	"html"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sampleChartIDs lists the charts of sampleReport.
func sampleChartIDs() []string {
	var ids []string
	for _, s := range sampleReport().Sections {
		if s.Chart != nil {
			ids = append(ids, s.Chart.ID)
		}
	}
	return ids
}

// staticFigure matches a chart of the static page: its place and the
// data: URI of the SVG inlined there (HTML-escaped: '+' is "&#43;").
var staticFigure = regexp.MustCompile(`<div class="chart static" id="chart-([A-Za-z0-9_.-]+)"><img src="([^"]+)"`)

// TestStaticPage: a binary built without echarts.min.js (go install, no
// npm step) writes a page with no script at all and nothing fetched from
// the network, in which each chart is its SVG figure, inlined, byte for
// byte the ID.svg written beside it; a note on the page and the warning
// say how to get the interactive charts.
func TestStaticPage(t *testing.T) {
	stubEcharts(t, false)
	index, warnings := writeSample(t)
	dir := filepath.Dir(index)
	page, _ := os.ReadFile(index)
	if bytes.Contains(bytes.ToLower(page), []byte("<script")) {
		t.Errorf("the static page holds a <script> element")
	}
	if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:)?//`).Find(page); m != nil {
		t.Errorf("the static page references a remote resource: %s", m)
	}
	if bytes.Contains(page, []byte(hostile)) {
		t.Errorf("the static page holds %q unescaped", hostile)
	}
	if !bytes.Contains(page, []byte(`id="static-note"`)) || !bytes.Contains(page, []byte("npm ci &amp;&amp; go generate ./reports")) {
		t.Errorf("the static page does not say how to get interactive charts")
	}
	found := map[string]bool{}
	for _, m := range staticFigure.FindAllSubmatch(page, -1) {
		id := string(m[1])
		found[id] = true
		uri := html.UnescapeString(string(m[2]))
		const prefix = "data:image/svg+xml;base64,"
		if !strings.HasPrefix(uri, prefix) {
			t.Errorf("chart %s: the image is %.40q, not an inlined SVG", id, uri)
			continue
		}
		svg, err := base64.StdEncoding.DecodeString(uri[len(prefix):])
		if err != nil {
			t.Errorf("chart %s: figure is not base64: %v", id, err)
			continue
		}
		onDisk, err := os.ReadFile(filepath.Join(dir, id+".svg"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(svg, onDisk) {
			t.Errorf("chart %s: the inlined figure differs from %s.svg", id, id)
		}
	}
	for _, id := range sampleChartIDs() {
		if !found[id] {
			t.Errorf("chart %s: no inlined SVG figure in the page", id)
		}
	}
	joined := strings.Join(warnings, "\n")
	if !strings.Contains(joined, NoEchartsWarning) || !strings.Contains(NoEchartsWarning, "npm ci && go generate ./reports") ||
		!strings.Contains(NoEchartsWarning, "static SVG") {
		t.Errorf("warnings %q do not say the charts are static SVG and how to get echarts", warnings)
	}
	if strings.Contains(strings.ToLower(joined), "cdn") {
		t.Errorf("a warning still mentions a CDN: %q", warnings)
	}
}

// TestBrowserStatic opens the page a binary without echarts writes, from
// disk in headless Chromium with the network off, and checks that every
// figure is drawn: its image decoded and laid out at a real size, and its
// part of a screenshot holding the series colours.
func TestBrowserStatic(t *testing.T) {
	chromium, args := chromiumOffline(t)
	stubEcharts(t, false)
	index, _ := writeSample(t)
	// The page has no script of its own; a copy with a probe appended
	// records each figure's decoded and rendered size in the DOM.
	page, _ := os.ReadFile(index)
	probe := filepath.Join(filepath.Dir(index), "probe.html")
	const probeJS = `<script>
window.addEventListener("load", function () {
  document.querySelectorAll(".chart img").forEach(function (img) {
    var r = img.getBoundingClientRect();
    img.setAttribute("data-probe", [img.complete, img.naturalWidth, Math.round(r.left + window.scrollX),
      Math.round(r.top + window.scrollY), Math.round(r.width), Math.round(r.height)].join(" "));
  });
});
</script>
</body>`
	os.WriteFile(probe, withProbe(page, probeJS), 0o644)
	dom, err := runChromium(chromium, append(args, "--dump-dom", "file://"+probe))
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	shot := filepath.Join(t.TempDir(), "static.png")
	if _, err := runChromium(chromium, append(args, "--screenshot="+shot, "file://"+index)); err != nil {
		t.Fatalf("chromium --screenshot: %v", err)
	}
	if keep := os.Getenv("REPORTS_SCREENSHOT"); keep != "" {
		if b, err := os.ReadFile(shot); err == nil {
			os.WriteFile(strings.TrimSuffix(keep, ".png")+"-static.png", b, 0o644)
		}
	}
	img := readPNG(t, shot)
	probed := regexp.MustCompile(`id="chart-([A-Za-z0-9_.-]+)"><img [^>]*data-probe="(true|false) (\d+) (-?\d+) (-?\d+) (\d+) (\d+)"`)
	seen := map[string]bool{}
	for _, m := range probed.FindAllStringSubmatch(dom, -1) {
		id := m[1]
		seen[id] = true
		n := make([]int, 5)
		for i := range n {
			n[i], _ = strconv.Atoi(m[3+i])
		}
		natural, x, y, w, h := n[0], n[1], n[2], n[3], n[4]
		if m[2] != "true" || natural == 0 {
			t.Errorf("chart %s: the SVG figure did not load (complete %s, natural width %d)", id, m[2], natural)
		}
		if w < 300 || h < 200 {
			t.Errorf("chart %s: the figure is drawn %d×%d px, want at least 300×200", id, w, h)
		}
		c := colouredPixels(img, image.Rect(x, y, x+w, y+h))
		t.Logf("chart %s: drawn %d×%d px at (%d,%d), %d coloured pixels", id, w, h, x, y, c)
		if c < 100 {
			t.Errorf("chart %s: %d coloured pixels where the figure is (%d,%d %d×%d), want >= 100: it is not drawn", id, c, x, y, w, h)
		}
	}
	for _, id := range sampleChartIDs() {
		if !seen[id] {
			t.Errorf("chart %s: no figure in the rendered page", id)
		}
	}
}

func readPNG(t *testing.T, path string) image.Image {
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
	return img
}

// colouredPixels counts the clearly coloured (not white, grey or black)
// pixels of img inside r: the series, which are drawn in the palette.
func colouredPixels(img image.Image, r image.Rectangle) int {
	r = r.Intersect(img.Bounds())
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			hi := max(cr, cg, cb) >> 8
			lo := min(cr, cg, cb) >> 8
			if hi-lo > 40 {
				n++
			}
		}
	}
	return n
}

// withProbe returns page with the script probe (ending in "</body>")
// put in place of its last "</body>": the embedded echarts holds the
// string too.
func withProbe(page []byte, probe string) []byte {
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		return page
	}
	return append(append(append([]byte{}, page[:i]...), probe...), page[i+len("</body>"):]...)
}
