package rules

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// seedFiles is every rule file the fuzzer starts from: the project's
// rulesets and this package's test files.
func seedFiles(t testing.TB) []string {
	var files []string
	for _, root := range []string{"../../rulesets", "testdata"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
				files = append(files, path)
			}
			return nil
		})
	}
	return files
}

// FuzzParse: no input panics the decoder or the checks, every problem is one
// non-empty line, a file with no problems has a spec, and parsing is
// deterministic.
func FuzzParse(f *testing.F) {
	for _, path := range seedFiles(f) {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// Every table row's file too: near-valid files in every family, so the
	// fuzzer starts inside the agreement pass rather than at a syntax error.
	for _, table := range allCases() {
		for _, tc := range table {
			base := tc.base
			if base == "" {
				base = "five"
			}
			f.Add(apply(f, base, tc.edits...))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, problems := Parse(data)
		for _, p := range problems {
			if p.Text == "" || strings.ContainsAny(p.Text, "\n\r") {
				t.Fatalf("problem is not one line: %q", p.Text)
			}
			if strings.HasPrefix(p.Text, "internal error") {
				t.Fatalf("%s", p.Text)
			}
		}
		if len(problems) == 0 {
			if spec == nil {
				t.Fatal("valid file without a spec")
			}
			if _, err := json.Marshal(spec); err != nil {
				t.Fatalf("valid spec does not marshal: %v", err)
			}
		}
		_, again := Parse(data)
		if !reflect.DeepEqual(problems, again) {
			t.Fatalf("not deterministic:\n%v\n%v", problems, again)
		}
	})
}
