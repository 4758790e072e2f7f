// Package synth implements the synthetic game trees of
// shared/specs/synthetic-trees.md (copied to docs/synthetic-trees.md): five
// families whose shape, move ordering and values are fixed by their name, so
// that the same name gives the same tree, bit for bit, in every version.
//
// Arithmetic follows the spec: unsigned 64-bit with wrap-around.
package synth
