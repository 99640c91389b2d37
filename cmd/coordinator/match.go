package main

import (
	"balancefarm/engine"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"balancefarm/farm"
	"balancefarm/measure"
	"balancefarm/protocol"
	"balancefarm/selfplay"
	"balancefarm/stats"
)

func init() {
	register("match", "play two players head to head in colour-swapped pairs: Elo with interval and an SPRT", runMatch)
}

// Match exit statuses beyond 0 (done) and the usual 1 and 2.
const (
	exitMatchH0 = 6 // the SPRT accepted H0: the challenger does not gain elo1
)

// runMatch is `coordinator match -a SPEC -b SPEC [-pairs N] FILE`: a
// batch of one pairing, a against b, planned as a measurement's
// (pair k opens from the plan's seed k, a moving first and then b) and
// played on the farm measure uses. It stops at the first pair after
// which the SPRT of H0 elo0 against H1 elo1 is decided (-sprt) or after
// -pairs pairs. Pairs are judged in plan order, so the same flags stop at
// the same pair however many workers play; every game is deterministic
// given its seed.
func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff farmFlags
	ff.addFarm(fs, "", "warn")
	a := fs.String("a", "ab:n25000", "the challenger")
	b := fs.String("b", "ab:n25000x15", "the reference")
	pairs := fs.Int("pairs", 200, "most colour-swapped pairs")
	fs.Uint64Var(&ff.seed, "seed", 1, "match seed: pair k opens from the plan's seed k of it, as a measurement's pairings do")
	sprt := fs.Bool("sprt", false, "stop as soon as the SPRT decides")
	elo0 := fs.Float64("elo0", 0, "SPRT H0: the challenger gains at most this")
	elo1 := fs.Float64("elo1", 10, "SPRT H1: the challenger gains at least this")
	fs.Int64Var(&ff.maxNodes, "max-nodes", 0, "most nodes both players may search in one game (0: the default)")
	fs.DurationVar(&ff.maxWall, "max-wall", defaultMaxWall, "wall-time limit per game")
	fs.IntVar(&ff.window, "window", 0, "colour-swapped pairs in flight (0: enough to keep the local game slots busy)")
	resign := fs.String("resign", "", "`movecount=N score=CP`, as cutechess: a player whose own score is CP centipawns or more below zero for N moves in a row loses")
	draw := fs.String("draw", "", "`movenumber=N movecount=N score=CP`, as cutechess: once movenumber full moves are played, both players' scores within CP of zero for movecount moves each in a row draw the game")
	gauntlet := fs.String("gauntlet", "", "`SPEC,SPEC,...`: play -a against each of these in turn instead of -b (cutechess's gauntlet: one player against a list), each a match of its own with the same pairs, seed, openings and adjudication; a line each and a table at the end")
	each := fs.String("each", "", "`tc=[MOVES/]TIME[+INC] | st=SECONDS`, as cutechess: the time control of every player that has none in its spec (a spec's own: ab:n3000,tc=10+0.1); timed games lose on time and do not replay")
	openings := fs.String("openings", "", "`file=PATH [format=epd|pgn] [order=sequential|random] [plies=N]`, as cutechess: pair k plays the book's k-th position (sequential, the default) or the book shuffled by -seed (random), both colours from it, with no random opening plies; format by default from the file's extension (.pgn, else epd); plies, the most plies taken from each PGN game")
	setUsage(fs, "coordinator match -a SPEC (-b SPEC | -gauntlet SPEC,...) [-pairs N] [-sprt] [-each tc=T|st=S] [-openings WORDS] [-resign WORDS] [-draw WORDS] FILE",
		"Plays two players head to head in colour-swapped pairs on the farm (an embedded one with a game slot per\ncore unless -nats): Elo with interval and an SPRT (exit 6 when it accepts H0). With -gauntlet, -a against\neach player of the list in turn, and a table of the matches.",
		flagGroup{"Match", []string{"a", "b", "gauntlet", "pairs", "seed", "sprt", "elo0", "elo1", "max-nodes", "max-wall"}},
		flagGroup{"Time, openings and adjudication (cutechess's words; off unless given)", []string{"each", "openings", "resign", "draw"}},
		flagGroup{"Farm (where and how games are played)", nil})
	files, code, ok := parseArgs(fs, gatherWords(args, wordFlags), stdout, stderr)
	if !ok {
		return code
	}
	switch {
	case oneFile(files) != "":
		return usageError(stderr, "match", oneFile(files))
	case *pairs < 1:
		return usageError(stderr, "match", "-pairs must be at least 1")
	case !(*elo0 < *elo1):
		return usageError(stderr, "match", "-elo0 must be below -elo1")
	}
	adj, err := parseAdjudication(*resign, *draw)
	if err != nil {
		return usageError(stderr, "match", err.Error())
	}
	var book bookOptions
	if *openings != "" {
		if book, err = parseBookOptions(*openings); err != nil {
			return usageError(stderr, "match", err.Error())
		}
	}
	clock, err := parseEach(*each)
	if err != nil {
		return usageError(stderr, "match", err.Error())
	}
	refs := []string{*b}
	if *gauntlet != "" {
		bGiven := false
		fs.Visit(func(fl *flag.Flag) { bGiven = bGiven || fl.Name == "b" })
		if bGiven {
			return usageError(stderr, "match", "give -b or -gauntlet, not both")
		}
		refs = protocol.SplitPlayers(*gauntlet)
		if len(refs) == 0 {
			return usageError(stderr, "match", "-gauntlet names no player")
		}
	}
	ca, errA := timedSpec(*a, clock)
	seen := map[string]bool{ca: errA == nil}
	for i, r := range refs {
		cb, errB := timedSpec(r, clock)
		if errA != nil || errB != nil || seen[cb] {
			fmt.Fprintf(stderr, "match: need two different valid specs (%v, %v)\n", errA, errB)
			return exitUsage
		}
		seen[cb] = true
		refs[i] = cb
	}
	log, err := farm.NewLogger(stderr, ff.logFormat, ff.logLevel, "coordinator")
	if err != nil {
		fmt.Fprintln(stderr, "match:", err)
		return exitUsage
	}
	f, err := measure.Read(files[0])
	if err != nil {
		refuseRuleFile(stderr, files[0], err)
		return 1
	}
	if f.Game.Seated() && slices.ContainsFunc(append([]string{ca}, refs...), protocol.TimedSpec) {
		return usageError(stderr, "match", "time controls are played in games of two players, not of seats")
	}
	opts := matchOptions{adjudication: adj}
	if book.file != "" {
		if f.Game.Seated() {
			return usageError(stderr, "match", "-openings: a game with seats has no opening book")
		}
		positions, err := readBook(f.Game, book)
		if err != nil {
			fmt.Fprintln(stderr, "match: -openings:", err)
			return 1
		}
		opts.openings = bookOrder(positions, book.order, ff.seed, *pairs)
	}
	ff.owner = "match"
	for _, cb := range refs {
		if err := matchPlan(f, ca, cb, *pairs, &ff, opts).Check(); err != nil {
			return usageError(stderr, "match", err.Error())
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop)
	fm, err := ff.openFarm(ctx, log, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "match:", err)
		return 1
	}
	defer fm.close()
	slots := ff.workers
	if slots < 0 {
		slots = runtime.NumCPU()
	}
	window := ff.window
	if window == 0 {
		window = measure.AutoWindow(slots, 1)
	}
	m := matchRunner{fm: fm, file: f, name: files[0], challenger: ca, pairs: *pairs, ff: &ff, opts: opts, window: window,
		elo0: *elo0, elo1: *elo1, sprt: *sprt, stdout: stdout, stderr: stderr}
	if *gauntlet == "" {
		res, ok := m.play(ctx, refs[0])
		switch {
		case !ok:
			return 1
		case res.Decision == "H0":
			return exitMatchH0
		}
		return 0
	}
	var rows []gauntletRow
	for _, cb := range refs {
		res, ok := m.play(ctx, cb)
		if !ok {
			return 1
		}
		rows = append(rows, gauntletRow{opponent: cb, res: res})
	}
	writeGauntlet(stdout, ca, files[0], rows)
	return 0
}

