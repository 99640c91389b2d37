package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/play"
	"balancefarm/search"
)

// scriptFirstLegal plays file as play -p0 human -p1 opponent -seed seed
// would, the person always taking the first legal move, and returns the
// person's moves: the stdin that plays the game to its end.
func scriptFirstLegal(t *testing.T, file, opponent string, seed uint64) []string {
	t.Helper()
	data, err := engine.ReadRuleFile(file)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	gm, err := play.New(g, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	mv, err := search.NewMover(g, opponent, seed+2)
	if err != nil {
		t.Fatal(err)
	}
	defer mv.Close()
	var script []string
	for len(script) < 400 {
		if _, err := gm.Settle(); err != nil {
			t.Fatal(err)
		}
		if gm.Outcome().Over {
			return script
		}
		if gm.Position().SideToMove() == 1 {
			if _, err := gm.Reply(context.Background(), mv, 0); err != nil {
				t.Fatal(err)
			}
			continue
		}
		first := gm.MoveNames()[0]
		script = append(script, first)
		if _, err := gm.Play(first); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("%s: no end in %d of the person's moves", file, len(script))
	return nil
}

func TestPlayHuman(t *testing.T) {
	const mateFEN = "6k1/5ppp/8/8/8/7r/5PPP/R5K1 w - - 0 1"
	for _, tc := range []struct {
		name    string
		args    []string
		input   string
		script  func(t *testing.T) string // the input, made from the game, when input is ""
		code    int
		outHas  []string
		errHas  []string
		lastOut string
	}{
		{name: "mate after a typo and an illegal move", args: []string{"-p0", "human", "-p1", "ab:n3000", "-fen", mateFEN, "../../rulesets/chess.json"},
			input: "zz\na1a9\n\na1a8\n", code: 0,
			outHas:  []string{"legal moves: ", "a1a8", "p0 move> ", "not legal", "   1 p0   a1a8"},
			lastOut: "result: 1-0 (checkmate)"},
		{name: "two people", args: []string{"-p0", "human", "-p1", "human", "-fen", "7k/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1", "../../rulesets/chess.json"},
			input: "h8g8\na1a8\n", code: 0,
			outHas:  []string{"p1 move> ", "p0 move> ", "   1 p1   h8g8", "   2 p0   a1a8"},
			lastOut: "result: 1-0 (checkmate)"},
		{name: "five-by-five to the end", args: []string{"-p0", "human", "-p1", "ab:n300", "-seed", "4", "../../rulesets/five-by-five.json"},
			script: func(t *testing.T) string {
				return strings.Join(scriptFirstLegal(t, "../../rulesets/five-by-five.json", "ab:n300", 4), "\n") + "\n"
			}, code: 0, lastOut: "result: "},
		{name: "dobutsu with drops to the end", args: []string{"-p0", "human", "-p1", "ab:n300", "-seed", "2", "../../rulesets/dobutsu.json"},
			script: func(t *testing.T) string {
				return strings.Join(scriptFirstLegal(t, "../../rulesets/dobutsu.json", "ab:n300", 2), "\n") + "\n"
			}, code: 0, lastOut: "result: "},
		{name: "dice to the end", args: []string{"-p0", "human", "-p1", "ab:n200", "-seed", "5", "../../rulesets/dice-chess.json"},
			script: func(t *testing.T) string {
				return strings.Join(scriptFirstLegal(t, "../../rulesets/dice-chess.json", "ab:n200", 5), "\n") + "\n"
			}, code: 0, lastOut: "result: "},
		{name: "input ends", args: []string{"-p0", "human", "../../rulesets/chess.json"},
			input: "e2e4\n", code: exitAbandoned, errHas: []string{"game abandoned after 2 plies"}},
		{name: "hidden information refused", args: []string{"-p0", "human", "../../rulesets/fog-of-war.json"},
			input: "", code: exitUsage, errHas: []string{"a person cannot play", "hides information"}},
		{name: "a bad opponent", args: []string{"-p0", "human", "-p1", "bogus", "../../rulesets/chess.json"},
			input: "", code: exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			input := tc.input
			if tc.script != nil {
				input = tc.script(t)
			}
			var out, errs bytes.Buffer
			code := runPlayInput(tc.args, strings.NewReader(input), &out, &errs)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out.String(), errs.String())
			}
			for _, want := range tc.outHas {
				if !strings.Contains(out.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, out.String())
				}
			}
			for _, want := range tc.errHas {
				if !strings.Contains(errs.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, errs.String())
				}
			}
			if tc.lastOut != "" {
				lines := strings.Split(strings.TrimSpace(out.String()), "\n")
				if last := lines[len(lines)-1]; !strings.HasPrefix(last, tc.lastOut) {
					t.Errorf("last line %q, want it to start %q", last, tc.lastOut)
				}
			}
		})
	}
}
