package engine

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"testing"
	"time"

	"balancefarm/engine/diceref"
	"balancefarm/engine/rules"
)

var diceDeep = flag.Bool("dice-deep", false, "count the dice reference perft rows a ply deeper and play ten times the games")

// diceConfig is one variant of dice chess: an edit of the rule file's
// rules for the engine, and the same rules written for diceref.
type diceConfig struct {
	name string
	edit func(r *rules.Rules)
	ref  *diceref.Rules
	// weighed is a line of moves from weighedFrom (a FEN, "" the start)
	// to a chance node whose outcome weights are compared with the
	// reference's probabilities.
	weighed     []string
	weighedFrom string
	// extra positions for this configuration alone (a chance field).
	extra []dicePosition
	cut   int // plies off every row's depth, where the tree grows fast
}

// dicePosition is a position in the engine's FEN and its perft depth
// (less the configuration's cut; -short one less, -dice-deep one more).
type dicePosition struct {
	name  string
	fen   string
	depth int
}

// sixFaces is the rule file's die, each face of the given weight.
func sixFaces(weight int) []rules.DieFace {
	var faces []rules.DieFace
	for _, k := range []string{"P", "N", "B", "R", "Q", "K"} {
		faces = append(faces, rules.DieFace{Name: k, Pieces: []string{k}, Weight: weight})
	}
	return faces
}

