package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/farm"
)

// manyProblemsFile is five-by-five with one setup square followed by n
// off-board ones (each a problem, and each after the first a duplicate
// too): the file, "and 119901 more problems", for n = 60,001.
func manyProblemsFile(t *testing.T, n int) []byte {
	t.Helper()
	example, err := os.ReadFile("../../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.Replace(string(example), `"squares": ["a1"]`, `"squares": ["a1"`+strings.Repeat(`, "z9"`, n)+`]`, 1))
}

// TestProblemCountOnce: validate, measure and serve list the first
// farm.MaxProblems problems of a file with 120,000 and count the rest
// right, in the same last line (serve once counted "1 more", capping a
// capped list again).
func TestProblemCountOnce(t *testing.T) {
	data := manyProblemsFile(t, 60_001)
	var ce *engine.CompileError
	if _, err := engine.Compile(data); !errors.As(err, &ce) {
		t.Fatalf("the test file must be refused: %v", err)
	}
	if len(ce.Problems) < 120_000 {
		t.Fatalf("the test file has %d problems, want at least 120,000", len(ce.Problems))
	}
	wantLast := fmt.Sprintf("... and %d more problems", len(ce.Problems)-farm.MaxProblems)
	path := writeFile(t, t.TempDir(), "many.json", string(data))

	// lines are the lines a command shows for the file, without what
	// it puts before each (the path, an indent).
	commands := []struct {
		name  string
		lines func(t *testing.T) []string
	}{
		{"validate", func(t *testing.T) []string {
			var stdout, stderr bytes.Buffer
			if code := dispatch([]string{"validate", path}, &stdout, &stderr); code != exitInvalid {
				t.Fatalf("exit %d\n%.2000s", code, &stderr)
			}
			return strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		}},
		{"measure", func(t *testing.T) []string {
			var stdout, stderr bytes.Buffer
			if code := dispatch([]string{"measure", "-metrics-addr", "", "-progress", "off", path}, &stdout, &stderr); code != 1 {
				t.Fatalf("exit %d\n%.2000s", code, &stderr)
			}
			// The first line names the file; the problems follow.
			return strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")[1:]
		}},
		{"serve", func(t *testing.T) []string { return postRefused(t, "/v1/measurements", data) }},
		{"serve repair", func(t *testing.T) []string { return postRefused(t, "/v1/repairs", data) }},
	}
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			lines := c.lines(t)
			if len(lines) != farm.MaxProblems+1 {
				t.Fatalf("%d lines, want %d", len(lines), farm.MaxProblems+1)
			}
			if last := lines[len(lines)-1]; !strings.HasSuffix(last, wantLast) {
				t.Errorf("last line %q, want it to end %q", last, wantLast)
			}
			if first := lines[0]; !strings.HasSuffix(first, ce.Problems[0]) {
				t.Errorf("first line %q, want it to end %q", first, ce.Problems[0])
			}
		})
	}
}

// postRefused posts data to a new serve's path and returns the problems
// of its 422.
func postRefused(t *testing.T, path string, data []byte) []string {
	t.Chdir(t.TempDir())
	base, _, _, _ := startServe(t)
	resp, err := http.Post(base+path, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var answer struct{ Problems []string }
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil || resp.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("%s, %v", resp.Status, err)
	}
	return answer.Problems
}
