package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPerftCommand(t *testing.T) {
	chess := filepath.Join("..", "..", "rulesets", "chess.json")
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"name": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		args     []string
		code     int
		lastLine string
	}{
		{"depth 2", []string{"-depth", "2", chess}, 0, "nodes 400"},
		{"flags after the file", []string{chess, "-depth", "3"}, 0, "nodes 8902"},
		{"fen", []string{"-depth", "1", "-fen", "8/8/8/8/8/8/8/K6k w - - 0 1", chess}, 0, "nodes 3"},
		{"divide", []string{"-divide", "-depth", "2", chess}, 0, "nodes 400"},
		{"depth 0", []string{"-depth", "0", chess}, 0, "nodes 1"},
		{"no depth", []string{chess}, exitUsage, ""},
		{"no file", []string{"-depth", "2"}, exitUsage, ""},
		{"two files", []string{"-depth", "2", chess, chess}, exitUsage, ""},
		{"unknown flag", []string{"-deep", "2", chess}, exitUsage, ""},
		{"missing file", []string{"-depth", "2", "no-such-file.json"}, exitBadInput, ""},
		{"bad rule file", []string{"-depth", "2", bad}, exitBadInput, ""},
		{"bad fen", []string{"-depth", "2", "-fen", "8/8 w", chess}, exitBadInput, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := runPerft(c.args, &out, &errOut)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, c.code, errOut.String())
			}
			if c.code == exitBadInput {
				// A file is refused as every command refuses one (the path,
				// then its problems); anything else in one clear line.
				refused := strings.HasPrefix(errOut.String(), c.args[len(c.args)-1]+": not a playable rule file:\n  ")
				if lines := strings.Split(strings.TrimSpace(errOut.String()), "\n"); len(lines) != 1 && !refused {
					t.Errorf("want one clear line or the refusal of a file, got %q", errOut.String())
				}
				return
			}
			if c.code != 0 {
				return
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if last := lines[len(lines)-1]; last != c.lastLine {
				t.Errorf("last line %q, want %q", last, c.lastLine)
			}
			if !strings.HasPrefix(lines[len(lines)-2], "nodes/s ") {
				t.Errorf("line before last %q, want nodes/s", lines[len(lines)-2])
			}
			if !strings.Contains(out.String(), "bulk-counted") {
				t.Error("the output must say the last ply is bulk-counted")
			}
			if c.name == "divide" && !strings.Contains(out.String(), "\ne2e4: 20\n") {
				t.Errorf("divide output lacks e2e4: 20:\n%s", out.String())
			}
		})
	}
}
