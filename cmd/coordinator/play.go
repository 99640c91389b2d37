package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"balancefarm/engine"
	"balancefarm/play"
	"balancefarm/search"
)

func init() {
	register("play", "play one game between two players and print its moves", runPlay)
}

// runPlay is `coordinator play -p0 SPEC -p1 SPEC [-seed S] [-fen F] FILE`
// (or -seats SPEC,SPEC,... one a seat): it prints each ply as it is made,
// then "result: 1-0 (checkmate)". A player "human" is a person at the
// terminal, reading moves from stdin.
func runPlay(args []string, stdout, stderr io.Writer) int {
	return runPlayInput(args, os.Stdin, stdout, stderr)
}

// runPlayInput is runPlay with a person's moves read from in.
func runPlayInput(args []string, in io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	p0 := fs.String("p0", "ab:n20000", "player 0 (moves first): human (a person at this terminal), random, ab:dN, ab:nN, mcts:iN, uci:PATH[,nodes=N][,Option=value...]")
	p1 := fs.String("p1", "ab:n20000", "player 1")
	seats := fs.String("seats", "", "every seat's player in seat order, comma-separated, for a game with seats (human,ab:n2000,ab:n2000,ab:n2000) or any game; instead of -p0 and -p1")
	seed := fs.Uint64("seed", 1, "seed for the random opening and the players")
	fen := fs.String("fen", "", "start from this position instead of the setup (no random opening unless -opening is given)")
	opening := fs.Int("opening", 0, "random opening plies (0: the default, 4, or none with -fen; negative: none)")
	maxNodes := fs.Int64("max-nodes", 0, "most nodes both players may search in the game (0: the default)")
	timeout := fs.Duration("timeout", 0, "give up after this long (0: never)")
	setUsage(fs, "coordinator play (-p0 SPEC -p1 SPEC | -seats SPEC,SPEC,...) [-seed S] [-fen F] FILE", "Plays one game move by move: the moves on stdout, the summary on stderr.")
	files, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if msg := oneFile(files); msg != "" {
		return usageError(stderr, "play", msg)
	}
	var seatSpecs []string
	if *seats != "" {
		pSet := false
		fs.Visit(func(f *flag.Flag) { pSet = pSet || f.Name == "p0" || f.Name == "p1" })
		if pSet {
			return usageError(stderr, "play", "-seats names every seat's player: give it or -p0 and -p1, not both")
		}
		seatSpecs = strings.Split(*seats, ",")
		for i := range seatSpecs {
			seatSpecs[i] = strings.TrimSpace(seatSpecs[i])
		}
	}
	for _, s := range append([]string{*p0, *p1}, seatSpecs...) {
		if s == play.Human {
			continue
		}
		if _, err := search.ParseSpec(s); err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return exitUsage
		}
	}

	game := compileRuleFile(files[0], stderr)
	if game == nil {
		return 1
	}
	switch {
	case seatSpecs == nil:
		seatSpecs = []string{*p0, *p1}
		if game.Seated() && slices.Contains(seatSpecs, play.Human) {
			return usageError(stderr, "play", fmt.Sprintf("%s has %d seats: give every seat's player with -seats (human,ab:n2000,...)", game.Name(), game.Seats()))
		}
	case len(seatSpecs) != game.Seats():
		return usageError(stderr, "play", fmt.Sprintf("-seats gives %d players; %s has %d seats", len(seatSpecs), game.Name(), game.Seats()))
	}
	var start *engine.Position
	var err error
	lim := search.Limits{MaxNodes: *maxNodes, OpeningPlies: *opening}
	if *fen != "" {
		if start, err = game.ParseFEN(*fen); err != nil {
			fmt.Fprintf(stderr, "play: -fen: %v\n", err)
			return exitUsage
		}
		if *opening == 0 {
			lim.OpeningPlies = -1
		}
	}
	ctx := context.Background()
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}

	if game.Facings() {
		fmt.Fprintln(stderr, "notation: e4:r turns the piece on e4 to point right (f, r, b, l: forward, right, backward, left of its player's forward)")
	}
	if game.Portals() {
		fmt.Fprintln(stderr, "notation: a2b3>d4 goes in by the portal on b3 and comes out on d4; O:b3c3 moves the portal end on b3 to c3")
	}
	began := time.Now()
	if slices.Contains(seatSpecs, play.Human) {
		return humanGame(ctx, game, start, seatSpecs, *seed, *maxNodes, in, stdout, stderr)
	}
	if game.Seated() {
		return playSeats(ctx, game, start != nil, seatSpecs, *seats != "", *seed, lim, stdout, stderr, began)
	}
	rec, err := search.Play(ctx, game, start, seatSpecs[0], seatSpecs[1], *seed, lim, func(ev search.MoveEvent) {
		fmt.Fprintln(stdout, formatPly(ev, nil))
	})
	if err != nil {
		fmt.Fprintf(stderr, "play: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "%d plies, nodes %d + %d, lead changes %d, %.1fs\n",
		rec.Plies, rec.Nodes[0], rec.Nodes[1], rec.LeadChanges, time.Since(began).Seconds())
	fmt.Fprintf(stdout, "result: %s (%s)\n", rec.Result, rec.Rule)
	return 0
}

// playSeats plays a game with seats: with -seats (each) each seat's own
// player, otherwise p0 (players[0]) in the first seat and every other one
// after it (seats 1, 3, ...), p1 in the seats between, as a measurement
// seats two players; each ply's line names its seat.
func playSeats(ctx context.Context, game *engine.Game, fromFEN bool, players []string, each bool, seed uint64, lim search.Limits, stdout, stderr io.Writer, began time.Time) int {
	if fromFEN {
		fmt.Fprintln(stderr, "play: -fen: a game with seats is played from its setup")
		return exitUsage
	}
	specs := make([]search.PlayerSpec, game.Seats())
	for s := range specs {
		text := players[s%2]
		if each {
			text = players[s]
		}
		spec, err := search.ParseSpec(text)
		if err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return exitUsage
		}
		specs[s] = spec
	}
	rec, err := search.PlaySeatGame(ctx, game, specs, seed, lim, func(ev search.MoveEvent) {
		fmt.Fprintln(stdout, formatPly(ev, game.SeatName))
	})
	if err != nil {
		fmt.Fprintf(stderr, "play: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "%d plies, nodes %d, %.1fs\n", rec.Plies, rec.Nodes, time.Since(began).Seconds())
	var shares []string
	for s, v := range rec.Shares {
		shares = append(shares, fmt.Sprintf("%s %.2f", game.SeatName(s), v))
	}
	fmt.Fprintf(stdout, "result: %s (%s)\n", strings.Join(shares, ", "), rec.Ending)
	return 0
}

// formatPly is one line per ply: number, player (the seat's name where
// seat names it), move, and what the search thought of it.
func formatPly(ev search.MoveEvent, seat func(int) string) string {
	var b strings.Builder
	side := "p0"
	switch {
	case seat != nil && ev.Side >= 0:
		side = seat(ev.Side)
	case ev.Side == 1:
		side = "p1"
	case ev.Side == -1:
		side = "both"
	}
	fmt.Fprintf(&b, "%4d %-4s %-10s", ev.Ply, side, ev.Move)
	switch {
	case ev.Opening:
		b.WriteString(" (random opening)")
	case ev.HasScore:
		fmt.Fprintf(&b, " score %s depth %d nodes %d", search.DescribeScore(ev.Score), ev.Depth, ev.Nodes)
	case ev.Nodes > 0:
		fmt.Fprintf(&b, " nodes %d", ev.Nodes)
	}
	return strings.TrimRight(b.String(), " ")
}
