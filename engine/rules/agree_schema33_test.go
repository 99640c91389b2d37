package rules

import "testing"

// Schema 33's keys (SCHEMA-33.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 32 with the version
// to declare. Most rows edit Alice chess or the two-board example
// (testdata/valid).

var v33 = set("schema_version", `33`)

// aliceBoards gives five by five two boards, its army on board A.
var aliceBoards = []edit{v33, set("boards", `[{"name": "A"}, {"name": "B"}]`),
	set("setup.placements", `[{"piece": "P", "squares": ["A:a2", "A:b2", "A:c2", "A:d2", "A:e2"]}, {"piece": "R", "squares": ["A:a1"]}, {"piece": "N", "squares": ["A:b1"]}, {"piece": "B", "squares": ["A:c1"]}, {"piece": "Q", "squares": ["A:d1"]}, {"piece": "K", "squares": ["A:e1"]}]`)}

// boardSeats is the four-seat example on two boards, each army written
// on board A.
var boardSeats = []edit{v33, set("boards", `[{"name": "A"}, {"name": "B"}]`),
	set("setup.placements", `[{"piece": "P", "squares": ["A:c2", "A:d2", "A:e2", "A:f2"]}, {"piece": "R", "squares": ["A:c1"]}, {"piece": "K", "squares": ["A:d1"]}, {"piece": "Q", "squares": ["A:e1"]}, {"piece": "N", "squares": ["A:f1"]}]`)}

const eastOnB = `{"name": "east", "forward": "left", "army": [{"piece": "P", "squares": ["B:g3", "B:g4", "B:g5", "B:g6"]}, {"piece": "R", "squares": ["B:h3"]}, {"piece": "K", "squares": ["B:h4"]}, {"piece": "Q", "squares": ["B:h5"]}, {"piece": "N", "squares": ["B:h6"]}]}`

