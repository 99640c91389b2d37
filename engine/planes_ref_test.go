package engine

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine/planesref"
	"balancefarm/engine/rules"
)

// planesRefFiles are the games the engine plays against planesref, the
// slow reference written from PLANES.md: schema 36's three planes, a
// schema 37 game with every status rule (testdata/planes-statuses.json),
// a schema 40 game with the market, the powers, neutral pieces and
// actions of schemas 38 to 40 (testdata/planes-actions.json), and a
// schema 41 game with chaos, checkers jumps and forced statuses
// (testdata/planes-chaos.json), and schema 42's secret traps in a game
// with every earlier key beside them (testdata/planes-traps.json; again
// with traps that kill on entry) and in the front end's small one
// (rules/testdata/valid/traps.json), and schema 44's larger pieces in the
// front end's growing pieces (rules/testdata/valid/size.json) and beside
// the actions' and chaos games' keys (withSize), and schema 45's growth
// by choice in the same three (grow.json, withGrow).
var planesRefFiles = []struct {
	name, path string
	parse      bool              // through rules.Parse; else json.Unmarshal (the front end for 38 to 40 is not in yet)
	edit       func(*rules.Spec) // changes the file's rules before play; nil none
}{
	{"planes", "rules/testdata/valid/planes.json", true, nil},
	{"statuses", "testdata/planes-statuses.json", true, nil},
	{"actions", "testdata/planes-actions.json", true, nil},
	{"chaos", "testdata/planes-chaos.json", true, nil},
	{"chaos-more", "testdata/planes-chaos.json", true, chaosMore},
	{"traps", "testdata/planes-traps.json", true, nil},
	{"traps-small", "rules/testdata/valid/traps.json", true, nil},
	{"traps-enter", "testdata/planes-traps.json", true, trapsOnEntry},
	{"size-small", "rules/testdata/valid/size.json", true, nil},
	{"size-actions", "testdata/planes-actions.json", true, withSize},
	{"size-chaos", "testdata/planes-chaos.json", true, withSize},
	{"grow-small", "rules/testdata/valid/grow.json", true, nil},
	{"grow-actions", "testdata/planes-actions.json", true, withGrow},
	{"grow-chaos", "testdata/planes-chaos.json", true, withGrow},
}

// withGrow is withSize under schema 45: big grows where its owner
// chooses (grow "choice").
func withGrow(s *rules.Spec) {
	withSize(s)
	v := 45
	s.SchemaVersion = &v
	s.Statuses[len(s.Statuses)-1].Grow = rules.GrowChoice
}

// withSize gives a file schema 44's larger pieces: big (size, stacking
// to 2), an upgrade of every kind that has upgrades, sold by a card at
// one coin where there is a market, and offered by the chaos orbs.
func withSize(s *rules.Spec) {
	v := 44
	s.SchemaVersion = &v
	s.Statuses = append(s.Statuses, rules.Status{Name: "big", Size: true, Stack: 2})
	for i := range s.Pieces {
		if u := s.Pieces[i].Upgrades; u != nil {
			u.Statuses = append(slices.Clone(u.Statuses), "big")
		}
	}
	if m := s.Rules.Market; m != nil {
		m.Cards = append(slices.Clone(m.Cards), rules.Card{Name: "grow", Price: 1, Effect: rules.CardEffect{Status: "big", On: rules.TargetOwn}})
	}
	if c := s.Rules.Chaos; c != nil {
		c.Effects = append(slices.Clone(c.Effects), rules.ChaosEffect{Name: "grow", Effect: rules.CardEffect{Status: "big", On: rules.TargetOwn}})
	}
}

// trapsOnEntry makes planes-traps.json's traps kill on entry: a piece
// moved onto one dies though ice would carry it on, and a trap that acts
// takes both players' heaps on its square.
func trapsOnEntry(s *rules.Spec) {
	for i := range s.Items {
		if s.Items[i].ID == "trap" {
			s.Items[i].Kill = rules.KillEnter
		}
	}
}

// chaosMore gives planes-chaos.json's checker knight upgrades (a queen, a
// hat) and the queens and knights a free second move, so that jumps
// upgrade, offers are owed between the moves of a turn, and a jump is
// followed by a second move.
func chaosMore(s *rules.Spec) {
	for i := range s.Pieces {
		if s.Pieces[i].ID == "C" {
			s.Pieces[i].Upgrades = &rules.Upgrades{Pieces: []string{"Q"}, Statuses: []string{"hat"}}
		}
	}
	s.Statuses = append(s.Statuses, rules.Status{Name: "double", ExtraMove: &rules.ExtraMove{}})
	s.Setup.Statuses = append(s.Setup.Statuses,
		rules.StatusPlacement{Status: "double", Squares: chaosMoreDoubles(s)})
}

