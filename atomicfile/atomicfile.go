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

// Write writes path through fill. On an error from fill or the file system
// the temporary file is removed and path is left as it was.
func Write(path string, fill func(w io.Writer) error) error {
	f, err := renameio.NewPendingFile(path, renameio.WithStaticPermissions(Mode))
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
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
