package rules

import "testing"

var agreeWrapCases = func() []agreeCase {
	return []agreeCase{
		{name: "torus accepted", edits: []edit{set("rules.wrap", `{"files": "both", "ranks": "both"}`)}},
		{name: "per player accepted", edits: []edit{set("rules.wrap", `{"files_by_player": {"0": "left", "1": "none"}}`)}},
		{name: "hexagon sides accepted", base: "hex", edits: []edit{set("rules.wrap", `{"n_s": "both", "ne_sw_by_player": {"0": "ne", "1": "sw"}, "nw_se": "none"}`)}},
		{name: "files twice", edits: []edit{set("rules.wrap", `{"files": "both", "files_by_player": {"0": "left", "1": "right"}}`)},
			want: []string{"rules.wrap gives both files and files_by_player: files_by_player is instead of files"}},
		{name: "files on a hexagon", base: "hex", edits: []edit{set("rules.wrap", `{"files": "both"}`)},
			want: []string{"rules.wrap.files is not for a hexagon: its sides are joined by n_s, ne_sw and nw_se"}},
		{name: "hexagon sides on squares", edits: []edit{set("rules.wrap", `{"ranks": "top", "nw_se_by_player": {"0": "nw", "1": "se"}}`)},
			want: []string{"rules.wrap.nw_se_by_player is only for a hexagon (board.shape 'hexagon')"}},
		{name: "nothing joined", edits: []edit{set("rules.wrap", `{"files": "none", "ranks_by_player": {"0": "none", "1": "none"}}`)},
			want: []string{"rules.wrap joins no edges: every value is 'none'; leave the rule out"}},
	}
}()

func TestAgreeWrap(t *testing.T) { runCases(t, agreeWrapCases) }

var agreeNPCsCases = func() []agreeCase {
	route := `["a3", "b3", "c3", "d3", "e3"]`
	return []agreeCase{
		{name: "wild piece accepted", edits: []edit{set("rules.npcs", `[{"piece": "N", "route": `+route+`, "also_at": ["c3", "e3"], "bounty": 2, "immune": ["Q"]}]`),
			set("rules.scoring", `{"count": "points"}`)}},
		{name: "mirrored route accepted", edits: []edit{set("board.height", `6`), set("rules.npcs", `[{"piece": "B", "route": ["a3", "b3"], "mirror": true}]`)}},
		{name: "undeclared", edits: []edit{set("rules.npcs", `[{"piece": "X", "route": ["a3"]}]`)},
			want: []string{"rules.npcs[0].piece 'X' is not a declared piece"}},
		{name: "royal", edits: []edit{set("rules.npcs", `[{"piece": "K", "route": ["a3"]}]`)},
			want: []string{"rules.npcs[0].piece 'K' is royal: a wild piece must be a non-royal piece"}},
		{name: "route off the board", edits: []edit{set("rules.npcs", `[{"piece": "N", "route": ["a3", "f3"]}]`)},
			want: []string{"rules.npcs[0].route entry 'f3' is not a square on this board"}},
		{name: "route through a wall", edits: []edit{set("rules.obstacles", `{"squares": ["b3"]}`), set("rules.npcs", `[{"piece": "N", "route": ["a3", "b3"]}]`)},
			want: []string{"rules.npcs[0].route entry 'b3' is a wall (rules.obstacles)"}},
		{name: "route starting on a piece", edits: []edit{set("rules.npcs", `[{"piece": "N", "route": ["a2", "a3"]}]`)},
			want: []string{"rules.npcs[0].route starts on 'a2', where setup.placements[0] puts a piece"}},
		{name: "routes sharing a square", edits: []edit{set("rules.npcs", `[{"piece": "N", "route": ["a3", "b3"]}, {"piece": "B", "route": ["c3", "b3"]}]`)},
			want: []string{"rules.npcs[1].route entry 'b3' is on the route of rules.npcs[0]: a square belongs to one wild piece's route"}},
		{name: "route on its own mirror image", edits: []edit{set("rules.npcs", `[{"piece": "N", "route": ["a3", "b3"], "mirror": true}]`)},
			want: []string{"rules.npcs[0].route entry 'a3' lies on its own mirror image, so two wild pieces would share it"}},
		{name: "mirrored route starting on a piece", edits: []edit{
			set("setup.mirror", `false`), set("setup.placements[6]", `{"piece": "K", "player": 1, "squares": ["c4"]}`),
			set("rules.npcs", `[{"piece": "N", "route": ["c2", "b2"], "mirror": true}]`),
			set("setup.placements[0].squares", `["a2", "b2", "d2", "e2"]`)},
			want: []string{"rules.npcs[0].route's mirror image starts on 'c4', where setup.placements[6] puts a piece"}},
		{name: "also_at off the route", edits: []edit{set("rules.npcs", `[{"piece": "N", "route": ["a3", "b3"], "also_at": ["c3"]}]`)},
			want: []string{"rules.npcs[0].also_at entry 'c3' is not on the route"}},
		{name: "also_at on the first square", edits: []edit{set("rules.npcs", `[{"piece": "N", "route": ["a3", "b3"], "also_at": ["a3"]}]`)},
			want: []string{"rules.npcs[0].also_at entry 'a3' is the route's first square, where the first wild piece starts"}},
		{name: "also_at out of order", edits: []edit{set("rules.npcs", `[{"piece": "N", "route": `+route+`, "also_at": ["d3", "b3"]}]`)},
			want: []string{"rules.npcs[0].also_at must list its squares in route order"}},
		{name: "also_at on a piece", edits: []edit{set("rules.npcs", `[{"piece": "N", "route": ["a3", "a2"], "also_at": ["a2"]}]`)},
			want: []string{"rules.npcs[0].also_at entry 'a2' is where setup.placements[0] puts a piece"}},
		{name: "immune beside drops", edits: []edit{set("rules.drops", `{}`), set("rules.npcs", `[{"piece": "N", "route": ["a3"], "immune": ["Q"]}]`)},
			want: []string{"rules.npcs[0].immune cannot be used with rules.drops: capture permission is a fact about a type, and the immunity would follow the piece out of a hand"}},
		{name: "rest on a wild piece", edits: []edit{set("pieces[1].rest", `1`), set("rules.npcs", `[{"piece": "N", "route": ["a3"]}]`)},
			want: []string{"pieces[1].rest is not for a wild piece (rules.npcs[0])"}},
	}
}()

