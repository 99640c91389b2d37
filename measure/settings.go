package measure

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"balancefarm/engine"
	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/search"
	"balancefarm/selfplay"
	"balancefarm/stats"
	"balancefarm/tablestore"
)

// Settings are what a measurement is played with, beyond the file.
type Settings struct {
	// Players is the ladder of player specs (search.ParseSpec syntax).
	Players []string
	// Games is the games per pairing: all of them, or the cap of a
	// sequential measurement.
	Games    int
	Seed     uint64
	MaxNodes int64
	MaxWall  time.Duration
	Salt     string
	// Sequential stops each pairing once the SPRT decides it.
	Sequential bool
	// Window is the colour-swapped pairs in flight per pairing of a
	// sequential batch; 0 picks one from Slots.
	Window int
	// Slots is how many games the farm plays at once, for the window.
	Slots int
	// Precision, when above 0, adds the strongest rung's games against
	// itself (equal strength: draw rate, first-mover edge, length) to the
	// plan, as many as give their draw rate and first mover's score an
	// interval of ± Precision at worst (stats.GamesForPrecision); a
	// sequential measurement stops them sooner once the intervals are
	// that narrow and every flag they feed is decided. 0 plays none, as
	// plans made before them did.
	Precision float64
	// FlagsOnly stops the strongest rung's games against itself once
	// every flag they feed is decided, by its interval and by a GSPRT
	// alike (stats.Thresholds.FlagsOnly), without waiting for their
	// intervals to be ±Precision narrow: Precision then sizes only their
	// cap. false keeps the stop of the plans before it (issue 37).
	FlagsOnly bool
	// Learned plays the measurement in two phases (learned.go): the
	// ladder first, then the equal-strength games with the top rung
	// evaluating with the piece values learned from the ladder's games.
	// Only with Precision above 0.
	Learned bool
	// Budget, when set, caps each pairing's games and stops every pairing
	// once its time is spent (budget.go); nil plays as before.
	Budget *Budget
}

// DefaultPrecision is the half-width asked of the equal-strength games'
// draw rate and first mover's score by default, and QuickPrecision by
// -quick. A run of the default ladder on orthodox chess gets there in a
// few minutes on two cores.
const (
	DefaultPrecision = 0.07
	QuickPrecision   = 0.12
)

// QuickGames is -quick's games per pairing (with search.QuickLadder and
// QuickPrecision): enough for a first look at a file, not for every
// threshold; repair screens its candidates with them.
const QuickGames = 6

// Check reports what is wrong with the settings before any file is read:
// the plan's own rules, then player specs the engine's players or the
// stats cannot use, so an unknown spec is refused at submission instead
// of failing on every worker.
func (s Settings) Check() error {
	if s.Window < 0 {
		return fmt.Errorf("window %d must not be negative", s.Window)
	}
	if s.Precision < 0 || s.Precision >= 0.5 {
		return fmt.Errorf("precision %g must lie in [0, 0.5)", s.Precision)
	}
	if s.Budget != nil && s.Learned {
		return errors.New("a time budget does not combine with learned piece values (-learned)")
	}
	probe := s.plan("check", protocol.HashRuleFile(nil))
	if err := probe.Check(); err != nil {
		return err
	}
	return CheckPlayers(s.Players)
}

// CheckPlayers refuses a ladder with a spec search.ParseSpec does not
// know, in one line.
func CheckPlayers(players []string) error {
	if _, err := selfplay.Ladder(players); err != nil {
		return fmt.Errorf("players: %w", err)
	}
	return nil
}

// Plan is the batch plan of the file under these settings.
// A file with seats seats the two armies of each pairing by
// selfplay.Seating. A game with something to foresee (chance) gets the
// clairvoyant rung (WithSeer).
func (s Settings) Plan(f *File) protocol.Plan {
	p := s.plan(f.Name, f.Hash)
	p.Players, p.Mirror = withTable(p.Players, p.Mirror, f.Table)
	if f.Game != nil {
		p.Seating = selfplay.Seating(f.Game)
		p.Players, p.Mirror = selfplay.ForHidden(p.Players, f.Game), selfplay.ForHiddenSpec(p.Mirror, f.Game)
		p.Players = WithSeer(p.Players, f.Game)
	}
	return p
}

