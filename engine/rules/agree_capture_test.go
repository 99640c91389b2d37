package rules

import "testing"

var agreeStrikeCases = func() []agreeCase {
	return []agreeCase{
		{name: "demotion in place accepted", edits: []edit{set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "R"}, {"from": "R", "to": "B"}], "position": "stay", "immune": ["K"]}`)}},
		{name: "promotion cycle accepted", edits: []edit{set("rules.strike", `{"effect": "promote", "chain": [{"from": "N", "to": "B"}, {"from": "B", "to": "N"}], "position": "swap", "immune": ["K"]}`)}},
		{name: "circe accepted", edits: []edit{set("rules.strike", `{"position": "home", "immune": ["K"]}`)}},
		{name: "rifle capture accepted", edits: []edit{set("rules.strike", `{"position": "stay", "immune": ["K"]}`)}},
		{name: "andernach accepted", edits: []edit{set("rules.strike", `{"switches_sides": ["N", "B"], "immune": ["K"]}`)}},
		{name: "placing the survivor accepted", edits: []edit{set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "P"}], "position": "choose", "landing": {"vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}, "immune": ["K"]}`)}},
		{name: "undeclared link", edits: []edit{set("rules.strike", `{"effect": "demote", "chain": [{"from": "X", "to": "R"}], "position": "stay", "immune": ["K"]}`)},
			want: []string{"rules.strike.chain[0].from 'X' is not a declared piece"}},
		{name: "chain under capture", edits: []edit{set("rules.strike", `{"chain": [{"from": "Q", "to": "R"}], "position": "stay", "immune": ["K"]}`)},
			want: []string{"rules.strike.chain could never apply: effect 'capture' removes a taken piece; use effect 'demote' or 'promote'"}},
		{name: "demotion without a chain", edits: []edit{set("rules.strike", `{"effect": "demote", "position": "stay", "immune": ["K"]}`)},
			want: []string{"rules.strike.effect 'demote' requires rules.strike.chain: with no link every taken piece is simply removed"}},
		{name: "survivor with advance", edits: []edit{set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "R"}], "immune": ["K"]}`)},
			want: []string{"rules.strike.position 'advance' may only be used when nothing survives the chain: a struck piece that becomes another needs somewhere to stand"}},
		{name: "the ordinary capture", edits: []edit{set("rules.strike", `{"immune": ["K"]}`)},
			want: []string{"rules.strike changes nothing: effect 'capture' with position 'advance' is the ordinary capture"}},
		{name: "choosing where nothing survives", edits: []edit{set("rules.strike", `{"position": "choose", "landing": {"vectors": [[0, 1]]}, "immune": ["K"]}`)},
			want: []string{"rules.strike.position 'choose' could never apply: under effect 'capture' nothing survives to be placed"}},
		{name: "choose without landing", edits: []edit{set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "P"}], "position": "choose", "immune": ["K"]}`)},
			want: []string{"rules.strike.position 'choose' requires rules.strike.landing: the squares to place the surviving piece on"}},
		{name: "landing without choose", edits: []edit{set("rules.strike", `{"position": "home", "landing": {"vectors": [[0, 1]]}, "immune": ["K"]}`)},
			want: []string{"rules.strike.landing is only for position 'choose'"}},
		{name: "landing off its lattice", edits: []edit{set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "P"}], "position": "choose", "landing": {"vectors": [[1, 0], [0, 0]], "symmetry": "rotate6"}, "immune": ["K"]}`)},
			want: []string{
				"rules.strike.landing.symmetry 'rotate6' is for a hex lattice; this board is square",
				"rules.strike.landing.vectors[1] [0, 0] is the attacker's own square",
			}},
		{name: "two links for one piece", edits: []edit{set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "R"}, {"from": "Q", "to": "B"}], "position": "stay", "immune": ["K"]}`)},
			want: []string{"rules.strike.chain[1].from 'Q' already has a link in rules.strike.chain[0]: one link per piece"}},
		{name: "link for an immune piece", edits: []edit{set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "R"}], "position": "stay", "immune": ["K", "Q"]}`)},
			want: []string{"rules.strike.chain[0] could never apply: 'Q' is in rules.strike.immune"}},
		{name: "demotion cycle", edits: []edit{set("rules.strike", `{"effect": "demote", "chain": [{"from": "P", "to": "N"}, {"from": "Q", "to": "R"}, {"from": "R", "to": "B"}, {"from": "B", "to": "Q"}], "position": "stay", "immune": ["K"]}`)},
			want: []string{"rules.strike.chain cycles ('Q' -> 'R' -> 'B' -> 'Q'): a demotion chain may not cycle"}},
		{name: "royal switching sides", edits: []edit{set("rules.strike", `{"switches_sides": ["K"], "immune": ["K"]}`)},
			want: []string{"rules.strike.switches_sides entry 'K' is royal: a royal piece may not change sides"}},
		{name: "royal not immune", edits: []edit{set("rules.strike", `{"position": "home"}`)},
			want: []string{"rules.strike.immune must list every royal piece, missing 'K': a king that turns into something else makes check a question about a piece that is not on the board yet"}},
	}
}()

func TestAgreeStrike(t *testing.T) { runCases(t, agreeStrikeCases) }

var agreeContactsCases = func() []agreeCase {
	return []agreeCase{
		{name: "contacts accepted", edits: []edit{set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "onto_to": "N"}, {"mover": "B", "onto": "N", "mover_to": "Q"}], "position": "stay", "immune": ["K"]}`)}},
		{name: "own piece removed accepted", edits: []edit{set("rules.contacts", `{"links": [{"mover": "Q", "onto": "P", "own": true}], "immune": ["K"]}`)}},
		{name: "placing the target accepted", edits: []edit{set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "onto_to": "P"}], "position": "choose", "landing": {"vectors": [[0, 1]]}, "immune": ["K"]}`)}},
		{name: "undeclared", edits: []edit{set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "onto_to": "X"}], "position": "stay", "immune": ["K"]}`)},
			want: []string{"rules.contacts.links[0].onto_to 'X' is not a declared piece"}},
		{name: "link that changes nothing", edits: []edit{set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "mover_to": "N"}], "immune": ["K"]}`)},
			want: []string{"rules.contacts.links[0] changes neither piece: a link must change at least one of the two, and a pair with no link is an ordinary capture"}},
		{name: "pair twice", edits: []edit{set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "mover_to": "Q"}, {"mover": "N", "onto": "B", "mover_to": "R"}], "immune": ["K"]}`)},
			want: []string{"rules.contacts.links[1] repeats the meeting of 'N' onto 'B' in rules.contacts.links[0]: one link per pair"}},
		{name: "survivor with advance", edits: []edit{set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "onto_to": "P"}], "immune": ["K"]}`)},
			want: []string{"rules.contacts.position 'advance' may only be used when no link leaves the target standing, but rules.contacts.links[0] turns 'B' into 'P'"}},
		{name: "link with an immune piece", edits: []edit{set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "mover_to": "Q"}], "immune": ["K", "B"]}`)},
			want: []string{"rules.contacts.links[0] could never apply: 'B' is in rules.contacts.immune"}},
		{name: "mover that never captures", edits: []edit{del("pieces[0].moves[1]"), set("rules.contacts", `{"links": [{"mover": "P", "onto": "B", "mover_to": "Q"}], "immune": ["K"]}`)},
			want: []string{"rules.contacts.links[0] could never apply: 'P' has no move that captures"}},
		{name: "mover that may not take the target", edits: []edit{set("pieces[1].captures", `["P"]`), set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "mover_to": "Q"}], "immune": ["K"]}`)},
			want: []string{"rules.contacts.links[0] could never apply: 'N' may not capture 'B' (pieces[1].captures)"}},
		{name: "choose without landing", edits: []edit{set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "onto_to": "P"}], "position": "choose", "immune": ["K"]}`)},
			want: []string{"rules.contacts.position 'choose' requires rules.contacts.landing: the squares to place the surviving piece on"}},
		{name: "royal not immune", edits: []edit{set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "mover_to": "Q"}]}`)},
			want: []string{"rules.contacts.immune must list every royal piece, missing 'K': a king that turns into something else makes check a question about a piece that is not on the board yet"}},
	}
}()

func TestAgreeContacts(t *testing.T) { runCases(t, agreeContactsCases) }

var agreeDropsCases = func() []agreeCase {
	return []agreeCase{
		{name: "captures to hand accepted", edits: []edit{set("rules.drops", `{"region": {"P": ["a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3"]}, "no_doubled": ["P"], "no_mate": ["P"]}`)}},
		{name: "placement phase with a royal accepted", edits: []edit{
			del("setup.placements[5]"), set("rules.drops", `{"from_captures": false, "stock": {"K": 1, "N": "unlimited"}, "placement": true}`)}},
		{name: "either face accepted", edits: []edit{set("pieces[4].promoted_from", `"P"`), set("rules.drops", `{"either_face": true}`)}},
		{name: "undeclared keys and entries", edits: []edit{set("rules.drops", `{"region": {"X": ["a3"]}, "no_doubled": ["Y"], "no_mate": ["Z"], "stock": {"W": 1}}`)},
			want: []string{
				"rules.drops.region key 'X' is not a declared piece",
				"rules.drops.no_doubled entry 'Y' is not a declared piece",
				"rules.drops.no_mate entry 'Z' is not a declared piece",
				"rules.drops.stock key 'W' is not a declared piece",
			}},
		{name: "drop region off the board", edits: []edit{set("rules.drops", `{"region": {"P": ["a3", "a7"]}}`)},
			want: []string{"rules.drops.region.P entry 'a7' is not a square on this board"}},
		{name: "hand that never fills", edits: []edit{set("rules.drops", `{"from_captures": false}`)},
			want: []string{"rules.drops could never apply: from_captures is false and there is no stock, so no hand ever holds a piece"}},
		{name: "no_mate without checkmate", edits: []edit{set("rules.win", `"royal_capture"`), set("rules.drops", `{"no_mate": ["P"]}`)},
			want: []string{"rules.drops.no_mate could never apply: rules.win is 'royal_capture', so there is no checkmate"}},
		{name: "royal stocked without placement", edits: []edit{del("setup.placements[5]"), set("rules.drops", `{"stock": {"K": 1}}`)},
			want: []string{"rules.drops.stock key 'K' is royal: a royal piece may start in the stock only with rules.drops.placement true"}},
		{name: "royal stocked twice", edits: []edit{del("setup.placements[5]"), set("rules.drops", `{"stock": {"K": 2}, "placement": true}`)},
			want: []string{"rules.drops.stock.K must be 1 for a royal piece: a royal starts in the stock once"}},
		{name: "royal stocked and placed", edits: []edit{set("rules.drops", `{"stock": {"K": 1}, "placement": true}`)},
			want: []string{"rules.drops.stock key 'K' is royal and also placed by setup.placements[5]: a royal starts in the stock once, and not also on the board"}},
		{name: "either face without a pair", edits: []edit{set("rules.drops", `{"either_face": true}`)},
			want: []string{"rules.drops.either_face requires a promoted_from pair a hand can hold: no piece with another face can reach a hand"}},
		{name: "either face with a pair no hand holds", edits: []edit{
			set("pieces[6]", `{"id": "A", "moves": [{"kind": "leap", "vectors": [[1, 2]], "symmetry": "dihedral8"}]}`),
			set("pieces[7]", `{"id": "B2", "promoted_from": "A", "moves": [{"kind": "leap", "vectors": [[1, 1]], "symmetry": "rotate4"}]}`),
			set("rules.drops", `{"either_face": true}`)},
			want: []string{"rules.drops.either_face requires a promoted_from pair a hand can hold: no piece with another face can reach a hand"}},
		{name: "either face with two faces", edits: []edit{set("pieces[4].promoted_from", `"P"`), set("pieces[3].promoted_from", `"P"`), set("rules.drops", `{"either_face": true}`)},
			want: []string{"rules.drops.either_face: 'P' is the promoted_from of 'R', 'Q'; each base may have one face"}},
		{name: "either face whose face is a base", edits: []edit{set("pieces[4].promoted_from", `"P"`), set("pieces[3].promoted_from", `"Q"`), set("rules.drops", `{"either_face": true}`)},
			want: []string{"rules.drops.either_face: face 'Q' is itself a base (the promoted_from of 'R')"}},
		{name: "either face whose face is royal", edits: []edit{set("pieces[5].promoted_from", `"P"`), set("rules.drops", `{"either_face": true}`)},
			want: []string{"rules.drops.either_face: face 'K' is royal"}},
		{name: "either face whose face is stocked", edits: []edit{set("pieces[4].promoted_from", `"P"`), set("rules.drops", `{"either_face": true, "stock": {"Q": 1}}`)},
			want: []string{"rules.drops.either_face: face 'Q' is stocked in rules.drops.stock"}},
	}
}()

func TestAgreeDrops(t *testing.T) { runCases(t, agreeDropsCases) }

var agreeExplodeCases = func() []agreeCase {
	return []agreeCase{
		{name: "atomic accepted", edits: []edit{set("rules.explode_on_capture", `{"immune": ["P"], "by": ["Q", "R"], "of": ["Q"]}`)}},
		{name: "kamikaze accepted", edits: []edit{set("rules.explode_on_capture", `{"radius": 0}`)}},
		{name: "undeclared", edits: []edit{set("rules.explode_on_capture", `{"immune": ["X"]}`)},
			want: []string{"rules.explode_on_capture.immune entry 'X' is not a declared piece"}},
		{name: "immune at radius 0", edits: []edit{set("rules.explode_on_capture", `{"radius": 0, "immune": ["P"]}`)},
			want: []string{"rules.explode_on_capture.immune cannot be used with radius 0: only the capturer and the piece it took are destroyed"}},
		{name: "by nobody", edits: []edit{set("rules.explode_on_capture", `{"by": []}`)},
			want: []string{"rules.explode_on_capture.by is empty, so no capture would ever explode: leave it out for every capturer"}},
		{name: "of nothing", edits: []edit{set("rules.explode_on_capture", `{"of": []}`)},
			want: []string{"rules.explode_on_capture.of is empty, so no capture would ever explode: leave it out for every captured piece"}},
	}
}()

func TestAgreeExplode(t *testing.T) { runCases(t, agreeExplodeCases) }
