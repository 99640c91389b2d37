package main

import (
	"os"
	"path/filepath"
	"testing"

	"balancefarm/deploy/natsauth"
)

// TestRun runs gensecrets in turn on one directory: bad worker names are
// refused, a set with a host is written, -if-missing leaves it alone, and
// asks for a new set when a host is added.
func TestRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "secrets")
	steps := []struct {
		args  []string
		want  int
		files []string
	}{
		{[]string{"-out", dir, "-workers", "w1,worker"}, 2, nil},
		{[]string{"-out", dir, "-workers", "w1,w1"}, 2, nil},
		{[]string{"-out", dir, "-workers", "w1, w2"}, 0, []string{natsauth.FileWorker, "worker-w1.creds", "worker-w2.creds"}},
		{[]string{"-out", dir, "-workers", "w1,w2", "-if-missing"}, 0, nil},
		{[]string{"-out", dir, "-workers", "w1,w2,w3", "-if-missing"}, 1, nil},
		{[]string{"-out", dir}, 1, nil}, // refuses to overwrite
	}
	for _, st := range steps {
		if got := run(st.args); got != st.want {
			t.Fatalf("gensecrets %q: exit %d, want %d", st.args, got, st.want)
		}
		for _, f := range st.files {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("gensecrets %q wrote no %s: %v", st.args, f, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "worker-w3.creds")); err == nil {
		t.Error("a host was added to a set made without it")
	}
}
