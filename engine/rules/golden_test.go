package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// problemLines is the printed form of a problem list.
func problemLines(problems []Problem) []string {
	out := make([]string, len(problems))
	for i, p := range problems {
		out[i] = p.Text
	}
	return out
}

// TestValidFiles: the reference's worked examples are valid as printed.
func TestValidFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/valid/*.json")
	if len(files) == 0 {
		t.Fatal("no testdata/valid files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			spec, problems, err := ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) != 0 {
				t.Fatalf("want valid, got:\n%s", strings.Join(problemLines(problems), "\n"))
			}
			if spec == nil || spec.Name == "" || len(spec.Pieces) == 0 {
				t.Fatalf("spec not filled: %+v", spec)
			}
		})
	}
}

// TestReferenceRefusals: each of the reference's six mistakes, made to its
// worked examples, is refused in exactly the reference's words (the .want
// file next to each fixture), and nothing else is reported.
func TestReferenceRefusals(t *testing.T) {
	files, _ := filepath.Glob("testdata/refused/*.json")
	if len(files) < 6 {
		t.Fatalf("want the reference's six refusal fixtures, found %d", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".want")
			if err != nil {
				t.Fatal(err)
			}
			_, problems, err := ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(problemLines(problems), "\n")
			if got != strings.TrimRight(string(want), "\n") {
				t.Fatalf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
