package results

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// sweepsTable records each sweep a coordinator ran with the digest of
// its spec (the runs it plans): a sweep resumed with another spec is
// refused (Store.ClaimSweep).
const sweepsTable = `CREATE TABLE IF NOT EXISTS sweeps (
  id TEXT PRIMARY KEY,
  spec TEXT NOT NULL,
  created TEXT NOT NULL
)`

// ErrOtherSpec is the error of a sweep resumed with a spec other than
// the one it was started with.
var ErrOtherSpec = errors.New("another spec")

// ClaimSweep records that sweep id runs the spec of digest spec, or
// checks that it does: a sweep recorded with another digest is refused
// with ErrOtherSpec, naming both. A sweep with runs stored but no digest
// (a database of an older schema) takes this one.
func (s *Store) ClaimSweep(ctx context.Context, id, spec string) error {
	var have string
	err := s.db.QueryRowContext(ctx, "SELECT spec FROM sweeps WHERE id = ?", id).Scan(&have)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		_, err = s.db.ExecContext(ctx, "INSERT INTO sweeps (id, spec, created) VALUES (?, ?, ?)", id, spec, time.Now().UTC().Format(time.RFC3339))
		return err
	case err != nil:
		return err
	case have != spec:
		return fmt.Errorf("%w: sweep %s ran the spec of digest %s, this spec's digest is %s: resume it with its own spec, or start a new sweep", ErrOtherSpec, id, have, spec)
	}
	return nil
}
