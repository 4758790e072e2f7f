package tui

import "splitpoint/lab"

// ReportView is the run view's account of a finished search, w cells
// wide, for the tests of package tui_test.
func ReportView(rep *lab.ParallelReport, w int) string {
	return runModel{report: rep}.reportView(w, newStyles())
}
