// Command gen copies echarts.min.js from the repository's node_modules
// (installed by `npm ci` from the root package.json) into reports/assets,
// where package reports embeds it. It is run by `go generate ./reports`,
// that is, with reports/ as its working directory.
package main
