// Package atomicfile is the one way splitpoint writes a file: through a
// temporary file in the same directory, synced and renamed over the path
// (github.com/google/renameio), so that a reader or a crash never sees half
// a file and a failed write leaves the old file as it was. Every file it
// writes has the mode Mode, or the one WithMode gives (Private: a
// credential, or a script that names one).
package atomicfile
