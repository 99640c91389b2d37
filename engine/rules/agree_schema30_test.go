package rules

import "testing"

// Schema 30's keys (SCHEMA-30.md): each refusal in the reference's words,
// each key valid where it is meant, and each refused under schema 29 with
// the version to declare.

var v30 = set("schema_version", `30`)

var griffin = `{"kind": "bent", "vectors": [[1, 1]], "then": [[1, 0], [0, 1]], "symmetry": "rotate4"}`

var jian = `{"id": "J", "moves": [{"kind": "slide", "vectors": [[1, 1], [-1, -1]]}, {"kind": "leap", "vectors": [[1, -1], [-1, 1]]}], "facing": {"axes": 4}}`

var schema30Cases = func() []agreeCase {
	return []agreeCase{
		// Version gating.
		{name: "bent under 29", edits: []edit{set("pieces[1].moves[1]", griffin)},
			want: []string{`the spec uses pieces.moves.kind "bent", pieces.moves.then, added in schema 30; declare "schema_version": 30 to use it`}},
		{name: "touch under 29", edits: []edit{set("rules.touch", `{"piece": "K", "squares": ["b4", "d4"]}`)},
			want: []string{`the spec uses rules.touch, added in schema 30; declare "schema_version": 30 to use it`}},
		{name: "entry under 29", edits: []edit{set("rules.entry", `[{"squares": ["c3"], "pieces": ["K"]}]`)},
			want: []string{`the spec uses rules.entry, added in schema 30; declare "schema_version": 30 to use it`}},
		{name: "symmetric under 29", edits: []edit{set("rules.drops", `{"placement": true, "from_captures": false, "symmetric": true, "choose_facing": true, "stock": {"N": 2}}`)},
			want: []string{`the spec uses rules.drops.symmetric, rules.drops.choose_facing, added in schema 30; declare "schema_version": 30 to use it`,
				"rules.drops.choose_facing could never apply: no stocked piece has a facing"}},

		// Bent moves.
		{name: "griffin", edits: []edit{v30, set("pieces[1].moves[0]", griffin)}},
		{name: "bent with range", edits: []edit{v30, set("pieces[1].moves[0]", `{"kind": "bent", "vectors": [[1, 0]], "then": [[1, 1], [1, -1]], "symmetry": "rotate4", "range": 2}`)}},
		{name: "bent without then", edits: []edit{v30, set("pieces[1].moves[0]", `{"kind": "bent", "vectors": [[1, 1]]}`)},
			want: []string{"pieces[1].moves[0] is a bent move without then: list the directions it may slide in after its first step"}},
		{name: "then on a slide", edits: []edit{v30, set("pieces[2].moves[0].then", `[[1, 0]]`)},
			want: []string{"pieces[2].moves[0].then is only for bent moves, not a slide"}},
		{name: "bent min_range", edits: []edit{v30, set("pieces[1].moves[0]", `{"kind": "bent", "vectors": [[1, 1]], "then": [[1, 0]], "min_range": 2}`)},
			want: []string{"pieces[1].moves[0].min_range is not for a bent move: its first step is always a landing"}},
		{name: "bent then nowhere", edits: []edit{v30, set("pieces[1].moves[0]", `{"kind": "bent", "vectors": [[1, 1]], "then": [[0, 0]]}`)},
			want: []string{"pieces[1].moves[0].then[0] [0, 0] goes nowhere"}},

		// Touch.
		{name: "touch", edits: []edit{v30, set("rules.touch", `{"piece": "K", "squares": ["b4", "d4"]}`)}},
		{name: "touch rotate, loss", edits: []edit{v30, set("rules.touch", `{"squares": ["a3"], "mirror": "rotate", "result": "loss"}`)}},
		{name: "touch undeclared piece", edits: []edit{v30, set("rules.touch", `{"piece": "X", "squares": ["b4"]}`)},
			want: []string{"rules.touch.piece 'X' is not a declared piece"}},
		{name: "touch off the board", edits: []edit{v30, set("rules.touch", `{"piece": "K", "squares": ["b4", "f4"]}`)},
			want: []string{"rules.touch.squares entry 'f4' is not a square on this board"}},
		{name: "touch a wall", edits: []edit{v30, set("rules.obstacles", `{"squares": ["c3"]}`), set("rules.touch", `{"piece": "K", "squares": ["c3"]}`)},
			want: []string{"rules.touch.squares entry 'c3' is a wall (rules.obstacles)"}},
		{name: "touch too many", edits: []edit{v30, set("rules.touch", `{"squares": ["a3", "b3", "c3", "d3", "e3", "a4", "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5", "a1", "b1"]}`)},
			want: []string{"rules.touch.squares must have 1 to 16 entries, got 17"}},

		// Entry.
		{name: "entry", edits: []edit{v30, set("rules.entry", `[{"squares": ["c3"], "pieces": ["K", "Q"], "from": ["c2", "b2"], "exit_to": ["c2"], "mirror": true}]`)}},
		{name: "entry never applies", edits: []edit{v30, set("rules.entry", `[{"squares": ["c3"]}]`)},
			want: []string{"rules.entry[0] could never apply: it has no pieces, from or exit_to, so every move may enter and leave its squares"}},
		{name: "entry from inside", edits: []edit{v30, set("rules.entry", `[{"squares": ["c3", "c4"], "from": ["c4"]}]`)},
			want: []string{"rules.entry[0].from entry 'c4' is one of the rule's own squares: a move from there is not entering them"}},
		{name: "entry exit inside", edits: []edit{v30, set("rules.entry", `[{"squares": ["c3"], "exit_to": ["c3"]}]`)},
			want: []string{"rules.entry[0].exit_to entry 'c3' is one of the rule's own squares: a move to there is not leaving them"}},
		{name: "entry undeclared piece", edits: []edit{v30, set("rules.entry", `[{"squares": ["c3"], "pieces": ["X"]}]`)},
			want: []string{"rules.entry[0].pieces entry 'X' is not a declared piece"}},

		// Check that ends a turn.
		{name: "turn check_ends", edits: []edit{v30, set("rules.turn", `{"moves": 2, "ramp": [1], "check_ends": true}`)}},
		{name: "turn check_ends under 29", edits: []edit{set("rules.turn", `{"moves": 2, "check_ends": true}`)},
			want: []string{`the spec uses rules.turn.check_ends, added in schema 30; declare "schema_version": 30 to use it`}},
		{name: "turn check_ends with one-move turns", edits: []edit{v30, set("rules.turn", `{"moves": 1, "check_ends": true}`)},
			want: []string{"rules.turn.check_ends could never apply: every turn is one move"}},
		{name: "turn check_ends false", edits: []edit{v30, set("rules.turn", `{"moves": 2, "check_ends": false}`)},
			want: []string{"rules.turn.check_ends must be true, got False: leave it out for turns that check does not cut short"}},

		// A facing chosen on promotion.
		{name: "promotion choose_facing", edits: []edit{v30, set("pieces[1].facing", `{"axes": 2}`), set("pieces[1].moves[0].vectors", `[[1, 2], [-1, 2]]`), set("pieces[1].moves[0].symmetry", `"none"`),
			set("rules.promotion.choose_facing", `true`)}},
		{name: "promotion choose_facing without a facing", edits: []edit{v30, set("rules.promotion.choose_facing", `true`)},
			want: []string{"rules.promotion.choose_facing could never apply: no target has a facing"}},
		{name: "promotion choose_facing under 29", edits: []edit{set("rules.promotion.choose_facing", `true`)},
			want: []string{`the spec uses rules.promotion.choose_facing, added in schema 30; declare "schema_version": 30 to use it`,
				"rules.promotion.choose_facing could never apply: no target has a facing"}},

		// A promotion that rests and is then moved home.
		{name: "promotion rest and home", edits: []edit{v30, set("rules.promotion.rest", `2`), set("rules.promotion.home", `["a1", "b1"]`)}},
		{name: "promotion rest alone", edits: []edit{v30, set("rules.promotion.rest", `1`)}},
		{name: "promotion rest under 29", edits: []edit{set("rules.promotion.rest", `1`), set("rules.promotion.home", `["a1"]`)},
			want: []string{`the spec uses rules.promotion.rest, rules.promotion.home, added in schema 30; declare "schema_version": 30 to use it`}},
		{name: "promotion home without rest", edits: []edit{v30, set("rules.promotion.home", `["a1"]`)},
			want: []string{"rules.promotion.home needs rest: the promoted piece is moved home when its rest ends"}},
		{name: "promotion rest 0", edits: []edit{v30, set("rules.promotion.rest", `0`)},
			want: []string{"rules.promotion.rest must be from 1 to 4, got 0: omit it for 0, a promoted piece ready at once"}},
		{name: "promotion rest 5", edits: []edit{v30, set("rules.promotion.rest", `5`)},
			want: []string{"rules.promotion.rest must be from 1 to 4, got 5: omit it for 0, a promoted piece ready at once"}},
		{name: "promotion home off the board", edits: []edit{v30, set("rules.promotion.rest", `1`), set("rules.promotion.home", `["f1"]`)},
			want: []string{"rules.promotion.home entry 'f1' is not a square on this board"}},
		{name: "promotion home a wall", edits: []edit{v30, set("rules.obstacles", `{"squares": ["c3"]}`), set("rules.promotion.rest", `1`), set("rules.promotion.home", `["c3"]`)},
			want: []string{"rules.promotion.home entry 'c3' is a wall (rules.obstacles)"}},
		{name: "promotion home mirrors to a wall", edits: []edit{v30, set("board.height", `6`), set("rules.obstacles", `{"squares": ["c4"]}`), set("rules.promotion.rest", `1`), set("rules.promotion.home", `["c3"]`)},
			want: []string{"rules.promotion.home entry 'c3' mirrors to 'c4', which is not a square a piece can stand on"}},
		{name: "promotion rest on leaving", edits: []edit{v30, set("rules.promotion.rest", `1`), set("rules.promotion.on_leaving", `true`)},
			want: []string{"rules.promotion.rest is not for a promotion on_leaving: the promoted piece must rest where it promoted"}},

		// Symmetric placement and chosen facings.
		{name: "symmetric placement", edits: []edit{v30, set("pieces[6]", jian),
			set("rules.drops", `{"placement": true, "from_captures": false, "symmetric": true, "choose_facing": true, "stock": {"N": 2, "J": 2}, "region": {"N": ["b3", "d3"], "J": ["a3", "c3", "e3"]}}`)}},
		{name: "symmetric without placement", edits: []edit{v30, set("rules.drops", `{"from_captures": false, "symmetric": true, "stock": {"N": 2}}`)},
			want: []string{"rules.drops.symmetric requires rules.drops.placement: pairs are placed in the placement phase"}},
		{name: "symmetric from captures", edits: []edit{v30, set("rules.drops", `{"placement": true, "symmetric": true, "stock": {"N": 2}}`)},
			want: []string{"rules.drops.symmetric requires rules.drops.from_captures false: a captured piece comes to hand alone, not as a pair"}},
		{name: "symmetric asymmetric region", edits: []edit{v30, set("rules.drops", `{"placement": true, "from_captures": false, "symmetric": true, "stock": {"N": 2}, "region": {"N": ["a1", "b1", "e1"]}}`)},
			want: []string{"rules.drops.region.N has 'b1' but not its mirror image 'd1': a symmetric placement puts pieces down in mirrored pairs"}},
		{name: "choose_facing without a facing", edits: []edit{v30, set("rules.drops", `{"placement": true, "from_captures": false, "choose_facing": true, "stock": {"N": 2}}`)},
			want: []string{"rules.drops.choose_facing could never apply: no stocked piece has a facing"}},
	}
}()

func TestSchema30(t *testing.T) { runCases(t, schema30Cases) }

// TestSymmetricOddCount: on an even-width board a pair needs an even count.
func TestSymmetricOddCount(t *testing.T) {
	check(t, apply(t, "rounds", v30), nil) // the base is valid at 30
	data := apply(t, "five", v30, set("board.width", `6`), set("rules.drops", `{"placement": true, "from_captures": false, "symmetric": true, "stock": {"N": 3}}`))
	check(t, data, []string{"rules.drops.stock.N is 3: a symmetric placement puts pieces down in pairs, so the count must be even on a board of even width"})
}
