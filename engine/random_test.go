package engine

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
)

// TestRandomGames plays 100,000 games of uniformly random legal moves,
// spread over every playable rule file (3,000 in -short mode): none may
// panic, every one must end, and each must end by a named rule.
func TestRandomGames(t *testing.T) {
	total := 100_000
	if testing.Short() {
		total = 3_000
	}
	games := allGames(t)
	known := map[string]bool{}
	for _, r := range RuleNames() {
		known[string(r)] = true
	}
	type job struct{ game, seed int }
	jobs := make(chan job, 256)
	var mu sync.Mutex
	ends := make([]map[string]int, len(games))
	plies := make([]int, len(games))
	for i := range ends {
		ends[i] = map[string]int{}
	}
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]Move, 0, 512)
			local := make([]map[string]int, len(games))
			localPlies := make([]int, len(games))
			for i := range local {
				local[i] = map[string]int{}
			}
			for j := range jobs {
				rule, n, err := playRandom(games[j.game].g, uint64(j.seed), buf)
				if err == nil && !known[rule] {
					err = fmt.Errorf("ended by unnamed rule %q", rule)
				}
				if err != nil {
					t.Errorf("%s, seed %d: %v", games[j.game].name, j.seed, err)
					continue
				}
				local[j.game][rule]++
				localPlies[j.game] += n
			}
			mu.Lock()
			for i := range local {
				for r, n := range local[i] {
					ends[i][r] += n
				}
				plies[i] += localPlies[i]
			}
			mu.Unlock()
		}()
	}
	for i := 0; i < total; i++ {
		jobs <- job{game: i % len(games), seed: i}
	}
	close(jobs)
	wg.Wait()
	for i, ng := range games {
		var parts []string
		n := 0
		for r, c := range ends[i] {
			parts = append(parts, fmt.Sprintf("%s %d", r, c))
			n += c
		}
		sort.Strings(parts)
		if n > 0 {
			t.Logf("%-36s %5d games, %4d plies/game: %s", ng.name, n, plies[i]/n, strings.Join(parts, ", "))
		}
	}
}

// playRandom plays one random game and returns the rule that ended it and
// its length; a panic comes back as an error naming the position.
func playRandom(g *Game, seed uint64, buf []Move) (rule string, plies int, err error) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	p := g.NewPosition()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic %v at %s", r, p.FEN())
		}
	}()
	for {
		o := p.Outcome()
		if o.Over {
			if o.Winner < -1 || o.Winner >= g.Teams() {
				return "", plies, fmt.Errorf("winner %d", o.Winner)
			}
			return string(o.Rule), plies, nil
		}
		if p.InRound() {
			m0, m1 := p.RoundMoves(0, nil), p.RoundMoves(1, nil)
			if len(m0) == 0 || len(m1) == 0 {
				return "", plies, fmt.Errorf("not over but no choice at %s", p.FEN())
			}
			p.MakeRound(m0[rng.IntN(len(m0))], m1[rng.IntN(len(m1))])
			plies += 2
			continue
		}
		moves := p.LegalMoves(buf[:0])
		if len(moves) == 0 {
			return "", plies, fmt.Errorf("not over but no legal move at %s", p.FEN())
		}
		if plies > 20000 {
			return "", plies, fmt.Errorf("game did not end")
		}
		p.Make(moves[rng.IntN(len(moves))])
		plies++
	}
}
