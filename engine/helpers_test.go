package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"balancefarm/engine/rules"
)

// repoRoot is the directory holding go.mod, found by walking up from the
// package directory the test runs in.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test directory")
		}
		dir = parent
	}
}

// loadFile loads a rule file given relative to the repository root.
func loadFile(t testing.TB, rel string) *Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	return loadBytes(t, data)
}

func loadBytes(t testing.TB, data []byte) *Game {
	t.Helper()
	spec, problems := rules.Parse(data)
	if len(problems) > 0 {
		t.Fatalf("rule file refused: %v", problems)
	}
	g, err := Load(spec)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return g
}

func mustFEN(t testing.TB, g *Game, fen string) *Position {
	t.Helper()
	p, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// checkNotationRoundTrip is the body of the notation fuzzers: a position
// read from fen writes back to text that reads to the same position and
// hash, and every legal move makes (with a hash equal to one from scratch)
// and unmakes to the same position. Text the game refuses passes.
func checkNotationRoundTrip(t *testing.T, g *Game, fen string) {
	t.Helper()
	p, err := g.ParseFEN(fen)
	if err != nil {
		return
	}
	q, err := g.ParseFEN(p.FEN())
	if err != nil {
		t.Fatalf("%q -> %q: %v", fen, p.FEN(), err)
	}
	if q.FEN() != p.FEN() || q.hash != p.hash {
		t.Fatalf("%q: %q then %q", fen, p.FEN(), q.FEN())
	}
	before := p.FEN()
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		if h := p.computeHash(); h != p.Hash() {
			t.Fatalf("%q after %s: hash %x, from scratch %x", fen, p.MoveString(m), p.Hash(), h)
		}
		p.Unmake()
		if p.FEN() != before {
			t.Fatalf("%q: %s then unmade: %q", fen, p.MoveString(m), p.FEN())
		}
	}
}

// editRuleFile is the JSON of the rule file rel (from the repository's
// root) after edit has changed its decoded form.
func editRuleFile(t *testing.T, rel string, edit func(f map[string]any)) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	edit(f)
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