var diceConfigs = []diceConfig{
	{
		name:    "the standard die",
		edit:    func(r *rules.Rules) {},
		ref:     &diceref.Rules{Die: &diceref.Die{Faces: diceref.SixFaces(1)}},
		weighed: []string{"roll:P", "e2e4"},
	},
	{
		name: "a deck of two cards a face",
		edit: func(r *rules.Rules) {
			r.Dice = &rules.Dice{Faces: sixFaces(2), Draw: rules.DrawDeck}
		},
		ref:     &diceref.Rules{Die: &diceref.Die{Faces: diceref.SixFaces(2), Deck: true}},
		weighed: []string{"roll:N", "g1f3", "roll:N", "g8f6", "roll:P", "e2e4"},
		extra: []dicePosition{
			// One card left: drawing it fills the deck again.
			{"the last card", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 deck:0,0,0,0,0,1", 6},
			{"two cards left", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 deck:1,0,0,0,1,0", 6},
		},
	},
	{
		name:    "blocked any",
		edit:    func(r *rules.Rules) { r.Dice.Blocked = rules.BlockedAny },
		ref:     &diceref.Rules{Die: &diceref.Die{Faces: diceref.SixFaces(1), BlockedAny: true}},
		weighed: []string{"roll:K", "e2e4"}, // the king's blocked roll frees every move
		// A blocked roll frees every move: the tree grows faster.
		cut: 1,
	},
	{
		name: "a knight removed with chance 0.25 after it moves",
		edit: func(r *rules.Rules) { r.Hazards = []rules.Hazard{{Pieces: []string{"N"}, Chance: 0.25}} },
		ref: &diceref.Rules{Die: &diceref.Die{Faces: diceref.SixFaces(1)},
			Hazards: []diceref.Hazard{{Pieces: "N", Thousandths: 250}}},
		weighed: []string{"roll:N", "g1f3"},
		extra: []dicePosition{
			{"a knight's fate pending", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1 fate:f3", 6},
		},
	},
	{
		name: "a knight removed with chance 0.25 after it captures",
		edit: func(r *rules.Rules) {
			r.Hazards = []rules.Hazard{{Pieces: []string{"N"}, Chance: 0.25, After: rules.HazardAfterCapture}}
		},
		ref: &diceref.Rules{Die: &diceref.Die{Faces: diceref.SixFaces(1)},
			Hazards: []diceref.Hazard{{Pieces: "N", Thousandths: 250, CaptureOnly: true}}},
		weighed: []string{"roll:N", "g1f3", "roll:P", "e7e5", "roll:N", "f3e5"},
	},
	{
		name: "pawns and kings at risk after a capture, a weighted deck",
		edit: func(r *rules.Rules) {
			r.Dice = &rules.Dice{Draw: rules.DrawDeck, Faces: []rules.DieFace{
				{Name: "P", Pieces: []string{"P"}, Weight: 3},
				{Name: "NB", Pieces: []string{"N", "B"}, Weight: 2},
				{Name: "RQK", Pieces: []string{"R", "Q", "K"}, Weight: 1},
			}}
			r.Hazards = []rules.Hazard{{Pieces: []string{"P", "K"}, Chance: 0.4, After: rules.HazardAfterCapture}}
		},
		ref: &diceref.Rules{
			Die: &diceref.Die{Deck: true, Faces: []diceref.Face{
				{Name: "P", Pieces: "P", Weight: 3}, {Name: "NB", Pieces: "NB", Weight: 2}, {Name: "RQK", Pieces: "RQK", Weight: 1}}},
			Hazards: []diceref.Hazard{{Pieces: "PK", Thousandths: 400, CaptureOnly: true}},
		},
		weighed: []string{"roll:P", "e2e4", "roll:P", "d7d5", "roll:P", "e4d5"},
	},
	{
		name: "kings, rooks and queens at risk after every move, a blank face, blocked any",
		edit: func(r *rules.Rules) {
			r.Dice = &rules.Dice{Blocked: rules.BlockedAny, Faces: []rules.DieFace{
				{Name: "P", Pieces: []string{"P"}, Weight: 2},
				{Name: "minor", Pieces: []string{"N", "B"}},
				{Name: "RQ", Pieces: []string{"R", "Q"}},
				{Name: "K", Pieces: []string{"K"}, Weight: 3},
				{Name: "blank", Pieces: []string{}},
			}}
			r.Hazards = []rules.Hazard{{Pieces: []string{"K", "R", "Q"}, Chance: 0.125}}
		},
		ref: &diceref.Rules{
			Die: &diceref.Die{BlockedAny: true, Faces: []diceref.Face{
				{Name: "P", Pieces: "P", Weight: 2}, {Name: "minor", Pieces: "NB", Weight: 1},
				{Name: "RQ", Pieces: "RQ", Weight: 1}, {Name: "K", Pieces: "K", Weight: 3},
				{Name: "blank", Pieces: "", Weight: 1}}},
			Hazards: []diceref.Hazard{{Pieces: "KRQ", Thousandths: 125}},
		},
		cut: 1, // blocked any
		// Castling moves the king: its fate, not the rook's.
		weighed:     []string{"roll:blank", "e1g1"},
		weighedFrom: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
		extra: []dicePosition{
			{"castling both ways", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 6},
		},
	},
	{
		name: "a pawn at risk after every move, no die",
		edit: func(r *rules.Rules) {
			r.Dice = nil
			r.Hazards = []rules.Hazard{{Pieces: []string{"P"}, Chance: 0.5}}
		},
		ref:     &diceref.Rules{Hazards: []diceref.Hazard{{Pieces: "P", Thousandths: 500}}},
		weighed: []string{"e2e4"},
		cut:     3, // every ply a move: the tree grows as chess's
	},
}

// dicePositions are counted in every configuration: the chess part of a
// FEN, a die pending.
var dicePositions = []dicePosition{
	{"the start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7},
	// Kiwipete: castling both ways, pins that do not bind, captures.
	{"castling available", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6},
	// b7 takes a8 (a rook, a castling right) or promotes on b8; g2 the same for black.
	{"pawns about to promote", "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1", 6},
	{"en passant available", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 6},
	{"kings side by side", "8/8/4p3/3k4/3PK3/8/8/8 w - - 0 1", 7},
	{"black's double steps beside white's pawns", "4k3/pppppppp/8/1P1P1P1P/8/8/8/4K3 b - - 0 1", 6},
}

// diceGame is dice chess with config's edit, loaded as chance_test's
// loadRaw does (the front end does not read schema 34 yet).
func diceGame(t *testing.T, c diceConfig) *Game {
	t.Helper()
	b, err := os.ReadFile("../rulesets/dice-chess.json")
	if err != nil {
		t.Fatal(err)
	}
	var s rules.Spec
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	c.edit(&s.Rules)
	g, err := Load(&s)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return g
}

// diceDepth is a row's depth for this run.
func diceDepth(depth int) int {
	switch {
	case *diceDeep:
		return depth + 1
	case testing.Short():
		return depth - 1
	}
	return depth
}

// TestDicePerftMatchesReference counts perft 1..depth with the engine and
// with diceref in every configuration and position, and on a difference
// prints the two divides' differing entries and the line down to the node
// whose lists differ.
func TestDicePerftMatchesReference(t *testing.T) {
	for _, c := range diceConfigs {
		g := diceGame(t, c)
		for _, pos := range append(slices.Clone(dicePositions), c.extra...) {
			p, err := g.ParseFEN(pos.fen)
			if err != nil {
				t.Fatalf("%s, %s: %v", c.name, pos.name, err)
			}
			rp, err := diceref.Parse(c.ref, pos.fen)
			if err != nil {
				t.Fatalf("%s, %s: %v", c.name, pos.name, err)
			}
			start := time.Now()
			var counts []uint64
			for d := 1; d <= diceDepth(pos.depth-c.cut); d++ {
				got, want := p.Perft(d), rp.Perft(d)
				counts = append(counts, got)
				if got != want {
					t.Errorf("%s, %s (%s): perft(%d) engine %d, reference %d\n%s%s",
						c.name, pos.name, pos.fen, d, got, want, diceDivideDiff(p, rp, d), diceLocate(p, rp, d))
					break
				}
			}
			t.Logf("%s, %s: %v (%v)", c.name, pos.name, counts, time.Since(start).Round(time.Millisecond))
		}
	}
}

// diceDivideDiff is the root branches whose counts differ at depth.
func diceDivideDiff(p *Position, rp *diceref.Position, depth int) string {
	engine := map[string]uint64{}
	for _, e := range p.PerftDivide(depth) {
		engine[e.Name] = e.Nodes
	}
	ref := rp.Divide(depth)
	var names []string
	for n := range engine {
		names = append(names, n)
	}
	for n := range ref {
		if _, ok := engine[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	out := ""
	for _, n := range names {
		e, eok := engine[n]
		r, rok := ref[n]
		if e != r || eok != rok {
			out += fmt.Sprintf("  %s: engine %d (listed %v), reference %d (listed %v)\n", n, e, eok, r, rok)
		}
	}
	return out
}

// diceLocate follows the first root branch whose counts differ down the
// tree to a node whose lists differ, and names the line and the node.
func diceLocate(p *Position, rp *diceref.Position, depth int) string {
	var line []string
	defer func() {
		for range line {
			p.Unmake()
		}
	}()
	for ; depth >= 1; depth-- {
		_, got := diceMoves(p)
		if want := rp.MoveNames(); !slices.Equal(got, want) {
			return fmt.Sprintf("  after %v, %s:\n  engine only %v, reference only %v\n", line, p.FEN(), missing(got, want), missing(want, got))
		}
		ref := rp.Divide(depth)
		next := ""
		for _, e := range p.PerftDivide(depth) {
			if e.Nodes != ref[e.Name] {
				next = e.Name
				break
			}
		}
		if next == "" {
			break
		}
		for _, m := range p.LegalMoves(nil) {
			if p.MoveString(m) == next {
				for _, b := range rp.Branches() {
					if b.Name == next {
						rp = b.Next
					}
				}
				p.Make(m)
				line = append(line, next)
				break
			}
		}
	}
	return fmt.Sprintf("  the lists agree along %v\n", line)
}

// diceMoves is the engine's moves at p, named and sorted; none on a
// decided board.
func diceMoves(p *Position) ([]Move, []string) {
	if p.Decided() {
		return nil, nil
	}
	moves := p.LegalMoves(nil)
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = p.MoveString(m)
	}
	slices.Sort(names)
	return moves, names
}

// diceWeights compares the engine's outcome weights at p with the
// reference's probabilities; "" when they agree.
func diceWeights(p *Position, rp *diceref.Position) string {
	moves, weights := p.ChanceOutcomes(nil, nil)
	sum := 0
	for _, w := range weights {
		sum += w
	}
	got := map[string][2]int{}
	for i, m := range moves {
		got[p.MoveString(m)] = [2]int{weights[i], sum}
	}
	want := rp.Outcomes()
	if len(want) != len(got) {
		return fmt.Sprintf("engine %v, reference %v", got, want)
	}
	for _, o := range want {
		w, ok := got[o.Name]
		// w[0]/w[1] == Num/Den
		if !ok || w[0]*o.Den != o.Num*w[1] {
			return fmt.Sprintf("engine %v, reference %v", got, want)
		}
	}
	return ""
}

// diceStep plays the move or outcome called name in both.
func diceStep(t *testing.T, p *Position, rp *diceref.Position, name string) *diceref.Position {
	t.Helper()
	var next *diceref.Position
	for _, b := range rp.Branches() {
		if b.Name == name {
			next = b.Next
		}
	}
	for _, m := range p.LegalMoves(nil) {
		if p.MoveString(m) == name && next != nil {
			p.Make(m)
			return next
		}
	}
	t.Fatalf("%s is not a move of both at %s", name, p.FEN())
	return nil
}

// TestDiceOutcomeWeightsMatchReference compares ChanceOutcomes with the
// reference's probabilities at one chance node of each configuration.
func TestDiceOutcomeWeightsMatchReference(t *testing.T) {
	for _, c := range diceConfigs {
		g := diceGame(t, c)
		p := g.NewPosition()
		if c.weighedFrom != "" {
			var err error
			if p, err = g.ParseFEN(c.weighedFrom); err != nil {
				t.Fatal(err)
			}
		}
		rp, err := diceref.Parse(c.ref, p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range c.weighed {
			rp = diceStep(t, p, rp, name)
		}
		if !p.AtChance() || !rp.AtChance() {
			t.Fatalf("%s: after %v engine at chance %v, reference %v", c.name, c.weighed, p.AtChance(), rp.AtChance())
		}
		if diff := diceWeights(p, rp); diff != "" {
			t.Errorf("%s, after %v: %s", c.name, c.weighed, diff)
		}
	}
}

// TestDiceGamesMatchReference plays random games in every configuration,
// engine and reference side by side, and compares at every node the lists
// of moves or outcomes and, at chance nodes, the weights; every few plies
// it also hands the engine's FEN to the reference and compares perft(3).
func TestDiceGamesMatchReference(t *testing.T) {
	games, plies := 6, 300
	switch {
	case *diceDeep:
		games, plies = 60, 500
	case testing.Short():
		games, plies = 2, 120
	}
	nodes := 0
	for _, c := range diceConfigs {
		g := diceGame(t, c)
		for game := 0; game < games; game++ {
			rng := rand.New(rand.NewPCG(34, uint64(game)))
			p := g.NewPosition()
			rp, err := diceref.Parse(c.ref, p.FEN())
			if err != nil {
				t.Fatal(err)
			}
			var line []string
			for ply := 0; ply < plies; ply++ {
				where := fmt.Sprintf("%s, game %d after %v", c.name, game, line)
				_, got := diceMoves(p)
				if want := rp.MoveNames(); !slices.Equal(got, want) {
					t.Fatalf("%s: %s\nengine only    %v\nreference only %v", where, p.FEN(), missing(got, want), missing(want, got))
				}
				nodes++
				if p.AtChance() {
					if diff := diceWeights(p, rp); diff != "" {
						t.Fatalf("%s: %s: %s", where, p.FEN(), diff)
					}
				}
				if ply%7 == 3 {
					fromFEN, err := diceref.Parse(c.ref, p.FEN())
					if err != nil {
						t.Fatalf("%s: %v", where, err)
					}
					if a, b := p.Perft(3), fromFEN.Perft(3); a != b {
						t.Fatalf("%s: %s: perft(3) engine %d, reference from the FEN %d\n%s", where, p.FEN(), a, b, diceDivideDiff(p, fromFEN, 3))
					}
				}
				if len(got) == 0 || p.Outcome().Over {
					break
				}
				name := got[rng.IntN(len(got))]
				line = append(line, name)
				rp = diceStep(t, p, rp, name)
			}
		}
	}
	t.Logf("%d nodes compared", nodes)
}
