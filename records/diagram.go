package records

import (
	"fmt"
	"sort"
	"strings"

	"balancefarm/engine"
	"balancefarm/report"
	"balancefarm/stats"
)

// Board is g's board for the report's diagrams: every square, walls
// marked; on a hex board the cells outside the hexagon are left out. The
// boards of a game of several stand side by side, a file apart, the first
// on the left.
func Board(g *engine.Game) *report.Board {
	stride := g.Width() + 1 // a board and the gap after it
	b := &report.Board{Width: g.Boards()*stride - 1, Height: g.Height(), Hex: g.Hex(), Names: map[string]string{}}
	for k := range g.NumKinds() {
		b.Names[g.PieceID(k)] = g.PieceName(k)
		if g.IsBodyKind(k) {
			b.Body = g.PieceID(k)
		}
	}
	for sq := range g.NumSquares() {
		wall := g.IsWall(sq)
		if wall && g.Hex() {
			continue
		}
		file := g.BoardOf(sq)*stride + g.File(sq)
		b.Cells = append(b.Cells, report.Cell{Name: g.SquareName(sq), File: file, Rank: g.Rank(sq), Wall: wall})
	}
	return b
}

// cellSquare is the square a cell of Board(g) draws.
func cellSquare(g *engine.Game, c report.Cell) int {
	stride := g.Width() + 1
	board, file := c.File/stride, c.File%stride
	return (board*g.Height()+c.Rank)*g.Width() + file
}

// frameOf is what stands on each of b's cells in p.
func frameOf(p *engine.Position, b *report.Board) report.Frame {
	g := p.Game()
	f := make(report.Frame, len(b.Cells))
	for i, c := range b.Cells {
		sq := cellSquare(g, c)
		if kind, owner, ok := p.PieceAt(sq); ok {
			f[i] = string(rune('0'+owner)) + g.PieceID(kind)
		}
	}
	return f
}

// StartFrame is the start position on Board(g).
func StartFrame(g *engine.Game, b *report.Board) report.Frame {
	return frameOf(g.NewPosition(), b)
}

// hasExtras reports whether g's positions hold items, statuses, purses or
// a market (the planes family, issue 34), or pieces in hand.
func hasExtras(g *engine.Game) bool {
	return g.NumItems() > 0 || g.NumStatuses() > 0 || g.NumResources() > 0 || g.NumCards() > 0 || g.HasDrops()
}

// extrasOf is what p holds beside its pieces, on b's cells; nil for a
// game without items, statuses, resources, a market or drops.
func extrasOf(p *engine.Position, b *report.Board) *report.Extras {
	g := p.Game()
	if !hasExtras(g) {
		return nil
	}
	x := &report.Extras{}
	for i, c := range b.Cells {
		sq := cellSquare(g, c)
		for it := range g.NumItems() {
			if n := p.ItemCount(it, sq); n > 0 {
				x.Items = append(x.Items, report.Mark{Cell: i, ID: itemLabel(g, it), Count: n})
			}
		}
		for st := range g.NumStatuses() {
			if n := p.StatusCount(st, sq); n > 0 {
				x.Statuses = append(x.Statuses, report.Mark{Cell: i, ID: g.StatusName(st), Count: n})
			}
		}
	}
	for r := range g.NumResources() {
		x.Purses = append(x.Purses, report.Purse{Resource: g.ResourceName(r), Held: [2]int{p.Purse(0, r), p.Purse(1, r)}})
	}
	for c := range g.NumCards() {
		price, unlocked := p.Card(c)
		x.Market = append(x.Market, report.Card{Name: g.CardName(c), Price: price, Unlocked: unlocked})
	}
	if p.AtChance() {
		x.Unlocking = p.CardsToUnlock()
	}
	if g.HasDrops() {
		for k := range g.NumKinds() {
			if h := [2]int{p.InHand(0, k), p.InHand(1, k)}; h != [2]int{} {
				x.Hands = append(x.Hands, report.Hand{ID: g.PieceID(k), Held: h})
			}
		}
	}
	return x
}

