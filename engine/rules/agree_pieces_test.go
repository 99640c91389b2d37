package rules

import "testing"

// Agreement tests: each family has files it accepts and one mistake per
// agreement rule it refuses, with the exact lines. The "five" base is the
// reference's first worked example: pieces P N B R Q K (0 to 5), placements
// P a2-e2, R a1, N b1, B c1, Q d1, K e1 (0 to 5), mirrored, rank 3 empty.

var agreeBoardCases = func() []agreeCase {
	return []agreeCase{
		{name: "hexagon accepted", base: "hex"},
		{name: "hexagon on squares", edits: []edit{set("board.shape", `"hexagon"`)},
			want: []string{"board.shape 'hexagon' requires board.lattice 'hex': a regular hexagon is cut from a hex rhombus"}},
		{name: "hexagon of even side", base: "hex", edits: []edit{set("board.width", `8`), set("board.height", `8`)},
			want: []string{"board.shape 'hexagon' requires an odd board.width equal to board.height, got 8 by 8"}},
		{name: "hexagon not square", base: "hex", edits: []edit{set("board.height", `9`)},
			want: []string{"board.shape 'hexagon' requires an odd board.width equal to board.height, got 7 by 9"}},
		{name: "hexagon corner is no square", base: "hex", edits: []edit{set("setup.placements[1].squares", `["a1"]`)},
			want: []string{"setup.placements[1].squares entry 'a1' is not a square on this board"}},
		{name: "hex rhombus keeps its corners", base: "hex", edits: []edit{del("board.shape"), set("setup.placements[1].squares", `["a1"]`)}},
	}
}()

func TestAgreeBoard(t *testing.T) { runCases(t, agreeBoardCases) }

var agreeMovesCases = func() []agreeCase {
	return []agreeCase{
		{name: "double step, cannon, grasshopper and sweep accepted", edits: []edit{
			set("pieces[0].moves[2]", `{"kind": "slide", "vectors": [[0, 1]], "range": 2, "min_range": 2, "mode": "move", "condition": {"from_rank": 1, "first_move": true, "region": ["a2", "b2", "c2", "d2", "e2"]}}`),
			set("pieces[3].moves[1]", `{"kind": "hop", "vectors": [[1, 0]], "symmetry": "rotate4", "mode": "capture", "screen": "enemy"}`),
			set("pieces[4].moves[1]", `{"kind": "hop", "vectors": [[1, 1]], "symmetry": "rotate4", "screen_range": 1, "mode": "move"}`),
			set("pieces[2].moves[1]", `{"kind": "sweep", "vectors": [[0, 1]], "range": 3}`),
			set("pieces[1].moves[1]", `{"kind": "lame", "vectors": [[1, 2]], "symmetry": "dihedral8"}`),
		}},
		{name: "hex symmetry on squares", edits: []edit{set("pieces[3].moves[0].symmetry", `"rotate6"`)},
			want: []string{"pieces[3].moves[0].symmetry 'rotate6' is for a hex lattice; this board is square"}},
		{name: "square symmetry on hex", base: "hex", edits: []edit{set("pieces[1].moves[0].symmetry", `"rotate4"`)},
			want: []string{"pieces[1].moves[0].symmetry 'rotate4' is for a square lattice; this board is hex"}},
		{name: "hex symmetries on hex", base: "hex", edits: []edit{set("pieces[1].moves[0].symmetry", `"dihedral12"`)}},
		{name: "zero step", edits: []edit{set("pieces[1].moves[0].vectors", `[[1, 2], [0, 0]]`)},
			want: []string{"pieces[1].moves[0].vectors[1] [0, 0] goes nowhere"}},
		{name: "lame one step", edits: []edit{set("pieces[1].moves[0].kind", `"lame"`), set("pieces[1].moves[0].vectors", `[[1, 2], [1, 1]]`)},
			want: []string{"pieces[1].moves[0].vectors[1] [1, 1] is one step: a lame leap needs a square to be blocked on, so use a leap or a slide with range 1"}},
		{name: "lame one step on hex", base: "hex", edits: []edit{set("pieces[3].moves[0].kind", `"lame"`), set("pieces[3].moves[0].vectors", `[[1, -1]]`)},
			want: []string{"pieces[3].moves[0].vectors[0] [1, -1] is one step: a lame leap needs a square to be blocked on, so use a leap or a slide with range 1"}},
		{name: "range on a leap", edits: []edit{set("pieces[1].moves[0].range", `2`)},
			want: []string{"pieces[1].moves[0].range is not for a leap: it is one jump per vector, so list more vectors to reach further"}},
		{name: "min_range on a lame leap", edits: []edit{set("pieces[1].moves[0].kind", `"lame"`), set("pieces[1].moves[0].min_range", `1`)},
			want: []string{"pieces[1].moves[0].min_range is not for a lame leap: it is one jump per vector"}},
		{name: "min_range beyond range", edits: []edit{set("pieces[3].moves[0].range", `2`), set("pieces[3].moves[0].min_range", `3`)},
			want: []string{"pieces[3].moves[0].min_range 3 is more than its range 2, so the move could never be made"}},
		{name: "hop of range 1", edits: []edit{set("pieces[3].moves[0].kind", `"hop"`), set("pieces[3].moves[0].range", `1`)},
			want: []string{"pieces[3].moves[0].range 1 leaves a hop no square beyond its screen: a hop travels at least 2"}},
		{name: "screen on a slide", edits: []edit{set("pieces[3].moves[0].screen", `"own"`)},
			want: []string{"pieces[3].moves[0].screen is only for hops, not a slide"}},
		{name: "screen_range on a leap", edits: []edit{set("pieces[1].moves[0].screen_range", `1`)},
			want: []string{"pieces[1].moves[0].screen_range is only for hops, not a leap"}},
		{name: "leap past every edge", edits: []edit{set("pieces[1].moves[0].vectors", `[[1, 2], [1, 5]]`)},
			want: []string{"pieces[1].moves[0].vectors[1] [1, 5] can never be made on this board: it reaches past every edge"}},
		{name: "long minimum slide", edits: []edit{set("pieces[3].moves[0].min_range", `3`), set("pieces[3].moves[0].vectors", `[[2, 0]]`)},
			want: []string{"pieces[3].moves[0].vectors[0] [2, 0] can never be made on this board: it reaches past every edge"}},
		{name: "a wrapping board fits any step", edits: []edit{set("pieces[1].moves[0].vectors", `[[1, 2], [1, 5]]`), set("rules.wrap", `{"files": "both", "ranks": "both"}`)}},
		{name: "from_rank off the board", edits: []edit{set("pieces[0].moves[0].condition", `{"from_rank": 5}`)},
			want: []string{"pieces[0].moves[0].condition.from_rank 5 is not a rank on this board (0 to 4, from the mover's back rank)"}},
		{name: "condition region off the board", edits: []edit{set("pieces[0].moves[0].condition", `{"region": ["a2", "a9"]}`)},
			want: []string{"pieces[0].moves[0].condition.region entry 'a9' is not a square on this board"}},
		{name: "capture move of a piece that captures nothing", edits: []edit{set("pieces[0].captures", `[]`)},
			want: []string{"pieces[0].moves[1] could never be made: its mode is 'capture' and pieces[0].captures is empty"}},
	}
}()

