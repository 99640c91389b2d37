package rules

import "testing"

var agreeWinCases = func() []agreeCase {
	return []agreeCase{
		{name: "royal capture accepted", edits: []edit{set("rules.win", `"royal_capture"`)}},
		{name: "annihilation without royals accepted", edits: []edit{set("rules.win", `"annihilation"`), del("pieces[5].royal")}},
		{name: "losers' checkmate accepted", edits: []edit{set("rules.checkmate", `"win"`)}},
		{name: "checkmate without royals", edits: []edit{del("pieces[5].royal")},
			want: []string{"rules.win 'checkmate' could never happen: no army has a royal piece; use 'annihilation' or 'none'"}},
		{name: "one army with a royal is enough", edits: []edit{
			set("setup.mirror", `false`), set("setup.placements[6]", `{"piece": "P", "player": 1, "squares": ["a4", "b4", "c4", "d4", "e4"]}`)}},
		{name: "checkmate result without checkmate", edits: []edit{set("rules.win", `"royal_capture"`), set("rules.checkmate", `"win"`)},
			want: []string{"rules.checkmate 'win' could never apply: rules.win is 'royal_capture', so no one is ever checkmated"}},
	}
}()

func TestAgreeWin(t *testing.T) { runCases(t, agreeWinCases) }

var agreePromotionCases = func() []agreeCase {
	return []agreeCase{
		{name: "zone of ranks and targets by player accepted", edits: []edit{
			set("rules.promotion", `{"piece": "P", "ranks": [3, 4], "mandatory": false, "on_leaving": true, "to_by_player": {"0": ["Q"], "1": ["R", "N"]}}`)}},
		{name: "one rule per piece accepted", edits: []edit{
			set("rules.promotion", `[{"piece": "P", "rank": 4, "to": ["Q"]}, {"piece": "N", "squares": ["e5"], "to": ["Q"]}]`)}},
		{name: "only_lost accepted", edits: []edit{set("rules.promotion.only_lost", `true`)}},
		{name: "undeclared piece", edits: []edit{set("rules.promotion.piece", `"X"`)},
			want: []string{"rules.promotion.piece 'X' is not a declared piece"}},
		{name: "two rules for one piece", edits: []edit{set("rules.promotion", `[{"piece": "P", "to": ["Q"]}, {"piece": "P", "to": ["R"]}]`)},
			want: []string{"rules.promotion[1].piece 'P' already promotes by rules.promotion[0]: one rule per promoting piece"}},
		{name: "to and to_by_player", edits: []edit{set("rules.promotion.to_by_player", `{"0": ["Q"], "1": ["Q"]}`)},
			want: []string{"rules.promotion gives both to and to_by_player: to_by_player is instead of to"}},
		{name: "no targets", edits: []edit{del("rules.promotion.to")},
			want: []string{"rules.promotion has nowhere to promote to: give to or to_by_player"}},
		{name: "rank and ranks", edits: []edit{set("rules.promotion.ranks", `[4]`)},
			want: []string{"rules.promotion gives rank and ranks: a zone is one of rank, ranks or squares"}},
		{name: "rank off the board", edits: []edit{set("rules.promotion.rank", `5`)},
			want: []string{"rules.promotion.rank 5 is not a rank on this board (0 to 4)"}},
		{name: "ranks off the board", edits: []edit{del("rules.promotion.rank"), set("rules.promotion.ranks", `[4, 7]`)},
			want: []string{"rules.promotion.ranks entry 7 is not a rank on this board (0 to 4)"}},
		{name: "squares off the board", edits: []edit{del("rules.promotion.rank"), set("rules.promotion.squares", `["a5", "a6"]`)},
			want: []string{"rules.promotion.squares entry 'a6' is not a square on this board"}},
		{name: "rank on hex", base: "hex", edits: []edit{del("rules.promotion.squares"), set("rules.promotion.rank", `6`)},
			want: []string{"rules.promotion.rank is not a spelling on a hex lattice: give the zone as squares"}},
		{name: "default rank on hex", base: "hex", edits: []edit{del("rules.promotion.squares")},
			want: []string{"rules.promotion requires squares on a hex lattice: squares is the only spelling of a zone there"}},
		{name: "only_lost target not in both setups", edits: []edit{
			set("pieces[6]", `{"id": "A", "moves": [{"kind": "leap", "vectors": [[1, 2]], "symmetry": "dihedral8"}]}`),
			set("rules.promotion.only_lost", `true`), set("rules.promotion.to", `["Q", "A"]`)},
			want: []string{"rules.promotion.to entry 'A' is not in both armies' setup: only_lost offers a piece only once its side has lost one"}},
		{name: "only_lost with drops from captures", edits: []edit{set("rules.promotion.only_lost", `true`), set("rules.drops", `{}`)},
			want: []string{"rules.promotion.only_lost cannot be used with rules.drops filling from captures: a piece lost to the hand comes back"}},
		{name: "only_lost with drops from a stock", edits: []edit{set("rules.promotion.only_lost", `true`), set("rules.drops", `{"from_captures": false, "stock": {"N": 1}}`)}},
		{name: "only_lost with circe", edits: []edit{set("rules.promotion.only_lost", `true`), set("rules.strike", `{"position": "home", "immune": ["K"]}`)},
			want: []string{"rules.promotion.only_lost cannot be used with a circe strike (rules.strike.position 'home'): a taken piece goes back to its home square"}},
		{name: "only_lost with promote_on_entry", edits: []edit{set("rules.promotion.only_lost", `true`), set("rules.promote_on_entry", `true`), set("rules.drops", `{"from_captures": false, "stock": {"P": 1}}`)},
			want: []string{"rules.promotion.only_lost cannot be used with rules.promote_on_entry"}},
	}
}()

