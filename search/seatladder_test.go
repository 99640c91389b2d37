package search

import (
	"context"
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"balancefarm/engine"
)

// seatMatchResult is a match between two players in a game with seats,
// each holding half the seats, from a's side: a game scores a's seats'
// shares together, so one half is an even game.
type seatMatchResult struct {
	a, b                string
	games               int
	sum, sumSq          float64 // of the per-game scores
	wins, draws, losses int     // games a scored more, exactly, less than one half in
	plies               int
	cpu                 time.Duration
}

// score is a's mean score and its 95% confidence interval.
func (m seatMatchResult) score() (mean, lo, hi float64) {
	n := float64(m.games)
	mean = m.sum / n
	v := max(m.sumSq/n-mean*mean, 0)
	half := 1.96 * math.Sqrt(v/n)
	return mean, mean - half, mean + half
}

func (m seatMatchResult) String() string {
	mean, lo, hi := m.score()
	return fmt.Sprintf("%s vs %s: +%d =%d -%d score %.3f [%.3f, %.3f], %.0f plies/game, %.1fs CPU",
		m.a, m.b, m.wins, m.draws, m.losses, mean, lo, hi, float64(m.plies)/float64(m.games), m.cpu.Seconds())
}

// seatHalves splits g's seats into the two halves two players hold: the
// two teams of a team game, else the even seats and the odd ones (in
// four-player free-for-alls, opposite corners). It fails for a game the
// split would not make even: more than two teams, or an odd number of
// seats.
func seatHalves(g *engine.Game) ([]int, error) {
	half := make([]int, g.Seats())
	switch {
	case g.Teams() == 2:
		n := 0
		for s := range half {
			half[s] = g.Team(s)
			n += half[s]
		}
		if 2*n != g.Seats() {
			return nil, fmt.Errorf("teams of unequal size")
		}
	case g.Teams() == g.Seats() && g.Seats()%2 == 0:
		for s := range half {
			half[s] = s % 2
		}
	default:
		return nil, fmt.Errorf("%d seats in %d teams do not split in two", g.Seats(), g.Teams())
	}
	return half, nil
}

// playSeatMatch plays games between a and b, each holding one half of
// the seats; game i plays seed i/2+1, a in the first half when i is even
// and in the second when odd, so each seed is played both ways round and
// each player sits in every seat equally often. Games run on all cores.
func playSeatMatch(t *testing.T, g *engine.Game, a, b string, games int) seatMatchResult {
	t.Helper()
	half, err := seatHalves(g)
	if err != nil {
		t.Fatal(err)
	}
	pa, pb := seatSpecs(t, a)[0], seatSpecs(t, b)[0]
	res := seatMatchResult{a: a, b: b, games: games}
	began := cpuTime(t)
	var mu sync.Mutex
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				aHalf := i % 2
				specs := make([]PlayerSpec, g.Seats())
				for s := range specs {
					specs[s] = pb
					if half[s] == aHalf {
						specs[s] = pa
					}
				}
				rec, err := PlaySeatGame(context.Background(), g, specs, uint64(i/2+1), Limits{}, nil)
				score := 0.0
				for s, share := range rec.Shares {
					if half[s] == aHalf {
						score += share
					}
				}
				mu.Lock()
				if err != nil {
					t.Errorf("%s vs %s, game %d: %v", a, b, i, err)
				}
				res.plies += rec.Plies
				res.sum += score
				res.sumSq += score * score
				switch {
				case score > 0.5+1e-9:
					res.wins++
				case score < 0.5-1e-9:
					res.losses++
				default:
					res.draws++
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < games; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	res.cpu = cpuTime(t) - began
	return res
}

// TestSeatCalibrate prints matches between the specs in
// BALANCEFARM_SEAT_CALIBRATE ("file:a,b;file:c,d"), for tuning the seat
// ladder. It asserts nothing and is skipped unless asked for.
func TestSeatCalibrate(t *testing.T) {
	spec := os.Getenv("BALANCEFARM_SEAT_CALIBRATE")
	if spec == "" {
		t.Skip("set BALANCEFARM_SEAT_CALIBRATE=file:a,b;... to run")
	}
	games := ladderGames(t, 20)
	for _, part := range splitNonEmpty(spec, ';') {
		file, pair, _ := cutString(part, ':')
		players := splitNonEmpty(pair, ',')
		g := loadGame(t, file)
		t.Logf("%s: %s", file, playSeatMatch(t, g, players[0], players[1], games))
	}
}

// seatLadder is the ladder TestSeatLadder checks on games with seats,
// weakest first: each rung must clearly beat the one below it.
var seatLadder = []string{"random", "ab:n300", "ab:n3000"}

// seatLadderMCTS is the MCTS player TestSeatLadder checks against random:
// max^n MCTS by team must play far better than chance too.
const seatLadderMCTS = "mcts:i100"

// TestSeatLadder checks the seat players' strength on four-player chess
// Teams and on Chaturaji (a free-for-all by points): each rung of
// seatLadder beats the rung below it, holding half the seats (a team, or
// two opposite corners) and changing halves with every game, with a 95%
// confidence interval above one half, and seatLadderMCTS scores at least
// 0.9 against random. With -short only the top rung plays random, in a
// few games, and must still beat it clearly. BALANCEFARM_LADDER_GAMES=N
// plays N games a pair.
func TestSeatLadder(t *testing.T) {
	for _, tc := range []struct {
		file             string
		ciGames, ciShort int
	}{{"four-player-teams.json", 16, 4}, {"chaturaji.json", 24, 6}} {
		g := loadGame(t, tc.file)
		type pair struct {
			a, b     string
			minScore float64 // the lowest mean score a may have; 0: its interval must clear one half
		}
		var pairs []pair
		games := ladderGames(t, tc.ciGames)
		if testing.Short() {
			games = tc.ciShort
			pairs = append(pairs, pair{a: seatLadder[len(seatLadder)-1], b: seatLadder[0]})
		} else {
			for i := 1; i < len(seatLadder); i++ {
				pairs = append(pairs, pair{a: seatLadder[i], b: seatLadder[i-1]})
			}
			pairs = append(pairs, pair{a: seatLadderMCTS, b: "random", minScore: 0.9})
		}
		for _, pr := range pairs {
			m := playSeatMatch(t, g, pr.a, pr.b, games)
			t.Logf("seat ladder, %s: %s", tc.file, m)
			mean, lo, _ := m.score()
			switch {
			case pr.minScore > 0 && mean < pr.minScore:
				t.Errorf("%s: %s scores %.3f against %s, want at least %.1f", tc.file, pr.a, mean, pr.b, pr.minScore)
			case pr.minScore == 0 && lo <= 0.5:
				t.Errorf("%s: %s does not clearly beat %s: %s", tc.file, pr.a, pr.b, m)
			}
		}
	}
}
