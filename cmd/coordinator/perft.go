package main

import (
	"flag"
	"fmt"
	"io"
	"time"
)

func init() {
	register("perft", "count the legal move tree of a rule file's start (or -fen) position", runPerft)
}

// exitBadInput is the exit status for a rule file or position that cannot
// be read.
const exitBadInput = 1

// runPerft is `coordinator perft -depth N [-fen FEN] [-divide] FILE`. Its
// last line is "nodes N", the line before it "nodes/s R".
func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	depth := fs.Int("depth", -1, "plies to count (required, 0 or more)")
	fen := fs.String("fen", "", "start from this position instead of the setup")
	divide := fs.Bool("divide", false, "print each root move's count")
	setUsage(fs, "coordinator perft -depth N [-fen FEN] [-divide] FILE", "Counts the leaf positions N plies deep (engine correctness and speed).")
	files, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if msg := oneFile(files); msg != "" {
		return usageError(stderr, "perft", msg)
	}
	if *depth < 0 {
		return usageError(stderr, "perft", "-depth N is required (0 or more)")
	}
	game := compileRuleFile(files[0], stderr)
	if game == nil {
		return exitBadInput
	}
	pos := game.NewPosition()
	if *fen != "" {
		var err error
		if pos, err = game.ParseFEN(*fen); err != nil {
			fmt.Fprintf(stderr, "perft: %v\n", err)
			return exitBadInput
		}
	}
	fmt.Fprintf(stdout, "game %s\nfen %s\ndepth %d\n", game.Name(), pos.FEN(), *depth)
	switch {
	case game.PlaysRounds():
		// A round is one step of depth whoever moves in it.
		fmt.Fprintln(stdout, "counting: depth in steps, a round (both players' choices, resolved together) or, before a spy game's rounds, one player's move; a round's leaves are pairs of choices, the last round bulk-counted as the product of the two players' choice counts")
	case game.TurnLength(0) > 1 || game.TurnLength(1000) > 1:
		fmt.Fprintln(stdout, "counting: depth in moves, each move of a turn of several moves one ply; legal moves at every node, the last ply bulk-counted (the length of the legal move list)")
	case game.HasChance():
		fmt.Fprintln(stdout, "counting: every chance outcome (a roll of the die, a hazard's fate) is a branch and a ply of depth, as every move is; legal moves and outcomes at every node, the last ply bulk-counted (the length of the list)")
	default:
		fmt.Fprintln(stdout, "counting: legal moves at every node, the last ply bulk-counted (the length of the legal move list)")
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		for _, e := range pos.PerftDivide(*depth) {
			fmt.Fprintf(stdout, "%s: %d\n", e.Name, e.Nodes)
			nodes += e.Nodes
		}
		if *depth == 0 {
			nodes = 1
		}
	} else {
		nodes = pos.Perft(*depth)
	}
	elapsed := time.Since(start)
	rate := float64(nodes) / elapsed.Seconds()
	fmt.Fprintf(stdout, "time %.3fs\n", elapsed.Seconds())
	fmt.Fprintf(stdout, "nodes/s %.0f\n", rate)
	fmt.Fprintf(stdout, "nodes %d\n", nodes)
	return 0
}