func TestAgreePromotion(t *testing.T) { runCases(t, agreePromotionCases) }

var agreeEnPassantAndCastlingCases = func() []agreeCase {
	return []agreeCase{
		{name: "en passant accepted", edits: []edit{set("rules.en_passant", `true`),
			set("pieces[0].moves[2]", `{"kind": "slide", "vectors": [[0, 1]], "range": 2, "min_range": 2, "mode": "move", "condition": {"first_move": true}}`)}},
		{name: "en passant without a long move", edits: []edit{set("rules.en_passant", `true`)},
			want: []string{"rules.en_passant could never apply: no promoting piece has a move of two or more squares to be taken in passing"}},
		{name: "castling accepted", edits: []edit{set("rules.castling", `{"king": "K", "rook": "R"}`)}},
		{name: "castling to files accepted", edits: []edit{set("rules.castling", `{"king": "K", "rook": "R", "king_file": {"kingside": "e", "queenside": "b"}, "rook_file": {"kingside": "d", "queenside": "c"}}`)}},
		{name: "en passant without promotion", edits: []edit{set("rules.en_passant", `true`), del("rules.promotion")},
			want: []string{"rules.en_passant requires rules.promotion: en passant is defined against the promoting piece, so there must be one"}},
		{name: "castling with an undeclared piece", edits: []edit{set("rules.castling", `{"king": "K", "rook": "X"}`)},
			want: []string{"rules.castling.rook 'X' is not a declared piece"}},
		{name: "king_steps and king_file", edits: []edit{set("rules.castling", `{"king": "K", "rook": "R", "king_steps": 2, "king_file": {"kingside": "e", "queenside": "c"}}`)},
			want: []string{"rules.castling gives both king_steps and king_file: king_file is instead of king_steps"}},
		{name: "king file off the board", edits: []edit{set("rules.castling", `{"king": "K", "rook": "R", "king_file": {"kingside": "g", "queenside": "c"}}`)},
			want: []string{"rules.castling.king_file.kingside 'g' is not a file on this board (a to e)"}},
		{name: "rook file not a letter", edits: []edit{set("rules.castling", `{"king": "K", "rook": "R", "rook_file": {"kingside": "d", "queenside": "C"}}`)},
			want: []string{"rules.castling.rook_file.queenside 'C' is not a file on this board (a to e)"}},
		{name: "no partner on the king's rank", edits: []edit{set("rules.castling", `{"king": "K", "rook": "P"}`)},
			want: []string{"rules.castling could never happen: no 'P' starts on the rank of a 'K' of its side"}},
		{name: "king steps off the board", edits: []edit{
			set("setup.placements[2].squares", `["e1"]`), set("setup.placements[5].squares", `["b1"]`),
			set("rules.castling", `{"king": "K", "rook": "R", "king_steps": 4}`)},
			want: []string{"rules.castling.king_steps 4 takes 'K' off the board on every side it could castle"}},
	}
}()

