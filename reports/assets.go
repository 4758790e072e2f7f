package reports

import (
	"bytes"
	"embed"
	"regexp"
)

//go:generate go run ./gen

// assetFS holds the assets directory: a committed README and, once
// `go generate ./reports` has copied it from node_modules, echarts.min.js.
// Embedding the directory rather than the script keeps the build working
// when the script is absent.
//
//go:embed assets
var assetFS embed.FS

// EchartsVersion is the echarts release the charts are written for: the
// one go-echarts v2 targets and package.json pins.
const EchartsVersion = "5.4.3"

// echartsJS returns the embedded echarts script, made safe to inline in a
// <script> element, and whether it is there. Without it the page shows the
// SVG figures instead of echarts charts. Tests replace it to write either
// page, whatever this build holds.
var echartsJS = embeddedEcharts

func embeddedEcharts() ([]byte, bool) {
	if withoutEcharts {
		return nil, false
	}
	b, err := assetFS.ReadFile("assets/echarts.min.js")
	if err != nil || len(b) == 0 {
		return nil, false
	}
	return inlineSafe(b), true
}

// EchartsEmbedded reports whether this binary carries echarts.min.js, that
// is, whether the reports it writes have interactive charts (without it
// they show static SVG figures; both draw with no network).
func EchartsEmbedded() bool {
	_, ok := echartsJS()
	return ok
}

var (
	endScript  = regexp.MustCompile(`(?i)</script`)
	openRemark = []byte("<!--")
)

// inlineSafe rewrites the two sequences that would end or confuse an
// inline <script> element. Both can only occur inside JS strings, regular
// expressions or comments, where the rewritten forms mean the same.
func inlineSafe(js []byte) []byte {
	js = endScript.ReplaceAllFunc(js, func(m []byte) []byte {
		return append([]byte(`<\/`), m[2:]...)
	})
	return bytes.ReplaceAll(js, openRemark, []byte(`\x3C!--`))
}
