// Package examples holds the bundled notebooks (*.sp, run with
// "splitpoint run FILE" or, for the papers' results, "splitpoint reproduce
// NAME") embedded in the binary, with the table of reproductions: which
// notebook brings back which paper's result, and its quick form.
package examples
