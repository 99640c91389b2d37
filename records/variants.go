package records

import (
	"embed"
	"reflect"
	"slices"
	"sync"

	"balancefarm/engine"
	"balancefarm/internal/splitmix"
)

// standardFiles are the rule files of the variants the large servers and
// Fairy-Stockfish play under a name of their own: what a game is compared
// with to decide which Variant tag it gets.
//
//go:embed standard/*.json
var standardFiles embed.FS

// StandardVariant is one variant a PGN reader knows by name.
type StandardVariant struct {
	// Name is the PGN Variant tag as lichess exports it.
	Name string
	// File is the embedded reference rule file, under standard/.
	File string
	// Probes are positions (the engine's FEN) where a rule the engine's
	// view does not show, and random games seldom reach, decides a
	// legal move: both games must list the same moves there.
	Probes []string
}

// StandardVariants are the variants recognised by what they play. Racing
// Kings and antichess are left out: this project's racingkings.json ends
// the race as soon as White arrives (lichess and Fairy-Stockfish give
// Black one more move to draw), and its giveaway.json castles, which
// lichess's Antichess does not.
var StandardVariants = []StandardVariant{
	{Name: "Crazyhouse", File: "crazyhouse.json"},
	{Name: "Atomic", File: "atomic.json"},
	{Name: "Three-check", File: "3check.json"},
	{Name: "Horde", File: "horde.json"},
	{Name: "King of the Hill", File: "kingofthehill.json"},
}

var standardGames = sync.OnceValue(func() []*engine.Game { return compileStandard(StandardVariants) })

// compileStandard compiles the variants' embedded rule files.
func compileStandard(variants []StandardVariant) []*engine.Game {
	out := make([]*engine.Game, len(variants))
	for i, v := range variants {
		data, err := standardFiles.ReadFile("standard/" + v.File)
		if err != nil {
			panic("records: no embedded " + v.File + ": " + err.Error())
		}
		if out[i], err = engine.Compile(data); err != nil {
			panic("records: the embedded " + v.File + " does not compile: " + err.Error())
		}
	}
	return out
}

// VariantName is the PGN Variant tag of a game that plays one of the
// StandardVariants, "" for any other game.
func VariantName(g *engine.Game) string {
	for i, ref := range standardGames() {
		if playsAs(g, ref, StandardVariants[i].Probes) {
			return StandardVariants[i].Name
		}
	}
	return ""
}

// playsAs reports whether g plays ref's game: the same board, start,
// pieces (matched by id) and moves square by square, promotions, capture
// effects, goals and endings (only the ply cap may differ), and, for the
// rules the engine's view does not show (drop squares, compulsory
// captures, checks forbidden, castling's squares, what a promoted piece
// becomes in hand), the same legal moves, positions and outcomes along a
// few pseudo-random games played on both and in the probe positions.
func playsAs(g, ref *engine.Game, probes []string) bool {
	if g == nil || g.Width() != ref.Width() || g.Height() != ref.Height() || g.NumKinds() != ref.NumKinds() ||
		SANGame(g) != SANGame(ref) || g.NewPosition().FEN() != ref.NewPosition().FEN() {
		return false
	}
	type features struct {
		drops, castling, enPassant, seated, hex, rounds, facings, portals, wild, chance, hidden bool
		items                                                                                   int
	}
	featuresOf := func(x *engine.Game) features {
		return features{x.HasDrops(), x.HasCastling(), x.HasEnPassant(), x.Seated(), x.Hex(), x.PlaysRounds(),
			x.Facings(), x.Portals(), x.HasWildPieces(), x.HasChance(), x.HasHiddenInformation(), x.NumItems()}
	}
	if featuresOf(g) != featuresOf(ref) {
		return false
	}
	ge, re := g.Endings(), ref.Endings()
	ge.MaxPlies, re.MaxPlies = 0, 0
	if ge != re || !reflect.DeepEqual(g.Scoring(), ref.Scoring()) {
		return false
	}
	// kinds[k] is g's kind for ref's kind k.
	kinds := make([]int, ref.NumKinds())
	for k := range kinds {
		kinds[k] = g.KindByID(ref.PieceID(k))
		if kinds[k] < 0 || g.IsRoyal(kinds[k]) != ref.IsRoyal(k) {
			return false
		}
		for pl := range 2 {
			for sq := range ref.NumSquares() {
				if !reflect.DeepEqual(g.Lines(pl, kinds[k], sq), ref.Lines(pl, k, sq)) {
					return false
				}
			}
		}
	}
	if !reflect.DeepEqual(g.Promotions(), mappedPromotions(ref.Promotions(), kinds)) ||
		!reflect.DeepEqual(g.Effects(), mappedEffects(ref.Effects(), kinds)) ||
		!reflect.DeepEqual(g.Reach(), mappedReach(ref.Reach(), kinds)) ||
		!reflect.DeepEqual(g.Extinction(), mappedExtinction(ref.Extinction(), kinds)) {
		return false
	}
	return sameProbes(g, ref, probes) && samePlay(g, ref)
}

