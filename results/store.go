package results

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"modernc.org/sqlite" // the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"splitpoint/suggest"
)

// DefaultPath is the database the commands use without --db.
const DefaultPath = "splitpoint.db"

// schemaVersion is stored in PRAGMA user_version. Version 2 added the
// column failed, version 3 the table games (games.go), the columns job,
// host, cpu and cores and the view's other_host, version 4 the columns
// noise and other_cores, version 5 the column par_below10, version 6 the
// table sweeps (sweeps.go); an older database gets them when opened.
const schemaVersion = 6

// Store is an open results database.
type Store struct {
	db   *sql.DB
	path string
	// have are the columns of runs in a database opened to read (nil:
	// every column): one of an older schema lacks some.
	have map[string]bool
}

// ErrNoDB is returned by OpenExisting when the file does not exist.
var ErrNoDB = errors.New("no results database")

// Open opens (creating if needed) the database at path in WAL mode and
// makes sure table runs and view derived exist. path is a file name, taken
// literally (never a URI). A database of a newer schema than this build's
// is refused and left untouched.
func Open(path string) (*Store, error) {
	if strings.IndexByte(path, 0) >= 0 {
		return nil, fmt.Errorf("%s: a file name holds no NUL byte", suggest.Echo(path))
	}
	if err := checkVersion(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn(path, "rwc",
		"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(NORMAL)"))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if err := s.init(); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// OpenExisting opens the database at path, which must exist (the query
// commands do not create an empty one by mistake), to read only: nothing
// is written to it, an older schema is read as it is (the columns it lacks
// read as NULL), and it may be a file without write permission or on a
// read-only file system. A database of a newer schema is refused.
func OpenExisting(path string) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("%w at %s (run a sweep first, or give --db FILE)", ErrNoDB, path)
	}
	if err := checkVersion(path); err != nil {
		return nil, err
	}
	s, err := openReadOnly(path, false)
	if cantShare(err) {
		// A WAL database in a directory this process may not write (a
		// read-only file system) and without its -shm file opens only
		// as immutable: nothing can change it there.
		s, err = openReadOnly(path, true)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// cantShare reports an error of a read-only open that SQLite gives when
// it cannot make the shared-memory file of a WAL database: read-only
// (SQLITE_READONLY_*) or cannot open (SQLITE_CANTOPEN).
func cantShare(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && (se.Code()&0xff == sqlite3.SQLITE_READONLY || se.Code()&0xff == sqlite3.SQLITE_CANTOPEN)
}

// openReadOnly opens path read-only, every statement query_only, and
// notes which columns of runs it has.
func openReadOnly(path string, immutable bool) (*Store, error) {
	params := []string{"busy_timeout(10000)", "query_only(1)"}
	d := dsn(path, "ro", params...)
	if immutable {
		d += "&immutable=1"
	}
	db, err := sql.Open("sqlite", d)
	if err != nil {
		return nil, err
	}
	s := &Store{db: db, path: path}
	have, err := s.tableColumns()
	if err != nil {
		db.Close()
		return nil, err
	}
	if len(have) > 0 {
		s.have = have
	}
	return s, nil
}

// dsn is the data source name of the file path, opened in mode (ro, rw,
// rwc) with the pragmas given: a "file:" URI whose path is escaped, so
// that no character of the name ('?', '#', '%') is read as part of a URI.
func dsn(path, mode string, pragmas ...string) string {
	var b strings.Builder
	b.WriteString("file:")
	if filepath.IsAbs(path) {
		b.WriteString("//") // an empty authority: the path may start with "//"
	} else {
		b.WriteString("./") // a name such as ":memory:" is a file here
	}
	for i := 0; i < len(path); i++ {
		c := path[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("/-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	q := url.Values{}
	q.Set("mode", mode)
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	return b.String() + "?" + q.Encode()
}

// checkVersion refuses a database whose schema is newer than this
// build's, reading it without writing. A file that does not exist (yet)
// or is no database passes: Open creates it or says what is wrong.
func checkVersion(path string) error {
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	v, err := readVersion(path, false)
	if cantShare(err) {
		v, err = readVersion(path, true)
	}
	if err != nil {
		return nil
	}
	if v > schemaVersion {
		return fmt.Errorf("%s: schema version %d is newer than this build's %d: use a newer splitpoint (the file is left as it is)", path, v, schemaVersion)
	}
	return nil
}

// readVersion reads PRAGMA user_version of path, read-only.
func readVersion(path string, immutable bool) (int, error) {
	d := dsn(path, "ro", "query_only(1)")
	if immutable {
		d += "&immutable=1"
	}
	db, err := sql.Open("sqlite", d)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var v int
	err = db.QueryRow("PRAGMA user_version").Scan(&v)
	return v, err
}

// tableColumns are the columns table runs has (none if it has no such
// table).
func (s *Store) tableColumns() (map[string]bool, error) {
	rows, err := s.db.Query("SELECT name FROM pragma_table_info('runs')")
	if err != nil {
		return nil, fmt.Errorf("reading the schema: %w", err)
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		have[n] = true
	}
	return have, rows.Err()
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Path is the database's file.
func (s *Store) Path() string { return s.path }

// DB is the underlying database, for queries the Store has no method for.
func (s *Store) DB() *sql.DB { return s.db }

func (s *Store) init() error {
	var defs []string
	for _, c := range columns {
		defs = append(defs, c.name+" "+c.typ)
	}
	if _, err := s.db.Exec("CREATE TABLE IF NOT EXISTS runs (\n  " + strings.Join(defs, ",\n  ") + "\n)"); err != nil {
		return fmt.Errorf("creating the schema: %w", err)
	}
	if err := s.addMissingColumns(); err != nil {
		return err
	}
	stmts := []string{
		"CREATE INDEX IF NOT EXISTS runs_sweep ON runs(sweep)",
		"CREATE UNIQUE INDEX IF NOT EXISTS runs_job ON runs(sweep, job) WHERE job IS NOT NULL",
		"DROP VIEW IF EXISTS derived", // its columns follow the schema
		derivedView,
		gamesTable,
		sweepsTable,
		fmt.Sprintf("PRAGMA user_version = %d", schemaVersion),
	}
	for _, st := range stmts {
		if _, err := s.db.Exec(st); err != nil {
			return fmt.Errorf("creating the schema: %w", err)
		}
	}
	return nil
}

// addMissingColumns brings a database of an older schema up to date: each
// column of runs it lacks is added (NULL in its existing rows).
func (s *Store) addMissingColumns() error {
	have, err := s.tableColumns()
	if err != nil {
		return err
	}
	for _, c := range columns {
		if !have[c.name] {
			if _, err := s.db.Exec("ALTER TABLE runs ADD COLUMN " + c.name + " " + c.typ); err != nil {
				return fmt.Errorf("adding column %s: %w", c.name, err)
			}
		}
	}
	return nil
}

// Insert stores r in its own transaction and sets r.ID. A run is on disk
// as soon as Insert returns: a sweep killed later loses nothing stored.
func (s *Store) Insert(ctx context.Context, r *Run) error {
	names := Columns()[1:]
	args := make([]any, len(names))
	for i, c := range columns[1:] {
		args[i] = deref(c.field(r))
	}
	q := fmt.Sprintf("INSERT INTO runs (%s) VALUES (%s)", strings.Join(names, ", "),
		strings.TrimSuffix(strings.Repeat("?, ", len(names)), ", "))
	// A fresh context: a cancelled sweep still stores the run that finished.
	tx, err := s.db.BeginTx(context.WithoutCancel(ctx), nil)
	if err != nil {
		return err
	}
	res, err := tx.Exec(q, args...)
	if err != nil {
		tx.Rollback()
		return fmt.Errorf("storing %s: %w", r.Short(), err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("storing %s: %w", r.Short(), err)
	}
	r.ID, err = res.LastInsertId()
	return err
}

// InsertJob stores r, a run a worker ran for job r.Job of sweep r.Sweep,
// unless that job is stored already: it reports whether r was new (and
// then sets r.ID). In the same transaction every row of the sweep still
// without a baseline gets its position's baseline row, so that rows may
// arrive in any order (a parallel run before its baseline).
func (s *Store) InsertJob(ctx context.Context, r *Run) (bool, error) {
	if r.Job == nil {
		return false, fmt.Errorf("storing %s: no job id", r.Short())
	}
	names := Columns()[1:]
	args := make([]any, len(names))
	for i, c := range columns[1:] {
		args[i] = deref(c.field(r))
	}
	q := fmt.Sprintf("INSERT OR IGNORE INTO runs (%s) VALUES (%s)", strings.Join(names, ", "),
		strings.TrimSuffix(strings.Repeat("?, ", len(names)), ", "))
	tx, err := s.db.BeginTx(context.WithoutCancel(ctx), nil)
	if err != nil {
		return false, err
	}
	res, err := tx.Exec(q, args...)
	if err != nil {
		tx.Rollback()
		return false, fmt.Errorf("storing %s: %w", r.Short(), err)
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		tx.Rollback()
		return false, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		tx.Rollback()
		return false, err
	}
	if _, err := tx.Exec(`UPDATE runs SET baseline_id = (SELECT b.id FROM runs b
		WHERE b.sweep = runs.sweep AND b.role = ? AND b.position = runs.position ORDER BY b.id LIMIT 1)
		WHERE sweep = ? AND role <> ? AND baseline_id IS NULL`, RoleBaseline, r.Sweep, RoleBaseline); err != nil {
		tx.Rollback()
		return false, fmt.Errorf("linking %s to its baseline: %w", r.Short(), err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("storing %s: %w", r.Short(), err)
	}
	r.ID = id
	return true, nil
}

// Jobs returns the job ids of a sweep's rows that a worker ran: what a
// coordinator that restarts need not wait for.
func (s *Store) Jobs(sweepID string) (map[string]bool, error) {
	rows, err := s.db.Query("SELECT job FROM runs WHERE sweep = ? AND job IS NOT NULL", sweepID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var j string
		if err := rows.Scan(&j); err != nil {
			return nil, err
		}
		out[j] = true
	}
	return out, rows.Err()
}

// deref turns a pointer to a field into the value to insert (a nil
// pointer field becomes NULL).
func deref(p any) any {
	switch v := p.(type) {
	case *string:
		return *v
	case *int64:
		return *v
	case *float64:
		return *v
	case *bool:
		return *v
	case **int64:
		if *v == nil {
			return nil
		}
		return **v
	case **string:
		if *v == nil {
			return nil
		}
		return **v
	case **float64:
		if *v == nil {
			return nil
		}
		return **v
	}
	panic(fmt.Sprintf("results: column of type %T", p))
}

// selectRuns reads the rows of "SELECT <all columns> FROM runs " + where.
func (s *Store) selectRuns(where string, args ...any) ([]Run, error) {
	cols := Columns()
	if s.have != nil {
		for i, c := range cols {
			if !s.have[c] {
				cols[i] = "NULL AS " + c // a column an older schema lacks
			}
		}
	}
	rows, err := s.db.Query("SELECT "+strings.Join(cols, ", ")+" FROM runs "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Run
	for rows.Next() {
		var r Run
		dest := make([]any, len(columns))
		for i, c := range columns {
			dest[i] = c.field(&r)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Runs returns the rows of one sweep in the order they were stored (all
// rows when sweepID is "").
func (s *Store) Runs(sweepID string) ([]Run, error) {
	if sweepID == "" {
		return s.selectRuns("ORDER BY id")
	}
	return s.selectRuns("WHERE sweep = ? ORDER BY id", sweepID)
}

// Recent returns the last n rows (of one sweep when sweepID is not ""),
// oldest first.
func (s *Store) Recent(n int, sweepID string) ([]Run, error) {
	var out []Run
	var err error
	if sweepID == "" {
		out, err = s.selectRuns("ORDER BY id DESC LIMIT ?", n)
	} else {
		out, err = s.selectRuns("WHERE sweep = ? ORDER BY id DESC LIMIT ?", sweepID, n)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, err
}

// WithBaselines returns runs with the baseline rows they point to that
// are not among them appended (searches recorded outside a sweep point to
// the baselines cached under another sweep), so that Summarize and Derive
// find every baseline.
func (s *Store) WithBaselines(runs []Run) ([]Run, error) {
	have := map[int64]bool{}
	for _, r := range runs {
		have[r.ID] = true
	}
	var want []any
	for _, r := range runs {
		if b := r.BaselineID; b != nil && !have[*b] {
			have[*b] = true
			want = append(want, *b)
		}
	}
	if len(want) == 0 {
		return runs, nil
	}
	extra, err := s.selectRuns("WHERE id IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(want)), ", ")+") ORDER BY id", want...)
	return append(runs, extra...), err
}

// Baselines returns the baseline rows of a sweep (of all sweeps when
// sweepID is ""), by id: what a row's baseline_id points to.
func (s *Store) Baselines(sweepID string) (map[int64]Run, error) {
	var rows []Run
	var err error
	if sweepID == "" {
		rows, err = s.selectRuns("WHERE role = ? ORDER BY id", RoleBaseline)
	} else {
		rows, err = s.selectRuns("WHERE role = ? AND sweep = ? ORDER BY id", RoleBaseline, sweepID)
	}
	out := map[int64]Run{}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, err
}

// LastSweep returns the id of the sweep stored last ("" if none).
func (s *Store) LastSweep() (string, error) {
	var id string
	err := s.db.QueryRow("SELECT sweep FROM runs ORDER BY id DESC LIMIT 1").Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// Table is the result of a query: column names and rows of values
// (int64, float64, string, []byte or nil).
type Table struct {
	Columns []string
	Rows    [][]any
}

// Query runs one SQL statement and returns its table. A second statement
// is refused (a query never runs more than it shows), and on a store
// opened to read (OpenExisting) the statement may only read.
func (s *Store) Query(ctx context.Context, query string, args ...any) (*Table, error) {
	if n, at := statements(query); n > 1 {
		return nil, fmt.Errorf("want one SQL statement, got a second at byte %d: %s", at, Excerpt(query[at:], 40))
	} else if n == 0 {
		return nil, errors.New("want an SQL statement, got none")
	}
	if w := firstWord(query); !slices.Contains(readVerbs, w) {
		return nil, fmt.Errorf("want a statement that reads (%s), got %s", strings.Join(readVerbs, ", "), Excerpt(w, 20))
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	t := &Table{Columns: cols}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		t.Rows = append(t.Rows, vals)
	}
	return t, rows.Err()
}