func TestAgreeNPCs(t *testing.T) { runCases(t, agreeNPCsCases) }

var agreePortalsCases = func() []agreeCase {
	// The "portals" base is the reference's second worked example: piece O
	// is pieces[6], the pair is on b3 and d3, moved by both players.
	ring := `[{"at": "a3", "to": 1}, {"at": "c3", "to": 2}, {"at": "e3", "to": 0}]`
	still := []edit{del("rules.portals[0].moved_by"), del("rules.portals[0].no_straight_back")}
	return []agreeCase{
		{name: "fold accepted", base: "portals", edits: []edit{set("rules.portals[0].kind", `"fold"`), set("rules.portals[0].orange", `"b2"`)}},
		{name: "ring of ends accepted", base: "portals", edits: append(still[:2:2], del("rules.portals[0].orange"), del("rules.portals[0].blue"),
			set("rules.portals[0].ends", `[{"at": "a3", "to": 1, "enter": [0], "carries": ["P", "N"]}, {"at": "c3", "to": 2, "moved_by": [1]}, {"at": "e3"}]`))},
		{name: "still portals with a piece of no moves accepted", base: "portals", edits: append(still[:2:2], set("pieces[6].moves", `[]`),
			set("rules.portals[0].passage", `{"0": "orange_to_blue", "1": "closed"}`), set("rules.portals[0].carries", `{"blue": ["P"]}`))},
		{name: "on a hex lattice", base: "hex", edits: []edit{
			set("pieces[5]", `{"id": "O", "value": 0, "moves": []}`), set("rules.portals", `[{"piece": "O", "orange": "d4", "blue": "e4"}]`)},
			want: []string{"rules.portals cannot be used on a hex lattice"}},
		{name: "beside other rules", base: "portals", edits: []edit{
			set("rules.npcs", `[{"piece": "N", "route": ["a3"]}]`), set("rules.explode_on_capture", `{}`), set("rules.territory", `{"mode": "repaint", "win_at": 5}`)},
			want: []string{
				"rules.portals cannot be used with rules.npcs",
				"rules.portals cannot be used with rules.explode_on_capture",
				"rules.portals cannot be used with rules.territory",
			}},
		{name: "beside a strike and contacts", base: "portals", edits: []edit{
			set("rules.strike", `{"position": "stay", "immune": ["K"]}`), set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "mover_to": "Q"}], "immune": ["K"]}`)},
			want: []string{"rules.portals cannot be used with rules.strike", "rules.portals cannot be used with rules.contacts"}},
		{name: "beside a sweep and a region", base: "portals", edits: []edit{
			set("pieces[3].moves[0].kind", `"sweep"`), set("pieces[5].region", `["c1", "d1", "e1", "c2", "d2", "e2"]`)},
			want: []string{"rules.portals cannot be used with a sweep (pieces[3].moves[0])", "rules.portals cannot be used with a piece region (pieces[5].region)"}},
		{name: "more than eight ends", base: "portals", edits: append(still[:2:2], del("rules.portals[0].orange"), del("rules.portals[0].blue"),
			set("rules.portals[0].ends", `[{"at": "a3", "to": 1}, {"at": "b3", "to": 2}, {"at": "c3", "to": 3}, {"at": "d3", "to": 4}, {"at": "e3", "to": 0}]`),
			set("board.height", `7`), set("rules.portals[1]", `{"piece": "O", "ends": [{"at": "a4", "to": 1}, {"at": "b4", "to": 2}, {"at": "c4", "to": 3}, {"at": "d4", "to": 0}]}`)),
			want: []string{"rules.portals has 9 ends: at most eight in all"}},
		{name: "pair and ends", base: "portals", edits: append(still[:2:2], set("rules.portals[0].ends", ring)),
			want: []string{"rules.portals[0] gives both orange/blue and ends: two ends are a pair, written as orange and blue; three or more are ends"}},
		{name: "no ends", base: "portals", edits: append(still[:2:2], del("rules.portals[0].orange"), del("rules.portals[0].blue")),
			want: []string{"rules.portals[0] has no ends: give orange and blue, or ends"}},
		{name: "half a pair", base: "portals", edits: append(still[:2:2], del("rules.portals[0].blue")),
			want: []string{"rules.portals[0] gives one end of a pair: a pair needs both orange and blue"}},
		{name: "pair keys on ends", base: "portals", edits: []edit{del("rules.portals[0].orange"), del("rules.portals[0].blue"), del("rules.portals[0].no_straight_back"),
			set("rules.portals[0].ends", ring), set("rules.portals[0].passage", `{"0": "closed"}`)},
			want: []string{
				"rules.portals[0].moved_by is for a pair (orange and blue); give each of its ends its own moved_by",
				"rules.portals[0].passage is for a pair (orange and blue); give each of its ends its own enter",
			}},
		{name: "portal piece of value", base: "portals", edits: []edit{set("pieces[6].value", `1`)},
			want: []string{"rules.portals[0].piece 'O' must be worth 0 (pieces[6].value): a portal is never captured"}},
		{name: "royal portal piece", base: "portals", edits: []edit{set("pieces[6].royal", `true`)},
			want: []string{"rules.portals[0].piece 'O' may not be royal"}},
		{name: "portal piece placed", base: "portals", edits: []edit{set("setup.placements[2].piece", `"O"`)},
			want: []string{"rules.portals[0].piece 'O' is placed by setup.placements[2]: a portal's ends are the rule's, not pieces of the setup"}},
		{name: "portal piece named by another rule", base: "portals", edits: []edit{set("rules.promotion.to", `["Q", "O"]`)},
			want: []string{"rules.portals[0].piece 'O' is also named by rules.promotion.to: a portal piece may be named by no other rule"}},
		{name: "portal move without mode move", base: "portals", edits: []edit{del("pieces[6].moves[0].mode")},
			want: []string{"pieces[6].moves[0] must say mode 'move': it is a move of the portal piece of rules.portals[0]"}},
		{name: "portal move read differently", base: "portals", edits: []edit{set("pieces[6].moves[0].vectors", `[[0, 1]]`), set("pieces[6].moves[0].symmetry", `"lateral"`), set("rules.portals[0].no_straight_back", `false`)},
			want: []string{"pieces[6].moves[0] reads differently for the two players: a portal piece's moves must read the same for both"}},
		{name: "moved portals without moves", base: "portals", edits: []edit{set("pieces[6].moves", `[]`), del("rules.portals[0].no_straight_back")},
			want: []string{"pieces[6].moves is empty, but players may move the ends of rules.portals[0], which move as 'O' does"}},
		{name: "end off the board", base: "portals", edits: []edit{set("rules.portals[0].blue", `"f3"`)},
			want: []string{"rules.portals[0].blue 'f3' is not a square on this board"}},
		{name: "end on a wall", base: "portals", edits: []edit{set("rules.obstacles", `{"squares": ["b3"]}`)},
			want: []string{"rules.portals[0].orange 'b3' is a wall (rules.obstacles)"}},
		{name: "end under a piece", base: "portals", edits: []edit{set("rules.portals[0].orange", `"b2"`)},
			want: []string{"rules.portals[0].orange 'b2' is not empty: setup.placements[0] puts a piece there"}},
		{name: "end twice", base: "portals", edits: []edit{set("rules.portals[1]", `{"piece": "O", "orange": "a3", "blue": "d3"}`)},
			want: []string{"rules.portals[1].blue 'd3' is already an end (rules.portals[0].blue)"}},
		{name: "end leading outside its group", base: "portals", edits: append(still[:2:2], del("rules.portals[0].orange"), del("rules.portals[0].blue"),
			set("rules.portals[0].ends", `[{"at": "a3", "to": 1}, {"at": "c3", "to": 5}, {"at": "e3", "to": 0}]`)),
			want: []string{"rules.portals[0].ends[1].to 5 is not an end of this group (it has 3, from 0)"}},
		{name: "end leading to itself", base: "portals", edits: append(still[:2:2], del("rules.portals[0].orange"), del("rules.portals[0].blue"),
			set("rules.portals[0].ends", `[{"at": "a3", "to": 1}, {"at": "c3", "to": 1}, {"at": "e3", "to": 0}]`)),
			want: []string{"rules.portals[0].ends[1].to leads to the end itself"}},
		{name: "end leading nowhere, led to by none", base: "portals", edits: append(still[:2:2], del("rules.portals[0].orange"), del("rules.portals[0].blue"),
			set("rules.portals[0].ends", `[{"at": "a3", "to": 1}, {"at": "c3", "to": 0}, {"at": "e3", "enter": [0], "carries": ["P"]}]`)),
			want: []string{
				"rules.portals[0].ends[2] leads nowhere and no end leads to it",
				"rules.portals[0].ends[2].enter is only beside to: nobody goes in by an end that leads nowhere",
				"rules.portals[0].ends[2].carries is only beside to: nobody goes in by an end that leads nowhere",
			}},
		{name: "carries an undeclared piece", base: "portals", edits: []edit{set("rules.portals[0].carries", `{"orange": ["X"]}`)},
			want: []string{"rules.portals[0].carries.orange entry 'X' is not a declared piece"}},
		{name: "carries a portal", base: "portals", edits: []edit{set("rules.portals[0].carries", `{"blue": ["P", "O"]}`)},
			want: []string{"rules.portals[0].carries.blue entry 'O' is the piece of rules.portals[0]: a portal never goes through a portal"}},
		{name: "carries every piece", base: "portals", edits: []edit{set("rules.portals[0].carries", `{"orange": ["P", "N", "B", "R", "Q", "K"]}`)},
			want: []string{"rules.portals[0].carries.orange lists every piece that can move: leave it out instead"}},
		{name: "closed to both players", base: "portals", edits: []edit{set("rules.portals[0].passage", `{"0": "closed", "1": "closed"}`)},
			want: []string{"rules.portals[0].passage closes both ends to both players, so the portals would carry nothing"}},
		{name: "no straight back nobody meets", base: "portals", edits: []edit{set("rules.portals[0].moved_by", `{"orange": [0], "blue": [0]}`)},
			want: []string{"rules.portals[0].no_straight_back could never apply: no end may be moved by whoever moves next (list both players in moved_by, or play a turn of more than one move)"}},
		{name: "no straight back in long turns", base: "portals", edits: []edit{set("rules.portals[0].moved_by", `{"orange": [0]}`), set("rules.turn", `{"moves": 2, "ramp": [1]}`)}},
		{name: "no straight back without a move back", base: "portals", edits: []edit{set("pieces[6].moves[0]", `{"kind": "leap", "vectors": [[1, 0]], "mode": "move"}`)},
			want: []string{"rules.portals[0].no_straight_back could never apply: 'O' has no move back"}},
		{name: "beats on a portal", base: "portals", edits: []edit{set("pieces[6].beats", `[]`), set("rules.simultaneous", `{}`), set("rules.win", `"royal_capture"`),
			del("rules.portals[0].moved_by"), del("rules.portals[0].no_straight_back")},
			want: []string{"pieces[6].beats is not for a portal piece (rules.portals[0])"}},
	}
}()

func TestAgreePortals(t *testing.T) { runCases(t, agreePortalsCases) }