func TestAgreeMoves(t *testing.T) { runCases(t, agreeMovesCases) }

var agreePiecesCases = func() []agreeCase {
	return []agreeCase{
		{name: "captures, promoted_from and a region accepted", edits: []edit{
			set("pieces[1].captures", `["P", "N"]`),
			set("pieces[4].promoted_from", `"P"`),
			set("pieces[3].region", `["a1", "a2", "a3", "a4", "a5"]`),
		}},
		{name: "id twice", edits: []edit{set("pieces[4].id", `"R"`)},
			want: []string{
				"pieces[4].id 'R' is already the id of pieces[3]: every piece needs its own id",
				"setup.placements[4].piece 'Q' is not a declared piece",
				"rules.promotion.to entry 'Q' is not a declared piece",
			}},
		{name: "no moves", edits: []edit{set("pieces[1].moves", `[]`)},
			want: []string{"pieces[1].moves is empty: only a piece that starts in a player's hand (rules.drops.stock) or a portal nobody moves may have no moves"}},
		{name: "no moves, stocked", edits: []edit{set("pieces[1].moves", `[]`), set("rules.drops", `{"stock": {"N": 1}}`)}},
		{name: "region off the board", edits: []edit{set("pieces[3].region", `["a1", "f1"]`)},
			want: []string{"pieces[3].region entry 'f1' is not a square on this board"}},
		{name: "placed outside its region", edits: []edit{set("pieces[5].region", `["d1", "d2"]`)},
			want: []string{"setup.placements[5].squares entry 'e1' is outside pieces[5].region, the only squares 'K' may occupy"}},
		{name: "promoted_from undeclared", edits: []edit{set("pieces[4].promoted_from", `"X"`)},
			want: []string{"pieces[4].promoted_from 'X' is not a declared piece"}},
		{name: "promoted_from itself", edits: []edit{set("pieces[4].promoted_from", `"Q"`)},
			want: []string{"pieces[4].promoted_from 'Q' is the piece itself"}},
		{name: "captures undeclared", edits: []edit{set("pieces[1].captures", `["P", "X"]`)},
			want: []string{"pieces[1].captures entry 'X' is not a declared piece"}},
		{name: "beats undeclared", base: "rounds", edits: []edit{set("pieces[1].beats", `["X"]`)},
			want: []string{"pieces[1].beats entry 'X' is not a declared piece"}},
	}
}()

func TestAgreePieces(t *testing.T) { runCases(t, agreePiecesCases) }

