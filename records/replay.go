package records

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/search"
)

// Replayed is one result's game played once through the compiled game,
// from the text of its moves: the coordinator's check of what a worker
// sent and, from the same pass, everything a reader of the game needs
// (the records' SAN and final position, the features the verdict's
// warnings read, the piece-value fit's samples, the example diagrams'
// positions), so that none of them parses the moves again.
type Replayed struct {
	Result protocol.Result
	// Err says why the result is not the game its moves play: a move
	// that is not legal, an ending or winner other than the moves', or
	// features other than the moves'. StartFEN and Material then hold
	// what the plies before it gave; FinalFEN, SAN and Features are
	// empty.
	Err      error
	StartFEN string
	FinalFEN string
	// SAN is the game in SAN, when SANGame allows it and every ply can
	// be written so; else nil.
	SAN []string
	// Features are the rule features the moves count (search's
	// FeatureCounter, which the worker counted with as it played).
	Features map[string]int
	// Material are the game's quiet positions from ply QuietFrom on, up
	// to the one where its first round is played: the piece-value fit's
	// samples.
	Material []Material

	game  *engine.Game
	plies []replayedPly
	// pgn4 is a game with seats in PGN4, worked out as it replayed; nil
	// for two players, or when a ply has no word in PGN4.
	pgn4 *pgn4Moves
}

// Material is a quiet position's material: neither side in check and no
// capture to make, where the count of pieces says most about the result.
type Material struct {
	Ply int // plies made before the position
	// Diff is, by kind, the first player's pieces on the board and in
	// hand less the second player's.
	Diff []int
}

// QuietFrom is the first ply whose position can be a Material sample:
// earlier ones are mostly the random opening and its aftermath.
const QuietFrom = 8

// replayedPly is one decoded ply: a move, or both moves of a round.
type replayedPly struct {
	move, other engine.Move
	round       bool
}

// replays counts the games Replay parsed, for Replays.
var replays atomic.Int64

// Replays counts the games this process replayed from the text of their
// moves (Replay): what a test reads to see each game replayed once.
func Replays() int64 { return replays.Load() }

// ReplayAll replays each result on g, in order.
func ReplayAll(g *engine.Game, results []protocol.Result) []*Replayed {
	out := make([]*Replayed, len(results))
	for i, r := range results {
		out[i] = Replay(g, r)
	}
	return out
}

// Replay plays r's moves on g from its start position: every move legal
// in turn, the game not over before the last and over after it, with the
// recorded winner and ending and the recorded features. A result whose
// replay has an Err is refused by the coordinator, never counted.
func Replay(g *engine.Game, r protocol.Result) *Replayed {
	replays.Add(1)
	rp := &Replayed{Result: r, game: g}
	if err := rp.replay(); err != nil {
		rp.Err, rp.FinalFEN, rp.SAN, rp.Features = err, "", nil, nil
	}
	return rp
}

