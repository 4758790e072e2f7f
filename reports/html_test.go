package reports

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// TestChartOptionsStayData: strings in chart options reach the page only as
// escaped JSON strings. A series name holding "</script>" cannot end the
// script element, and one holding go-echarts' "__f__" function markers
// stays a string instead of becoming code.
func TestChartOptionsStayData(t *testing.T) {
	stubEcharts(t, true)
	const fn = "__f__function(){alert(2)}__f__"
	r := &Report{Title: "t", Sections: []Section{{Chart: &Chart{ID: "c", Title: "</script><b>", Series: []Series{
		{Name: fn, X: []float64{1, 2}, Y: []float64{3, 4}},
		{Name: "a & b </SCRIPT >", X: []float64{1}, Y: []float64{1}},
	}}}}}
	index, _, err := Write(t.TempDir(), r)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(index)
	lower := bytes.ToLower(page)
	if n := bytes.Count(lower, []byte("</script")); n != 2 {
		t.Errorf("%d </script> in the page, want 2 (the two script elements' own)", n)
	}
	if !bytes.Contains(page, []byte(`"`+fn+`"`)) {
		t.Errorf("the __f__ series name is not a quoted JSON string in the page")
	}
	if bytes.Contains(page, []byte("function(){alert(2)}\n")) || bytes.Contains(page, []byte(":function(){alert(2)}")) {
		t.Errorf("the __f__ series name became code")
	}
	for _, want := range []string{`\u003c/script\u003e\u003cb\u003e`, `a \u0026 b \u003c/SCRIPT \u003e`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page lacks the escaped JSON %s", want)
		}
	}
}

// TestGoEchartsOwnTemplateIsUnsafe records why optionJSON does not use
// go-echarts' renderer: its templates print the option unescaped, so a
// series name can close the script element. If a go-echarts upgrade
// escapes it, this test fails, so that whoever upgrades revisits optionJSON.
func TestGoEchartsOwnTemplateIsUnsafe(t *testing.T) {
	line := charts.NewLine()
	line.SetGlobalOptions(charts.WithInitializationOpts(opts.Initialization{ChartID: "x"}))
	line.AddSeries("</script><script>alert(3)</script>", []opts.LineData{{Value: 1}})
	snippet := line.RenderSnippet()
	if !strings.Contains(snippet.Script, "</script><script>alert(3)") {
		t.Errorf("go-echarts (the version go.mod pins) now escapes series names in its script: " +
			"package reports marshals options itself only because it did not; revisit optionJSON")
	}
}
