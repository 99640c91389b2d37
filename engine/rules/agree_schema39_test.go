package rules

import (
	"strings"
	"testing"
)

// Schema 39's keys (SCHEMA-39.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 38 with the version
// to declare. Most rows edit powers on six by six
// (testdata/valid/powers.json); the rows on five by five show shoot and
// squares in a game with check, the rows on heroes on two planes
// (testdata/valid/statuses.json) a game with boards.

var v39 = set("schema_version", `39`)

var schema39Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "powers on six by six", base: "powers"},
		{name: "powers with no version declared", base: "powers", edits: []edit{del("schema_version")}},
		{name: "squares beside vectors", base: "powers", edits: []edit{set("pieces[2].moves[1].vectors", `[[2, 2]]`)}},
		{name: "a shot from a leap", base: "powers", edits: []edit{set("pieces[1].moves[1].kind", `"leap"`)}},
		{name: "shoot and squares under checkmate", edits: []edit{v39,
			set("pieces[1].moves[1]", `{"kind": "leap", "vectors": [[2, 0]], "symmetry": "rotate4", "mode": "capture", "shoot": true}`),
			set("pieces[1].moves[2]", `{"kind": "leap", "squares": ["a1", "e5"]}`)}},
		{name: "the other forms of each power", base: "powers", edits: []edit{set("pieces[0].dies_on.rank", `"last"`),
			set("pieces[3].protects", `{"pieces": ["A", "W", "G"], "where": "line"}`), set("pieces[4].protects.pieces", `["P", "K"]`),
			del("pieces[2].after_move.on"), set("pieces[2].after_move.items", `["ice"]`), set("items[1].cancels", `["fire"]`),
			set("pieces[1].dies_on", `{"rank": 0}`), set("pieces[1].on_death", `{"item": "fire"}`)}},
		{name: "squares on a board with boards", base: "statuses", edits: []edit{v39, set("pieces[1].moves[1]", `{"kind": "leap", "squares": ["a1", "f6"]}`)}},

		// Version gating.
		{name: "powers under 38", base: "powers", edits: []edit{set("schema_version", `38`)},
			want: []string{`the spec uses pieces.on_death, pieces.dies_on, pieces.moves.shoot, pieces.moves.squares, pieces.after_move, pieces.protects, items.cancels, added in schema 39; declare "schema_version": 39 to use it`}},
		{name: "powers under 35", base: "powers", edits: []edit{set("schema_version", `35`)},
			want: []string{
				`the spec uses items, setup.items, rules.presence, added in schema 36; declare "schema_version": 36 to use it`,
				`the spec uses pieces.on_death, pieces.dies_on, pieces.moves.shoot, pieces.moves.squares, pieces.after_move, pieces.protects, items.cancels, added in schema 39; declare "schema_version": 39 to use it`}},
		{name: "shoot and squares under 1", edits: []edit{set("schema_version", `1`),
			set("pieces[1].moves[1]", `{"kind": "leap", "vectors": [[2, 0]], "mode": "capture", "shoot": true}`),
			set("pieces[1].moves[2]", `{"kind": "leap", "squares": ["a1"]}`)},
			want: []string{`the spec uses pieces.moves.shoot, pieces.moves.squares, added in schema 39; declare "schema_version": 39 to use it`}},

		// The shapes.
		{name: "shoot written false", base: "powers", edits: []edit{set("pieces[1].moves[1].shoot", `false`)},
			want: []string{"pieces[1].moves[1].shoot must be true, got False: leave it out for a capture that moves the piece"}},
		{name: "squares empty and repeating", base: "powers", edits: []edit{set("pieces[2].moves[1].squares", `[]`),
			set("pieces[2].moves[0].squares", `["a1", "a1"]`)},
			want: []string{
				"pieces[2].moves[0].squares entry 'a1' is listed twice",
				"pieces[2].moves[1].squares must have at least 1 entry, got 0"}},
		{name: "a move with neither vectors nor squares", base: "powers", edits: []edit{del("pieces[2].moves[1].squares")},
			want: []string{"pieces[2].moves[1] is missing required key: vectors"}},
		{name: "protects of the wrong form", base: "powers", edits: []edit{set("pieces[3].protects", `["A"]`),
			set("pieces[4].protects", `{"where": "diagonal"}`), set("pieces[0].protects", `{"pieces": []}`)},
			want: []string{
				"pieces[0].protects.pieces must have at least 1 entry, got 0",
				"pieces[3].protects must be an object, got ['A']",
				"pieces[4].protects.where must be one of ('line', 'adjacent'), got 'diagonal'",
				"pieces[4].protects is missing required key: pieces"}},
		{name: "protected pieces repeating", base: "powers", edits: []edit{set("pieces[3].protects.pieces", `["A", "A"]`)},
			want: []string{"pieces[3].protects.pieces entry 'A' is listed twice"}},
		{name: "on_death of the wrong form", base: "powers", edits: []edit{set("pieces[0].on_death", `"ice"`), set("pieces[1].on_death", `{"items": ["ice"]}`)},
			want: []string{
				"pieces[0].on_death must be an object, got 'ice'",
				"pieces[1].on_death has unknown keys: items",
				"pieces[1].on_death is missing required key: item"}},
		{name: "dies_on ranks of the wrong form", base: "powers", edits: []edit{set("pieces[0].dies_on.rank", `-1`),
			set("pieces[1].dies_on", `{"rank": "first"}`), set("pieces[2].dies_on", `{"rank": 1.5}`), set("pieces[3].dies_on", `{}`)},
			want: []string{
				"pieces[0].dies_on.rank must be 'last' or a rank index (an integer, at least 0), got -1",
				"pieces[1].dies_on.rank must be 'last' or a rank index (an integer, at least 0), got 'first'",
				"pieces[2].dies_on.rank must be 'last' or a rank index (an integer, at least 0), got 1.5",
				"pieces[3].dies_on is missing required key: rank"}},
		{name: "after_move of the wrong form", base: "powers", edits: []edit{set("pieces[2].after_move", `{"items": ["fire", "fire"], "on": "any"}`),
			set("pieces[1].after_move", `{"items": []}`), set("pieces[0].after_move", `{"on": "empty"}`)},
			want: []string{
				"pieces[0].after_move is missing required key: items",
				"pieces[1].after_move.items must have at least 1 entry, got 0",
				"pieces[2].after_move.items entry 'fire' is listed twice",
				"pieces[2].after_move.on must be one of ('unoccupied', 'empty'), got 'any'"}},
		{name: "cancels empty and repeating", base: "powers", edits: []edit{set("items[0].cancels", `["ice", "ice"]`), set("items[1].cancels", `[]`)},
			want: []string{
				"items[0].cancels entry 'ice' is listed twice",
				"items[1].cancels must have at least 1 entry, got 0"}},

		// Moves' shoot and squares.
		{name: "shots from a slide and a hop", base: "powers", edits: []edit{
			set("pieces[3].moves[0]", `{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4", "mode": "capture", "shoot": true}`),
			set("pieces[3].moves[1]", `{"kind": "hop", "vectors": [[1, 0]], "mode": "capture", "shoot": true}`)},
			want: []string{
				"pieces[3].moves[0].shoot is for a leap or a lame leap, not a slide",
				"pieces[3].moves[1].shoot is for a leap or a lame leap, not a hop"}},
		{name: "shots that do not only capture", base: "powers", edits: []edit{del("pieces[1].moves[1].mode"),
			set("pieces[1].moves[2]", `{"kind": "leap", "vectors": [[3, 0]], "mode": "both", "shoot": true}`),
			set("pieces[1].moves[3]", `{"kind": "leap", "vectors": [[3, 3]], "mode": "move", "shoot": true}`)},
			want: []string{
				"pieces[1].moves[1].shoot needs mode 'capture': a shot only captures, and the shooter stays where it stands",
				"pieces[1].moves[2].mode 'both' is not for a shot: a shot only captures, so write mode 'capture'",
				"pieces[1].moves[3].mode 'move' is not for a shot: a shot only captures, so write mode 'capture'"}},
		{name: "squares on a lame leap and a slide", base: "powers", edits: []edit{set("pieces[2].moves[1].kind", `"lame"`),
			set("pieces[3].moves[0].squares", `["c3"]`)},
			want: []string{
				"pieces[2].moves[1].squares is for a leap, not a lame leap",
				"pieces[3].moves[0].squares is for a leap, not a slide"}},
		{name: "squares off the board", base: "powers", edits: []edit{set("pieces[2].moves[1].squares", `["a1", "g1", "a0", "f7", "A1", "A:a1"]`)},
			want: []string{
				"pieces[2].moves[1].squares entry 'g1' is not a square on this board",
				"pieces[2].moves[1].squares entry 'a0' is not a square on this board",
				"pieces[2].moves[1].squares entry 'f7' is not a square on this board",
				"pieces[2].moves[1].squares entry 'A1' is not a square on this board",
				"pieces[2].moves[1].squares entry 'A:a1' names a board: a move's squares are on the mover's own board"}},
		{name: "a square on a wall", base: "powers", edits: []edit{set("rules.obstacles", `{"squares": ["b4"]}`),
			set("pieces[2].moves[1].squares", `["a1", "b4"]`)},
			want: []string{"pieces[2].moves[1].squares entry 'b4' is a wall (rules.obstacles)"}},
		{name: "squares naming a board with boards", base: "statuses", edits: []edit{v39,
			set("pieces[1].moves[1]", `{"kind": "leap", "squares": ["Earth:a1", "Heaven:f6"]}`)},
			want: []string{
				"pieces[1].moves[1].squares entry 'Earth:a1' names a board: a move's squares are on the mover's own board",
				"pieces[1].moves[1].squares entry 'Heaven:f6' names a board: a move's squares are on the mover's own board"}},

		// Pieces' powers and items' cancels.
		{name: "protected kinds undeclared", base: "powers", edits: []edit{set("pieces[3].protects.pieces", `["A", "Q", "w"]`)},
			want: []string{
				"pieces[3].protects.pieces entry 'Q' is not a declared piece",
				"pieces[3].protects.pieces entry 'w' is not a declared piece"}},
		{name: "an on_death item undeclared", base: "powers", edits: []edit{set("pieces[0].on_death.item", `"Ice"`)},
			want: []string{"pieces[0].on_death.item 'Ice' is not a declared item"}},
		{name: "a dies_on rank off the board", base: "powers", edits: []edit{set("pieces[0].dies_on.rank", `6`)},
			want: []string{"pieces[0].dies_on.rank 6 is not a rank on this board (0 to 5, from the owner's first rank)"}},
		{name: "after_move items undeclared", base: "powers", edits: []edit{set("pieces[2].after_move.items", `["fire", "water", "coin"]`)},
			want: []string{
				"pieces[2].after_move.items entry 'water' is not a declared item",
				"pieces[2].after_move.items entry 'coin' is not a declared item"}},
		{name: "an item cancelling itself or an undeclared item", base: "powers", edits: []edit{set("items[0].cancels", `["ice", "fire", "mud"]`)},
			want: []string{
				"items[0].cancels entry 'fire' is the item itself: an item never cancels its own kind",
				"items[0].cancels entry 'mud' is not a declared item"}},
		{name: "powers naming items with none declared", base: "powers", edits: []edit{del("items"), del("setup.items")},
			want: []string{
				"pieces[0].on_death.item 'ice' is not a declared item",
				"pieces[2].after_move.items entry 'fire' is not a declared item",
				"pieces[2].after_move.items entry 'ice' is not a declared item"}},

		// Games with check.
		{name: "powers under checkmate", base: "powers", edits: []edit{set("rules.win", `"checkmate"`), set("pieces[4].royal", `true`)},
			want: []string{
				"items is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.presence is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[0].on_death is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[0].dies_on is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[2].after_move is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[3].protects is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[4].protects is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
		{name: "protects and dies_on under the default win", edits: []edit{v39, set("pieces[5].protects", `{"pieces": ["Q"], "where": "adjacent"}`),
			set("pieces[0].dies_on", `{"rank": "last"}`)},
			want: []string{
				"pieces[0].dies_on is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[5].protects is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
	}
}()

func TestSchema39(t *testing.T) { runCases(t, schema39Cases) }

// TestPowersFilledFromFile: the typed Spec holds schema 39's keys as
// written, and the accessors give the addendum's defaults.
func TestPowersFilledFromFile(t *testing.T) {
	spec, problems := Parse(apply(t, "powers", del("pieces[2].after_move.on"), set("pieces[3].protects", `{"pieces": ["A", "W"]}`)))
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	pawn, archer, wizard, guard, king := spec.Pieces[0], spec.Pieces[1], spec.Pieces[2], spec.Pieces[3], spec.Pieces[4]
	if pawn.OnDeath == nil || pawn.OnDeath.Item != "ice" || pawn.DiesOn == nil {
		t.Errorf("pawn: %+v", pawn)
	} else if r, isIndex := rankIndex(pawn.DiesOn.Rank); !isIndex || r != 5 {
		t.Errorf("pawn dies_on rank %v", pawn.DiesOn.Rank)
	}
	if shot := archer.Moves[1]; !shot.Shoot || shot.Kind != KindLame || archer.Moves[0].Shoot {
		t.Errorf("archer: %+v", archer.Moves)
	}
	if jump := wizard.Moves[1]; strings.Join(jump.Squares, " ") != "a1 f1 a6 f6" || jump.Vectors != nil || wizard.Moves[0].Squares != nil {
		t.Errorf("wizard: %+v", wizard.Moves)
	}
	if am := wizard.AfterMove; am == nil || strings.Join(am.Items, " ") != "fire ice" || am.On != "" {
		t.Errorf("wizard after_move: %+v", am)
	}
	if pr := guard.Protects; pr == nil || strings.Join(pr.Pieces, " ") != "A W" || pr.WhereOrDefault() != GuardLine {
		t.Errorf("guard protects: %+v", pr)
	}
	if pr := king.Protects; pr == nil || pr.WhereOrDefault() != GuardAdjacent {
		t.Errorf("king protects: %+v", pr)
	}
	if strings.Join(spec.Items[0].Cancels, " ") != "ice" || spec.Items[1].Cancels != nil {
		t.Errorf("cancels: %+v", spec.Items)
	}
	last, err := Parse(apply(t, "powers", set("pieces[0].dies_on.rank", `"last"`)))
	if len(err) != 0 {
		t.Fatalf("problems: %v", problemLines(err))
	}
	if _, isIndex := rankIndex(last.Pieces[0].DiesOn.Rank); isIndex || last.Pieces[0].DiesOn.Rank != "last" {
		t.Errorf("dies_on rank 'last' read as %v", last.Pieces[0].DiesOn.Rank)
	}
}
