package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/play"
	"balancefarm/search"
	"balancefarm/selfplay"
)

// scriptFirstLegal plays file as play -p0 human -p1 opponent -seed seed
// would, the person always taking the first legal move, and returns the
// person's moves: the stdin that plays the game to its end.
func scriptFirstLegal(t *testing.T, file, opponent string, seed uint64) []string {
	return scriptFirstTaken(t, file, []string{play.Human, opponent}, seed)
}

// scriptFirstTaken plays file as play -seats SPECS -seed seed would, the
// person (in the one human seat) trying the moves offered in order until
// one is taken, and returns every line the person typed.
func scriptFirstTaken(t *testing.T, file string, specs []string, seed uint64) []string {
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
	movers := make([]*search.Mover, len(specs))
	for seat, spec := range specs {
		if spec == play.Human {
			continue
		}
		if movers[seat], err = search.NewMover(g, selfplay.ForHiddenSpec(spec, g), seed+uint64(seat)+1); err != nil {
			t.Fatal(err)
		}
		defer movers[seat].Close()
	}
	var script []string
	for len(script) < 600 {
		if _, err := gm.Settle(); err != nil {
			t.Fatal(err)
		}
		if gm.Over() {
			return script
		}
		seat := gm.ToMove()
		if movers[seat] != nil {
			if _, err := gm.Reply(context.Background(), movers[seat], 0); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for _, m := range gm.MoveNamesFor(seat) {
			script = append(script, m)
			if _, err := gm.Play(m); err == nil {
				break
			}
		}
	}
	t.Fatalf("%s: no end in %d of the person's lines", file, len(script))
	return nil
}

func TestPlayHuman(t *testing.T) {
	const mateFEN = "6k1/5ppp/8/8/8/7r/5PPP/R5K1 w - - 0 1"
	for _, tc := range []struct {
		name     string
		args     []string
		input    string
		script   func(t *testing.T) string // the input, made from the game, when input is ""
		code     int
		outHas   []string
		outLacks []string
		errHas   []string
		lastOut  string
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
		{name: "hidden information, the engine's moves unseen", args: []string{"-p0", "human", "-p1", "ab:n300", "-seed", "3", "../../rulesets/veiled-king.json"},
			script: func(t *testing.T) string {
				return strings.Join(scriptFirstTaken(t, "../../rulesets/veiled-king.json", []string{play.Human, "ab:n300"}, 3), "\n") + "\n"
			}, code: 0, outHas: []string{"   2 p1   N@c8", "   6 p1   ?", "moves to try"}, outLacks: []string{"fen:"}, lastOut: "result: "},
		{name: "seats to the end", args: []string{"-seats", "ab:n300,human,ab:n300,ab:n300", "-seed", "2", "../../rulesets/chaturaji.json"},
			script: func(t *testing.T) string {
				return strings.Join(scriptFirstTaken(t, "../../rulesets/chaturaji.json", []string{"ab:n300", play.Human, "ab:n300", "ab:n300"}, 2), "\n") + "\n"
			}, code: 0, outHas: []string{"blue move> "}, lastOut: "result: "},
		{name: "rounds to the end", args: []string{"-p0", "human", "-p1", "ab:n300", "-seed", "2", "../../rulesets/simultaneous-skirmish.json"},
			script: func(t *testing.T) string {
				return strings.Join(scriptFirstLegal(t, "../../rulesets/simultaneous-skirmish.json", "ab:n300", 2), "\n") + "\n"
			}, code: 0, outHas: []string{"a round: ", "   1 both "}, lastOut: "result: "},
		{name: "seats need -seats", args: []string{"-p0", "human", "../../rulesets/chaturaji.json"},
			input: "", code: exitUsage, errHas: []string{"-seats"}},
		{name: "-seats of the wrong count", args: []string{"-seats", "human,random", "../../rulesets/chaturaji.json"},
			input: "", code: exitUsage, errHas: []string{"-seats gives 2 players"}},
		{name: "-seats with -p0", args: []string{"-seats", "human,random", "-p0", "random", "../../rulesets/chess.json"},
			input: "", code: exitUsage, errHas: []string{"not both"}},
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
			for _, unwanted := range tc.outLacks {
				if strings.Contains(out.String(), unwanted) {
					t.Errorf("stdout has %q:\n%s", unwanted, out.String())
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
