package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestValidateExitStatus(t *testing.T) {
	dir := t.TempDir()
	example, err := os.ReadFile("../../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	// Two mistakes at once: an unknown key on the knight (shape) and an
	// off-board setup square (agreement); both must be listed.
	twoMistakes := strings.Replace(string(example), `"name": "knight",`, `"name": "knight", "stamina": 2,`, 1)
	twoMistakes = strings.Replace(twoMistakes, `"squares": ["a1"]`, `"squares": ["f1"]`, 1)
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.json", string(example))
	// One setup square repeated sixty thousand times: far more problems
	// than an answer lists.
	many := write("many.json", strings.Replace(string(example), `"squares": ["a1"]`, `"squares": ["a1"`+strings.Repeat(`, "z9"`, 60000)+`]`, 1))
	hostile, err := filepath.Abs("../../search/testdata/hostile-sliders.json")
	if err != nil {
		t.Fatal(err)
	}
	bad := write("bad.json", twoMistakes)
	empty := write("empty.json", "")

	tests := []struct {
		name      string
		args      []string
		status    int
		wantLines []string
	}{
		{"valid", []string{good}, 0, []string{good + ": valid: first player has 7 legal moves"}},
		{"two mistakes", []string{bad}, 1, []string{
			bad + ":16:5: pieces[1] has unknown keys: stamina",
			bad + ":52:33: setup.placements[1].squares entry 'f1' is not a square on this board",
		}},
		{"one bad among good", []string{good, bad}, 1, []string{good + ": valid"}},
		{"empty file", []string{empty}, 1, []string{empty + ": "}},
		{"problems capped", []string{many}, 1, []string{many + ": ... and "}},
		{"too expensive to play", []string{hostile}, 0, []string{hostile + ": valid, but too expensive to play"}},
		{"missing file", []string{filepath.Join(dir, "nope.json")}, 1, []string{"nope.json: "}},
		{"no files", nil, exitUsage, nil},
		{"bad flag", []string{"-bogus"}, exitUsage, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			got := dispatch(append([]string{"validate"}, tc.args...), &out, &errOut)
			if got != tc.status {
				t.Fatalf("status %d, want %d; out:\n%s", got, tc.status, out.String())
			}
			for _, want := range tc.wantLines {
				if !strings.Contains(out.String(), want) {
					t.Errorf("output lacks %q:\n%.2000s", want, out.String())
				}
			}
			if n := strings.Count(out.String(), "\n"); n > 101*len(tc.args) {
				t.Errorf("%d lines for %d files", n, len(tc.args))
			}
		})
	}
}

func TestValidateEveryRuleset(t *testing.T) {
	files, err := filepath.Glob("../../rulesets/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no rulesets found: %v", err)
	}
	files = slices.DeleteFunc(files, func(f string) bool { return filepath.Base(f) == baselineName })
	for _, sub := range []string{"seeds", "canaries"} {
		more, _ := filepath.Glob(filepath.Join("../../rulesets", sub, "*.json"))
		files = append(files, more...)
	}
	var out, errOut bytes.Buffer
	if status := dispatch(append([]string{"validate"}, files...), &out, &errOut); status != 0 {
		t.Fatalf("status %d:\n%s", status, out.String())
	}
	if n := strings.Count(out.String(), ": valid"); n != len(files) {
		t.Fatalf("%d valid lines for %d files:\n%s", n, len(files), out.String())
	}
}