func (rp *Replayed) replay() (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("engine failure replaying the game: %v", p)
		}
	}()
	g, r := rp.game, rp.Result
	if g == nil {
		return errors.New("no game to replay on")
	}
	p := g.NewPosition()
	if r.StartFEN != "" {
		// An opening book's position (protocol.Job.StartFEN).
		from, err := g.ParseFEN(r.StartFEN)
		if err != nil {
			return fmt.Errorf("start position: %w", err)
		}
		p = from
	}
	rp.StartFEN = p.FEN()
	// Material samples are one player's pieces less the other's: a
	// game with seats has no such difference to fit.
	san, sampling := SANGame(g), !g.Seated()
	var sans []string
	var legal, captures []engine.Move
	count := search.NewFeatureCounter(g)
	var pw *pgn4Moves
	if g.Seated() && pgn4IDs(g) == nil {
		pw = newPGN4Plies(p, len(r.Moves))
	}
	for i, text := range r.Moves {
		if p.Outcome().Over {
			return fmt.Errorf("the game is over after ply %d, the record goes on", i)
		}
		if sampling && i >= QuietFrom && !p.InCheck() {
			if captures = p.LegalCaptures(captures[:0]); len(captures) == 0 {
				rp.Material = append(rp.Material, materialOf(p, i))
			}
		}
		if p.InRound() {
			// Both players' choices at once, recorded "m0 & m1": no SAN
			// for them, no feature, and no samples from here on.
			m0, m1, err := p.ParseRound(text)
			if err != nil {
				return fmt.Errorf("ply %d (%s): %w", i+1, text, err)
			}
			san, sampling = false, false
			p.MakeRound(m0, m1)
			count.Round()
			rp.plies = append(rp.plies, replayedPly{move: m0, other: m1, round: true})
			continue
		}
		m, err := p.ParseMove(text)
		if err != nil {
			return fmt.Errorf("ply %d (%s): %w", i+1, text, err)
		}
		rp.plies = append(rp.plies, replayedPly{move: m})
		if m.IsChance() {
			san = false // no reader knows a roll of the die
			if pw != nil {
				pw.chance(text)
			}
			count.Chance(p, m)
			continue
		}
		opening := i < r.OpeningPlies
		if pw != nil {
			pending, err := pw.before(p, m)
			if err != nil {
				pw = nil // no PGN4 word for it: no PGN4 record
			} else {
				count.Make(p, m, opening)
				pw.after(p, pending)
				continue
			}
		}
		if !san {
			count.Make(p, m, opening)
			continue
		}
		legal = p.LegalMoves(legal[:0])
		s, ok := sanOf(p, m, legal)
		side := p.SideToMove()
		count.Make(p, m, opening)
		// SAN numbers moves by turns of one ply each.
		if !ok || p.SideToMove() == side {
			san = false
		} else {
			sans = append(sans, s+checkSuffix(p))
		}
	}
	o := p.Outcome()
	if !o.Over && (protocol.IsAdjudication(r.Ending) || r.Ending == protocol.EndingTimeForfeit) {
		// The match's rules stopped the game (the players' scores or
		// clocks, which the record does not hold, called it): the
		// record's word stands.
		o = engine.Outcome{Over: true, Winner: r.Winner, Rule: engine.Ending(r.Ending)}
	}
	switch {
	case !o.Over:
		return fmt.Errorf("the game is not over after its %d plies", len(r.Moves))
	case o.Winner != r.Winner || o.Rule != engine.Ending(r.Ending):
		return fmt.Errorf("the game ends %d by %s, the record says %d by %s", o.Winner, o.Rule, r.Winner, r.Ending)
	}
	rp.Features = count.Finish(o.Rule)
	if err := sameFeatures(rp.Features, r.Features); err != nil {
		return err
	}
	rp.FinalFEN = p.FEN()
	if pw != nil {
		rp.pgn4 = pw.finish(p)
	}
	if san {
		rp.SAN = sans
	}
	return nil
}

// materialOf is p's material, p being ply plies into the game.
func materialOf(p *engine.Position, ply int) Material {
	g := p.Game()
	d := make([]int, g.NumKinds())
	for k := range d {
		d[k] = p.Count(0, k) - p.Count(1, k)
		if h0, h1 := p.InHand(0, k), p.InHand(1, k); h0 >= 0 && h1 >= 0 {
			d[k] += h0 - h1
		}
	}
	return Material{Ply: ply, Diff: d}
}

// sameFeatures says which feature a result claims other than its moves
// count, if one: a worker cannot move a verdict's warnings by counting
// otherwise.
func sameFeatures(counted, claimed map[string]int) error {
	names := make([]string, 0, len(counted)+len(claimed))
	for name := range counted {
		names = append(names, name)
	}
	for name := range claimed {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range slices.Compact(names) {
		c, inCounted := counted[name]
		w, inClaimed := claimed[name]
		if c != w || inCounted != inClaimed {
			return fmt.Errorf("feature %s: the moves give %s, the record says %s", name, featureValue(c, inCounted), featureValue(w, inClaimed))
		}
	}
	return nil
}

func featureValue(v int, ok bool) string {
	if !ok {
		return "none"
	}
	return fmt.Sprint(v)
}

// Positions hands visit the start position and the position after each
// ply, making the decoded moves again: nothing is parsed twice. It gives
// the replay's Err, visiting nothing, when the moves did not replay.
func (rp *Replayed) Positions(visit func(*engine.Position)) (err error) {
	if rp.Err != nil {
		return rp.Err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("engine failure replaying the game: %v", p)
		}
	}()
	p := rp.game.NewPosition()
	if rp.Result.StartFEN != "" {
		// An opening book's position, as the replay started from.
		if p, err = rp.game.ParseFEN(rp.Result.StartFEN); err != nil {
			return fmt.Errorf("start position: %w", err)
		}
	}
	visit(p)
	for _, ply := range rp.plies {
		if ply.round {
			p.MakeRound(ply.move, ply.other)
		} else {
			p.Make(ply.move)
		}
		visit(p)
	}
	return nil
}
