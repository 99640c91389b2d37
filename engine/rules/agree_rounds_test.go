package rules

import "testing"

// rockPaperScissors turns the "rounds" base into two armies of different
// kinds where every meeting has exactly one winner: A and B beat C and D,
// which beat nothing in a collision though C may still capture A.
var rockPaperScissors = []edit{
	set("pieces", `[
		{"id": "A", "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}], "captures": ["C", "D"]},
		{"id": "B", "moves": [{"kind": "leap", "vectors": [[1, 0]], "symmetry": "rotate4"}], "captures": ["C", "D"]},
		{"id": "C", "moves": [{"kind": "leap", "vectors": [[1, 1]], "symmetry": "rotate4"}], "captures": ["A"], "beats": []},
		{"id": "D", "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}], "beats": []}
	]`),
	set("setup", `{"mirror": false, "placements": [
		{"piece": "A", "squares": ["a1", "c1"]}, {"piece": "B", "squares": ["e1"]},
		{"piece": "C", "player": 1, "squares": ["a5", "c5"]}, {"piece": "D", "player": 1, "squares": ["e5"]}
	]}`),
	set("rules.win", `"annihilation"`),
	del("rules.promotion"),
}

var agreeSimultaneousCases = func() []agreeCase {
	with := func(extra ...edit) []edit { return append(append([]edit{}, rockPaperScissors...), extra...) }
	return []agreeCase{
		{name: "rounds accepted", base: "rounds"},
		{name: "switches accepted", base: "rounds", edits: []edit{
			set("rules.simultaneous", `{"tie": "initiative", "swap": "collision", "both": "score"}`), set("rules.scoring", `{}`)}},
		{name: "impossible tie kept", base: "rounds", edits: with(set("rules.simultaneous", `{"tie": "impossible", "swap": "collision"}`))},
		{name: "checkmate in rounds", base: "rounds", edits: []edit{set("rules.win", `"checkmate"`)},
			want: []string{"rules.simultaneous requires rules.win 'royal_capture', 'annihilation' or 'none': there is no check in a game played in rounds, got 'checkmate'"}},
		{name: "royal capture with no royal", base: "rounds", edits: []edit{del("pieces[5].royal")},
			want: []string{"rules.win 'royal_capture' could never happen: no army has a royal piece; use 'annihilation' or 'none'"}},
		{name: "beside castling and en passant", base: "rounds", edits: []edit{set("rules.castling", `{"king": "K", "rook": "R"}`), set("rules.en_passant", `true`),
			set("pieces[0].moves[0].range", `2`)},
			want: []string{"rules.simultaneous cannot be used with rules.castling", "rules.simultaneous cannot be used with rules.en_passant"}},
		{name: "beside a sweep", base: "rounds", edits: []edit{set("pieces[3].moves[0].kind", `"sweep"`)},
			want: []string{"rules.simultaneous cannot be used with a sweep (pieces[3].moves[0])"}},
		{name: "beside check rules", base: "rounds", edits: []edit{set("rules.forbid_check", `true`), set("rules.royal_facing", `"forbidden"`)},
			want: []string{
				"rules.simultaneous cannot be used with rules.forbid_check: there is no check in a game played in rounds",
				"rules.simultaneous cannot be used with rules.royal_facing 'forbidden': there is no check in a game played in rounds",
			}},
		{name: "beside check_limit", base: "rounds", edits: []edit{set("rules.check_limit", `3`)},
			want: []string{"rules.simultaneous cannot be used with rules.check_limit: there is no check in a game played in rounds"}},
		{name: "beside long turns", base: "rounds", edits: []edit{set("rules.turn", `{"moves": 1, "ramp": [2]}`)},
			want: []string{"rules.simultaneous cannot be used with a turn of more than one move (rules.turn)"}},
		{name: "beside moved portals", base: "rounds", edits: []edit{
			set("pieces[6]", `{"id": "O", "value": 0, "moves": [{"kind": "leap", "vectors": [[1, 0]], "symmetry": "rotate4", "mode": "move"}]}`),
			set("rules.portals", `[{"piece": "O", "orange": "b3", "blue": "d3", "moved_by": {"orange": [0]}}]`)},
			want: []string{"rules.simultaneous cannot be used with a portal a player moves (rules.portals[0].moved_by)"}},
		{name: "beside still portals", base: "rounds", edits: []edit{
			set("pieces[6]", `{"id": "O", "value": 0, "moves": []}`), set("rules.portals", `[{"piece": "O", "orange": "b3", "blue": "d3"}]`)}},
		{name: "beside strike positions", base: "rounds", edits: []edit{set("rules.strike", `{"position": "stay", "immune": ["K"]}`)},
			want: []string{"rules.simultaneous cannot be used with rules.strike.position 'stay'"}},
		{name: "beside choosing", base: "rounds", edits: []edit{
			set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "P"}], "position": "choose", "landing": {"vectors": [[0, 1]]}, "immune": ["K"]}`),
			set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "onto_to": "P"}], "position": "choose", "landing": {"vectors": [[0, 1]]}, "immune": ["K"]}`)},
			want: []string{"rules.simultaneous cannot be used with rules.strike.position 'choose'", "rules.simultaneous cannot be used with rules.contacts.position 'choose'"}},
		{name: "beside no_mate", base: "rounds", edits: []edit{set("rules.drops", `{"no_mate": ["P"]}`)},
			want: []string{
				"rules.simultaneous cannot be used with rules.drops.no_mate",
				"rules.drops.no_mate could never apply: rules.win is 'royal_capture', so there is no checkmate",
			}},
		{name: "both score without scoring", base: "rounds", edits: []edit{set("rules.simultaneous.both", `"score"`)},
			want: []string{"rules.simultaneous.both 'score' requires rules.scoring: a shared ending goes to the player ahead under it"}},
		{name: "impossible tie broken", base: "rounds", edits: []edit{set("rules.simultaneous.tie", `"impossible"`)},
			want: []string{"rules.simultaneous.tie 'impossible' is not kept: 'P' of the first player and 'P' of the second can collide and tie"}},
		{name: "swap with no piece taking back", base: "rounds", edits: with(set("pieces[2].captures", `[]`), set("pieces[3].captures", `[]`), del("pieces[2].beats"), del("pieces[3].beats"), set("rules.simultaneous", `{"swap": "collision"}`)),
			want: []string{"rules.simultaneous.swap 'collision' could never apply: no piece of one player can take a piece of the other that can take it back"}},
	}
}()

