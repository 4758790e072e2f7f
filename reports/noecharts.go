//go:build noecharts

package reports

// withoutEcharts, set by the noecharts build tag, makes the binary behave
// as one built without `go generate ./reports` even when
// assets/echarts.min.js is there: `go build -tags noecharts` shows the
// static-SVG page a plain `go install` writes.
const withoutEcharts = true
