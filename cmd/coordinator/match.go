package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"balancefarm/internal/splitmix"
	"balancefarm/search"
	"balancefarm/stats"
)

func init() {
	register("match", "play two players head to head in colour-swapped pairs: Elo with interval and an SPRT", runMatch)
}

// Match exit statuses beyond 0 (done) and the usual 1 and 2.
const (
	exitMatchH0 = 6 // the SPRT accepted H0: the challenger does not gain elo1
)

// runMatch is `coordinator match -a SPEC -b SPEC [-pairs N] FILE`: it
// plays pair k (seed k of -seed) with a moving first and then b, on every
// core, and stops at the first pair after which the SPRT of H0 elo0
// against H1 elo1 is decided (-sprt) or after -pairs pairs. Pairs are
// judged in order, so the same flags stop at the same pair however many
// workers play; every game is deterministic given its seed.
func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	a := fs.String("a", "ab:n25000", "the challenger")
	b := fs.String("b", "ab:n25000x15", "the reference")
	pairs := fs.Int("pairs", 200, "most colour-swapped pairs")
	seed := fs.Uint64("seed", 1, "match seed: pair k opens from seed k of it")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	sprt := fs.Bool("sprt", false, "stop as soon as the SPRT decides")
	elo0 := fs.Float64("elo0", 0, "SPRT H0: the challenger gains at most this")
	elo1 := fs.Float64("elo1", 10, "SPRT H1: the challenger gains at least this")
	maxNodes := fs.Int64("max-nodes", 0, "most nodes both players may search in one game (0: the default)")
	setUsage(fs, "coordinator match -a SPEC -b SPEC [-pairs N] [-sprt] FILE",
		"Plays two players head to head in colour-swapped pairs on every core: Elo with interval and an SPRT\n(exit 6 when it accepts H0).")
	files, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	switch {
	case oneFile(files) != "":
		return usageError(stderr, "match", oneFile(files))
	case *pairs < 1 || *workers < 1:
		return usageError(stderr, "match", "-pairs and -workers must be at least 1")
	case !(*elo0 < *elo1):
		return usageError(stderr, "match", "-elo0 must be below -elo1")
	}
	ca, errA := search.Canonical(*a)
	cb, errB := search.Canonical(*b)
	if errA != nil || errB != nil || ca == cb {
		fmt.Fprintf(stderr, "match: need two different valid specs (%v, %v)\n", errA, errB)
		return exitUsage
	}
	g := compileRuleFile(files[0], stderr)
	if g == nil {
		return 1
	}

	type done struct {
		pair  int
		games [2]stats.Game
		err   error
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	jobs := make(chan int)
	out := make(chan done)
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				d := done{pair: k}
				s := splitmix.Mix(*seed+uint64(k)*splitmix.Gamma) >> 11
				for side, order := range [2][2]string{{ca, cb}, {cb, ca}} {
					rec, err := search.PlayGame(ctx, g, order[0], order[1], s, search.Limits{MaxNodes: *maxNodes}, nil)
					if err != nil {
						d.err = err
						break
					}
					d.games[side] = stats.Game{P0: order[0], P1: order[1], PairID: strconv.Itoa(k), Seed: s,
						Winner: rec.Winner, Rule: rec.Rule, Plies: rec.Plies}
				}
				select {
				case out <- d:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for k := range *pairs {
			select {
			case jobs <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()

	start := time.Now()
	pending := map[int][2]stats.Game{}
	var games []stats.Game
	next := 0
	var res stats.MatchResult
	var err error
	for d := range out {
		if d.err != nil {
			fmt.Fprintf(stderr, "match: pair %d: %v\n", d.pair, d.err)
			return 1
		}
		pending[d.pair] = d.games
		for {
			gs, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			games = append(games, gs[0], gs[1])
			next++
			if res, err = stats.Match(games, ca, cb, *elo0, *elo1, 0.05, 0.05, 0.95); err != nil {
				fmt.Fprintf(stderr, "match: %v\n", err)
				return 1
			}
			if next%10 == 0 {
				fmt.Fprintf(stderr, "%d pairs: %s\n", next, matchLine(res))
			}
			if (*sprt && res.Decision != "") || next == *pairs {
				cancel()
				break
			}
		}
		if next == *pairs || (*sprt && res.Decision != "") {
			break
		}
	}
	fmt.Fprintf(stdout, "%s against %s on %s: %d pairs in %s\n%s\n", ca, cb, files[0], next, time.Since(start).Round(time.Second), matchLine(res))
	if res.Decision == "H0" {
		return exitMatchH0
	}
	return 0
}

func matchLine(r stats.MatchResult) string {
	p := r.Pentanomial
	dec := r.Decision
	if dec == "" {
		dec = "undecided"
	}
	return fmt.Sprintf("W-D-L %d-%d-%d, pairs %v, score %.3f (%.3f-%.3f), Elo %+.0f (%+.0f to %+.0f), SPRT [%g, %g] LLR %.2f (%.2f, %.2f): %s",
		r.Counts.Wins, r.Counts.Draws, r.Counts.Losses, p.Counts, p.Score.Est, p.Score.Lo, p.Score.Hi,
		r.Elo.Est, r.Elo.Lo, r.Elo.Hi, r.Elo0, r.Elo1, r.LLR, r.Lower, r.Upper, dec)
}

// oneFile words the mistake of a command that takes one rule file, or is
// "" when files is one.
func oneFile(files []string) string {
	switch len(files) {
	case 1:
		return ""
	case 0:
		return "no rule file given"
	}
	return fmt.Sprintf("takes one rule file, got %d: %s", len(files), strings.Join(files, " "))
}
