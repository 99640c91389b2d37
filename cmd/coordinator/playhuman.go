package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"balancefarm/engine"
	"balancefarm/play"
	"balancefarm/search"
	"balancefarm/selfplay"
)

// exitAbandoned is play's exit status when a person's input ended before
// the game did.
const exitAbandoned = 7 // apart from the other commands' statuses (match's 6 is H0 accepted)

// humanGame is `coordinator play` with a person in one seat or more
// (specs holds each seat's player): the person sees the board and the
// legal moves before each of their moves and types one in the notation
// the engine reads; an engine player answers with its search. Chance
// outcomes are drawn as the game reaches them. In a game that hides
// information the person sees only what their seat sees (the other
// side's moves print as "?") and an alpha-beta or MCTS spec plays as the
// ladder of such a game plays it (selfplay.ForHiddenSpec); in a game
// played in rounds each player chooses without seeing the other's choice
// and the round prints once both have chosen.
func humanGame(ctx context.Context, game *engine.Game, start *engine.Position, specs []string, seed uint64, maxNodes int64, in io.Reader, stdout, stderr io.Writer) int {
	gm, err := play.New(game, start, seed)
	if err != nil {
		fmt.Fprintf(stderr, "play: a person cannot play %s: %v\n", game.Name(), err)
		return exitUsage
	}
	movers := make([]*search.Mover, len(specs))
	people := 0
	for seat, spec := range specs {
		if spec == play.Human {
			people++
			continue
		}
		mv, err := search.NewMover(game, selfplay.ForHiddenSpec(spec, game), seed+uint64(seat)+1)
		if err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return exitUsage
		}
		defer mv.Close()
		movers[seat] = mv
	}
	// The seat whose eyes the record is printed for: the one person's; the
	// whole game when people sit in several seats (of a game that hides
	// information each still sees only their own board when asked).
	viewer := -1
	if people == 1 {
		for seat, spec := range specs {
			if spec == play.Human {
				viewer = seat
			}
		}
	}
	var seatName func(int) string
	if game.Seated() {
		seatName = game.SeatName
	}
	lines := bufio.NewScanner(in)
	printed := 0
	say := func() {
		hist := gm.HistoryFor(viewer)
		for ; printed < len(hist); printed++ {
			fmt.Fprintln(stdout, formatPly(search.MoveEvent{Ply: printed + 1, Side: gm.PlySeat(printed), Move: hist[printed]}, seatName))
		}
	}
	for {
		_, err := gm.Settle()
		say()
		if err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return 1
		}
		if gm.Over() {
			break
		}
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return 1
		}
		seat := gm.ToMove()
		if mv := movers[seat]; mv != nil {
			if _, err := gm.Reply(ctx, mv, maxNodes); err != nil {
				fmt.Fprintf(stderr, "play: %v\n", err)
				return 1
			}
			say()
			continue
		}
		if !askMove(gm, seat, seatName, lines, stdout) {
			fmt.Fprintf(stderr, "play: input ended: game abandoned after %d plies\n", gm.Plies())
			return exitAbandoned
		}
		say()
	}
	fmt.Fprint(stdout, gm.Diagram())
	fmt.Fprintf(stdout, "result: %s\n", gm.Result())
	return 0
}

// askMove shows the person in seat the board as the seat sees it and the
// moves they may make, and reads lines until one is taken, which it plays
// (in a round, chooses); false when the input ends.
func askMove(gm *play.Game, seat int, seatName func(int) string, lines *bufio.Scanner, stdout io.Writer) bool {
	who := fmt.Sprintf("p%d", seat)
	if seatName != nil {
		who = seatName(seat)
	}
	hidden := gm.Rules().HasHiddenInformation()
	fmt.Fprint(stdout, gm.DiagramFor(seat))
	v := gm.ViewFor(seat)
	if !hidden {
		fmt.Fprintf(stdout, "fen: %s\n", v.FEN)
	}
	list := "legal moves"
	if gm.HidesPieces() { // the moves of worlds it might be: some may be refused
		list = "moves to try (one not legal on the board, which you do not wholly see, is refused)"
	}
	if v.Round {
		fmt.Fprintln(stdout, "a round: both players choose without seeing the other's choice, then both moves are played together")
		if v.Announced != "" {
			fmt.Fprintf(stdout, "announced: %s\n", v.Announced)
		}
	}
	fmt.Fprintf(stdout, "%s: %s\n", list, strings.Join(gm.MoveNamesFor(seat), " "))
	for {
		fmt.Fprintf(stdout, "%s move> ", who)
		if !lines.Scan() {
			fmt.Fprintln(stdout)
			return false
		}
		text := strings.TrimSpace(lines.Text())
		if text == "" {
			continue
		}
		_, err := gm.Play(text)
		if err == nil {
			return true
		}
		fmt.Fprintf(stdout, "%v; %s: %s\n", err, list, strings.Join(gm.MoveNamesFor(seat), " "))
	}
}
