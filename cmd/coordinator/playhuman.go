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
)

// exitAbandoned is play's exit status when a person's input ended before
// the game did.
const exitAbandoned = 7 // apart from the other commands' statuses (match's 6 is H0 accepted)

// humanGame is `coordinator play` with a person in one seat or both: the
// person sees the board and the legal moves before each of their moves
// and types one in the notation the engine reads; an engine player
// answers with its search. Chance outcomes are drawn as the game reaches
// them.
func humanGame(ctx context.Context, game *engine.Game, start *engine.Position, specs [2]string, seed uint64, maxNodes int64, in io.Reader, stdout, stderr io.Writer) int {
	gm, err := play.New(game, start, seed)
	if err != nil {
		fmt.Fprintf(stderr, "play: a person cannot play %s: %v\n", game.Name(), err)
		return exitUsage
	}
	var movers [2]*search.Mover
	for side, spec := range specs {
		if spec == play.Human {
			continue
		}
		mv, err := search.NewMover(game, spec, seed+uint64(side)+1)
		if err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return exitUsage
		}
		defer mv.Close()
		movers[side] = mv
	}
	lines := bufio.NewScanner(in)
	plies := 0
	say := func(side int, move string) {
		plies++
		fmt.Fprintln(stdout, formatPly(search.MoveEvent{Ply: plies, Side: side, Move: move}, nil))
	}
	for {
		side := gm.Position().SideToMove()
		drawn, err := gm.Settle()
		for _, d := range drawn {
			say(side, d)
		}
		if err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return 1
		}
		if gm.Outcome().Over {
			break
		}
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return 1
		}
		side = gm.Position().SideToMove()
		if mv := movers[side]; mv != nil {
			move, err := gm.Reply(ctx, mv, maxNodes)
			if err != nil {
				fmt.Fprintf(stderr, "play: %v\n", err)
				return 1
			}
			say(side, move)
			continue
		}
		move, ok := askMove(gm, side, lines, stdout)
		if !ok {
			fmt.Fprintf(stderr, "play: input ended: game abandoned after %d plies\n", plies)
			return exitAbandoned
		}
		say(side, move)
	}
	fmt.Fprint(stdout, gm.Diagram())
	fmt.Fprintf(stdout, "result: %s\n", gm.Result())
	return 0
}

// askMove shows the person the board and the legal moves and reads lines
// until one is a legal move, which it plays; false when the input ends.
func askMove(gm *play.Game, side int, lines *bufio.Scanner, stdout io.Writer) (string, bool) {
	fmt.Fprint(stdout, gm.Diagram())
	fmt.Fprintf(stdout, "fen: %s\n", gm.Position().FEN())
	fmt.Fprintf(stdout, "legal moves: %s\n", strings.Join(gm.MoveNames(), " "))
	for {
		fmt.Fprintf(stdout, "p%d move> ", side)
		if !lines.Scan() {
			fmt.Fprintln(stdout)
			return "", false
		}
		text := strings.TrimSpace(lines.Text())
		if text == "" {
			continue
		}
		_, err := gm.Play(text)
		if err == nil {
			hist := gm.Moves()
			return hist[len(hist)-1], true
		}
		fmt.Fprintf(stdout, "%v; legal moves: %s\n", err, strings.Join(gm.MoveNames(), " "))
	}
}