// chaosMoreDoubles is the squares of planes-chaos.json's queens and
// checker knights at the start.
func chaosMoreDoubles(s *rules.Spec) []string {
	var out []string
	for _, pl := range s.Setup.Placements {
		if pl.Piece == "Q" || pl.Piece == "C" {
			out = append(out, pl.Squares...)
		}
	}
	return out
}

// TestPlanesRefGames plays random games on the engine and planesref side
// by side and fails at the first position where they differ: the sorted
// legal moves (MoveString), at a chance event its outcomes' weights, the
// pieces, the items, the purses, the statuses, the market, the side to
// move, the banned neutral move and the piece moving again, or the
// outcome. At a chance event both take an outcome drawn uniformly.
func TestPlanesRefGames(t *testing.T) {
	games, plies := 30, 200
	if testing.Short() {
		games, plies = 6, 120
	}
	for i, f := range planesRefFiles {
		t.Run(f.name, func(t *testing.T) {
			s := planesRefSpec(t, f.path, f.parse)
			if f.edit != nil {
				f.edit(s)
			}
			rng := rand.New(rand.NewPCG(37, uint64(i)))
			played := map[string]int{} // how many moves of each sort the games played
			compared := 0
			for game := 0; game < games; game++ {
				compared += planesRefGame(t, s, rng, game, plies, played)
			}
			t.Logf("%d games, %d positions compared; played %v", games, compared, played)
		})
	}
}

