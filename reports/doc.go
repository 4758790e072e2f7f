// Package reports writes self-contained research reports: one HTML page
// (interactive echarts charts, tables and text) plus, beside it, every
// chart as SVG, PDF and CSV and every table as CSV and a LaTeX booktabs
// table. The package knows nothing about search algorithms: callers hand it
// titles, key/value pairs, string tables and numeric series.
//
// The HTML page always draws with no network. When echarts.min.js has been
// embedded at build time (see assets/README.md) its charts are interactive
// echarts charts; otherwise each chart shows its SVG figure inline, the page
// says how to get the interactive ones, and Write returns a warning saying
// the same.
package reports
