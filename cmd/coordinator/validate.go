package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"balancefarm/engine"
	"balancefarm/engine/rules"
	"balancefarm/farm"
	"balancefarm/measure"
)

func init() {
	register("validate", "check rule files and count the first player's legal moves", runValidate)
}

// exitInvalid is validate's status when any file is refused.
const exitInvalid = 1

func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	setUsage(fs, "coordinator validate FILE...", "Checks rule files as measure and serve do: prints each file's problems, or its first player's move count.")
	files, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) == 0 {
		return usageError(stderr, "validate", "no rule file given")
	}
	status := 0
	for _, path := range files {
		if !validateFile(path, stdout) {
			status = exitInvalid
		}
	}
	return status
}

// validateFile prints the file's problems, or its first player's move count,
// and reports whether it is valid. It loads the file as measure and serve
// do (measure.Load), so the three agree on what is valid and playable and
// print the same lines, at most farm.MaxProblems of them.
func validateFile(path string, w io.Writer) bool {
	data, err := engine.ReadRuleFile(path)
	if err != nil {
		fmt.Fprintf(w, "%s: %v\n", path, err)
		return false
	}
	f, err := measure.Load(path, data)
	var ce *engine.CompileError
	var cost *measure.CostError
	var decided *measure.DecidedStartError
	switch {
	case errors.As(err, &ce) && len(ce.Problems) > 0:
		// Each problem where the file writes what it names, as Go's
		// compilers place theirs: file:line:column.
		loc := rules.NewLocator(data)
		for _, p := range farm.CapProblems(measure.Lines(err)) {
			if at, ok := loc.Locate(p); ok {
				fmt.Fprintf(w, "%s:%d:%d: %s\n", path, at.Line, at.Column, p)
				continue
			}
			fmt.Fprintf(w, "%s: %s\n", path, p)
		}
		return false
	case errors.As(err, &ce):
		// A valid file the engine cannot play yet is still valid.
		fmt.Fprintf(w, "%s: valid (no move count: %s)\n", path, ce.Unplayable)
		return true
	case errors.As(err, &cost):
		// Valid, like one the engine cannot play, but refused by measure
		// and serve in the same words.
		fmt.Fprintf(w, "%s: %s\n", path, cost)
		return true
	case errors.As(err, &decided):
		fmt.Fprintf(w, "%s: %s\n", path, decided)
		return true
	case err != nil:
		fmt.Fprintf(w, "%s: %v\n", path, err)
		return false
	}
	g := f.Game
	n, err := firstMoveCount(g)
	if err != nil {
		fmt.Fprintf(w, "%s: valid (no move count: %v)\n", path, err)
		return true
	}
	if g.NewPosition().AtChance() {
		fmt.Fprintf(w, "%s: valid: the game opens with a chance event of %d outcomes\n", path, n)
		return true
	}
	fmt.Fprintf(w, "%s: valid: first player has %d legal moves\n", path, n)
	return true
}

// firstMoveCount counts the start position's legal moves; an engine
// failure is reported, never a panic.
func firstMoveCount(g *engine.Game) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine failure: %v", r)
		}
	}()
	return len(g.NewPosition().LegalMoves(nil)), nil
}
