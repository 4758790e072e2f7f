// Package checkers is the English draughts (American checkers) domain of
// splitpoint: 8×8 board, Black moves first from squares 1–12, White starts on
// 21–32, captures are compulsory, a multi-jump must be completed (any capture
// sequence may be chosen, not necessarily the longest), men move and capture
// forward only, a man reaching the last row is crowned and the move ends
// there, and kings move and capture one square diagonally in all four
// directions.
//
// Checkers is the narrow game tree of Lu's thesis (C.-P. P. Lu, Parallel
// Search of Narrow Game Trees, 1993), whose experiments ran on Chinook; the
// evaluation uses Chinook's scale (a checker is worth 100, a king 130).
//
// The board is a 32-bit bitboard: bit s-1 is the standard square s (1–32).
// With Black at the top of the diagram, square 1 is b8, 4 is h8, 5 is a7 and
// 29 is a1. Moves are generated with shifts by 3, 4 and 5 and jumps by 7 and
// 9, as in most bitboard checkers programs.
package checkers