// withTable is the ladder and equal-strength spec with the strongest rung
// playing the kept table t where that rung is t's base (tablestore.Table.
// Fits); as they are otherwise.
func withTable(players []string, mirror string, t *tablestore.Table) ([]string, string) {
	top := strongest(players)
	if t == nil || top == "" || !t.Fits(top) {
		return players, mirror
	}
	out := slices.Clone(players)
	for i, p := range out {
		if p == top {
			out[i] = t.Spec
		}
	}
	if mirror == top {
		mirror = t.Spec
	}
	return out, mirror
}

// seerBase is the spec a clairvoyant rung plays as for the ladder's
// strongest rung: the rung itself, or in a game with hidden information
// the search a determinizing or ISMCTS rung wraps, given the whole
// position.
func seerBase(top string) string {
	if base, err := search.SearchBase(top); err == nil {
		return base
	}
	return top
}

// foreseeable is selfplay.Foreseeable; tests stand in for the engine,
// whose games have no chance yet.
var foreseeable = selfplay.Foreseeable

// WithSeer is the ladder players of g: for a game with something to
// foresee (chance; later hidden information), one more rung after the
// strongest, stats.SeerOf its spec, which plays as it but knows the
// coming chance events and serves only the skill share; else players as
// they are. A ladder that has its clairvoyant rung already, or whose
// strongest rung cannot be told, is kept. A game with seats gets one too:
// its pairings are two armies of seats, read as two-player games.
func WithSeer(players []string, g *engine.Game) []string {
	if g == nil || !foreseeable(g) || slices.ContainsFunc(players, stats.IsSeer) {
		return players
	}
	top := strongest(players)
	if top == "" {
		return players
	}
	return append(players[:len(players):len(players)], stats.SeerOf(seerBase(top)))
}

func (s Settings) plan(name, hash string) protocol.Plan {
	p := protocol.Plan{
		Ruleset: name, RulesetHash: hash, Players: s.Players,
		GamesPerPairing: s.Games, Seed: s.Seed, MaxNodes: s.MaxNodes, MaxWallMS: s.MaxWall.Milliseconds(), Salt: s.Salt,
	}
	if s.Precision > 0 {
		if top := strongest(s.Players); top != "" {
			p.Mirror = top
			p.MirrorGames = mirrorCap(s.Precision)
		}
	}
	return p
}

// mirrorCap is the most equal-strength games a plan allows: the games the
// precision asks for, and, finer than a quick look, four times that, so
// that a flag whose estimate lies close to its threshold can still be
// decided (makruk's stalled share, 0.44 against 0.5, needed about 110
// games past 196; progressive chess's short share, 0.21 against 0.25,
// about 90 past 392). Games stop as soon as the precision is met and every
// flag is decided, so a clear game never plays them.
func mirrorCap(precision float64) int {
	n := max(stats.GamesForPrecision(precision, stats.DefaultThresholds().Confidence), 2)
	if precision < QuickPrecision {
		n *= mirrorCapFactor
	}
	return n
}

// mirrorCapFactor is how many times the games its precision asks for a
// measurement finer than a quick look may play at most.
const mirrorCapFactor = 4

// strongest is the strongest spec of a ladder as given (the spelling in
// it, which the jobs carry), or "" when a spec is not understood. The
// clairvoyant rung is no rung: it is passed over.
func strongest(players []string) string {
	best := ""
	for _, p := range players {
		if stats.IsSeer(p) {
			continue
		}
		if best == "" {
			best = p
			continue
		}
		c, err := search.CompareStrength(p, best)
		if err != nil {
			return ""
		}
		if c > 0 {
			best = p
		}
	}
	return best
}

// Hooks are the batch hooks of a plan: the stop rule and window when
// sequential, none otherwise.
func (s Settings) Hooks(plan protocol.Plan) (farm.Hooks, error) {
	return s.hooksMirrored(plan, plan.MirrorGames, nil)
}

