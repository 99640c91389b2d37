// Package atomicfile writes a set of output files so that a reader finds
// either all of them complete or none of the set: each file goes to a
// temporary file in its own directory, is synced, and only when every
// one is written are they renamed into place, in the order given. On any
// failure the temporary files are removed, and so is the whole set once
// renaming began, so a report whose JSON claims a verdict is never left
// beside a truncated page or a missing one.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// File is one output: its final path and its content.
type File struct {
	Path string
	Data []byte
}

// FS is what Write does to the file system; tests replace it to fail on
// cue.
type FS interface {
	// CreateTemp opens a new temporary file in dir (os.CreateTemp).
	CreateTemp(dir, pattern string) (TempFile, error)
	Rename(from, to string) error
	Remove(path string) error
}

// TempFile is an open temporary file.
type TempFile interface {
	io.Writer
	Name() string
	Sync() error
	Chmod(mode os.FileMode) error
	Close() error
}

// OS is the real file system.
type OS struct{}

func (OS) CreateTemp(dir, pattern string) (TempFile, error) { return os.CreateTemp(dir, pattern) }
func (OS) Rename(from, to string) error                     { return os.Rename(from, to) }
func (OS) Remove(path string) error                         { return os.Remove(path) }

// Write writes files on the real file system (WriteFS).
func Write(files ...File) error { return WriteFS(OS{}, files...) }

// WriteFS writes every file to a temporary file beside it, then renames
// them in order: a set's file that claims a result (a report's JSON)
// goes last, so it appears only once the others are in place. On error
// the temporary files are removed. A failure before the first rename
// leaves any older set as it was (whole); one while renaming removes
// every path of the set, old content too, since a mix of old and new
// files would claim a result neither run made. Directories are not made
// here.
func WriteFS(fsys FS, files ...File) (err error) {
	temps := make([]string, 0, len(files))
	renaming := false
	defer func() {
		if err == nil {
			return
		}
		for _, p := range temps {
			fsys.Remove(p) // a temporary already renamed is gone: harmless
		}
		if renaming {
			for _, f := range files {
				fsys.Remove(f.Path)
			}
		}
	}()
	for _, f := range files {
		tmp, err := writeTemp(fsys, f)
		if tmp != "" {
			temps = append(temps, tmp)
		}
		if err != nil {
			return err
		}
	}
	renaming = true
	for i, f := range files {
		if err := fsys.Rename(temps[i], f.Path); err != nil {
			return fmt.Errorf("writing %s: %w", f.Path, err)
		}
	}
	return nil
}

// writeTemp writes f's content to a synced temporary file beside it and
// returns its name (empty when none was made).
func writeTemp(fsys FS, f File) (string, error) {
	dir, base := filepath.Split(f.Path)
	if dir == "" {
		dir = "."
	}
	// A leading dot keeps a half-written file out of listings of reports.
	tmp, err := fsys.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return "", fmt.Errorf("writing %s: %w", f.Path, err)
	}
	name := tmp.Name()
	_, werr := tmp.Write(f.Data)
	if werr == nil {
		// CreateTemp makes 0600; outputs are read by others (a web server).
		werr = tmp.Chmod(0o644)
	}
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		// The temporary file's name means nothing to whoever reads this.
		var pe *fs.PathError
		if errors.As(werr, &pe) {
			werr = pe.Err
		}
		return name, fmt.Errorf("writing %s: %w", f.Path, werr)
	}
	return name, nil
}
