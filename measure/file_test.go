package measure

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/protocol"
)

// TestRead covers what a rule file can be refused for, and the names a
// file is given.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	five, err := os.ReadFile("../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		path     string
		wantName string
		wantLine string // a refusal's first line, "" when accepted
	}{
		{"valid", write("five.json", string(five)), "Five by five", ""},
		{"not JSON", write("broken.json", "{"), "", "JSON"},
		{"no board", write("noboard.json", `{"name": "x"}`), "", "missing required keys"},
		{"too large", write("big.json", strings.Repeat(" ", engine.MaxRuleFileBytes+1)), "", "larger than"},
		{"missing", filepath.Join(dir, "none.json"), "", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Read(tt.path)
			if tt.wantLine != "" {
				if err == nil {
					t.Fatalf("accepted as %q", f.Name)
				}
				if lines := Lines(err); !strings.Contains(strings.Join(lines, "\n"), tt.wantLine) {
					t.Fatalf("lines %q lack %q", lines, tt.wantLine)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.Game == nil || f.Label != tt.path || f.Hash == "" || f.Name == "" {
				t.Fatalf("file %+v", f)
			}
			if tt.wantName != "" && f.Name != tt.wantName {
				t.Errorf("name %q, want %q", f.Name, tt.wantName)
			}
		})
	}
}

func TestSettingsCheck(t *testing.T) {
	good := Settings{Players: []string{"random", "ab:d1"}, Games: 4, Seed: 1, Sequential: true}
	tests := []struct {
		name   string
		change func(*Settings)
		want   string // in the error; "" when fine
	}{
		{"fine", func(*Settings) {}, ""},
		{"odd games", func(s *Settings) { s.Games = 3 }, "even"},
		{"one player", func(s *Settings) { s.Players = []string{"random"} }, "two players"},
		{"unknown spec", func(s *Settings) { s.Players = []string{"random", "rnd"} }, "players:"},
		{"negative window", func(s *Settings) { s.Window = -1 }, "window"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := good
			tt.change(&s)
			err := s.Check()
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Fatalf("error %v, want one with %q", err, tt.want)
			}
		})
	}
}

func TestAutoWindow(t *testing.T) {
	tests := []struct{ slots, pairings, want int }{
		{16, 1, 17},
		{16, 3, 6},
		{2, 6, 2},
		{0, 0, 2},
	}
	for _, tt := range tests {
		if got := AutoWindow(tt.slots, tt.pairings); got != tt.want {
			t.Errorf("AutoWindow(%d, %d) = %d, want %d", tt.slots, tt.pairings, got, tt.want)
		}
	}
}

func TestSequentialHooks(t *testing.T) {
	s := Settings{Players: []string{"random", "ab:d1", "ab:d2"}, Games: 20, Slots: 8}
	f := &File{Name: "x", Hash: strings.Repeat("a", 64)}
	if h, err := s.Hooks(s.Plan(f)); err != nil || h.Stop != nil {
		t.Fatalf("not sequential: hooks %+v, %v", h, err)
	}
	s.Sequential = true
	h, err := s.Hooks(s.Plan(f))
	if err != nil || h.Stop == nil || h.Window != AutoWindow(8, 3) {
		t.Fatalf("sequential: window %d, stop set %v, %v", h.Window, h.Stop != nil, err)
	}
	if stop, why := h.Stop([2]string{"random", "ab:d1"}, nil); stop || why == "" {
		t.Errorf("no games: stop %v (%q)", stop, why)
	}
}