func TestAgreeEnPassantAndCastling(t *testing.T) { runCases(t, agreeEnPassantAndCastlingCases) }

var agreeCheckRulesCases = func() []agreeCase {
	return []agreeCase{
		{name: "check rules accepted", edits: []edit{set("rules.check_limit", `3`), set("rules.royal_facing", `"forbidden"`), set("rules.bare_royal", `"loss"`), set("rules.forbid_immobility", `true`), set("rules.must_capture", `true`)}},
		{name: "forbid_check accepted", edits: []edit{set("rules.forbid_check", `true`)}},
		{name: "forbid_check without royals", edits: []edit{set("rules.win", `"none"`), del("pieces[5].royal"), set("rules.forbid_check", `true`)},
			want: []string{"rules.forbid_check could never apply: no army has a royal piece to check"}},
		{name: "check_limit with forbid_check", edits: []edit{set("rules.forbid_check", `true`), set("rules.check_limit", `3`)},
			want: []string{"rules.check_limit cannot be used with rules.forbid_check: no check could ever be given"}},
		{name: "check_limit without royals", edits: []edit{set("rules.win", `"none"`), del("pieces[5].royal"), set("rules.check_limit", `3`)},
			want: []string{"rules.check_limit could never be reached: no army has a royal piece to check"}},
		{name: "royal_facing with one royal army", edits: []edit{
			set("setup.mirror", `false`), set("setup.placements[6]", `{"piece": "P", "player": 1, "squares": ["a4", "b4", "c4", "d4", "e4"]}`),
			set("rules.royal_facing", `"forbidden"`)},
			want: []string{"rules.royal_facing 'forbidden' could never apply: it needs a royal piece in each army"}},
		{name: "bare_royal without royals", edits: []edit{set("rules.win", `"annihilation"`), del("pieces[5].royal"), set("rules.bare_royal", `"loss"`)},
			want: []string{"rules.bare_royal could never apply: no army has a royal piece"}},
	}
}()

func TestAgreeCheckRules(t *testing.T) { runCases(t, agreeCheckRulesCases) }

var agreeTerritoryTurnObstaclesCases = func() []agreeCase {
	return []agreeCase{
		{name: "territory winning outright accepted", edits: []edit{set("rules.territory", `{"mode": "repaint", "win_at": 13}`)}},
		{name: "territory scored accepted", edits: []edit{set("rules.territory", `{"mode": "permanent"}`), set("rules.scoring", `{"count": "territory"}`)}},
		{name: "territory beyond the board", edits: []edit{set("rules.territory", `{"mode": "permanent", "win_at": 26}`)},
			want: []string{"rules.territory.win_at 26 is more than the 25 squares of this board, so claiming could never win"}},
		{name: "territory nothing reads", edits: []edit{set("rules.territory", `{"mode": "permanent"}`)},
			want: []string{"rules.territory could never decide anything: win_at is 0 and rules.scoring does not count 'territory'"}},
		{name: "turn with a ramp accepted", edits: []edit{set("rules.turn", `{"moves": 2, "ramp": [1]}`)}},
		{name: "walls accepted", edits: []edit{set("rules.obstacles", `{"squares": ["c3"], "mirror": true, "blocks_leaps": true}`)}},
		{name: "wall off the board", edits: []edit{set("rules.obstacles", `{"squares": ["c3", "c6"]}`)},
			want: []string{"rules.obstacles.squares entry 'c6' is not a square on this board"}},
		{name: "mirrored wall on a hexagon", base: "hex", edits: []edit{
			set("setup.orientation", `"mirror"`), set("setup.mirror", `false`), set("rules.obstacles", `{"squares": ["d4", "g3"], "mirror": true}`)}},
		{name: "blocks_leaps with no long leap", edits: []edit{
			set("pieces[1].moves[0]", `{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}`),
			set("rules.obstacles", `{"squares": ["c3"], "blocks_leaps": true}`)},
			want: []string{"rules.obstacles.blocks_leaps could never apply: no piece has a leap longer than one step"}},
	}
}()

