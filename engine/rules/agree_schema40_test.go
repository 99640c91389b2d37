package rules

import "testing"

// Schema 40's keys (SCHEMA-40.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 39 with the version
// to declare. Most rows edit imps on two planes
// (testdata/valid/actions.json); the rows on powers on six by six
// (testdata/valid/powers.json) show a game with one board (where a
// neutral piece may start on an item).

var v40 = set("schema_version", `40`)

var schema40Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "imps on two planes", base: "actions"},
		{name: "imps with no version declared", base: "actions", edits: []edit{del("schema_version")}},
		{name: "the other forms of each action", base: "actions", edits: []edit{set("pieces[5].neutral", `{}`),
			set("pieces[3].raises", `{"from": "Earth", "to": "Heaven"}`), set("statuses[1].extra_move", `{}`),
			set("statuses[2]", `{"name": "cursed", "frozen": true}`)}},
		{name: "a raiser on any board with a free second move", base: "actions", edits: []edit{del("pieces[3].raises.on"),
			set("statuses[1].extra_move.cost", `{}`)}},

		// Version gating.
		{name: "actions under 39", base: "actions", edits: []edit{set("schema_version", `39`)},
			want: []string{`the spec uses pieces.raises, pieces.neutral, statuses.portal, statuses.extra_move, setup.neutral, added in schema 40; declare "schema_version": 40 to use it`}},

		// The shapes.
		{name: "neutral of the wrong form", base: "actions", edits: []edit{set("pieces[5].neutral", `true`),
			set("pieces[6].neutral.moved_by", `"all"`)},
			want: []string{
				"pieces[5].neutral must be an object, got True",
				"pieces[6].neutral.moved_by must be one of ('any', 'most'), got 'all'"}},
		{name: "raises of the wrong form", base: "actions", edits: []edit{set("pieces[3].raises", `{"on": []}`)},
			want: []string{
				"pieces[3].raises.on must have at least 1 entry, got 0",
				"pieces[3].raises is missing required keys: from, to"}},
		{name: "setup.neutral of the wrong form", base: "actions", edits: []edit{set("setup.neutral", `[{"piece": "I"}]`)},
			want: []string{"setup.neutral[0] is missing required key: squares"}},
		{name: "setup.neutral empty", base: "actions", edits: []edit{set("setup.neutral", `[]`)},
			want: []string{"setup.neutral must have at least 1 entry, got 0"}},
		{name: "portal written false", base: "actions", edits: []edit{set("statuses[0].portal", `false`)},
			want: []string{"statuses[0].portal must be true, got False: leave it out for a status that carries nothing to another board"}},
		{name: "extra_move costs out of range", base: "actions", edits: []edit{set("statuses[1].extra_move.cost", `{"coins": 0}`)},
			want: []string{"statuses[1].extra_move.cost.coins must be from 1 to 100, got 0"}},

		// Neutral pieces.
		{name: "a royal neutral piece", base: "actions", edits: []edit{set("pieces[5].royal", `true`)},
			want: []string{"pieces[5].neutral is on a royal piece: a neutral piece belongs to neither player, so neither can lose it"}},
		{name: "a neutral piece with upgrades", base: "actions", edits: []edit{set("pieces[5].upgrades", `{"pieces": ["R"]}`)},
			want: []string{"pieces[5].upgrades is on a neutral piece: nobody's piece gains experience or upgrades"}},
		{name: "an upgrade to a neutral piece", base: "actions", edits: []edit{set("pieces[0].upgrades", `{"pieces": ["B", "I"]}`)},
			want: []string{"pieces[0].upgrades.pieces entry 'I' is a neutral piece: no player's piece becomes one"}},
		{name: "most with no resource", base: "actions", edits: []edit{del("pieces[6].neutral.resource")},
			want: []string{"pieces[6].neutral.moved_by 'most' needs resource: the resource whose greater holder may move it"}},
		{name: "most counting an undeclared resource", base: "actions", edits: []edit{set("pieces[6].neutral.resource", `"gold"`)},
			want: []string{"pieces[6].neutral.resource 'gold' is not a declared resource"}},
		{name: "any counting a resource", base: "actions", edits: []edit{set("pieces[5].neutral.resource", `"coins"`)},
			want: []string{"pieces[5].neutral.resource is for moved_by 'most': with 'any' either player moves it"}},
		{name: "a neutral piece in placements", base: "actions", edits: []edit{set("setup.placements[3].piece", `"I"`)},
			want: []string{"setup.placements[3].piece 'I' is a neutral piece: it stands where setup.neutral puts it"}},
		{name: "setup.neutral placing a player's piece and an undeclared one", base: "actions", edits: []edit{
			set("setup.neutral[0].piece", `"R"`), set("setup.neutral[1].piece", `"Z"`)},
			want: []string{
				"setup.neutral[0].piece 'R' is not a neutral piece: a player's pieces stand in setup.placements",
				"setup.neutral[1].piece 'Z' is not a declared piece"}},
		{name: "setup.neutral on taken squares and off the board", base: "actions", edits: []edit{
			set("setup.neutral[0].squares", `["Earth:a1", "Earth:f6", "Earth:g1", "c4", "Moon:c4", "Heaven:d4"]`)},
			want: []string{
				"setup.neutral[0].squares entry 'Earth:a1' holds a piece from setup.placements[1]: a neutral piece starts on a free square",
				"setup.neutral[0].squares entry 'Earth:f6' holds a piece from setup.placements[1]: a neutral piece starts on a free square",
				"setup.neutral[0].squares entry 'Earth:g1' is not a square on this board",
				"setup.neutral[0].squares entry 'c4' needs its board: write it as 'Earth:c4'",
				"setup.neutral[0].squares entry 'Moon:c4' names no board: the boards are 'Earth', 'Heaven'",
				"setup.neutral[1].squares entry 'Heaven:d4' holds setup.neutral[0]'s piece too: one neutral piece a square"}},
		{name: "setup.neutral on a wall", base: "actions", edits: []edit{set("rules.obstacles", `{"squares": ["c3"]}`)},
			want: []string{"setup.neutral[0].squares entry 'Earth:c3' is a wall (rules.obstacles)"}},
		{name: "setup.neutral naming a board with one board", base: "powers", edits: []edit{v40,
			set("pieces[5]", `{"id": "I", "neutral": {}, "moves": [{"kind": "leap", "vectors": [[1, 0]], "symmetry": "rotate4"}]}`),
			set("setup.neutral", `[{"piece": "I", "squares": ["c3", "Earth:d3"]}]`)},
			want: []string{"setup.neutral[0].squares entry 'Earth:d3' names a board, but the game has one board"}},

		// Actions.
		{name: "raises with one board", base: "powers", edits: []edit{v40, set("pieces[1].raises", `{"from": "Earth", "to": "Heaven"}`)},
			want: []string{"pieces[1].raises needs boards: the game has one board"}},
		{name: "raises naming no boards", base: "actions", edits: []edit{
			set("pieces[3].raises", `{"from": "Hell", "to": "Earth", "on": ["Earth", "Moon"], "status": "blessed"}`)},
			want: []string{
				"pieces[3].raises.status 'blessed' is not a declared status",
				"pieces[3].raises.from 'Hell' is not a board: the boards are 'Earth', 'Heaven'",
				"pieces[3].raises.on entry 'Moon' is not a board: the boards are 'Earth', 'Heaven'"}},
		{name: "raises to its from board", base: "actions", edits: []edit{set("pieces[3].raises.to", `"Heaven"`)},
			want: []string{"pieces[3].raises.to 'Heaven' is its from board: a raised piece goes to another board"}},
		{name: "a portal with one board", base: "powers", edits: []edit{v40, set("statuses", `[{"name": "door", "portal": true}]`)},
			want: []string{"statuses[0].portal needs boards: the game has one board"}},
		{name: "an extra move costing an undeclared resource", base: "actions", edits: []edit{
			set("statuses[1].extra_move.cost", `{"coins": 1, "gems": 2}`)},
			want: []string{"statuses[1].extra_move.cost key 'gems' is not a declared resource"}},
		{name: "a status that does nothing under 40", base: "actions", edits: []edit{del("pieces[3].raises.status"),
			set("statuses[2]", `{"name": "cursed"}`)},
			want: []string{"statuses[2] does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income, upgrade, hazard, portal or extra_move, or name it in rules.on_capture, pieces[].upgrades, pieces[].raises, setup.statuses or rules.market.cards"}},

		// Games with check.
		{name: "actions under checkmate", base: "actions", edits: []edit{set("rules.win", `"checkmate"`), set("pieces[4].royal", `true`)},
			want: []string{
				"resources is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.presence is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"statuses is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"setup.statuses is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[3].raises is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[5].neutral is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[6].neutral is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"setup.neutral is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
	}
}()

func TestSchema40(t *testing.T) { runCases(t, schema40Cases) }
