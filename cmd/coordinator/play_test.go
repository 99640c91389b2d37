package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPlayCommand(t *testing.T) {
	var out, errs bytes.Buffer
	code := runPlay([]string{"-p0", "ab:n500", "-p1", "random", "-seed", "3", "../../rulesets/five-by-five.json"}, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "result: 1-0 (") && !strings.HasPrefix(last, "result: 0-1 (") && !strings.HasPrefix(last, "result: 1/2-1/2 (") {
		t.Errorf("last line %q is not a result line", last)
	}
	if len(lines) < 5 || !strings.Contains(lines[0], "random opening") {
		t.Errorf("expected one line per ply, starting with the random opening:\n%s", out.String())
	}

	// Flags after the file, and a start position.
	out.Reset()
	code = runPlay([]string{"../../rulesets/chess.json", "-p0", "ab:d3", "-p1", "ab:d3", "-fen", "6k1/5ppp/8/8/8/7r/5PPP/R5K1 w - - 0 1"}, &out, &errs)
	if code != 0 || !strings.Contains(out.String(), "a1a8") || !strings.HasSuffix(strings.TrimSpace(out.String()), "result: 1-0 (checkmate)") {
		t.Errorf("mate from -fen: exit %d\n%s%s", code, out.String(), errs.String())
	}
}

// A game with seats is played seat by seat, p0 in the first seat and
// every other one, each line naming its seat, and ends with each seat's
// share; -fen is refused for it.
func TestPlayCommandSeats(t *testing.T) {
	var out, errs bytes.Buffer
	code := runPlay([]string{"-p0", "ab:n500", "-p1", "random", "-seed", "2", "../../rulesets/chaturaji.json"}, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	for _, seat := range []string{" red ", " blue ", " yellow ", " green "} {
		if !strings.Contains(text, seat) {
			t.Errorf("no ply of seat%s:\n%s", seat, text)
		}
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "result: red ") || !strings.Contains(last, "green ") {
		t.Errorf("last line %q is not the seats' shares", last)
	}
	out.Reset()
	errs.Reset()
	if code := runPlay([]string{"-fen", "x", "../../rulesets/chaturaji.json"}, &out, &errs); code == 0 {
		t.Errorf("-fen on a game with seats: exit 0")
	}
}

// -seats gives each seat its own player: random players search no nodes,
// one alpha-beta seat among them does.
func TestPlayCommandEachSeat(t *testing.T) {
	for _, tc := range []struct {
		seats    string
		noSearch bool
	}{
		{"random,random,random,random", true},
		{"random,random,ab:n300,random", false},
	} {
		var out, errs bytes.Buffer
		if code := runPlay([]string{"-seats", tc.seats, "-seed", "4", "../../rulesets/chaturaji.json"}, &out, &errs); code != 0 {
			t.Fatalf("-seats %s: exit %d: %s", tc.seats, code, errs.String())
		}
		if searched := !strings.Contains(errs.String(), " nodes 0,"); searched == tc.noSearch || !strings.Contains(out.String(), "result: red ") {
			t.Errorf("-seats %s: searched %v\n%s%s", tc.seats, searched, out.String(), errs.String())
		}
	}
}

func TestPlayCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-seats", "random,bogus,random,random", "../../rulesets/chaturaji.json"},
		{"-p0", "bogus", "../../rulesets/chess.json"},
		{"-fen", "not a fen", "../../rulesets/chess.json"},
		{"a.json", "b.json"},
	} {
		var out, errs bytes.Buffer
		if code := runPlay(args, &out, &errs); code == 0 {
			t.Errorf("play %v: exit 0, want an error", args)
		}
	}
	var out, errs bytes.Buffer
	if code := runPlay([]string{"/nonexistent.json"}, &out, &errs); code != 1 || errs.Len() == 0 {
		t.Errorf("missing file: exit %d, stderr %q", code, errs.String())
	}
}
