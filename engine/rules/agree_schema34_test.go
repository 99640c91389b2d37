package rules

import (
	"fmt"
	"strings"
	"testing"
)

// Schema 34's keys (SCHEMA-34.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 33 with the version
// to declare. Most rows edit dice chess on five by five or cursed knights
// (testdata/valid).

var v34 = set("schema_version", `34`)

// twoFaces is a die of two faces for files that have none.
const twoFaces = `{"faces": [{"name": "minor", "pieces": ["N"]}, {"name": "major", "pieces": ["R", "Q"]}]}`

// manyFaces is n faces named f1, f2, ..., each moving the pawn.
func manyFaces(n int) string {
	faces := make([]string, n)
	for i := range faces {
		faces[i] = fmt.Sprintf(`{"name": "f%d", "pieces": ["P"]}`, i+1)
	}
	return "[" + strings.Join(faces, ", ") + "]"
}

// manyHazards is n hazards, each on the pawn.
func manyHazards(n int) string {
	hazards := make([]string, n)
	for i := range hazards {
		hazards[i] = `{"pieces": ["P"], "chance": 0.5}`
	}
	return "[" + strings.Join(hazards, ", ") + "]"
}

var schema34Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "dice chess", base: "dice"},
		{name: "cursed knights", base: "hazards"},
		{name: "a deck of cards", base: "dice", edits: []edit{set("rules.dice.draw", `"deck"`),
			set("rules.dice.faces", `[{"name": "P", "pieces": ["P"], "weight": 5}, {"name": "minor", "pieces": ["N", "B"], "weight": 4}, {"name": "major", "pieces": ["R", "Q"], "weight": 2}, {"name": "K", "pieces": ["K"]}]`)}},
		{name: "a coin", base: "dice", edits: []edit{
			set("rules.dice.faces", `[{"name": "heads", "pieces": ["P", "N", "B", "R", "Q", "K"]}, {"name": "tails", "pieces": []}]`)}},
		{name: "faces named by numbers, any move when blocked", base: "dice", edits: []edit{set("rules.dice.blocked", `"any"`),
			set("rules.dice.faces", `[{"name": "1", "pieces": ["P"], "weight": 1000}, {"name": "2", "pieces": ["N", "B"]}, {"name": "3", "pieces": ["P", "K"]}]`)}},
		{name: "names differing in case", base: "dice", edits: []edit{set("rules.dice.faces[1].name", `"p"`)}},
		{name: "64 faces", base: "dice", edits: []edit{set("rules.dice.faces", manyFaces(64))}},
		{name: "one piece on several faces", base: "dice", edits: []edit{set("rules.dice.faces[1].pieces", `["N", "P"]`)}},
		{name: "chances at the edges", base: "hazards", edits: []edit{set("rules.hazards[0].chance", `0.001`),
			set("rules.hazards[1].chance", `0.999`), set("rules.hazards[2]", `{"pieces": ["B", "R"], "chance": 0.125, "after": "move"}`)}},
		{name: "a chance written with an exponent or a trailing zero", base: "hazards", edits: []edit{
			set("rules.hazards[0].chance", `2.5e-1`), set("rules.hazards[1].chance", `0.1250`)}},
		{name: "dice and hazards with no version declared", base: "dice", edits: []edit{del("schema_version"),
			set("rules.hazards", `[{"pieces": ["N"], "chance": 0.25}]`)}},
		{name: "dice with seats", base: "seats", edits: []edit{v34, set("rules.dice", twoFaces)}},
		{name: "hazards in rounds", base: "rounds", edits: []edit{v34, set("rules.hazards", `[{"pieces": ["N"], "chance": 0.25}]`)}},

		// Version gating.
		{name: "dice chess under 33", base: "dice", edits: []edit{set("schema_version", `33`)},
			want: []string{`the spec uses rules.dice, added in schema 34; declare "schema_version": 34 to use it`}},
		{name: "cursed knights under 29", base: "hazards", edits: []edit{set("schema_version", `29`)},
			want: []string{`the spec uses rules.hazards, added in schema 34; declare "schema_version": 34 to use it`}},
		{name: "both keys under 1", base: "hazards", edits: []edit{set("schema_version", `1`), set("rules.dice", twoFaces)},
			want: []string{`the spec uses rules.hazards, rules.dice, added in schema 34; declare "schema_version": 34 to use it`}},
		{name: "a version line beside an older one", base: "hazards", edits: []edit{set("schema_version", `29`),
			set("boards", `[{"name": "A"}, {"name": "B"}]`), set("setup.placements", `[{"piece": "P", "squares": ["A:a2", "A:b2", "A:c2", "A:d2", "A:e2"]}, {"piece": "R", "squares": ["A:a1"]}, {"piece": "N", "squares": ["A:b1"]}, {"piece": "B", "squares": ["A:c1"]}, {"piece": "Q", "squares": ["A:d1"]}, {"piece": "K", "squares": ["A:e1"]}]`)},
			want: []string{
				`the spec uses boards, added in schema 33; declare "schema_version": 33 to use it`,
				`the spec uses rules.hazards, added in schema 34; declare "schema_version": 34 to use it`}},

		// The shape of rules.dice.
		{name: "one face", base: "dice", edits: []edit{set("rules.dice.faces", `[{"name": "P", "pieces": ["P"]}]`)},
			want: []string{"rules.dice.faces must have 2 to 64 entries, got 1"}},
		{name: "65 faces", base: "dice", edits: []edit{set("rules.dice.faces", manyFaces(65))},
			want: []string{"rules.dice.faces must have 2 to 64 entries, got 65"}},
		{name: "dice without faces", base: "dice", edits: []edit{set("rules.dice", `{"draw": "deck"}`)},
			want: []string{"rules.dice is missing required key: faces"}},
		{name: "dice of another key", base: "dice", edits: []edit{set("rules.dice.when", `"before"`)},
			want: []string{"rules.dice has unknown keys: when"}},
		{name: "face names empty and too long", base: "dice", edits: []edit{set("rules.dice.faces[0].name", `""`), set("rules.dice.faces[1].name", `"Knights12"`)},
			want: []string{
				"rules.dice.faces[0].name must be 1 to 8 characters, got ''",
				"rules.dice.faces[1].name must be 1 to 8 characters, got 'Knights12'"}},
		{name: "a face without pieces or name", base: "dice", edits: []edit{del("rules.dice.faces[1].pieces"), set("rules.dice.faces[2]", `{"weight": 2}`)},
			want: []string{
				"rules.dice.faces[1] is missing required key: pieces",
				"rules.dice.faces[2] is missing required keys: name, pieces"}},
		{name: "a piece twice on a face", base: "dice", edits: []edit{set("rules.dice.faces[0].pieces", `["P", "K", "P"]`)},
			want: []string{"rules.dice.faces[0].pieces entry 'P' is listed twice"}},
		{name: "weights out of range", base: "dice", edits: []edit{set("rules.dice.faces[0].weight", `0`),
			set("rules.dice.faces[1].weight", `1001`), set("rules.dice.faces[2].weight", `2.5`)},
			want: []string{
				"rules.dice.faces[0].weight must be from 1 to 1000, got 0",
				"rules.dice.faces[1].weight must be from 1 to 1000, got 1001",
				"rules.dice.faces[2].weight must be an integer, got 2.5"}},
		{name: "a face as a string", base: "dice", edits: []edit{set("rules.dice.faces[5]", `"K"`)},
			want: []string{"rules.dice.faces[5] must be an object, got 'K'"}},

		// The shape of rules.hazards.
		{name: "no hazards", base: "hazards", edits: []edit{set("rules.hazards", `[]`)},
			want: []string{"rules.hazards must have 1 to 16 entries, got 0"}},
		{name: "17 hazards", base: "hazards", edits: []edit{set("rules.hazards", manyHazards(17))},
			want: []string{"rules.hazards must have 1 to 16 entries, got 17"}},
		{name: "hazards as one object", base: "hazards", edits: []edit{set("rules.hazards", `{"pieces": ["N"], "chance": 0.25}`)},
			want: []string{"rules.hazards must be a list, got {'pieces': ['N'], 'chance': 0.25}"}},
		{name: "a hazard without pieces and chance", base: "hazards", edits: []edit{set("rules.hazards[1]", `{"after": "capture"}`)},
			want: []string{"rules.hazards[1] is missing required keys: pieces, chance"}},
		{name: "a hazard on no piece", base: "hazards", edits: []edit{set("rules.hazards[0].pieces", `[]`)},
			want: []string{"rules.hazards[0].pieces must have at least 1 entry, got 0"}},
		{name: "a piece twice in a hazard", base: "hazards", edits: []edit{set("rules.hazards[0].pieces", `["N", "N"]`)},
			want: []string{"rules.hazards[0].pieces entry 'N' is listed twice"}},
		{name: "chances of none and of certainty", base: "hazards", edits: []edit{set("rules.hazards[0].chance", `0`), set("rules.hazards[1].chance", `1`)},
			want: []string{
				"rules.hazards[0].chance must be above 0 and below 1, got 0",
				"rules.hazards[1].chance must be above 0 and below 1, got 1"}},
		{name: "chances out of range", base: "hazards", edits: []edit{set("rules.hazards[0].chance", `25`), set("rules.hazards[1].chance", `-0.1`)},
			want: []string{
				"rules.hazards[0].chance must be above 0 and below 1, got 25",
				"rules.hazards[1].chance must be above 0 and below 1, got -0.1"}},
		{name: "a chance of four decimals", base: "hazards", edits: []edit{set("rules.hazards[0].chance", `0.2505`), set("rules.hazards[1].chance", `1e-4`)},
			want: []string{
				"rules.hazards[0].chance must have at most 3 decimal places, got 0.2505",
				"rules.hazards[1].chance must have at most 3 decimal places, got 1e-4"}},
		{name: "a chance as a string or a fraction", base: "hazards", edits: []edit{set("rules.hazards[0].chance", `"0.25"`), set("rules.hazards[1].chance", `"1/4"`)},
			want: []string{
				"rules.hazards[0].chance must be a number, got '0.25'",
				"rules.hazards[1].chance must be a number, got '1/4'"}},

		// Dice.
		{name: "face names", base: "dice", edits: []edit{set("rules.dice.faces[1].name", `"P"`), set("rules.dice.faces[2].name", `"B 1"`),
			set("rules.dice.faces[3].name", `"roll:R"`), set("rules.dice.faces[5].name", `"P"`)},
			want: []string{
				"rules.dice.faces[1].name 'P' is rules.dice.faces[0]'s name too: each face needs its own",
				"rules.dice.faces[2].name 'B 1' must be letters and digits: a roll is written with it, as in 'roll:B 1'",
				"rules.dice.faces[3].name 'roll:R' must be letters and digits: a roll is written with it, as in 'roll:roll:R'",
				"rules.dice.faces[5].name 'P' is rules.dice.faces[0]'s name too: each face needs its own"}},
		{name: "face pieces undeclared", base: "dice", edits: []edit{set("rules.dice.faces[3].pieces", `["R", "X"]`), set("rules.dice.faces[4].pieces", `["Z"]`)},
			want: []string{
				"rules.dice.faces[3].pieces entry 'X' is not a declared piece",
				"rules.dice.faces[4].pieces entry 'Z' is not a declared piece"}},
		{name: "a bad face leaves the others checked", base: "dice", edits: []edit{set("rules.dice.faces[0].weight", `0`),
			set("rules.dice.faces[0].pieces", `["X"]`), set("rules.dice.faces[2].pieces", `["Y"]`)},
			want: []string{
				"rules.dice.faces[0].weight must be from 1 to 1000, got 0",
				"rules.dice.faces[0].pieces entry 'X' is not a declared piece",
				"rules.dice.faces[2].pieces entry 'Y' is not a declared piece"}},
		{name: "dice in rounds", base: "rounds", edits: []edit{v34, set("rules.dice", twoFaces)},
			want: []string{"rules.dice is not for a game with rules.simultaneous: a round has no turn to roll for"}},
		{name: "dice in rounds with a bad face", base: "rounds", edits: []edit{v34, set("rules.dice", twoFaces), set("rules.dice.faces[1].weight", `-1`)},
			want: []string{
				"rules.dice.faces[1].weight must be from 1 to 1000, got -1",
				"rules.dice is not for a game with rules.simultaneous: a round has no turn to roll for"}},

		// Hazards.
		{name: "hazard pieces undeclared", base: "hazards", edits: []edit{set("rules.hazards[0].pieces", `["N", "Z"]`)},
			want: []string{"rules.hazards[0].pieces entry 'Z' is not a declared piece"}},
		{name: "a piece with two hazards", base: "hazards", edits: []edit{set("rules.hazards[1].pieces", `["Q", "N"]`),
			set("rules.hazards[2]", `{"pieces": ["B", "Q", "N"], "chance": 0.5}`)},
			want: []string{
				"rules.hazards[1].pieces entry 'N' is in rules.hazards[0] too: a piece has one hazard at most",
				"rules.hazards[2].pieces entry 'Q' is in rules.hazards[1] too: a piece has one hazard at most",
				"rules.hazards[2].pieces entry 'N' is in rules.hazards[0] too: a piece has one hazard at most"}},
		{name: "a piece with two hazards, one of them ill-formed", base: "hazards", edits: []edit{set("rules.hazards[1]", `{"pieces": ["N"], "chance": 1.5}`)},
			want: []string{
				"rules.hazards[1].chance must be above 0 and below 1, got 1.5",
				"rules.hazards[1].pieces entry 'N' is in rules.hazards[0] too: a piece has one hazard at most"}},
	}
}()

