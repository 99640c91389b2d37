package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var errDiskFull = errors.New("no space left on device")

// failingFS is the real file system failing the nth call of one
// operation (counted from 1).
type failingFS struct {
	op    string // "create", "write", "sync", "close", "rename"
	nth   int
	calls map[string]int
}

func (f *failingFS) fail(op string) bool {
	f.calls[op]++
	return op == f.op && f.calls[op] == f.nth
}

func (f *failingFS) CreateTemp(dir, pattern string) (TempFile, error) {
	if f.fail("create") {
		return nil, errDiskFull
	}
	t, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &failingTemp{File: t, fs: f}, nil
}

func (f *failingFS) Rename(from, to string) error {
	if f.fail("rename") {
		return errDiskFull
	}
	return os.Rename(from, to)
}

func (f *failingFS) Remove(path string) error { return os.Remove(path) }

type failingTemp struct {
	*os.File
	fs *failingFS
}

// Write writes half the data before failing, as a full disk does.
func (t *failingTemp) Write(p []byte) (int, error) {
	if t.fs.fail("write") {
		n, _ := t.File.Write(p[:len(p)/2])
		return n, errDiskFull
	}
	return t.File.Write(p)
}

func (t *failingTemp) Sync() error {
	if t.fs.fail("sync") {
		return errDiskFull
	}
	return t.File.Sync()
}

func (t *failingTemp) Close() error {
	err := t.File.Close()
	if t.fs.fail("close") {
		return errDiskFull
	}
	return err
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteLeavesAllOrNothing(t *testing.T) {
	report := []string{"chess.md", "chess.html", "chess.pgn", "chess.json"}
	for _, tc := range []struct {
		name string
		op   string
		nth  int
		want []string // the directory's files afterwards
	}{
		{"every write succeeds", "", 0, []string{"chess.html", "chess.json", "chess.md", "chess.pgn"}},
		{"first temporary not made", "create", 1, nil},
		{"third temporary not made", "create", 3, nil},
		{"disk full in the first file", "write", 1, nil},
		{"disk full in the JSON", "write", 4, nil},
		{"sync fails", "sync", 2, nil},
		{"close fails", "close", 3, nil},
		{"first rename fails", "rename", 1, nil},
		{"the JSON's rename fails after the others", "rename", 4, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var files []File
			for _, n := range report {
				files = append(files, File{filepath.Join(dir, n), []byte("content of " + n + "\n")})
			}
			err := WriteFS(&failingFS{op: tc.op, nth: tc.nth, calls: map[string]int{}}, files...)
			if tc.op == "" {
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range files {
					if got, err := os.ReadFile(f.Path); err != nil || string(got) != string(f.Data) {
						t.Errorf("%s: %q, %v", f.Path, got, err)
					}
					if st, err := os.Stat(f.Path); err != nil || st.Mode().Perm() != 0o644 {
						t.Errorf("%s: mode %v, %v", f.Path, st.Mode(), err)
					}
				}
			} else if !errors.Is(err, errDiskFull) {
				t.Errorf("error %v, want the disk's", err)
			}
			if got := names(t, dir); !slices.Equal(got, tc.want) {
				t.Errorf("left %q, want %q", got, tc.want)
			}
		})
	}
}

// A failure while renaming removes the set's old files too: a stale
// verdict beside new files would claim a result no run made. A failure
// before any rename leaves the old set whole.
func TestFailedRewrite(t *testing.T) {
	for _, tc := range []struct {
		name string
		op   string
		nth  int
		want []string
	}{
		{"before any rename", "write", 2, []string{"chess.json", "chess.md"}},
		{"while renaming", "rename", 2, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			js, md := filepath.Join(dir, "chess.json"), filepath.Join(dir, "chess.md")
			old := []File{{md, []byte("old")}, {js, []byte(`{"verdict":"viable"}`)}}
			if err := Write(old...); err != nil {
				t.Fatal(err)
			}
			err := WriteFS(&failingFS{op: tc.op, nth: tc.nth, calls: map[string]int{}}, File{md, []byte("new")}, File{js, []byte(`{"verdict":"not_viable"}`)})
			if !errors.Is(err, errDiskFull) {
				t.Fatalf("error %v", err)
			}
			if got := names(t, dir); !slices.Equal(got, tc.want) {
				t.Errorf("left %q, want %q", got, tc.want)
			}
			for _, f := range old {
				if got, err := os.ReadFile(f.Path); err == nil && string(got) != string(f.Data) {
					t.Errorf("%s holds %q, not the old content", f.Path, got)
				}
			}
		})
	}
}

// On the real file system, a directory that cannot be written fails the
// first temporary file and leaves nothing.
func TestWriteIntoAFileFails(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "out")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := Write(File{filepath.Join(notDir, "chess.json"), []byte("{}")})
	if err == nil {
		t.Fatal("no error")
	}
	if got := names(t, dir); !slices.Equal(got, []string{"out"}) {
		t.Errorf("left %q", got)
	}
}
