package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"balancefarm/engine"
	"balancefarm/engine/rules"
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
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coordinator perft -depth N [-fen FEN] [-divide] FILE")
		fs.PrintDefaults()
	}
	// Flags may come before or after the file.
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return exitUsage
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(files) != 1 || *depth < 0 {
		fs.Usage()
		return exitUsage
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return exitBadInput
	}
	spec, problems := rules.Parse(data)
	if len(problems) > 0 || spec == nil {
		msg := "not a rule file"
		if len(problems) > 0 {
			msg = problems[0].Text
			if len(problems) > 1 {
				msg += fmt.Sprintf(" (and %d more problems)", len(problems)-1)
			}
		}
		fmt.Fprintf(stderr, "perft: %s: %s\n", files[0], msg)
		return exitBadInput
	}
	game, err := engine.Load(spec)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %s: %v\n", files[0], err)
		return exitBadInput
	}
	pos := game.NewPosition()
	if *fen != "" {
		if pos, err = game.ParseFEN(*fen); err != nil {
			fmt.Fprintf(stderr, "perft: %v\n", err)
			return exitBadInput
		}
	}
	fmt.Fprintf(stdout, "game %s\nfen %s\ndepth %d\n", spec.Name, pos.FEN(), *depth)
	switch {
	case game.PlaysRounds():
		// A round is one step of depth whoever moves in it.
		fmt.Fprintln(stdout, "counting: depth in steps, a round (both players' choices, resolved together) or, before a spy game's rounds, one player's move; a round's leaves are pairs of choices, the last round bulk-counted as the product of the two players' choice counts")
	case game.TurnLength(0) > 1 || game.TurnLength(1000) > 1:
		fmt.Fprintln(stdout, "counting: depth in moves, each move of a turn of several moves one ply; legal moves at every node, the last ply bulk-counted (the length of the legal move list)")
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