func TestSchema34(t *testing.T) { runCases(t, schema34Cases) }

// TestChanceFilledFromFile: the typed Spec holds the dice and hazards as
// written, and the accessors give the addendum's defaults.
func TestChanceFilledFromFile(t *testing.T) {
	data := apply(t, "dice",
		set("rules.dice.faces", `[{"name": "P", "pieces": ["P"], "weight": 3}, {"name": "none", "pieces": []}]`),
		set("rules.hazards", `[{"pieces": ["N", "B"], "chance": 0.25}, {"pieces": ["Q"], "chance": 0.001, "after": "capture", "effect": "remove"}, {"pieces": ["R"], "chance": 0.999}]`))
	spec, problems := Parse(data)
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	d := spec.Rules.Dice
	if d == nil || len(d.Faces) != 2 || d.DrawOrDefault() != DrawRoll || d.BlockedOrDefault() != BlockedPass {
		t.Fatalf("dice: %+v", d)
	}
	if f := d.Faces[0]; f.Name != "P" || f.WeightOrDefault() != 3 || len(f.Pieces) != 1 || f.Pieces[0] != "P" {
		t.Errorf("first face: %+v", f)
	}
	if f := d.Faces[1]; f.Name != "none" || f.WeightOrDefault() != 1 || f.Pieces == nil || len(f.Pieces) != 0 {
		t.Errorf("empty face: %+v (pieces nil: %v)", f, f.Pieces == nil)
	}
	hs := spec.Rules.Hazards
	if len(hs) != 3 {
		t.Fatalf("hazards: %+v", hs)
	}
	wants := []struct {
		pieces      string
		thousandths int
		after       string
	}{
		{"N B", 250, HazardAfterMove},
		{"Q", 1, HazardAfterCapture},
		{"R", 999, HazardAfterMove},
	}
	for k, want := range wants {
		h := hs[k]
		if got := strings.Join(h.Pieces, " "); got != want.pieces || h.Thousandths() != want.thousandths || h.AfterOrDefault() != want.after {
			t.Errorf("hazard %d: %+v, thousandths %d, after %s; want %+v", k, h, h.Thousandths(), h.AfterOrDefault(), want)
		}
	}

	spec, problems = Parse(apply(t, "dice", set("rules.dice.draw", `"deck"`), set("rules.dice.blocked", `"any"`)))
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	if d := spec.Rules.Dice; d.DrawOrDefault() != DrawDeck || d.BlockedOrDefault() != BlockedAny {
		t.Errorf("deck and any: %+v", d)
	}
}