// itemLabel names an item slot in a diagram: a hidden item (schema 42),
// which the spectator sees, with its owner as FEN writes it ("trap.b").
func itemLabel(g *engine.Game, it int) string {
	switch g.ItemOwner(it) {
	case 0:
		return g.ItemID(it) + ".w"
	case 1:
		return g.ItemID(it) + ".b"
	}
	return g.ItemID(it)
}

// StartExtras is the start position's items, statuses, purses and market
// on Board(g); nil for a game without them.
func StartExtras(g *engine.Game, b *report.Board) *report.Extras {
	return extrasOf(g.NewPosition(), b)
}

// Summaries are the replayed games as the report's per-rung plots read
// them (error endings left out, as every figure leaves them out).
func Summaries(games []Game) []report.GameSummary {
	out := make([]report.GameSummary, 0, len(games))
	for _, g := range games {
		if g.Ending == engine.EndError {
			continue
		}
		out = append(out, report.GameSummary{White: g.White, Black: g.Black, Winner: g.Winner, Ending: string(g.Ending), Plies: g.Plies})
	}
	return out
}

// perFlag is how many example games a flag links.
const perFlag = 3

// Examples picks up to three games for each flag the report raises or
// leaves undecided, from the games the flag was read from (Build's), with
// the frames of their replay. The report's own reasons say which flags.
func Examples(g *engine.Game, games []Game, r *report.Report) []report.Examples {
	out := []report.Examples{}
	if g == nil || r == nil {
		return out
	}
	scope := scopeOf(games, r)
	board := Board(g)
	flags := make([]string, 0, len(r.Reasons)+1)
	for _, reason := range r.Reasons {
		flags = append(flags, reason.Flag)
	}
	if len(r.Flags) == 0 {
		// Nothing raised: typical games still show what the game is like.
		flags = append(flags, report.ExamplesTypical)
	}
	for _, flag := range flags {
		picked, why := pick(flag, scope, games, r)
		if len(picked) == 0 {
			continue
		}
		ex := report.Examples{Flag: flag, Why: why}
		for _, rec := range picked {
			eg := report.ExampleGame{Round: rec.Round, White: rec.White, Black: rec.Black, Result: rec.Result,
				Ending: string(rec.Ending), Plies: rec.Plies, FinalFEN: rec.FinalFEN, Moves: rec.Notation()}
			if rec.replayed == nil {
				continue
			}
			extras := hasExtras(g)
			var numbers moveNumbers
			if err := rec.replayed.Positions(func(p *engine.Position) {
				eg.Frames = append(eg.Frames, frameOf(p, board))
				if extras {
					eg.Extras = append(eg.Extras, extrasOf(p, board))
				}
				if len(eg.Frames) <= len(eg.Moves) && !g.Seated() { // a position a ply is played from
					eg.Labels = append(eg.Labels, numbers.next(p))
				}
			}); err != nil {
				continue
			}
			ex.Games = append(ex.Games, eg)
		}
		if len(ex.Games) > 0 {
			out = append(out, ex)
		}
	}
	return out
}

// scopeOf is the games the verdict's rates were read from: the strongest
// rung against itself, else among the strongest rungs, else every game;
// only games that replayed.
func scopeOf(games []Game, r *report.Report) []*Game {
	var all, mirror, strong []*Game
	if len(r.Ladder) == 0 {
		return nil
	}
	top := r.Ladder[len(r.Ladder)-1]
	n := max(1, r.Thresholds.StrongRungs)
	inStrong := map[string]bool{}
	for _, s := range r.Ladder[max(0, len(r.Ladder)-n):] {
		inStrong[s] = true
	}
	for i := range games {
		g := &games[i]
		// The clairvoyant rung's games serve the skill share alone.
		if g.Unreplayed != "" || g.Ending == engine.EndError || stats.IsSeer(g.White) || stats.IsSeer(g.Black) {
			continue
		}
		all = append(all, g)
		if g.White == top && g.Black == top {
			mirror = append(mirror, g)
		}
		if inStrong[g.White] && inStrong[g.Black] {
			strong = append(strong, g)
		}
	}
	switch {
	case len(mirror) > 0:
		return mirror
	case len(strong) > 0:
		return strong
	}
	return all
}