var agreeFacingCases = func() []agreeCase {
	return []agreeCase{
		{name: "pawn with a facing accepted", edits: []edit{set("pieces[0].facing", `{"axes": 4, "initial": "right"}`)}},
		{name: "fixed facing pointed a second way accepted", edits: []edit{
			set("pieces[0].facing", `{"axes": 2, "turns": false}`),
			set("setup.placements[0].squares", `["a2", "b2", "c2", "d2"]`),
			set("setup.placements[6]", `{"piece": "P", "squares": ["e2"], "facing": "backward"}`),
		}},
		{name: "rook reads the same turned", edits: []edit{set("pieces[3].facing", `{"axes": 2}`)},
			want: []string{"pieces[3].facing would change nothing: its moves read the same whichever way it points, so turning would be a move that does nothing"}},
		{name: "rook reads the same quarter-turned", edits: []edit{set("pieces[3].facing", `{"axes": 4}`)},
			want: []string{"pieces[3].facing would change nothing: its moves read the same whichever way it points, so turning would be a move that does nothing"}},
		{name: "sideways rook changes when quarter-turned", edits: []edit{
			set("pieces[3].moves[0]", `{"kind": "slide", "vectors": [[1, 0], [-1, 0]]}`), set("pieces[3].facing", `{"axes": 4}`)}},
		{name: "royal", edits: []edit{set("pieces[5].moves[0].symmetry", `"none"`), set("pieces[5].facing", `{"axes": 2}`)},
			want: []string{"pieces[5].facing is not for a royal piece"}},
		{name: "two axes pointing right", edits: []edit{set("pieces[0].facing", `{"axes": 2, "initial": "right"}`)},
			want: []string{"pieces[0].facing.initial 'right' is not a way a piece with 2 axes can point: it has only 'forward' and 'backward'"}},
		{name: "quarter turns on hex", base: "hex", edits: []edit{set("pieces[0].facing", `{"axes": 4}`)},
			want: []string{"pieces[0].facing.axes 4 needs a square lattice: a hex lattice has no quarter turns"}},
		{name: "half turns on hex", base: "hex", edits: []edit{set("pieces[0].facing", `{"axes": 2}`)}},
		{name: "fixed facing never pointed a second way", edits: []edit{set("pieces[0].facing", `{"axes": 2, "turns": false}`)},
			want: []string{"pieces[0].facing.turns is false but no placement points 'P' other than 'forward', so the facing would change nothing"}},
		{name: "placement facing without a facing", edits: []edit{set("setup.placements[0].facing", `"backward"`)},
			want: []string{"setup.placements[0].facing is set but 'P' has no facing"}},
		{name: "placement facing right on two axes", edits: []edit{set("pieces[0].facing", `{"axes": 2}`), set("setup.placements[0].facing", `"left"`)},
			want: []string{"setup.placements[0].facing 'left' is not a way 'P' can point: it has 2 axes, forward and backward"}},
	}
}()

func TestAgreeFacing(t *testing.T) { runCases(t, agreeFacingCases) }

var agreeSetupCases = func() []agreeCase {
	return []agreeCase{
		{name: "unmirrored setup accepted", edits: []edit{
			set("setup.mirror", `false`),
			set("setup.placements[6]", `{"piece": "K", "player": 1, "squares": ["a5"]}`),
			set("setup.placements[7]", `{"piece": "P", "player": 1, "squares": ["a4", "b4"]}`),
		}},
		{name: "undeclared piece", edits: []edit{set("setup.placements[1].piece", `"X"`)},
			want: []string{"setup.placements[1].piece 'X' is not a declared piece"}},
		{name: "on a wall", edits: []edit{set("rules.obstacles", `{"squares": ["a1"]}`)},
			want: []string{"setup.placements[1].squares entry 'a1' is a wall (rules.obstacles)"}},
		{name: "second player under mirror", edits: []edit{set("setup.placements[1].player", `1`)},
			want: []string{"setup.placements[1].player is 1 but setup.mirror is on: write only the first player's army and leave player out"}},
		{name: "square twice", edits: []edit{set("setup.placements[1].squares", `["a1", "b1"]`)},
			want: []string{"setup.placements[2].squares entry 'b1' already holds a piece from setup.placements[1]"}},
		{name: "on the middle rank under mirror", edits: []edit{set("setup.placements[0].squares", `["a2", "b2", "c3", "d2", "e2"]`)},
			want: []string{"setup.placements[0].squares entry 'c3' is its own mirror image, so both players would stand on it"}},
		{name: "mirrored on a hexagon", base: "hex", edits: []edit{set("setup.orientation", `"mirror"`)}},
		{name: "mirrored clash on a hexagon", base: "hex", edits: []edit{set("setup.orientation", `"mirror"`), set("setup.placements[1].squares", `["b4"]`)},
			want: []string{"setup.placements[1].squares entry 'b4' is its own mirror image, so both players would stand on it"}},
		{name: "mirror on a hex rhombus", base: "hex", edits: []edit{set("setup.orientation", `"mirror"`), del("board.shape")},
			want: []string{"setup.orientation 'mirror' cannot be played on a hex rhombus: the hex lattice mirrors about the middle rank with the files slanting the other way, which takes the rhombus off itself; use orientation 'rotate', or board.shape 'hexagon'"}},
	}
}()

func TestAgreeSetup(t *testing.T) { runCases(t, agreeSetupCases) }