// matchRunner plays the matches of one command: the challenger against
// each reference in turn, on one farm, under the same flags.
type matchRunner struct {
	fm             *openedFarm
	file           *measure.File
	name           string // the rule file as given
	challenger     string
	pairs          int
	ff             *farmFlags
	opts           matchOptions
	window         int
	elo0, elo1     float64
	sprt           bool
	stdout, stderr io.Writer
}

// play plays one match against reference and writes its lines; ok is
// false when it failed (said on stderr).
func (m *matchRunner) play(ctx context.Context, reference string) (stats.MatchResult, bool) {
	f, ca, cb, stderr := m.file, m.challenger, reference, m.stderr
	plan := matchPlan(f, ca, cb, m.pairs, m.ff, m.opts)
	judge := matchJudge{game: f.Game, challenger: ca, reference: cb, elo0: m.elo0, elo1: m.elo1, sprt: m.sprt, progress: stderr}
	start := time.Now()
	out, err := m.fm.m.Play(ctx, f, plan, farm.Hooks{Stop: judge.stop, Window: m.window})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(stderr, "match: interrupted")
		} else {
			fmt.Fprintln(stderr, "match:", err)
		}
		return stats.MatchResult{}, false
	}
	for _, d := range out.DeadLetters {
		fmt.Fprintf(stderr, "match: pair %d: engine failure: game %d (%s vs %s, seed %d) gave up after %d attempts: %s\n",
			d.Job.PairID, d.Job.Game, d.Job.P0, d.Job.P1, d.Job.Seed, d.Attempts, d.Error)
	}
	if len(out.DeadLetters) > 0 || judge.err != nil {
		if judge.err != nil {
			fmt.Fprintf(stderr, "match: %v\n", judge.err)
		}
		return stats.MatchResult{}, false
	}
	res, err := stats.Match(selfplay.GamesOf(f.Game, out.Results), ca, cb, m.elo0, m.elo1, matchAlpha, matchBeta, matchConfidence)
	if err != nil {
		fmt.Fprintf(stderr, "match: %v\n", err)
		return stats.MatchResult{}, false
	}
	fmt.Fprintf(m.stdout, "%s against %s on %s: %d pairs in %s\n%s\n", ca, cb, m.name, len(out.Results)/2, time.Since(start).Round(time.Second), matchLine(res))
	if line := adjudicatedLine(out.Results); line != "" {
		fmt.Fprintln(m.stdout, line)
	}
	if line := timedLine(ca, cb, out.Results); line != "" {
		fmt.Fprintln(m.stdout, line)
	}
	return res, true
}

