package rules

import "testing"

// Schema 32's keys (SCHEMA-32.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 31 with the version
// to declare. Most rows edit the four-seat example (testdata/valid).

var v32 = set("schema_version", `32`)

// twoSeats makes five by five a game of two seats facing each other.
var twoSeats = []edit{v32, del("setup.mirror"), del("rules.stalemate"),
	set("seats", `[{"name": "white", "army": "as_written"}, {"name": "black", "army": "reflect_ranks"}]`)}

func with(base []edit, more ...edit) []edit { return append(append([]edit(nil), base...), more...) }

const eastWritten = `{"name": "east", "forward": "left", "army": [{"piece": "P", "squares": ["g3", "g4", "g5", "g6"]}, {"piece": "R", "squares": ["h3"]}, {"piece": "K", "squares": ["h4"]}, {"piece": "Q", "squares": ["h5"]}, {"piece": "N", "squares": ["h6"]}]}`

var schema32Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "four seats in two teams", base: "seats"},
		{name: "two seats", edits: twoSeats},
		{name: "a seat written out", base: "seats", edits: []edit{set("seats[3]", eastWritten)}},
		{name: "defaults", base: "seats", edits: []edit{del("rules.turn_order"), del("rules.seat_out"), del("rules.game_end"), del("rules.priority")}},
		{name: "free-for-all by points", base: "seats", edits: []edit{del("rules.teams"),
			set("rules.game_end", `{"free_for_all": "points", "points": {"capture": {"Q": 9, "P": 1}, "checkmate": 20}}`),
			set("rules.seat_out", `{"army": "removed", "stalemate": "pass"}`)}},
		{name: "last standing", base: "seats", edits: []edit{del("rules.teams"), set("rules.game_end", `{"free_for_all": "last_standing"}`)}},
		{name: "first out loses", base: "seats", edits: []edit{set("rules.game_end", `{"team_loses": "one_out"}`),
			set("rules.turn_order", `["north", "east", "south", "west"]`)}},
		{name: "priority in two players", edits: []edit{v32, set("rules.priority", `[{"when": "in_check", "moves": "royal"}, {"when": "always", "moves": "capture"}]`)}},
		{name: "served", edits: []edit{v32, set("setup.placements[0].squares", `["a2", "b2", "c2", "d2"]`), set("rules.promotion.served", `true`)}},
		{name: "three seats", base: "seats", edits: []edit{del("seats[3]"), del("rules.teams"), del("rules.game_end"), set("rules.turn_order", `["south", "north", "west"]`)}},

		// Version gating.
		{name: "seats under 31", edits: with(twoSeats, set("schema_version", `31`)),
			want: []string{`the spec uses seats, added in schema 32; declare "schema_version": 32 to use it`}},
		{name: "rules keys under 31", base: "seats", edits: []edit{set("schema_version", `31`)},
			want: []string{`the spec uses seats, rules.turn_order, rules.teams, rules.seat_out, rules.game_end, rules.priority, added in schema 32; declare "schema_version": 32 to use it`}},
		{name: "served under 31", edits: []edit{set("schema_version", `31`), set("setup.placements[0].squares", `["a2", "b2", "c2", "d2"]`), set("rules.promotion.served", `true`)},
			want: []string{`the spec uses rules.promotion.served, added in schema 32; declare "schema_version": 32 to use it`}},

		// The shape of the keys.
		{name: "one seat", base: "seats", edits: []edit{set("seats", `[{"name": "south", "army": "as_written"}]`), del("rules.turn_order"), del("rules.teams"), del("rules.game_end")},
			want: []string{"seats must have 2 to 8 entries, got 1"}},
		{name: "army turn unknown", base: "seats", edits: []edit{set("seats[1].army", `"rotate_45"`)},
			want: []string{"seats[1].army must be one of ('as_written', 'rotate_cw', 'rotate_180', 'rotate_ccw', 'reflect_ranks', 'reflect_files', 'reflect_diagonal', 'reflect_antidiagonal') or a list of placements, got 'rotate_45'"}},
		{name: "forward unknown", base: "seats", edits: []edit{set("seats[3].forward", `"west"`)},
			want: []string{"seats[3].forward must be one of ('up', 'down', 'left', 'right'), got 'west'"}},
		{name: "priority unknown move class", base: "seats", edits: []edit{set("rules.priority[0].moves", `"any"`)},
			want: []string{"rules.priority[0].moves must be one of ('royal', 'capture'), got 'any'"}},

		// Seats and their armies.
		{name: "seat names twice", base: "seats", edits: []edit{set("seats[2].name", `"south"`)},
			want: []string{
				"seats[2].name 'south' is seats[0]'s name too: each seat needs its own",
				"rules.turn_order entry 'north' is not a seat's name",
				"rules.teams[0] entry 'north' is not a seat's name"}},
		{name: "two-player keys", edits: []edit{v32, set("rules.promotion.to_by_player", `{"0": ["Q"], "1": ["Q"]}`), del("rules.promotion.to"), set("setup.orientation", `"rotate"`),
			set("setup.placements[0].player", `0`), set("seats", `[{"name": "white", "army": "as_written"}, {"name": "black", "army": "rotate_180"}]`)},
			want: []string{
				"setup.mirror is not for a game with seats: each seat's army is placed by seats[].army",
				"setup.orientation is not for a game with seats: each seat's army is placed by seats[].army",
				"setup.placements[0].player is not for a game with seats: setup.placements is the written army, which seats[].army turns onto each seat",
				"rules.stalemate is for two players: with seats, rules.seat_out.stalemate says what a seat with no legal move does",
				"rules.promotion.to_by_player is for two players: with seats, every seat promotes to rules.promotion.to"}},
		{name: "rounds with seats", edits: with(twoSeats, set("rules.win", `"royal_capture"`), set("rules.simultaneous", `{}`)),
			want: []string{"rules.simultaneous is for two players: seats take turns in rules.turn_order"}},
		{name: "seats on a hex board", base: "hex", edits: []edit{v32, del("setup.orientation"), set("seats", `[{"name": "a", "army": "as_written"}, {"name": "b", "army": "rotate_180"}]`)},
			want: []string{"seats are for square lattices: a hex board has no up, down, left and right"}},
		{name: "quarter turn on an oblong board", edits: with(twoSeats, set("board.height", `6`), set("seats[1].army", `"rotate_cw"`)),
			want: []string{"seats[1].army 'rotate_cw' needs a square board: this one is 5 wide and 6 high"}},
		{name: "forward against the turn", base: "seats", edits: []edit{set("seats[1].forward", `"up"`)},
			want: []string{"seats[1].forward is 'up', but its army 'rotate_cw' turns the written army to face 'right'"}},
		{name: "written army without forward", base: "seats", edits: []edit{set("seats[3]", eastWritten), del("seats[3].forward")},
			want: []string{"seats[3].forward is required when its army is written out: say which way its pieces advance"}},
		{name: "written army undeclared and off the board", base: "seats", edits: []edit{set("seats[3]", eastWritten),
			set("seats[3].army[0].piece", `"X"`), set("seats[3].army[1].squares", `["i3"]`), set("seats[3].army[2].facing", `"left"`)},
			want: []string{
				"seats[3].army[0].piece 'X' is not a declared piece",
				"seats[3].army[1].squares entry 'i3' is not a square on this board",
				"seats[3].army[2].facing is set but 'K' has no facing"}},
		{name: "two seats on one side", base: "seats", edits: []edit{set("seats[1].army", `"as_written"`)},
			want: []string{"seats[1].army puts pieces on 8 of seats[0]'s squares, the first 'c2'"}},
		{name: "one square shared", base: "seats", edits: []edit{set("seats[3]", eastWritten), set("seats[3].army[0].squares", `["g3", "g4", "g5", "e2"]`)},
			want: []string{"seats[3].army puts a piece on 'e2', where seats[0]'s 'P' already stands"}},
		{name: "turned onto walls", base: "seats", edits: []edit{set("rules.obstacles", `{"squares": ["a5", "a6"]}`)},
			want: []string{"seats[1].army 'rotate_cw' puts pieces on walls (rules.obstacles): 'a6', 'a5'"}},
		{name: "a seat without a king", base: "seats", edits: []edit{set("seats[3]", eastWritten), del("seats[3].army[2]")},
			want: []string{"seats[3].army has no royal piece: under rules.win 'checkmate' a seat is out when its royal pieces are"}},

		// Turn order and teams.
		{name: "turn order with a stranger", base: "seats", edits: []edit{set("rules.turn_order", `["south", "west", "north", "pink"]`)},
			want: []string{"rules.turn_order entry 'pink' is not a seat's name", "rules.turn_order leaves out 'east': every seat must have a turn"}},
		{name: "teams wrong", base: "seats", edits: []edit{set("rules.teams", `[["south", "pink"], ["west", "south"]]`)},
			want: []string{
				"rules.teams[0] entry 'pink' is not a seat's name",
				"rules.teams[1] entry 'south' is in rules.teams[0] too: a seat plays for one team",
				"rules.teams leaves out 'north': the teams must share out every seat",
				"rules.teams leaves out 'east': the teams must share out every seat"}},
		{name: "teams of one", base: "seats", edits: []edit{set("rules.teams", `[["south"], ["west"], ["north"], ["east"]]`)},
			want: []string{"rules.teams puts every seat in a team of its own: leave it out for a free-for-all"}},

		// The game's end.
		{name: "team_loses without teams", base: "seats", edits: []edit{del("rules.teams")},
			want: []string{"rules.game_end.team_loses is for teams: without rules.teams every seat plays for itself"}},
		{name: "free_for_all with teams", base: "seats", edits: []edit{set("rules.game_end", `{"free_for_all": "points", "points": {}}`)},
			want: []string{
				"rules.game_end.free_for_all is for a free-for-all: with rules.teams, team_loses says when a team has lost",
				"rules.game_end.points needs free_for_all 'points': the game is not scored otherwise"}},
		{name: "points in a game by standing", base: "seats", edits: []edit{del("rules.teams"), set("rules.game_end", `{"points": {"capture": {"X": 3}}}`)},
			want: []string{
				"rules.game_end.points needs free_for_all 'points': the game is not scored otherwise",
				"rules.game_end.points.capture key 'X' is not a declared piece"}},
		{name: "seat keys without seats", edits: []edit{v32, set("rules.turn_order", `["a", "b"]`), set("rules.teams", `[["a"], ["b"]]`),
			set("rules.seat_out", `{}`), set("rules.game_end", `{}`)},
			want: []string{
				"rules.turn_order needs seats: without them the game has two players, who take turns and play alone",
				"rules.teams needs seats: without them the game has two players, who take turns and play alone",
				"rules.seat_out needs seats: without them the game has two players, who take turns and play alone",
				"rules.game_end needs seats: without them the game has two players, who take turns and play alone"}},

		// Priority and served promotion.
		{name: "priority twice", base: "seats", edits: []edit{set("rules.priority[1]", `{"when": "in_check", "moves": "royal"}`)},
			want: []string{"rules.priority[1] repeats rules.priority[0]"}},
		{name: "priority without a royal", edits: []edit{v32, set("pieces[5].royal", `false`), set("rules.win", `"annihilation"`), set("rules.priority", `[{"when": "in_check", "moves": "capture"}]`)},
			want: []string{"rules.priority[0] could never apply: no piece is royal"}},
		{name: "priority beside must_capture", edits: []edit{v32, set("rules.must_capture", `true`), set("rules.priority", `[{"when": "always", "moves": "capture"}]`)},
			want: []string{"rules.priority[0] says what rules.must_capture says: write one of them"}},
		{name: "served with no target behind", edits: []edit{v32, set("rules.promotion.served", `true`)},
			want: []string{"rules.promotion.served: the 'P' on 'e2' in setup.placements has no target behind it on its file, so it serves no piece"}},
		{name: "served on a written seat", base: "seats", edits: []edit{set("seats[3]", eastWritten), set("setup.placements[0].squares", `["c2", "e2", "f2"]`),
			set("rules.promotion.served", `true`), set("seats[3].army[0].squares", `["g3", "g5", "g6"]`), set("seats[3].army[1].squares", `["h3", "h4"]`), del("seats[3].army[2]")},
			want: []string{"seats[3].army has no royal piece: under rules.win 'checkmate' a seat is out when its royal pieces are"}},
		{name: "served on a written seat without forward", base: "seats", edits: []edit{set("seats[3]", eastWritten), del("seats[3].forward"), set("setup.placements[0].squares", `["c2", "e2", "f2"]`),
			set("rules.promotion.served", `true`)},
			want: []string{"seats[3].forward is required when its army is written out: say which way its pieces advance"}},
		{name: "served on a written seat facing left", base: "seats", edits: []edit{set("seats[3]", eastWritten), set("setup.placements[0].squares", `["c2", "e2", "f2"]`),
			set("rules.promotion.served", `true`)},
			want: []string{"rules.promotion.served: the 'P' on 'g4' in seats[3].army has no target behind it on its file, so it serves no piece"}},
	}
}()

func TestSchema32(t *testing.T) { runCases(t, schema32Cases) }