// HooksFor is Hooks for a plan of g: a game with seats stops by its seats
// (SeatedStop).
func (s Settings) HooksFor(plan protocol.Plan, g *engine.Game) (farm.Hooks, error) {
	if g == nil || !g.Seated() || !s.Sequential {
		return s.hooksMirrored(plan, plan.MirrorGames, g)
	}
	stop, err := SeatedStop(g, plan.Players, plan.GamesPerPairing, plan.MirrorGames, s.Precision)
	if err != nil {
		return farm.Hooks{}, err
	}
	window := s.Window
	if window == 0 {
		window = AutoWindow(s.Slots, len(plan.Pairings()))
	}
	return farm.Hooks{Stop: stop, Window: window}, nil
}

// hooksMirrored is Hooks for a plan whose equal-strength games, mirrorGames
// of them, may be played as a batch of their own: the ladder's pairings stop
// as they do beside them. With g, the equal-strength games of a file whose
// random openings are few stop once every opening line is played
// (SequentialStopFor).
func (s Settings) hooksMirrored(plan protocol.Plan, mirrorGames int, g *engine.Game) (farm.Hooks, error) {
	if !s.Sequential {
		return farm.Hooks{}, nil
	}
	stop, err := sequentialStop(g, plan.Players, plan.GamesPerPairing, mirrorGames, s.Precision, s.FlagsOnly)
	if err != nil {
		return farm.Hooks{}, err
	}
	window := s.Window
	if window == 0 {
		window = AutoWindow(s.Slots, len(plan.Pairings()))
	}
	return farm.Hooks{Stop: stop, Window: window}, nil
}

// SequentialStop is the stopping rule of a sequential measurement: the
// stats package's SPRT over the pairing's games so far, with games (per
// pairing) as its cap; the strongest rung's games against itself, when
// mirrorGames > 0, stop once their intervals are within ±precision and
// decide every flag they feed, with mirrorGames as their cap. A pairing
// whose games cannot be judged (a result the stats refuse) is not stopped,
// so it plays to the cap rather than ending unexplained.
func SequentialStop(players []string, games, mirrorGames int, precision float64) (farm.StopFunc, error) {
	return SequentialStopFor(nil, players, games, mirrorGames, precision)
}

// SequentialStopFor is SequentialStop for the games of g: where they show
// few random openings, the whole tree of them is listed
// (selfplay.OpeningLines) and the equal-strength games stop as soon as
// every line is played, their rates then exact.
func SequentialStopFor(g *engine.Game, players []string, games, mirrorGames int, precision float64) (farm.StopFunc, error) {
	return sequentialStop(g, players, games, mirrorGames, precision, false)
}

// sequentialStop is SequentialStopFor, whose equal-strength games stop
// once every flag they feed is decided when flagsOnly says so
// (Settings.FlagsOnly).
func sequentialStop(g *engine.Game, players []string, games, mirrorGames int, precision float64, flagsOnly bool) (farm.StopFunc, error) {
	ladder, err := selfplay.Ladder(players)
	if err != nil {
		return nil, fmt.Errorf("players: %w (or measure without sequential stopping)", err)
	}
	th := stats.DefaultThresholds()
	th.MaxGames = max(games, th.MinGames)
	if mirrorGames > 0 {
		ladder.Mirror = true
		th.MirrorMaxGames = mirrorGames
		if precision > 0 {
			th.Precision = precision
		}
		th.FlagsOnly = flagsOnly
	}
	if err := th.Validate(); err != nil {
		return nil, err
	}
	return func(_ [2]string, results []protocol.Result) (bool, string) {
		d, err := stats.DecideOver(ladder, th, selfplay.Games(results), selfplay.OpeningLines(g, results))
		if err != nil {
			return false, "not judged: " + err.Error()
		}
		return !d.Continue, d.Reason
	}, nil
}

// AutoWindow is the pairs in flight per pairing that keep slots game
// slots busy with pairings playing side by side, and never fewer than two.
func AutoWindow(slots, pairings int) int {
	return max(2, max(slots, 0)/max(pairings, 1)+1)
}

// errNoGame is a File without its compiled game, which Load never makes.
var errNoGame = errors.New("measure: file has no compiled game")
