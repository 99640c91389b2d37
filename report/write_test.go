package report

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"balancefarm/internal/atomicfile"
)

// regularFiles are the plain files directly in dir.
func regularFiles(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		if e.Type().IsRegular() {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestWriteFilesAllOrNothing blocks one of a report's files with a
// directory of its name (a rename onto it fails, for root too) and checks
// that the error comes back and none of the report's files stays.
func TestWriteFilesAllOrNothing(t *testing.T) {
	r := exampleReport(t)
	all := []string{"cannon-race.html", "cannon-race.json", "cannon-race.md", "cannon-race.pgn"}
	for _, tc := range []struct {
		name    string
		blocked string // a path under the output directory made a directory
		want    []string
	}{
		{"nothing in the way", "", all},
		{"the JSON, renamed last", "cannon-race.json", nil},
		{"the page", "cannon-race.html", nil},
		{"the games", "cannon-race.pgn", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.blocked != "" {
				if err := os.MkdirAll(filepath.Join(dir, tc.blocked, "x"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			pgn := atomicfile.File{Path: filepath.Join(dir, "cannon-race.pgn"), Data: []byte("[Event \"x\"]\n")}
			err := r.WriteFiles(dir, pgn)
			if (err != nil) != (tc.blocked != "") {
				t.Fatalf("error %v with %q in the way", err, tc.blocked)
			}
			if got := regularFiles(t, dir); !slices.Equal(got, tc.want) {
				t.Errorf("left %q, want %q", got, tc.want)
			}
		})
	}
}

// An output directory that cannot be made fails before anything is
// written.
func TestWriteFilesDirIsAFile(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := os.WriteFile(out, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := exampleReport(t).WriteFiles(out); err == nil {
		t.Fatal("no error")
	}
	if err := WriteSummary(out, []*Report{exampleReport(t)}); err == nil {
		t.Fatal("summary: no error")
	}
	if got := regularFiles(t, parent); !slices.Equal(got, []string{"out"}) {
		t.Errorf("left %q", got)
	}
}
