package search

import (
	"testing"

	"balancefarm/engine"
)

// termGain is what the terms in mask add to the evaluation of fen for the
// side to move.
func termGain(t *testing.T, file, fen string, mask int) int {
	t.Helper()
	g := loadGame(t, file)
	p, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	plain := newEvaluator(tablesFor(g))
	with := newEvaluator(tablesFor(g))
	with.setTerms(mask)
	stm := p.SideToMove()
	return with.evaluate(p, stm, p) - plain.evaluate(p, stm, p)
}

// TestTermsPreferOneSide: each term must credit the side to move more in
// the first position than in the second, and only by what it adds.
func TestTermsPreferOneSide(t *testing.T) {
	tests := []struct {
		name, file    string
		mask          int
		better, worse string
	}{
		{"shield", "chess.json", TermKingSafety,
			"4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", "4k3/8/8/8/5PPP/8/8/6K1 w - - 0 1"},
		{"enemy near the royal", "chess.json", TermKingSafety,
			"qr4k1/8/8/8/8/8/8/6K1 w - - 0 1", "6k1/8/8/8/7q/8/4r3/6K1 w - - 0 1"},
		{"attackers against the opponent's royal", "chess.json", TermKingSafety,
			"6k1/8/5N2/6Q1/8/8/8/K7 w - - 0 1", "K5k1/8/8/8/8/8/8/5NQ1 w - - 0 1"},
		{"shield in makruk", "makruk.json", TermKingSafety,
			"4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", "4k3/8/8/5PPP/8/8/8/6K1 w - - 0 1"},
		{"one piece hangs, not two", "chess.json", TermThreats,
			"4k3/8/8/3n4/1R6/8/8/B3K3 w - - 0 1", "4k3/8/8/3n4/1R6/2B5/8/4K3 w - - 0 1"},
		{"no fork", "chess.json", TermThreats,
			"4k3/8/8/8/8/4Q3/8/R1n3K1 w - - 0 1", "4k3/8/8/8/8/4Q3/2n5/R5K1 w - - 0 1"},
	}
	for _, tc := range tests {
		b, w := termGain(t, tc.file, tc.better, tc.mask), termGain(t, tc.file, tc.worse, tc.mask)
		if b <= w {
			t.Errorf("%s: the terms add %d to %q, not more than %d to %q", tc.name, b, tc.better, w, tc.worse)
		}
	}
}

