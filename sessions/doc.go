// Package sessions stores splitpoint's notebook sessions: every command a
// researcher runs, with its output and the files it wrote, as a cell; the
// settings and the loaded positions; all in one session directory beside the
// session's results database. The file format is documented in FORMAT.md and
// versioned; files are written atomically.
package sessions