// pick chooses a flag's examples and says what they have in common.
func pick(flag string, scope []*Game, games []Game, r *report.Report) ([]*Game, string) {
	filter := func(keep func(*Game) bool) []*Game {
		var out []*Game
		for _, g := range scope {
			if keep(g) {
				out = append(out, g)
			}
		}
		return out
	}
	switch flag {
	case "one_sided":
		winner, who := 0, "first"
		if r.FirstMover.Score.Est < 0.5 {
			winner, who = 1, "second"
		}
		return spread(filter(func(g *Game) bool { return g.Winner == winner })), "games the " + who + " player won"
	case "draw_heavy":
		return spread(filter(func(g *Game) bool { return g.Winner == -1 })), "drawn games"
	case "unfinished":
		return spread(filter(func(g *Game) bool { return g.Ending.Unfinished() })),
			"games stopped by the move limit or the no-progress rule"
	case "short":
		short := filter(func(g *Game) bool { return g.Plies <= r.Thresholds.ShortPlies })
		sort.SliceStable(short, func(i, j int) bool { return short[i].Plies < short[j].Plies })
		return short[:min(perFlag, len(short))], "the shortest games"
	case report.ExamplesTypical:
		var typical []*Game
		for _, result := range []int{0, 1, -1} {
			same := distinct(filter(func(g *Game) bool { return g.Winner == result }))
			if len(same) == 0 {
				continue
			}
			sort.SliceStable(same, func(i, j int) bool { return same[i].Plies < same[j].Plies })
			typical = append(typical, same[len(same)/2])
		}
		return typical, "one game of each result (a first player's win, a second player's win, a draw) among the games the rates are read from, each the middle one by length"
	case "depth_insensitive":
		n := len(r.Ratings.Rungs)
		if n < 2 {
			return nil, ""
		}
		top, low := r.Ratings.Rungs[n-1].Spec, r.Ratings.Rungs[0].Spec
		var met, upset []*Game
		for i := range games {
			g := &games[i]
			if g.Unreplayed != "" || !(g.White == top && g.Black == low || g.White == low && g.Black == top) {
				continue
			}
			met = append(met, g)
			if lost := g.White == top && g.Winner != 0 || g.Black == top && g.Winner != 1; lost {
				upset = append(upset, g)
			}
		}
		if len(upset) > 0 {
			return spread(upset), "games " + top + " failed to win against " + low
		}
		return spread(met), "games of " + top + " against " + low
	}
	return nil, ""
}

// spread takes up to perFlag games of different lengths: the shortest,
// a middle one and the longest.
func spread(gs []*Game) []*Game {
	gs = distinct(gs)
	if len(gs) <= perFlag {
		return gs
	}
	s := append([]*Game(nil), gs...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].Plies < s[j].Plies })
	return []*Game{s[0], s[len(s)/2], s[len(s)-1]}
}

// distinct keeps the first of the games that played the same moves, so
// that examples show different games, not one game again.
func distinct(gs []*Game) []*Game {
	seen := map[string]bool{}
	var out []*Game
	for _, g := range gs {
		key := strings.Join(g.Notation(), " ")
		if !seen[key] {
			seen[key] = true
			out = append(out, g)
		}
	}
	return out
}

// moveNumbers numbers a game's plies as PGN does, from the position each
// is played from: the first player's move is "N.", the second's after it
// nothing, the second's after anything else (a chance outcome, its own
// earlier move) "N...", and a chance outcome nothing: so chance plies and
// turns of two moves do not shift the numbers.
type moveNumbers struct {
	n    int  // the move number of the first player's last move, 0 before it
	last int  // the side of the last numbered ply, -1 none
	seen bool // some ply was numbered
}

func (m *moveNumbers) next(p *engine.Position) string {
	if p.AtChance() {
		m.last = -1
		return ""
	}
	side := p.SideToMove()
	defer func() { m.last, m.seen = side, true }()
	switch {
	case side == 0:
		m.n++
		return fmt.Sprintf("%d.", m.n)
	case m.seen && m.last == 0:
		return ""
	}
	return fmt.Sprintf("%d...", max(m.n, 1))
}
