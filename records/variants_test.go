package records

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"balancefarm/engine"
)

// compileEdited compiles a rule file of the repository after edit has
// changed its rules object (a "name" set there renames the file's game).
func compileEdited(t *testing.T, rel string, edit func(rules map[string]any)) *engine.Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", rel))
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]any
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	rules := file["rules"].(map[string]any)
	edit(rules)
	// "name" is the file's, not a rule: an edit may rename the game.
	if name, ok := rules["name"]; ok {
		file["name"] = name
		delete(rules, "name")
	}
	if data, err = json.Marshal(file); err != nil {
		t.Fatal(err)
	}
	g, err := engine.Compile(data)
	if err != nil {
		t.Fatalf("%s edited: %v", rel, err)
	}
	return g
}

// The public classics get the names lichess exports them under, and a
// FEN only when their board does not start as chess's; a game that
// differs in any rule a reader replays keeps its own name.
func TestVariantName(t *testing.T) {
	unchanged := func(map[string]any) {}
	for _, c := range []struct {
		name    string
		file    string
		edit    func(map[string]any)
		variant string // VariantName
		tag     string // the Variant tag MetaFor writes
		fen     bool   // whether MetaFor writes a FEN
	}{
		{"chess", "rulesets/chess.json", unchanged, "", "", false},
		{"chess with the language's no-progress count", "rulesets/chess.json", func(r map[string]any) { delete(r, "no_progress_resets") }, "", "Chess (own rules)", false},
		{"chess whose king's moves restart the count too", "rulesets/chess.json",
			func(r map[string]any) { r["no_progress_resets"] = map[string]any{"pieces": []any{"P", "K"}} }, "", "Chess (own rules)", false},
		{"crazyhouse", "rulesets/crazyhouse.json", unchanged, "Crazyhouse", "Crazyhouse", false},
		{"atomic", "rulesets/atomic.json", unchanged, "Atomic", "Atomic", false},
		{"three-check", "rulesets/3check.json", unchanged, "Three-check", "Three-check", false},
		{"horde", "rulesets/horde.json", unchanged, "Horde", "Horde", true},
		{"king of the hill", "rulesets/kingofthehill.json", unchanged, "King of the Hill", "King of the Hill", false},
		{"crazyhouse by another name", "rulesets/crazyhouse.json", func(r map[string]any) { r["name"] = "Loan chess" }, "Crazyhouse", "Crazyhouse", false},
		{"a longer ply cap is still the game", "rulesets/crazyhouse.json", func(r map[string]any) { r["max_plies"] = 800 }, "Crazyhouse", "Crazyhouse", false},
		{"crazyhouse without castling", "rulesets/crazyhouse.json", func(r map[string]any) { delete(r, "castling") }, "", "Crazyhouse (own rules)", true},
		{"crazyhouse with pawns dropped anywhere", "rulesets/crazyhouse.json", func(r map[string]any) { r["drops"] = map[string]any{"from_captures": true} }, "", "Crazyhouse (own rules)", true},
		{"four checks", "rulesets/3check.json", func(r map[string]any) { r["check_limit"] = 4 }, "", "Three-check (own rules)", true},
		{"a wider blast", "rulesets/atomic.json", func(r map[string]any) { r["explode_on_capture"] = map[string]any{"radius": 2, "immune": []any{"P"}} }, "", "Atomic chess", false},
		{"another hill", "rulesets/kingofthehill.json", func(r map[string]any) {
			r["reach"] = map[string]any{"piece": "K", "squares": []any{"c3", "f6"}, "mirror": false}
		}, "", "King of the Hill (own rules)", false},
		{"captures compulsory", "rulesets/kingofthehill.json", func(r map[string]any) { r["must_capture"] = true }, "", "King of the Hill (own rules)", false},
		{"racing kings, whose race ends at once", "rulesets/racingkings.json", unchanged, "", "Racing Kings (own rules)", true},
		{"giveaway, which castles", "rulesets/giveaway.json", unchanged, "", "Giveaway", false},
		{"minishogi, written in PSN", "rulesets/minishogi.json", unchanged, "", "minishogi", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := compileEdited(t, c.file, c.edit)
			if got := VariantName(g); got != c.variant {
				t.Errorf("VariantName = %q, want %q", got, c.variant)
			}
			m := MetaFor(g, "e", time.Time{})
			if c.tag != "" && m.Variant != c.tag {
				t.Errorf("Variant tag %q, want %q", m.Variant, c.tag)
			}
			if (m.FEN != "") != c.fen {
				t.Errorf("FEN %q, want one: %v", m.FEN, c.fen)
			}
		})
	}
}
