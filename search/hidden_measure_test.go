package search

import (
	"context"
	"flag"
	"math"
	"strings"
	"testing"
	"time"
)

// The measurement of ISMCTS against the determinizing player on
// fog-of-war chess, not part of the default run:
//
//	go test ./search/ -run TestHiddenMatch -hidden-match=ismcts:i1000,det:ab:n6000 -hidden-minutes=10 -v
//
// Game pairs (the same seed, seats swapped) are played one at a time on
// one core until the time is spent.
var (
	hiddenMatch   = flag.String("hidden-match", "", "two specs, comma-separated: the hidden-information match to play")
	hiddenMinutes = flag.Float64("hidden-minutes", 10, "wall time for -hidden-match")
	hiddenFile    = flag.String("hidden-file", fogOfWarFile, "rule file for -hidden-match")
)

func TestHiddenMatch(t *testing.T) {
	if *hiddenMatch == "" {
		t.Skip("set -hidden-match=SPEC,SPEC to play it")
	}
	specs := strings.Split(*hiddenMatch, ",")
	if len(specs) != 2 {
		t.Fatalf("-hidden-match wants two specs, got %q", *hiddenMatch)
	}
	g := loadHiddenRules(t, *hiddenFile)
	deadline := time.Now().Add(time.Duration(*hiddenMinutes * float64(time.Minute)))
	var score, games, decisive float64
	var pairs, sumSq float64 // the interval is over pairs: a pair's games share their opening
	var nodes, moves [2]int64
	var spent [2]time.Duration
	var refused [2]int
	plies := 0
	for pair := uint64(1); time.Now().Before(deadline); pair++ {
		pairScore := 0.0
		for swap := 0; swap < 2; swap++ {
			p0, p1 := specs[0], specs[1]
			if swap == 1 {
				p0, p1 = p1, p0
			}
			last := time.Now()
			watch := func(ev MoveEvent) {
				now := time.Now()
				if !ev.Opening {
					who := ev.Side ^ swap // index into specs
					spent[who] += now.Sub(last)
					moves[who]++
				}
				last = now
			}
			rec, err := Play(context.Background(), g, nil, p0, p1, 1000+pair, Limits{}, watch)
			if err != nil {
				t.Fatalf("pair %d: %v", pair, err)
			}
			s := 0.5 // for specs[0]
			switch rec.Winner {
			case swap:
				s = 1
			case 1 - swap:
				s = 0
			}
			if rec.Winner >= 0 {
				decisive++
			}
			score += s
			pairScore += s / 2
			games++
			plies += rec.Plies
			for seat := 0; seat < 2; seat++ {
				nodes[seat^swap] += rec.Nodes[seat]
				refused[seat^swap] += rec.Refusals[seat]
			}
		}
		pairs++
		sumSq += pairScore * pairScore
	}
	mean := score / games
	sd := math.Sqrt(max(sumSq/pairs-mean*mean, 0) * pairs / max(pairs-1, 1))
	half := 1.96 * sd / math.Sqrt(pairs)
	t.Logf("%s against %s on %s: %.1f/%.0f = %.3f ± %.3f (95%%, over %.0f pairs), %.0f decisive, %.0f plies a game",
		specs[0], specs[1], *hiddenFile, score, games, mean, half, pairs, decisive, float64(plies)/games)
	for i, s := range specs {
		t.Logf("%s: %.0f nodes a move, %.1f ms a move, %d refused", s,
			float64(nodes[i])/float64(moves[i]), float64(spent[i].Microseconds())/1000/float64(moves[i]), refused[i])
	}
}
