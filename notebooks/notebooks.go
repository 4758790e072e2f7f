// Package notebooks holds the bundled notebooks: NAME.sp, a
// reproduction's full form or the quickstart, and quick/NAME.sp, a
// reproduction's quick form. A notebook is a script of workbench
// commands (docs/notebooks.md); "splitpoint run notebooks/NAME.sp" runs
// one from a clone, and the reproductions package reads them from here.
package notebooks

import "embed"

// FS is the bundled notebooks, by file name.
//
//go:embed *.sp quick/*.sp scale/*.yaml
var FS embed.FS
