// Package chess is the chess domain of splitpoint: bitboard positions with
// magic-bitboard sliders, strictly legal move generation (check and pin
// masks, no make-and-test), copy-make Play with incremental Zobrist hashing,
// StarTech-style repetition detection, FEN/EPD/SAN input and output, a
// material plus piece-square evaluation and a bulk-counting perft.
//
// Position implements game.Position[Position] and game.Describer.
package chess
