package experiment

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Digest is the digest of a sweep's spec as the runs it plans: SHA-256
// over each job's role, position (name and suite id), repetition and
// settled run (lab.Settled, as JSON), in plan order; its first 16 hex
// digits. Two specs that plan the same runs have the same digest, and a
// sweep resumed with a spec of another digest would not be the same
// sweep (the coordinator refuses it: results.Store.ClaimSweep).
func Digest(jobs []Job) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	for i := range jobs {
		j := &jobs[i]
		enc.Encode(struct {
			Role, Position, ID string
			Rep                int
			Settled            any
		}{j.Role, j.Position.Name, j.Position.ID, j.Rep, j.Settled})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