var schema33Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "alice chess", base: "alice"},
		{name: "sky and sea", base: "boards"},
		{name: "five by five on two boards", edits: aliceBoards},
		{name: "squares for one board and for every board", base: "alice", edits: []edit{
			set("rules.obstacles", `{"squares": ["B:d4", "e5"]}`),
			set("rules.promotion.squares", `["A:a8", "B:h8", "c8"]`), del("rules.promotion.rank")}},
		{name: "the same square on both boards", base: "alice", edits: []edit{set("setup.placements[4].squares", `["A:d1", "B:d1"]`)}},
		{name: "four boards of 256 squares", base: "alice", edits: []edit{set("boards", `[{"name": "A"}, {"name": "B"}, {"name": "C3"}, {"name": "d"}]`)}},
		{name: "cells on one board", edits: []edit{v33, set("rules.cells", `{"squares": ["a1", "a5"]}`), set("setup.placements[1].squares", `["a1"]`), set("setup.placements[2].squares", `["a1", "b1"]`)}},
		{name: "a seat on another board", base: "seats", edits: with(boardSeats, set("seats[3]", eastOnB))},
		{name: "across defaults", base: "boards", edits: []edit{set("rules.across", `{}`), set("pieces[2].moves[0].across", `{"stay": true}`)}},
		{name: "vertical for every piece", base: "boards", edits: []edit{set("rules.vertical", `{}`)}},
		{name: "two of one seat in a cell", base: "seats", edits: with(boardSeats, set("seats[3]", eastOnB),
			set("rules.cells", `{"squares": ["B:h4"]}`), set("seats[3].army[1].squares", `["B:h3", "B:h4"]`))},

		// Version gating.
		{name: "alice under 32", base: "alice", edits: []edit{set("schema_version", `32`)},
			want: []string{`the spec uses boards, rules.transfer, added in schema 33; declare "schema_version": 33 to use it`}},
		{name: "every key under 32", base: "boards", edits: []edit{set("schema_version", `32`)},
			want: []string{`the spec uses boards, pieces.moves.across, rules.vertical, rules.across, rules.cells, added in schema 33; declare "schema_version": 33 to use it`}},

		// The shape of the keys.
		{name: "one board", base: "alice", edits: []edit{set("boards", `[{"name": "A"}]`)},
			want: []string{"boards must have 2 to 4 entries, got 1"}},
		{name: "board name too long", base: "alice", edits: []edit{set("boards[1].name", `"Looking1Glass"`)},
			want: []string{"boards[1].name must be 1 to 8 characters, got 'Looking1Glass'"}},
		{name: "rules.across none", base: "boards", edits: []edit{set("rules.across.mode", `"none"`)},
			want: []string{"rules.across.mode must be one of ('move', 'capture', 'both'), got 'none'"}},
		{name: "vertical mode unknown", base: "boards", edits: []edit{set("rules.vertical.mode", `"jump"`)},
			want: []string{"rules.vertical.mode must be one of ('move', 'capture', 'both'), got 'jump'"}},
		{name: "stay false", base: "boards", edits: []edit{set("rules.across.stay", `false`)},
			want: []string{"rules.across.stay must be true, got False: leave it out for a piece that lands across"}},
		{name: "transfer piece twice", base: "alice", edits: []edit{set("rules.transfer.pieces", `["K", "K"]`)},
			want: []string{"rules.transfer.pieces entry 'K' is listed twice"}},
		{name: "cells without squares", base: "boards", edits: []edit{set("rules.cells", `{"holds": 2}`)},
			want: []string{"rules.cells is missing required key: squares"}},

		// Boards.
		{name: "board names", base: "alice", edits: []edit{set("boards", `[{"name": "A"}, {"name": "A"}, {"name": "1st"}, {"name": "B"}]`)},
			want: []string{
				"boards[1].name 'A' is boards[0]'s name too: each board needs its own",
				"boards[2].name '1st' must be letters and digits, starting with a letter: a square names it as in '1st:a1'"}},
		{name: "boards on a hex board", base: "hex", edits: []edit{v33, set("boards", `[{"name": "A"}, {"name": "B"}]`),
			set("setup.placements[0].squares", `["A:c2", "A:d2", "A:e2", "A:f2", "A:g2"]`), set("setup.placements[1].squares", `["A:d1"]`),
			set("setup.placements[2].squares", `["A:e1"]`), set("setup.placements[3].squares", `["A:f1"]`), set("setup.placements[4].squares", `["A:g1"]`)},
			want: []string{"boards are for square lattices: a hex game is played on one board"}},
		{name: "more than 256 squares", base: "alice", edits: []edit{set("board", `{"width": 10, "height": 10}`), set("boards", `[{"name": "A"}, {"name": "B"}, {"name": "C"}]`)},
			want: []string{"boards: 3 boards of 10 by 10 are 300 squares, at most 256"}},

		// Squares naming their board.
		{name: "a board no board has", base: "alice", edits: []edit{set("rules.obstacles", `{"squares": ["C:e4", "B:e9", "e4"]}`)},
			want: []string{
				"rules.obstacles.squares entry 'C:e4' names no board: the boards are 'A', 'B'",
				"rules.obstacles.squares entry 'B:e9' is not a square on this board"}},
		{name: "a board in a game of one", edits: []edit{v33, set("rules.obstacles", `{"squares": ["A:c3"]}`), set("rules.cells", `{"squares": ["b3", "A:a1"]}`)},
			want: []string{
				"rules.obstacles.squares entry 'A:c3' names a board, but the game has one board",
				"rules.cells.squares entry 'A:a1' names a board, but the game has one board"}},
		{name: "a colon before schema 33", edits: []edit{set("rules.obstacles", `{"squares": ["A:c3"]}`)},
			want: []string{"rules.obstacles.squares entry 'A:c3' is not a square on this board"}},
		{name: "a mirror onto a wall of one board", base: "alice", edits: []edit{set("rules.obstacles", `{"squares": ["B:d7", "A:e6"]}`), set("setup.placements[1].squares", `["A:a1", "A:h1", "B:d2", "B:e3"]`)},
			want: []string{"setup.placements[1].squares entry 'B:d2' mirrors to 'B:d7', which is a wall (rules.obstacles)"}},
		{name: "setup without its board", base: "alice", edits: []edit{set("setup.placements[4].squares", `["d1"]`)},
			want: []string{"setup.placements[4].squares entry 'd1' needs its board: write it as 'A:d1'"}},
		{name: "seat army without its board", base: "seats", edits: with(boardSeats, set("seats[3]", eastOnB), set("seats[3].army[2].squares", `["h4"]`)),
			want: []string{"seats[3].army[2].squares entry 'h4' needs its board: write it as 'A:h4'"}},
		{name: "a wall on one board", base: "alice", edits: []edit{set("rules.obstacles", `{"squares": ["A:e4", "B:d4"]}`), set("setup.placements[3].squares", `["A:c1", "A:e4", "B:e4"]`)},
			want: []string{"setup.placements[3].squares entry 'A:e4' is a wall (rules.obstacles)"}},
		{name: "one square twice on one board", base: "alice", edits: []edit{set("setup.placements[3].squares", `["A:c1", "A:d1", "B:f1"]`)},
			want: []string{"setup.placements[4].squares entry 'A:d1' already holds a piece from setup.placements[3]"}},
		{name: "seats on one square of one board", base: "seats", edits: with(boardSeats, set("seats[3]", eastOnB), set("seats[3].army[0].squares", `["A:c2", "B:g4", "B:g5", "B:g6"]`)),
			want: []string{"seats[3].army puts a piece on 'A:c2', where seats[0]'s 'P' already stands"}},

		// Across, vertical, transfer.
		{name: "across, vertical and transfer without boards", edits: []edit{v33,
			set("pieces[1].moves[0].across", `{}`), set("rules.across", `{"mode": "both"}`), set("rules.vertical", `{}`), set("rules.transfer", `{}`)},
			want: []string{
				"rules.across needs boards: the game has one board",
				"pieces[1].moves[0].across needs boards: the game has one board",
				"rules.vertical needs boards: the game has one board",
				"rules.transfer needs boards: the game has one board"}},
		{name: "stay without capture", base: "boards", edits: []edit{set("pieces[2].moves[0].across.stay", `true`), set("pieces[0].moves[0].across.stay", `true`)},
			want: []string{
				"pieces[0].moves[0].across.stay needs mode 'capture': a piece that stays home moves nowhere",
				"pieces[2].moves[0].across.stay needs mode 'capture': a piece that stays home moves nowhere"}},
		{name: "a sweep across", base: "boards", edits: []edit{set("pieces[2].moves[0].kind", `"sweep"`)},
			want: []string{"pieces[2].moves[0].across is not for a sweep: a sweep's passing captures are for one board"}},
		{name: "vertical pieces undeclared", base: "boards", edits: []edit{set("rules.vertical.pieces", `["K", "X"]`)},
			want: []string{"rules.vertical.pieces entry 'X' is not a declared piece"}},
		{name: "transfer pieces undeclared", base: "alice", edits: []edit{set("rules.transfer.pieces", `["Z"]`)},
			want: []string{"rules.transfer.pieces entry 'Z' is not a declared piece"}},
		{name: "transfer beside other ways across", base: "boards", edits: []edit{set("rules.transfer", `{}`)},
			want: []string{
				"rules.transfer is not for a game with rules.vertical: a piece changes boards one way at a time",
				"rules.transfer is not for a game with rules.across: a piece changes boards one way at a time",
				"rules.transfer is not for a game with pieces[2].moves[0].across: a piece changes boards one way at a time"}},
		{name: "transfer beside drops", base: "alice", edits: []edit{set("rules.drops", `{"from_captures": true}`)},
			want: []string{"rules.transfer is not for a game with rules.drops: a piece passes to the next board after a move on the board, and a drop is none"}},

		// Cells.
		{name: "cells hold two", base: "boards", edits: []edit{set("rules.cells.holds", `3`)},
			want: []string{"rules.cells.holds must be 2"}},
		{name: "cells off the board and on a wall", base: "boards", edits: []edit{set("rules.obstacles", `{"squares": ["sea:c3"]}`), set("rules.cells.squares", `["a7", "sea:c3", "sky:c3", "moon:a1", "a1", "a6"]`)},
			want: []string{
				"rules.cells.squares entry 'a7' is not a square on this board",
				"rules.cells.squares entry 'sea:c3' is a wall (rules.obstacles)",
				"rules.cells.squares entry 'moon:a1' names no board: the boards are 'sky', 'sea'"}},
		{name: "a third piece in a cell", base: "boards", edits: []edit{set("setup.placements[3].squares", `["sky:a1", "sea:e1"]`)},
			want: []string{"setup.placements[3].squares entry 'sky:a1' already holds a piece from setup.placements[1]"}},
		{name: "two armies in a cell", edits: []edit{v33, set("setup.mirror", `false`), set("rules.cells", `{"squares": ["c3"]}`),
			set("setup.placements", `[{"piece": "K", "squares": ["a1"]}, {"piece": "K", "player": 1, "squares": ["a5"]}, {"piece": "Q", "squares": ["c3"]}, {"piece": "Q", "player": 1, "squares": ["c3"]}]`)},
			want: []string{"setup.placements[3].squares entry 'c3' already holds a piece from setup.placements[2]"}},
	}
}()

func TestSchema33(t *testing.T) { runCases(t, schema33Cases) }