func TestAgreeSimultaneous(t *testing.T) { runCases(t, agreeSimultaneousCases) }

var agreeRoundsCases = func() []agreeCase {
	noSpyPromotion := set("rules.promotion.to", `["Q", "R", "B"]`)
	return []agreeCase{
		{name: "rest in any game accepted", edits: []edit{set("pieces[1].rest", `2`), set("pieces[4].rest", `1`)}},
		{name: "speeds accepted", base: "rounds", edits: []edit{set("pieces[1].speed", `1`), set("pieces[4].speed", `2`)}},
		{name: "beats accepted", base: "rounds", edits: []edit{set("pieces[1].beats", `["P", "B"]`), set("pieces[0].beats", `[]`)}},
		{name: "spies accepted", base: "rounds", edits: []edit{set("pieces[1].spy", `true`), noSpyPromotion}},
		{name: "beats written as captures", base: "rounds", edits: []edit{set("pieces[1].captures", `["P", "B"]`), set("pieces[1].beats", `["B", "P"]`)},
			want: []string{"pieces[1].beats repeats its default, the piece's captures: leave it out"}},
		{name: "beats written as every piece", base: "rounds", edits: []edit{set("pieces[1].beats", `["P", "N", "B", "R", "Q", "K"]`)},
			want: []string{"pieces[1].beats repeats its default, every piece: leave it out"}},
		{name: "beats outside rounds", edits: []edit{set("pieces[1].beats", `["P"]`)},
			want: []string{"pieces[1].beats requires rules.simultaneous: it decides collisions, which happen only in a game played in rounds"}},
		{name: "speed outside rounds", edits: []edit{set("pieces[1].speed", `1`)},
			want: []string{"pieces[1].speed requires rules.simultaneous: it orders the two moves of a round"}},
		{name: "speed on a wild piece", base: "rounds", edits: []edit{set("pieces[1].speed", `1`), set("rules.npcs", `[{"piece": "N", "route": ["a3"]}]`)},
			want: []string{"pieces[1].speed is not for a wild piece (rules.npcs[0])"}},
		{name: "rest on a portal", base: "portals", edits: []edit{set("pieces[6].rest", `1`)},
			want: []string{"pieces[6].rest is not for a portal piece (rules.portals[0])"}},
		{name: "rest beside long turns", edits: []edit{set("pieces[1].rest", `1`), set("rules.turn", `{"moves": 2}`)},
			want: []string{"pieces[1].rest cannot be used with a turn of more than one move (rules.turn)"}},
		{name: "speeds skipping one", base: "rounds", edits: []edit{set("pieces[1].speed", `2`)},
			want: []string{"the speeds in use skip 1: they must be 0, 1, 2, ... with none skipped (0 for every piece that names none), got [0, 2]"}},
		{name: "speeds never differing", base: "rounds", edits: []edit{
			set("pieces[6]", `{"id": "A", "speed": 1, "moves": [{"kind": "leap", "vectors": [[1, 2]], "symmetry": "dihedral8"}]}`)},
			want: []string{"the speeds never differ between the players: some piece of one player must differ in speed from some piece of the other"}},
		{name: "spy outside rounds", edits: []edit{set("pieces[1].spy", `true`), noSpyPromotion},
			want: []string{"pieces[1].spy requires rules.simultaneous: a spy game is played in rounds once a spy is lost"}},
		{name: "royal spy", base: "rounds", edits: []edit{set("pieces[5].spy", `true`)},
			want: []string{"pieces[5].spy may not be on a royal piece"}},
		{name: "one player without a spy", base: "rounds", edits: []edit{set("pieces[1].spy", `true`), noSpyPromotion,
			set("setup.mirror", `false`), set("setup.placements[6]", `{"piece": "K", "player": 1, "squares": ["e5"]}`)},
			want: []string{"setup gives the second player no spy ('N'): in a spy game both players start with a spy on the board"}},
		{name: "promotion to a spy", base: "rounds", edits: []edit{set("pieces[1].spy", `true`)},
			want: []string{"rules.promotion.to promotes to the spy 'N': nothing may bring a spy back"}},
		{name: "spy in a hand", base: "rounds", edits: []edit{set("pieces[1].spy", `true`), noSpyPromotion, set("rules.drops", `{"stock": {"N": 1}}`)},
			want: []string{
				"rules.drops.stock holds the spy 'N': nothing may bring a spy back",
				"rules.drops.from_captures cannot be used in a spy game, since a captured spy would go to a hand: nothing may bring a spy back",
			}},
		{name: "spy changing sides", base: "rounds", edits: []edit{set("pieces[1].spy", `true`), noSpyPromotion,
			set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "N"}], "position": "swap", "switches_sides": ["B"], "immune": ["K"]}`)},
			want: []string{
				"rules.strike.switches_sides cannot be used in a spy game, since a spy that changes sides is one more spy: nothing may bring a spy back",
				"rules.strike.chain[0].to turns a struck piece into the spy 'N': nothing may bring a spy back",
			}},
		{name: "contact making a spy", base: "rounds", edits: []edit{set("pieces[1].spy", `true`), noSpyPromotion,
			set("rules.contacts", `{"links": [{"mover": "B", "onto": "R", "mover_to": "N"}], "immune": ["K"]}`)},
			want: []string{"rules.contacts.links[0] turns a piece into the spy 'N': nothing may bring a spy back"}},
		{name: "spy nobody can take", base: "rounds", edits: []edit{set("pieces[1].spy", `true`), noSpyPromotion,
			set("pieces[0].captures", `["P", "B", "R", "Q", "K"]`), set("pieces[2].captures", `["P", "B", "R", "Q", "K"]`),
			set("pieces[3].captures", `["P", "B", "R", "Q", "K"]`), set("pieces[4].captures", `["P", "B", "R", "Q", "K"]`),
			set("pieces[5].captures", `["P", "B", "R", "Q", "K"]`), set("pieces[1].captures", `["P", "B", "R", "Q", "K"]`)},
			want: []string{"pieces[1].spy could never be lost: nothing the second player can have may capture 'N'"}},
	}
}()

func TestAgreeRounds(t *testing.T) { runCases(t, agreeRoundsCases) }
