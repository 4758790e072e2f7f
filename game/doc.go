// Package game declares the position contract that every search algorithm in
// splitpoint is written against once, for every domain: chess, checkers and
// the synthetic trees of the spec.
//
// The contract follows the board-state discipline of StarTech (Kuszmaul 1995,
// §2 "board state") and *Socrates (Joerg & Kuszmaul 1994, §4.1): a move is
// played by copying the board into a new one (copy-make), so a subtree that
// another processor steals owns its board and nothing has to be undone.
//
// Algorithms take the concrete position type as a type parameter, so there is
// no interface value per node:
//
//	func Negamax[T any, P game.Position[T]](root *T, depth int) game.Value
//
// Positions are kept in a Stack allocated once per search (or per stolen
// task): passing the address of a local position to a method of a type
// parameter makes it escape to the heap, which would allocate per node.
package game