// The SPRT's error rates and the Elo interval's confidence.
const (
	matchAlpha      = 0.05
	matchBeta       = 0.05
	matchConfidence = 0.95
)

// matchPlan is the batch of a match: one pairing, challenger against
// reference, pairs colour-swapped pairs on the plan's seeds. Its salt is
// the time, so that every run plays afresh (a match compares players as
// they are built now) rather than resuming an earlier one.
func matchPlan(f *measure.File, challenger, reference string, pairs int, ff *farmFlags, opts matchOptions) protocol.Plan {
	s := measure.Settings{Players: []string{challenger, reference}, Games: 2 * pairs, Seed: ff.seed,
		MaxNodes: ff.maxNodes, MaxWall: ff.maxWall, Salt: ff.ownerName() + " " + time.Now().UTC().Format(time.RFC3339Nano)}
	p := s.Plan(f)
	// The two players as given: a measurement's clairvoyant rung (a game
	// with chance or hidden information) would add pairings the match
	// does not read.
	p.Players = []string{challenger, reference}
	p.Adjudication = opts.adjudication
	p.Openings = opts.openings
	return p
}

// matchOptions are a match's games' rules beyond the measurement's:
// cutechess's adjudication, and the start positions of its pairs (pair
// k the k-th, wrapping round), none for the random openings.
type matchOptions struct {
	adjudication protocol.Adjudication
	openings     []string
}

// adjudicatedLine says how many games the adjudication decided, "" when
// none.
func adjudicatedLine(results []protocol.Result) string {
	var resigned, drawn int
	for _, r := range results {
		switch r.Ending {
		case protocol.EndingResignAdjudication:
			resigned++
		case protocol.EndingDrawAdjudication:
			drawn++
		}
	}
	if resigned+drawn == 0 {
		return ""
	}
	return fmt.Sprintf("adjudicated: %d of %d games (%d by resignation, %d drawn)", resigned+drawn, len(results), resigned, drawn)
}

// matchJudge is a match's stopping rule: after each pair, in plan order,
// the match so far; every tenth pair a line on progress; a stop once the
// SPRT decides when sprt is set.
type matchJudge struct {
	// game reads a seated game's winners as the two players' armies.
	game                  *engine.Game
	challenger, reference string
	elo0, elo1            float64
	sprt                  bool
	progress              io.Writer
	pairs                 int
	// err is a result the statistics refused (a game lost to an engine
	// failure leaves its pair half played); the match stops there.
	err error
}

func (j *matchJudge) stop(_ [2]string, results []protocol.Result) (bool, string) {
	j.pairs++
	if len(results) != 2*j.pairs {
		j.err = fmt.Errorf("pair %d: a game of the first %d pairs was not played", j.pairs, j.pairs)
		return true, j.err.Error()
	}
	res, err := stats.Match(selfplay.GamesOf(j.game, results), j.challenger, j.reference, j.elo0, j.elo1, matchAlpha, matchBeta, matchConfidence)
	if err != nil {
		j.err = err
		return true, err.Error()
	}
	if j.pairs%10 == 0 {
		fmt.Fprintf(j.progress, "%d pairs: %s\n", j.pairs, matchLine(res))
	}
	if j.sprt && res.Decision != "" {
		return true, "SPRT accepted " + res.Decision
	}
	return false, ""
}

func matchLine(r stats.MatchResult) string {
	p := r.Pentanomial
	dec := r.Decision
	if dec == "" {
		dec = "undecided"
	}
	elo := fmt.Sprintf("Elo %+.0f (%+.0f to %+.0f)", r.Elo.Est, r.Elo.Lo, r.Elo.Hi)
	switch {
	case p.Pairs > 0 && p.Score.Est >= 1:
		elo = fmt.Sprintf("Elo at least %+.0f (every pair won; no upper bound)", r.Elo.Lo)
	case p.Pairs > 0 && p.Score.Est <= 0:
		elo = fmt.Sprintf("Elo at most %+.0f (every pair lost; no lower bound)", r.Elo.Hi)
	}
	return fmt.Sprintf("W-D-L %d-%d-%d, pairs %v, score %.3f (%.3f-%.3f), %s, SPRT [%g, %g] LLR %.2f (%.2f, %.2f): %s",
		r.Counts.Wins, r.Counts.Draws, r.Counts.Losses, p.Counts, p.Score.Est, p.Score.Lo, p.Score.Hi,
		elo, r.Elo0, r.Elo1, r.LLR, r.Lower, r.Upper, dec)
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
