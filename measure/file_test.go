package measure

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/engine"
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
