package measure

import (
	"errors"
	"fmt"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/selfplay"
	"balancefarm/stats"
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
}

// Check reports what is wrong with the settings before any file is read:
// the plan's own rules, then player specs the engine's players or the
// stats cannot use, so an unknown spec is refused at submission instead
// of failing on every worker.
func (s Settings) Check() error {
	if s.Window < 0 {
		return fmt.Errorf("window %d must not be negative", s.Window)
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
func (s Settings) Plan(f *File) protocol.Plan { return s.plan(f.Name, f.Hash) }

func (s Settings) plan(name, hash string) protocol.Plan {
	return protocol.Plan{
		Ruleset: name, RulesetHash: hash, Players: s.Players,
		GamesPerPairing: s.Games, Seed: s.Seed, MaxNodes: s.MaxNodes, MaxWallMS: s.MaxWall.Milliseconds(), Salt: s.Salt,
	}
}

// Hooks are the batch hooks of a plan: the stop rule and window when
// sequential, none otherwise.
func (s Settings) Hooks(plan protocol.Plan) (farm.Hooks, error) {
	if !s.Sequential {
		return farm.Hooks{}, nil
	}
	stop, err := SequentialStop(plan.Players, plan.GamesPerPairing)
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
// pairing) as its cap. A pairing whose games cannot be judged (a result
// the stats refuse) is not stopped, so it plays to the cap rather than
// ending unexplained.
func SequentialStop(players []string, games int) (farm.StopFunc, error) {
	ladder, err := selfplay.Ladder(players)
	if err != nil {
		return nil, fmt.Errorf("players: %w (or measure without sequential stopping)", err)
	}
	th := stats.DefaultThresholds()
	th.MaxGames = max(games, th.MinGames)
	if err := th.Validate(); err != nil {
		return nil, err
	}
	return func(_ [2]string, results []protocol.Result) (bool, string) {
		d, err := stats.Decide(ladder, th, selfplay.Games(results))
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
