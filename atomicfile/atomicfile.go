package atomicfile

import (
	"bufio"
	"io"
	"os"

	"github.com/google/renameio/v2"
)

// Mode is the permission of every file splitpoint writes (sessions,
// results exports, reports, charts): readable by all, written by the user,
// whatever the umask.
const Mode os.FileMode = 0o644

// Private is the permission of a file only its owner may read: a
// credential, or a script that reads one.
const Private os.FileMode = 0o600

// Option changes how a file is written.
type Option func(*config)

type config struct{ mode os.FileMode }

// WithMode writes the file with permission m instead of Mode (whatever the
// umask, and whatever mode the file it replaces had). The temporary file
// has it from its creation, so the content is never readable by others.
func WithMode(m os.FileMode) Option { return func(c *config) { c.mode = m } }

// Write writes path through fill. On an error from fill or the file system
// the temporary file is removed and path is left as it was.
func Write(path string, fill func(w io.Writer) error, opts ...Option) error {
	c := config{mode: Mode}
	for _, o := range opts {
		o(&c)
	}
	f, err := renameio.NewPendingFile(path, renameio.WithStaticPermissions(c.mode))
	if err != nil {
		return err
	}
	defer f.Cleanup()
	bw := bufio.NewWriter(f)
	if err := fill(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return f.CloseAtomicallyReplace()
}

// WriteBytes writes data to path (see Write).
func WriteBytes(path string, data []byte, opts ...Option) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, opts...)
}
