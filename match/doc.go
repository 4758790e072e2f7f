// Package match plays games between two players — configurations of the
// workbench (any algorithm of the table, in process, chess or checkers)
// or an external UCI engine — from a book of start positions with colours
// reversed in pairs, and gives the result a researcher can cite: the
// score, the Elo difference with its 95 % interval and a sequential
// probability ratio test on the pentanomial statistics of the game pairs,
// as fishtest runs it.
package match
