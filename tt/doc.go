// Package tt is the transposition table of splitpoint: a table of 2^k
// entries shared by every worker of a search, without locks. Each entry
// holds what StarTech's global table holds (Kuszmaul 1995, §2, Fig. 3): the
// depth to which the position was searched, the best move, a lower and an
// upper bound to its value, plus a generation (age) and flag bits, one of
// which (FlagBusy) is kept for the "search in progress" marker of deferred
// reads (StarTech §4; *Socrates, Joerg & Kuszmaul 1994, §5 on subsumption).
package tt