func TestAgreeTerritoryTurnObstacles(t *testing.T) { runCases(t, agreeTerritoryTurnObstaclesCases) }

var agreeGoalsCases = func() []agreeCase {
	return []agreeCase{
		{name: "scoring region accepted", edits: []edit{set("rules.scoring", `{"count": "region", "region": ["b3", "c3", "d3"]}`)}},
		{name: "scoring region without squares", edits: []edit{set("rules.scoring", `{"count": "region"}`)},
			want: []string{"rules.scoring.count 'region' requires rules.scoring.region: the squares being held"}},
		{name: "scoring squares for material", edits: []edit{set("rules.scoring", `{"region": ["c3"]}`)},
			want: []string{"rules.scoring.region is only for count 'region', got count 'material'"}},
		{name: "scoring territory without territory", edits: []edit{set("rules.scoring", `{"count": "territory"}`)},
			want: []string{"rules.scoring.count 'territory' requires rules.territory: there is no ground to count"}},
		{name: "scoring points without wild pieces", edits: []edit{set("rules.scoring", `{"count": "points"}`)},
			want: []string{"rules.scoring.count 'points' requires rules.npcs: bounties are paid for wild pieces"}},
		{name: "scoring region off the board", edits: []edit{set("rules.scoring", `{"count": "region", "region": ["c3", "c0"]}`)},
			want: []string{"rules.scoring.region entry 'c0' is not a square on this board"}},
		{name: "reach accepted", edits: []edit{set("rules.reach", `{"piece": "K", "squares": ["c3"], "mirror": false, "safe": true}`)}},
		{name: "reach by leaving accepted", edits: []edit{set("rules.reach", `{"squares": ["c3"], "on": "leave", "mirror": "rotate", "result": "loss"}`)}},
		{name: "reach with an undeclared piece", edits: []edit{set("rules.reach", `{"piece": "X", "squares": ["c3"]}`)},
			want: []string{"rules.reach.piece 'X' is not a declared piece"}},
		{name: "reach off the board", edits: []edit{set("rules.reach", `{"squares": ["c3", "z9"]}`)},
			want: []string{"rules.reach.squares entry 'z9' is not a square on this board"}},
		{name: "reach a wall", edits: []edit{set("rules.reach", `{"squares": ["c3", "d3"]}`), set("rules.obstacles", `{"squares": ["d3"]}`)},
			want: []string{"rules.reach.squares entry 'd3' is a wall (rules.obstacles)"}},
		{name: "reach safe by leaving", edits: []edit{set("rules.reach", `{"squares": ["c3"], "on": "leave", "safe": true}`)},
			want: []string{"rules.reach.safe cannot be used with rules.reach.on 'leave': standing on a goal decides nothing there"}},
	}
}()

func TestAgreeGoals(t *testing.T) { runCases(t, agreeGoalsCases) }