// With a precision the plan adds the strongest rung against itself, as
// many games as that precision needs at worst, and its stop rule reads
// those games by their intervals.
func TestEqualStrengthPlan(t *testing.T) {
	f := &File{Name: "x", Hash: strings.Repeat("a", 64)}
	cases := []struct {
		players   []string
		precision float64
		mirror    string
		games     int
	}{
		{[]string{"random", "ab:d1", "ab:n500"}, 0, "", 0},
		{[]string{"random", "ab:d1", "ab:n500"}, 0.10, "ab:n500", 392},      // 98 for ±0.10, four times for room
		{[]string{"random", "ab:d1", "ab:n500"}, 0.12, "ab:n500", 68},       // a quick look: the precision's own
		{[]string{"ab:n800", "mcts:i100", "random"}, 0.05, "ab:n800", 1544}, // 386, four times
	}
	for _, c := range cases {
		s := Settings{Players: c.players, Games: 20, Precision: c.precision, Sequential: true, Slots: 2}
		if err := s.Check(); err != nil {
			t.Fatalf("%v: %v", c.players, err)
		}
		p := s.Plan(f)
		if p.Mirror != c.mirror || p.MirrorGames != c.games {
			t.Errorf("%v at ±%g: mirror %q, %d games; want %q, %d", c.players, c.precision, p.Mirror, p.MirrorGames, c.mirror, c.games)
		}
		if c.mirror == "" {
			continue
		}
		h, err := s.Hooks(p)
		if err != nil {
			t.Fatal(err)
		}
		// The first mover wins 7 of 10: its score's interval straddles
		// one_sided's threshold after 20 games, so they play on; when it
		// wins all 20 the flag is decided (raised) and they stop.
		for _, w := range []struct {
			wins int
			stop bool
		}{{7, false}, {10, true}} {
			var results []protocol.Result
			for i := range 20 {
				winner := 0
				if i%10 >= w.wins {
					winner = 1
				}
				results = append(results, protocol.Result{JobIdentity: protocol.JobIdentity{P0: c.mirror, P1: c.mirror, PairID: i / 2, Game: i}, Winner: winner, Ending: "checkmate", Plies: 40})
			}
			if stop, why := h.Stop([2]string{c.mirror, c.mirror}, results); stop != w.stop || why == "" {
				t.Errorf("%v, first mover wins %d in 10: stop %v (%q), want %v", c.players, w.wins, stop, why, w.stop)
			}
		}
	}
	if err := (Settings{Players: []string{"random", "ab:d1"}, Games: 4, Precision: 0.7}).Check(); err == nil {
		t.Error("precision 0.7 accepted")
	}
}

func TestDistinctNames(t *testing.T) {
	for _, c := range []struct {
		name   string
		labels []string
		want   []string
	}{
		{"distinct stems keep them", []string{"a/chess.json", "b/shogi.json"}, []string{"", ""}},
		{"shared stem takes the folder", []string{"a/chess.json", "b/chess.json"}, []string{"a-chess", "b-chess"}},
		{"same folder name goes one up", []string{"x/a/chess.json", "y/a/chess.json"}, []string{"x-a-chess", "y-a-chess"}},
		{"no folder to tell them apart", []string{"chess.json", "chess.json"}, []string{"chess", "chess-2"}},
		{"one of three shares", []string{"chess.json", "v2/chess.json", "go.json"}, []string{"chess", "v2-chess", ""}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var files []*File
			for _, l := range c.labels {
				files = append(files, &File{Label: l})
			}
			DistinctNames(files)
			seen := map[string]bool{}
			for i, f := range files {
				if f.ReportName != c.want[i] {
					t.Errorf("%s: report name %q, want %q", f.Label, f.ReportName, c.want[i])
				}
				name := f.ReportName
				if name == "" {
					name = strings.TrimSuffix(filepath.Base(f.Label), ".json")
				}
				if seen[name] {
					t.Errorf("two files named %q", name)
				}
				seen[name] = true
			}
		})
	}
}

// A valid file whose game is over in its start position is refused by
// Load, in the words validate prints: every game of it would fail.
func TestLoadRefusesDecidedStart(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "rulesets", "canaries", "coin-toss.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load("coin-toss.json", data); err != nil {
		t.Fatalf("the canary itself: %v", err)
	}
	// Without its first move the hunter has none at the start.
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	hunter := doc["pieces"].([]any)[0].(map[string]any)
	hunter["moves"] = hunter["moves"].([]any)[1:]
	edited, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Load("stuck.json", edited)
	var decided *DecidedStartError
	if !errors.As(err, &decided) {
		t.Fatalf("Load = %v, want a DecidedStartError", err)
	}
	if got := Lines(err); len(got) != 1 || !strings.Contains(got[0], "over in its start position") {
		t.Errorf("lines %q", got)
	}
}