// planesRefSpec reads a rule file with the repetition and no-progress
// draws turned off: the reference plays neither.
func planesRefSpec(t *testing.T, path string, parse bool) *rules.Spec {
	t.Helper()
	var s *rules.Spec
	if parse {
		var problems []rules.Problem
		var err error
		if s, problems, err = rules.ParseFile(path); err != nil || len(problems) > 0 {
			t.Fatalf("%s: %v %v", path, err, problems)
		}
	} else {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s = &rules.Spec{}
		if err := json.Unmarshal(data, s); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	s.Rules.RepetitionDraw = &rules.RepetitionDraw{Never: true}
	limit := 1000
	s.Rules.NoProgressDraw = &limit
	return s
}

// planesRefGame plays one random game of s, at most plies long, and
// returns how many positions it compared; it fails at the first
// difference.
func planesRefGame(t *testing.T, s *rules.Spec, rng *rand.Rand, game, plies int, played map[string]int) int {
	t.Helper()
	g, err := Load(s)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	r, err := planesref.New(s)
	if err != nil {
		t.Fatalf("planesref.New: %v", err)
	}
	p := g.NewPosition()
	last := "the start"
	for ply := 0; ply < plies; ply++ {
		where := fmt.Sprintf("game %d ply %d, after %s", game, ply, last)
		if diff := planesRefDiff(p, r); diff != "" {
			t.Fatalf("%s: %s\nFEN %s", where, diff, p.FEN())
		}
		if engBan, refBan := fenField(p.FEN(), "ban:"), r.Ban(); engBan != refBan {
			t.Fatalf("%s: ban: reference %q, engine %q\nFEN %s", where, refBan, engBan, p.FEN())
		}
		o := p.Outcome()
		if over, winner := r.Over(); o.Over != over || over && o.Winner != winner {
			t.Fatalf("%s: engine over %v winner %d (%s), reference over %v winner %d\nFEN %s",
				where, o.Over, o.Winner, o.Rule, over, winner, p.FEN())
		}
		if o.Over {
			return ply + 1
		}
		legal := p.LegalMoves(nil)
		texts := make([]string, 0, len(legal))
		for _, m := range legal {
			texts = append(texts, p.MoveString(m))
		}
		slices.Sort(texts)
		if got := r.Moves(); !slices.Equal(got, texts) {
			t.Fatalf("%s: moves differ\nreference %v\nengine    %v\nFEN %s", where, got, texts, p.FEN())
		}
		if diff := planesRefChance(p, r); diff != "" {
			t.Fatalf("%s: %s\nFEN %s", where, diff, p.FEN())
		}
		m := legal[rng.IntN(len(legal))]
		text := p.MoveString(m)
		last = fmt.Sprintf("%s from %s", text, p.FEN())
		if _, grows := m.growth(); grows {
			played["grow"]++ // a growth by choice (schema 45)
		} else {
			played[moveSort(text)]++
		}
		p.Make(m)
		if r, err = r.Play(text); err != nil {
			t.Fatalf("%s: the reference refuses %s: %v", where, text, err)
		}
	}
	return plies + 1
}

// moveSquares matches a piece's move: its from and landing squares.
var moveSquares = regexp.MustCompile(`^([A-Za-z0-9]+:[a-z][0-9]+)x?([A-Za-z0-9]+:[a-z][0-9]+)`)

// doubleJump matches a checkers jump's move of two jumps: three squares.
var doubleJump = regexp.MustCompile(`^([A-Za-z0-9]+:[a-z][0-9]+){3}$`)

// moveSort names what a move is, for the count of what the games played.
func moveSort(text string) string {
	if doubleJump.MatchString(text) {
		return "jump2"
	}
	for _, sort := range []string{"chaos:", "offer:", "buy:", "unlock:", "fate:", "pass", ">", "!", "x", "+", "=", "^"} {
		if strings.Contains(text, sort) {
			return sort
		}
	}
	return "move"
}

// planesRefDiff names what differs between the engine's position and the
// reference's: pieces, items, purses, statuses; "" when nothing does.
func planesRefDiff(p *Position, r *planesref.Position) string {
	g := p.g
	board := map[string]string{}
	items := map[string]map[string]int{}
	statuses := map[string]map[string]int{}
	count := func(into map[string]map[string]int, sq, name string, n int) {
		if n == 0 {
			return
		}
		if into[sq] == nil {
			into[sq] = map[string]int{}
		}
		into[sq][name] = n
	}
	for sq := 0; sq < g.NumSquares(); sq++ {
		name := g.SquareName(sq)
		if k, owner, ok := p.PieceAt(sq); ok {
			board[name] = string("wbn"[min(owner, 2)]) + ":" + g.PieceID(k) // a neutral piece's owner is wildOwner
			if anchor, order, body := p.BodySquare(sq); body && g.IsBodyKind(k) {
				board[name] = fmt.Sprintf("%c:body@%s#%d", "wbn"[min(owner, 2)], g.SquareName(anchor), order)
			}
		}
		for i := 0; i < g.NumItems(); i++ {
			count(items, name, itemKey(g, i), p.ItemCount(i, sq))
		}
		for i := 0; i < g.NumStatuses(); i++ {
			count(statuses, name, g.StatusName(i), p.StatusCount(i, sq))
		}
	}
	if got := r.Board(); !maps.Equal(got, board) {
		return fmt.Sprintf("pieces: reference %v, engine %v", got, board)
	}
	if got := r.Items(); !maps.EqualFunc(got, items, maps.Equal) {
		return fmt.Sprintf("items: reference %v, engine %v", got, items)
	}
	for s := 0; s < 2; s++ {
		purse := map[string]int{}
		for res := 0; res < g.NumResources(); res++ {
			purse[g.ResourceName(res)] = p.Purse(s, res)
		}
		if got := r.Purse(s); !maps.Equal(got, purse) {
			return fmt.Sprintf("player %d's purse: reference %v, engine %v", s, got, purse)
		}
	}
	if got := r.Statuses(); !maps.EqualFunc(got, statuses, maps.Equal) {
		return fmt.Sprintf("statuses: reference %v, engine %v", got, statuses)
	}
	if got, want := r.SideToMove(), p.SideToMove(); got != want {
		return fmt.Sprintf("side to move: reference %d, engine %d", got, want)
	}
	var fields []string
	for _, f := range strings.Fields(p.FEN()) {
		for _, key := range []string{"market:", "unlock:", "curse:", "again:", "offers:", "offer:", "resume:"} {
			if strings.HasPrefix(f, key) {
				fields = append(fields, f)
			}
		}
	}
	ref := strings.Fields(r.Market()) // the ban is compared by planesRefGame
	if a := r.Again(); a != "" {
		ref = append(ref, "again:"+a)
	}
	ref = append(ref, strings.Fields(r.Chaos())...)
	if !slices.Equal(ref, fields) {
		return fmt.Sprintf("market, turn and chaos: reference %v, engine %v", ref, fields)
	}
	return ""
}

// itemKey is item slot i's name as planesref's Items writes it: the id,
// and for a hidden item's slot ".w" or ".b", the player who owns it.
func itemKey(g *Game, i int) string {
	if owner := g.ItemOwner(i); owner >= 0 {
		return g.ItemID(i) + "." + string("wb"[owner])
	}
	return g.ItemID(i)
}

// planesRefChance names what differs at a chance event: whether one is
// pending, and its outcomes' weights.
func planesRefChance(p *Position, r *planesref.Position) string {
	if p.AtChance() != r.AtChance() {
		return fmt.Sprintf("at a chance event: reference %v, engine %v", r.AtChance(), p.AtChance())
	}
	if !p.AtChance() {
		return ""
	}
	moves, weights := p.ChanceOutcomes(nil, nil)
	eng := map[string]int{}
	for i, m := range moves {
		eng[p.MoveString(m)] = weights[i]
	}
	if got := r.Outcomes(); !maps.Equal(got, eng) {
		return fmt.Sprintf("outcomes: reference %v, engine %v", got, eng)
	}
	return ""
}
