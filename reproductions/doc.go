// Package reproductions holds the papers' results as data: the table of
// reproductions (which bundled notebook, package notebooks, brings back
// which paper's result, and its quick form), each paper's claims and
// the rules that judge them from a run ("splitpoint reproduce NAME").
package reproductions
