package main

import (
	"flag"
	"fmt"
	"io"

	"balancefarm/engine"
	"balancefarm/engine/rules"
)

func init() {
	register("validate", "check rule files and count the first player's legal moves", runValidate)
}

// exitInvalid is validate's status when any file is refused.
const exitInvalid = 1

func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coordinator validate FILE...")
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	status := 0
	for _, path := range fs.Args() {
		if !validateFile(path, stdout) {
			status = exitInvalid
		}
	}
	return status
}

// validateFile prints the file's problems, or its first player's move count,
// and reports whether it is valid.
func validateFile(path string, w io.Writer) bool {
	spec, problems, err := rules.ParseFile(path)
	if err != nil {
		fmt.Fprintf(w, "%s: %v\n", path, err)
		return false
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintf(w, "%s: %s\n", path, p.Text)
		}
		return false
	}
	n, err := firstMoveCount(spec)
	if err != nil {
		// A valid file the engine cannot play yet is still valid.
		fmt.Fprintf(w, "%s: valid (no move count: %v)\n", path, err)
		return true
	}
	fmt.Fprintf(w, "%s: valid: first player has %d legal moves\n", path, n)
	return true
}

func firstMoveCount(spec *rules.Spec) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine failure: %v", r)
		}
	}()
	g, err := engine.Load(spec)
	if err != nil {
		return 0, err
	}
	return len(g.NewPosition().LegalMoves(nil)), nil
}