// TestTermsOffWhereTheRulesSayNothing: a term stays silent where the file
// gives it nothing to read, and tempo is exactly its weight.
func TestTermsOffWhereTheRulesSayNothing(t *testing.T) {
	tests := []struct {
		name, file, fen string
		mask, want      int
	}{
		{"tempo", "chess.json", "3qrk2/8/8/8/8/8/5PPP/6K1 w - - 0 1", TermTempo, tempoWeight},
		{"tempo, black to move", "chess.json", "3qrk2/8/8/8/8/8/5PPP/6K1 b - - 0 1", TermTempo, tempoWeight},
		{"no royal threatened: giveaway", "giveaway.json", "3qrk2/8/8/8/8/8/5PPP/6K1 w - - 0 1", TermKingSafety | TermThreats, 0},
		{"threats beside explosions: atomic", "atomic.json", "4k3/8/8/8/8/3n4/8/R3K2Q w - - 0 1", TermThreats, 0},
	}
	for _, tc := range tests {
		if got := termGain(t, tc.file, tc.fen, tc.mask); got != tc.want {
			t.Errorf("%s: the terms add %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestTermsColourFlip: with every term on, the mirrored position with the
// colours swapped is worth the same to the side to move.
func TestTermsColourFlip(t *testing.T) {
	for _, file := range []string{"chess.json", "kingofthehill.json"} {
		g := loadGame(t, file)
		ev := newEvaluator(tablesFor(g))
		ev.setTerms(TermsAll)
		r := newRNG(5)
		checked := 0
		for range 10 {
			p := g.NewPosition()
			for ply := 0; ply < 80 && !p.Outcome().Over; ply++ {
				ms := p.LegalMoves(nil)
				p.Make(ms[r.intn(len(ms))])
				fen := p.FEN()
				q, err := g.ParseFEN(flipFEN(fen))
				if err != nil {
					t.Fatalf("%s flipped: %v", fen, err)
				}
				if a, b := ev.evaluate(p, p.SideToMove(), p), ev.evaluate(q, q.SideToMove(), q); a != b {
					t.Fatalf("%s %s: %d for the side to move; flipped, %d", file, fen, a, b)
				}
				checked++
			}
		}
		if checked < 200 {
			t.Fatalf("%s: only %d positions checked", file, checked)
		}
	}
}

// TestMobilityTermCountsReach: the mobility term adds the difference of
// the two weights for each square a line reaches, with the sign the
// endings give mobility.
func TestMobilityTermCountsReach(t *testing.T) {
	more := mobilityWeightMore - mobilityWeight
	tests := []struct {
		name, file, fen string
		want            int
	}{
		// The rook on a1 reaches a2 to a8 and b1 to d1: ten squares; the
		// kings step and are not lines.
		{"rook, its side to move", "chess.json", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 10 * more},
		{"rook, the other side to move", "chess.json", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", -10 * more},
		{"rooks on both sides", "chess.json", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", 0},
		// The bishop on d4 reaches 13 squares, the one on a1 seven.
		{"bishop in the middle against one in the corner", "chess.json", "b3k3/8/8/8/3B4/8/8/4K3 w - - 0 1", 6 * more},
		// Giving the pieces away wins: reach counts against.
		{"rook in giveaway", "giveaway.json", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", -10 * more},
		{"no lines: kings alone", "chess.json", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0},
	}
	for _, tc := range tests {
		if got := termGain(t, tc.file, tc.fen, TermMobility); got != tc.want {
			t.Errorf("%s: the term adds %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestPieceAttacksAgreeWithFullMap: the threats term's map of occupied
// squares gives, on every square with a piece, the counts and cheapest
// attackers of the square-by-square map, in files with slides, hops,
// bent moves, wrapping lines and portals, on boards of both sizes (masks
// up to 64 squares), and in a chess whose queen also steps like a king
// (a step and a slide to one square) and whose knight lists each leap
// twice (one square twice among the steps): both count twice.
func TestPieceAttacksAgreeWithFullMap(t *testing.T) {
	games := map[string]*engine.Game{}
	for _, file := range []string{"chess.json", "makruk.json", "minishogi.json", "torus.json", "five-by-five-portals.json", "xiangqi.json", "seeds/elven-chess.json", "shogi.json"} {
		games[file] = loadGame(t, file)
	}
	games["chess, queen and knight doubled"] = chessVariant(t, func(id string, moves []any) []any {
		switch id {
		case "Q":
			return append(moves, map[string]any{"kind": "leap", "vectors": []any{[]any{1, 0}, []any{1, 1}}, "symmetry": "rotate4"})
		case "N":
			return append(moves, moves[0])
		}
		return moves
	})
	for file, g := range games {
		full, piece := newEvaluator(tablesFor(g)), newEvaluator(tablesFor(g))
		full.setTerms(TermThreats | TermKingSafety)
		piece.setTerms(TermThreats)
		r := newRNG(7)
		compared, twice := 0, 0
		for range 6 {
			p := g.NewPosition()
			for ply := 0; ply < 120 && !p.Outcome().Over; ply++ {
				ms := p.LegalMoves(nil)
				p.Make(ms[r.intn(len(ms))])
				// One evaluator maps square by square, the other only
				// occupied squares, each after the last position's map.
				full.evaluate(p, p.SideToMove(), p)
				full.mapAttacks(true)
				piece.evaluate(p, p.SideToMove(), p)
				piece.mapAttacks(false)
				for _, pc := range full.pieces {
					for pl := 0; pl < 2; pl++ {
						want := [2]int{full.ts.attN[pl][pc.sq], full.ts.attMin[pl][pc.sq]}
						got := [2]int{piece.ts.attN[pl][pc.sq], piece.ts.attMin[pl][pc.sq]}
						if got != want {
							t.Fatalf("%s %s square %d player %d: %v, the full map %v", file, p.FEN(), pc.sq, pl, got, want)
						}
						if want[0] > 0 {
							compared++
						}
						if want[0] > 1 {
							twice++
						}
					}
				}
			}
		}
		if compared < 500 || twice == 0 {
			t.Fatalf("%s: only %d attacked squares compared, %d attacked twice", file, compared, twice)
		}
	}
}

// chessVariant loads rulesets/chess.json with each piece's moves edited.
func chessVariant(t *testing.T, edit func(id string, moves []any) []any) *engine.Game {
	t.Helper()
	return chessEdited(t, func(doc map[string]any) {
		for _, pc := range doc["pieces"].([]any) {
			m := pc.(map[string]any)
			m["moves"] = edit(m["id"].(string), m["moves"].([]any))
		}
	})
}

// TestTableTermsScalePieceSquares: the terms written into the
// piece-square table scale its two parts and nothing else. Every square's
// centrality part (what TermCentralityMore adds) is the same with either
// promotion credit; a piece that never promotes gets exactly the centrality
// table times centralityWeightMore/centralityWeight; a promoting piece's
// credit near its zone falls to promotionPercentLess of itself, to the
// centipawn.
func TestTableTermsScalePieceSquares(t *testing.T) {
	for _, file := range []string{"chess.json", "shogi.json", "crazyhouse.json", "xiangqi.json"} {
		g := loadGame(t, file)
		build := func(terms int) *evalTables {
			tb, err := buildEvalTablesWith(g, nil, nil, terms)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			return tb
		}
		plain, more, less, both := build(0), build(TermCentralityMore), build(TermPromotionLess), build(TermCentralityMore|TermPromotionLess)
		promoting := map[int]bool{}
		for _, pr := range g.Promotions() {
			promoting[pr.Kind] = true
		}
		lowered := 0
		for k := range plain.kinds {
			for pl := 0; pl < 2; pl++ {
				for sq, p0 := range plain.kinds[k].pst[pl] {
					centre := more.kinds[k].pst[pl][sq] - p0
					if got := both.kinds[k].pst[pl][sq] - less.kinds[k].pst[pl][sq]; got != centre {
						t.Fatalf("%s kind %d square %d: the centrality part is %d with less promotion credit, %d without", file, k, sq, got, centre)
					}
					if !promoting[k] {
						if centre*centralityWeight != p0*(centralityWeightMore-centralityWeight) || less.kinds[k].pst[pl][sq] != p0 {
							t.Fatalf("%s kind %d square %d: %d, %d and %d are not the plain table's %d scaled", file, k, sq,
								more.kinds[k].pst[pl][sq], less.kinds[k].pst[pl][sq], both.kinds[k].pst[pl][sq], p0)
						}
						continue
					}
					// centre is centralityWeightMore-centralityWeight times the
					// centrality step; the plain table's own centrality is
					// centre·centralityWeight/(centralityWeightMore-centralityWeight).
					ownCentre := centre * centralityWeight / (centralityWeightMore - centralityWeight)
					credit, lessCredit := p0-ownCentre, less.kinds[k].pst[pl][sq]-ownCentre
					if want := credit * promotionPercentLess / 100; lessCredit < want-1 || lessCredit > want+1 {
						t.Fatalf("%s kind %d square %d: a promotion credit of %d becomes %d, want %d (±1)", file, k, sq, credit, lessCredit, want)
					}
					if credit > 0 && lessCredit < credit {
						lowered++
					}
				}
			}
		}
		if len(promoting) > 0 && lowered == 0 {
			t.Errorf("%s: no square's promotion credit fell", file)
		}
	}
}

// TestPlainLines: mobility counts a square's lines at once only where each
// is a mask counted from its first square and no two overlap; a line that
// only moves counts no piece it meets, one that only captures no empty
// square.
func TestPlainLines(t *testing.T) {
	line := func(sqs []int16, min int, quiet, capture, hop bool) ray {
		r := ray{sqs: sqs, min: min, quiet: quiet, capture: capture, hop: hop, line: true}
		r.setMask(64)
		return r
	}
	north := []int16{8, 16, 24}
	east := []int16{1, 2, 3}
	tests := []struct {
		name         string
		lines        []ray
		plain        bool
		quiet, capts uint64
	}{
		{"a rider", []ray{line(north, 0, true, true, false), line(east, 0, true, true, false)}, true, 1<<8 | 1<<16 | 1<<24 | 0xe, 1<<8 | 1<<16 | 1<<24 | 0xe},
		{"a step that only moves", []ray{line(north[:1], 0, true, false, false)}, true, 1 << 8, 0},
		{"a line that only captures", []ray{line(east, 0, false, true, false)}, true, 0, 0xe},
		{"counted from its second square", []ray{line(north, 1, true, true, false)}, false, 0, 0},
		{"a hop", []ray{line(north, 0, false, true, true)}, false, 0, 0},
		{"two lines over one square", []ray{line(north, 0, true, true, false), line(north[:1], 0, true, false, false)}, false, 0, 0},
		{"squares out of order", []ray{line([]int16{8, 24, 16}, 0, true, true, false)}, false, 0, 0},
	}
	for _, tc := range tests {
		got := plainOf(tc.lines)
		if (got != nil) != tc.plain {
			t.Errorf("%s: plain %v, want %v", tc.name, got != nil, tc.plain)
			continue
		}
		var quiet, capts uint64
		for _, l := range got {
			quiet, capts = quiet|l.quiet, capts|l.capture
		}
		if quiet != tc.quiet || capts != tc.capts {
			t.Errorf("%s: counts quiet %#x and captures %#x, want %#x and %#x", tc.name, quiet, capts, tc.quiet, tc.capts)
		}
	}
}

// TestThreatsFromSetsAgreeWithScan: with the terms that can read the
// engine's sets (the threats among them), along random games on boards
// of one word, evaluate scores every position the same through the sets
// (secondLossSets) as through the board scanned square by square
// (mapPieceAttacks and secondLoss), and the sets were in fact read; so
// do the terms that only weigh what the plain evaluation reads.
func TestThreatsFromSetsAgreeWithScan(t *testing.T) {
	for _, file := range []string{"chess.json", "shatranj.json", "makruk.json",
		"kingofthehill.json", "spartan.json", "horde.json", "minishogi.json", "3check.json"} {
		g := loadGame(t, file)
		for _, terms := range []int{TermThreats, TermTempo | TermThreats | TermMobility, TermThreats | TermPromotionLess,
			TermTempo | TermMobility | TermCentralityMore} {
			tables, err := buildEvalTablesWith(g, nil, nil, terms&tableTerms)
			if err != nil {
				t.Fatal(err)
			}
			if !tables.hitsMasked {
				t.Fatalf("%s: a capturing ray is not a mask: nothing read from the sets", file)
			}
			e := newEvaluator(tables)
			e.setTerms(terms)
			r := newRNG(11)
			compared, threatened := 0, 0
			for game := 0; game < 3; game++ {
				p := g.NewPosition()
				for ply := 0; ply < 200 && !p.Outcome().Over; ply++ {
					for stm := 0; stm < 2; stm++ {
						want := e.evaluate(scanBoard{p}, stm, scanBoard{p})
						got := e.evaluate(enginePos{p}, stm, enginePos{p})
						if e.setsPos == nil {
							t.Fatalf("%s e%d: the evaluation did not read the engine's sets", file, terms)
						}
						if got != want {
							t.Fatalf("%s e%d %s side %d: %d from the sets, %d by scan", file, terms, p.FEN(), stm, got, want)
						}
						if e.secondLossSets(enginePos{p}.Position, stm) > 0 {
							threatened++
						}
						compared++
					}
					ms := p.LegalMoves(nil)
					p.Make(ms[r.intn(len(ms))])
				}
			}
			if compared < 40 || terms&TermThreats != 0 && threatened < 5 {
				t.Errorf("%s e%d: %d positions compared, %d with a second piece hanging: too few", file, terms, compared, threatened)
			}
		}
	}
}