// sameProbes reports whether g and ref list the same legal moves, as
// text, in each probe position (the engine's FEN), and both read it.
func sameProbes(g, ref *engine.Game, probes []string) bool {
	for _, fen := range probes {
		gp, gErr := g.ParseFEN(fen)
		rp, rErr := ref.ParseFEN(fen)
		if gErr != nil || rErr != nil {
			return false
		}
		if !slices.Equal(moveTexts(gp, gp.LegalMoves(nil)), moveTexts(rp, rp.LegalMoves(nil))) {
			return false
		}
	}
	return true
}

// Lockstep games: how many, and how long each may run at most.
const (
	lockstepGames = 6
	lockstepPlies = 160
)

// samePlay plays a few games on g and ref together, each move drawn from
// a fixed seed: at every ply both must list the same legal moves (as
// text), write the same position and give the same outcome.
func samePlay(g, ref *engine.Game) bool {
	limit := lockstepPlies
	if c := min(g.Endings().MaxPlies, ref.Endings().MaxPlies); c > 0 {
		limit = min(limit, c-1)
	}
	var gl, rl []engine.Move
	for game := range lockstepGames {
		rng := splitmix.Stream{State: uint64(game + 1)}
		gp, rp := g.NewPosition(), ref.NewPosition()
		for range limit {
			gOut, rOut := gp.Outcome(), rp.Outcome()
			if gOut != rOut || gp.FEN() != rp.FEN() {
				return false
			}
			if rOut.Over {
				break
			}
			gl, rl = gp.LegalMoves(gl[:0]), rp.LegalMoves(rl[:0])
			if len(gl) != len(rl) || len(rl) == 0 {
				return false
			}
			gt, rt := moveTexts(gp, gl), moveTexts(rp, rl)
			if !slices.Equal(gt, rt) {
				return false
			}
			// The same move on both, found by its text among each side's
			// moves (the two games number their moves alike only where
			// they declare their pieces alike).
			pick := gt[rng.Next()%uint64(len(gt))]
			gp.Make(moveByText(gp, gl, pick))
			rp.Make(moveByText(rp, rl, pick))
		}
	}
	return true
}

// moveByText is the move of moves whose text is text (one is: the caller
// took text from them).
func moveByText(p *engine.Position, moves []engine.Move, text string) engine.Move {
	for _, m := range moves {
		if p.MoveString(m) == text {
			return m
		}
	}
	return moves[0]
}

// moveTexts are the moves' texts, sorted.
func moveTexts(p *engine.Position, moves []engine.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.MoveString(m)
	}
	slices.Sort(out)
	return out
}

func mapKinds(ks []int, kinds []int) []int {
	if ks == nil {
		return nil
	}
	out := make([]int, len(ks))
	for i, k := range ks {
		out[i] = kinds[k]
	}
	return out
}

func mappedPromotions(ps []engine.Promotion, kinds []int) []engine.Promotion {
	out := make([]engine.Promotion, len(ps))
	for i, p := range ps {
		p.Kind = kinds[p.Kind]
		for pl := range 2 {
			p.Targets[pl] = mapKinds(p.Targets[pl], kinds)
		}
		out[i] = p
	}
	return out
}

// permuted puts a per-kind slice of ref's in g's kind order.
func permuted(bs []bool, kinds []int) []bool {
	if bs == nil {
		return nil
	}
	out := make([]bool, len(bs))
	for k, b := range bs {
		out[kinds[k]] = b
	}
	return out
}

func mappedEffects(e *engine.Effects, kinds []int) *engine.Effects {
	if e == nil {
		return nil
	}
	c := *e
	c.BlastImmune, c.ExplodeBy, c.ExplodeOf = permuted(e.BlastImmune, kinds), permuted(e.ExplodeBy, kinds), permuted(e.ExplodeOf, kinds)
	c.StrikeReaches = permuted(e.StrikeReaches, kinds)
	return &c
}

func mappedReach(r *engine.Reach, kinds []int) *engine.Reach {
	if r == nil {
		return nil
	}
	c := *r
	if c.Kind >= 0 {
		c.Kind = kinds[c.Kind]
	}
	return &c
}

func mappedExtinction(e *engine.Extinction, kinds []int) *engine.Extinction {
	if e == nil {
		return nil
	}
	c := *e
	c.Kinds = mapKinds(e.Kinds, kinds)
	return &c
}
