package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A small PGN as measure writes it: three games, two pairings, two endings.
const gamesPGN = `[Event "t"]
[Round "1"]
[White "ab:n300"]
[Black "random"]
[Result "1-0"]
[Termination "checkmate"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "t"]
[Round "2"]
[White "random"]
[Black "ab:n300"]
[Result "1/2-1/2"]
[Termination "max_plies"]

1. d4 d5 1/2-1/2

[Event "t"]
[Round "3"]
[White "ab:n300"]
[Black "ab:n300"]
[Result "0-1"]
[Termination "checkmate"]

1. f3 e5 2. g4 Qh4# 0-1
`

func TestGames(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "sub", "t.pgn")
	if err := os.WriteFile(file, []byte(gamesPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		args   []string
		status int
		rounds []string
	}{
		{"all of a file", []string{file}, 0, []string{"1", "2", "3"}},
		{"a folder", []string{dir}, 0, []string{"1", "2", "3"}},
		{"a pairing in either colour", []string{"-pairing", "random,ab:n300", file}, 0, []string{"1", "2"}},
		{"a mirror pairing", []string{"-pairing", "ab:n300", file}, 0, []string{"3"}},
		{"an ending", []string{"-ending", "checkmate", file}, 0, []string{"1", "3"}},
		{"both", []string{"-pairing", "ab:n300,random", "-ending", "max_plies", dir}, 0, []string{"2"}},
		{"as JSON", []string{"-json", "-ending", "max_plies", file}, 0, []string{"2"}},
		{"no file", []string{}, exitUsage, nil},
		{"bad pairing", []string{"-pairing", "a,b,c", file}, exitUsage, nil},
		{"missing file", []string{filepath.Join(dir, "none.pgn")}, 1, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if got := runGames(c.args, &stdout, &stderr); got != c.status {
				t.Fatalf("status %d, want %d\n%s", got, c.status, &stderr)
			}
			if c.status != 0 {
				return
			}
			var rounds []string
			if strings.Contains(strings.Join(c.args, " "), "-json") {
				dec := json.NewDecoder(&stdout)
				for dec.More() {
					var g struct {
						File  string            `json:"file"`
						Tags  map[string]string `json:"tags"`
						Moves []string          `json:"moves"`
					}
					if err := dec.Decode(&g); err != nil {
						t.Fatal(err)
					}
					if g.File != file || len(g.Moves) != 2 {
						t.Errorf("json game %+v", g)
					}
					rounds = append(rounds, g.Tags["Round"])
				}
			} else {
				for _, l := range strings.Split(stdout.String(), "\n") {
					if r, ok := strings.CutPrefix(l, `[Round "`); ok {
						rounds = append(rounds, strings.TrimSuffix(r, `"]`))
					}
				}
			}
			if strings.Join(rounds, ",") != strings.Join(c.rounds, ",") {
				t.Errorf("rounds %v, want %v", rounds, c.rounds)
			}
			if !strings.Contains(stderr.String(), " of 3 games in 1 file(s)") {
				t.Errorf("no count on stderr: %q", &stderr)
			}
		})
	}
}