var agreeExtinctionCases = func() []agreeCase {
	return []agreeCase{
		{name: "extinction accepted", edits: []edit{set("rules.extinction", `{"pieces": "any", "min_count": 10, "result": "win"}`)}},
		{name: "per type accepted", edits: []edit{set("rules.extinction", `{"pieces": ["Q", "R", "K"], "per_type": true}`)}},
		{name: "listed together accepted", edits: []edit{set("rules.extinction", `{"pieces": ["Q", "R"], "min_count": 2}`)}},
		{name: "own accepted", edits: []edit{
			set("setup.mirror", `false`),
			set("setup.placements[6]", `{"piece": "K", "player": 1, "squares": ["e5"]}`),
			set("setup.placements[7]", `{"piece": "N", "player": 1, "squares": ["a5", "b5", "c5"]}`),
			set("rules.extinction", `{"pieces": ["Q", "N"], "per_type": "own"}`)}},
		{name: "undeclared", edits: []edit{set("rules.extinction", `{"pieces": ["Q", "X"]}`)},
			want: []string{"rules.extinction.pieces entry 'X' is not a declared piece"}},
		{name: "per type of one", edits: []edit{set("rules.extinction", `{"pieces": ["Q"], "per_type": true}`)},
			want: []string{"rules.extinction.per_type requires two or more types listed in rules.extinction.pieces"}},
		{name: "per type of any", edits: []edit{set("rules.extinction", `{"pieces": "any", "per_type": true}`)},
			want: []string{"rules.extinction.per_type requires two or more types listed in rules.extinction.pieces"}},
		{name: "army too small", edits: []edit{set("rules.extinction", `{"pieces": "any", "min_count": 12}`)},
			want: []string{
				"rules.extinction: the first player starts with 10 pieces, fewer than min_count 12, so the game would be over before the first move",
				"rules.extinction: the second player starts with 10 pieces, fewer than min_count 12, so the game would be over before the first move",
			}},
		{name: "listed together too few", edits: []edit{set("rules.extinction", `{"pieces": ["Q", "R"], "min_count": 3}`)},
			want: []string{
				"rules.extinction: the first player starts with 2 of 'Q', 'R', fewer than min_count 3, so the game would be over before the first move",
				"rules.extinction: the second player starts with 2 of 'Q', 'R', fewer than min_count 3, so the game would be over before the first move",
			}},
		{name: "per type too few", edits: []edit{set("rules.extinction", `{"pieces": ["Q", "P"], "per_type": true, "min_count": 2}`)},
			want: []string{
				"rules.extinction: the first player starts with 1 'Q', fewer than min_count 2, so the game would be over before the first move",
				"rules.extinction: the second player starts with 1 'Q', fewer than min_count 2, so the game would be over before the first move",
			}},
		{name: "stock counts as a start", edits: []edit{set("rules.extinction", `{"pieces": ["Q", "P"], "per_type": true, "min_count": 2}`), set("rules.drops", `{"stock": {"Q": 1}}`)}},
		{name: "own with a player listing nothing", edits: []edit{
			set("setup.mirror", `false`),
			set("setup.placements[6]", `{"piece": "K", "player": 1, "squares": ["e5"]}`),
			set("rules.extinction", `{"pieces": ["Q", "N"], "per_type": "own"}`)},
			want: []string{"rules.extinction.pieces lists nothing the second player starts with: under per_type 'own' list both armies' kinds"}},
	}
}()

func TestAgreeExtinction(t *testing.T) { runCases(t, agreeExtinctionCases) }

var agreePromoteOnEntryCases = func() []agreeCase {
	return []agreeCase{
		{name: "by drops accepted", edits: []edit{set("rules.promote_on_entry", `true`), set("rules.drops", `{}`)}},
		{name: "by a strike accepted", edits: []edit{set("rules.promote_on_entry", `true`),
			set("rules.strike", `{"effect": "demote", "chain": [{"from": "Q", "to": "P"}], "position": "stay", "immune": ["K"]}`)}},
		{name: "without promotion", edits: []edit{set("rules.promote_on_entry", `true`), del("rules.promotion"), set("rules.drops", `{}`)},
			want: []string{"rules.promote_on_entry requires rules.promotion: it promotes a piece that enters play in its zone"}},
		{name: "without a way in", edits: []edit{set("rules.promote_on_entry", `true`)},
			want: []string{"rules.promote_on_entry requires a way into play: rules.drops, or a strike whose chain leaves a piece standing"}},
		{name: "drop region short of the zone", edits: []edit{set("rules.promote_on_entry", `true`), set("rules.drops", `{"region": {"P": ["a2", "b2", "c2", "d2", "e2"]}}`)},
			want: []string{"rules.promote_on_entry could never apply: no promoting piece could ever enter play inside its zone"}},
		{name: "promoting piece never in hand", edits: []edit{set("rules.promote_on_entry", `true`), set("rules.drops", `{"from_captures": false, "stock": {"N": 1}}`)},
			want: []string{"rules.promote_on_entry could never apply: no promoting piece could ever enter play inside its zone"}},
	}
}()

func TestAgreePromoteOnEntry(t *testing.T) { runCases(t, agreePromoteOnEntryCases) }
