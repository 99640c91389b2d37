package engine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCompile(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(repoRoot(t), "rulesets", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	tests := []struct {
		name      string
		data      []byte
		problems  int    // at least this many validation problems
		unplay    string // substring of the unplayable reason
		wantError bool
	}{
		{name: "chess", data: read("chess.json")},
		{name: "not json", data: []byte("{"), problems: 1, wantError: true},
		{name: "empty object", data: []byte("{}"), problems: 1, wantError: true},
		{name: "two problems", data: []byte(`{"name": 5, "board": 1, "pieces": [], "setup": {}, "rules": {}}`), problems: 2, wantError: true},
		{name: "huge", data: make([]byte, MaxRuleFileBytes+1), problems: 1, wantError: true},
		// Rounds beside drops: valid, not played yet.
		{name: "unplayable", data: []byte(strings.Replace(string(read("simultaneous-skirmish.json")), `"simultaneous": {`, `"drops": {}, "simultaneous": {`, 1)),
			unplay: "not supported yet", wantError: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Compile(tc.data)
			if !tc.wantError {
				if err != nil || g == nil {
					t.Fatalf("Compile: %v", err)
				}
				if g.Name() == "" || g.SchemaVersion() < 1 {
					t.Errorf("name %q, schema %d", g.Name(), g.SchemaVersion())
				}
				return
			}
			var ce *CompileError
			if !errors.As(err, &ce) || g != nil {
				t.Fatalf("want a *CompileError and no game, got %v, %v", g, err)
			}
			if len(ce.Problems) < tc.problems || len(ce.Lines()) == 0 {
				t.Errorf("problems %q, want at least %d", ce.Problems, tc.problems)
			}
			if tc.unplay != "" && (len(ce.Problems) > 0 || !strings.Contains(ce.Unplayable, tc.unplay)) {
				t.Errorf("unplayable %q, problems %q", ce.Unplayable, ce.Problems)
			}
		})
	}
}
