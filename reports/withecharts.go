//go:build !noecharts

package reports

// withoutEcharts is false: the embedded assets/echarts.min.js is used when
// present (see noecharts.go).
const withoutEcharts = false
