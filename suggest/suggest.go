// Package suggest finds the known name a mistyped one most likely meant,
// for the "did you mean …" of an unknown command, flag, algorithm or
// suite. It ranks candidates by Levenshtein edit distance.
package suggest

import (
	"fmt"
	"strings"

	"github.com/agnivade/levenshtein"
)

// Closest returns the candidate nearest to word, and false when none is
// near enough to be a likely typo: the edit distance must be at most a
// third of the longer word's length (at least 1, at most 3), or word must
// be a prefix of the candidate (at least two characters). Case is
// ignored; ties go to the first candidate.
func Closest(word string, candidates []string) (string, bool) {
	w := strings.ToLower(word)
	if w == "" {
		return "", false
	}
	best, bestD := "", -1
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if lc == w {
			return c, true
		}
		d := levenshtein.ComputeDistance(w, lc)
		if len(w) >= 2 && strings.HasPrefix(lc, w) {
			d = min(d, 1)
		}
		if d <= limit(w, lc) && (bestD < 0 || d < bestD) {
			best, bestD = c, d
		}
	}
	return best, bestD >= 0
}

func limit(a, b string) int {
	return min(3, max(1, max(len(a), len(b))/3))
}

// Hint is " (did you mean X?)" for the candidate nearest to word, or ""
// when none is near: the tail of an "unknown …" error.
func Hint(word string, candidates []string) string {
	if c, ok := Closest(word, candidates); ok {
		return fmt.Sprintf(" (did you mean %s?)", c)
	}
	return ""
}
