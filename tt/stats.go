package tt

// Stats are the transposition-table statistics of one search. Each searcher
// keeps its own (no shared counters on the hot path); a parallel search sums
// them with Merge.
type Stats struct {
	Probes     uint64 `json:"probes"`     // lookups
	Hits       uint64 `json:"hits"`       // lookups that found the position
	Cutoffs    uint64 `json:"cutoffs"`    // hits whose bounds ended the node's search
	Stores     uint64 `json:"stores"`     // store attempts
	Overwrites uint64 `json:"overwrites"` // stores that replaced another position's entry
	Fill       int    `json:"fill_permille"`
	Entries    int    `json:"entries"`
}

// Merge adds o's counts to s; Fill and Entries take the larger value (the
// workers of one search share one table).
func (s *Stats) Merge(o Stats) {
	s.Probes += o.Probes
	s.Hits += o.Hits
	s.Cutoffs += o.Cutoffs
	s.Stores += o.Stores
	s.Overwrites += o.Overwrites
	s.Fill = max(s.Fill, o.Fill)
	s.Entries = max(s.Entries, o.Entries)
}
