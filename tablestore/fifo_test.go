//go:build unix

package tablestore

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe among the tables is refused by name, not waited on.
func TestFindRefusesPipe(t *testing.T) {
	d := Dir(t.TempDir())
	if _, err := d.Write(example(t, "chess.json")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(string(d), "pipe"+Ext), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Find(example(t, "chess.json").FileHash); err == nil || !strings.Contains(err.Error(), "pipe.table: not a regular file") {
		t.Errorf("a named pipe: %v", err)
	}
}
