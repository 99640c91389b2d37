package search

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"
)

func TestParseTimeControl(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		key, value string
		want       TimeControl
		canonical  string
	}{
		{"tc", "40/60", TimeControl{Moves: 40, Base: 60 * time.Second}, "tc=40/60"},
		{"tc", "10+0.1", TimeControl{Base: 10 * time.Second, Inc: 100 * ms}, "tc=10+0.1"},
		{"tc", "0/10+0.1", TimeControl{Base: 10 * time.Second, Inc: 100 * ms}, "tc=10+0.1"},
		{"tc", "2:30+1", TimeControl{Base: 150 * time.Second, Inc: time.Second}, "tc=150+1"},
		{"tc", "40/1:00", TimeControl{Moves: 40, Base: time.Minute}, "tc=40/60"},
		{"tc", "0.5", TimeControl{Base: 500 * ms}, "tc=0.5"},
		{"tc", "inf", TimeControl{}, ""},
		{"st", "1", TimeControl{PerMove: time.Second}, "st=1"},
		{"st", "0.05", TimeControl{PerMove: 50 * ms}, "st=0.05"},
	} {
		got, err := ParseTimeControl(c.key, c.value)
		if err != nil {
			t.Errorf("%s=%s: %v", c.key, c.value, err)
			continue
		}
		if got != c.want || got.String() != c.canonical {
			t.Errorf("%s=%s = %+v (%q), want %+v (%q)", c.key, c.value, got, got.String(), c.want, c.canonical)
		}
		if c.canonical == "" {
			continue
		}
		k, v, _ := strings.Cut(c.canonical, "=")
		if again, err := ParseTimeControl(k, v); err != nil || again != got {
			t.Errorf("%s reads back as %+v, %v", c.canonical, again, err)
		}
	}
	for _, c := range []struct{ key, value string }{
		{"tc", ""}, {"tc", "abc"}, {"tc", "-1"}, {"tc", "0"}, {"tc", "40/"}, {"tc", "/60"},
		{"tc", "10+"}, {"tc", "10+-1"}, {"tc", "1e3"}, {"tc", "x/60"}, {"tc", "1:xx"}, {"tc", "100000"},
		{"st", "0"}, {"st", "-1"}, {"st", "inf"}, {"st", ""}, {"tm", "10"},
	} {
		if tc, err := ParseTimeControl(c.key, c.value); err == nil {
			t.Errorf("%s=%s read as %+v, want an error", c.key, c.value, tc)
		}
	}
}

func TestSpecTimeControl(t *testing.T) {
	for _, c := range []struct{ in, canonical string }{
		{"ab:n3000,tc=10+0.1", "ab:n3000,tc=10+0.1"},
		{"ab,tc=40/60", "ab,tc=40/60"},
		{"ab:d6n20000,st=0.5", "ab:d6n20000,st=0.5"},
		{"ab:n3000,tc=inf", "ab:n3000"},
		{"mcts,st=0.5", "mcts,st=0.5"},
		{"mcts:p16, tc=1:00", "mcts:p16,tc=60"},
		{"random,st=1", "random,st=1"},
		{"ab::P=1/N=3,tc=5", "ab::N=3/P=1,tc=5"},
		{"ab:r3,st=0.03", "ab:r3,st=0.03"},
		{"random,st=0.01", "random,st=0.01"},
		{"ab:e14u1,tc=5", "ab:u1e14,tc=5"},
		{"ab:x2:P=1,tc=5", "ab:x2:P=1,tc=5"},
		{"uci:sf,tc=10+0.1", "uci:sf,tc=10+0.1"},
		{"uci:sf,Hash=16,nodes=500,st=1", "uci:sf,nodes=500,st=1,Hash=16"},
		{"uci:sf,tc=inf", "uci:sf,nodes=10000"},
	} {
		got, err := Canonical(c.in)
		if err != nil || got != c.canonical {
			t.Errorf("Canonical(%q) = %q, %v; want %q", c.in, got, err, c.canonical)
			continue
		}
		if again, err := Canonical(got); err != nil || again != got {
			t.Errorf("%q reads back as %q, %v", got, again, err)
		}
	}
	for _, in := range []string{"ab", "ab,tc=inf", "mcts,tc=inf", "ab:n10,tc=1,st=1", "ab:n10,nodes=3", "ab:n10,tc=x",
		"seer:ab:n10,tc=1", "det:ab:n10,st=1", "ismcts:i100,st=1", "uci:sf,tc=1,st=1", "uci:sf,st=0"} {
		if ps, err := ParseSpec(in); err == nil {
			t.Errorf("ParseSpec(%q) = %v, want an error", in, ps)
		}
	}
}

// TestClock: a move's time comes off the clock, the increment and a new
// period's time go on, and a move past what is left loses on time.
func TestClock(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		tc       TimeControl
		moves    []time.Duration
		flagAt   int // the move that overran, -1 none
		left     time.Duration
		goClock  string // before the last move, the mover white and the other untimed
		allotted time.Duration
	}{
		{TimeControl{Base: 10 * s, Inc: s}, []time.Duration{2 * s, 2 * s, 2 * s}, -1, 7 * s, "wtime 8000 winc 1000", 8*s/30 + s*3/4},
		{TimeControl{Moves: 2, Base: 10 * s}, []time.Duration{3 * s, 3 * s, s}, -1, 13 * s, "wtime 14000 movestogo 2", 7 * s},
		{TimeControl{Base: 3 * s}, []time.Duration{s, s, 1500 * time.Millisecond}, 2, 0, "", 0},
		{TimeControl{PerMove: s}, []time.Duration{900 * time.Millisecond, 1100 * time.Millisecond}, 1, 0, "", 0},
		{TimeControl{PerMove: s}, []time.Duration{s}, -1, 0, "movetime 1000", 900 * time.Millisecond},
	} {
		ck := newClock(c.tc)
		flagAt := -1
		var reading clockReading
		for i, d := range c.moves {
			reading = clockReading{own: ck, side: 0}
			if c.goClock != "" && i == len(c.moves)-1 {
				if got := reading.goClock(); got != c.goClock {
					t.Errorf("%v: go %q before move %d, want %q", c.tc, got, i+1, c.goClock)
				}
				if got := reading.allotment(); got != c.allotted {
					t.Errorf("%v: allotted %v before move %d, want %v", c.tc, got, i+1, c.allotted)
				}
			}
			if ck.spend(d) {
				flagAt = i
				break
			}
		}
		if flagAt != c.flagAt {
			t.Errorf("%v: flagged at move %d, want %d", c.tc, flagAt, c.flagAt)
		}
		if c.flagAt < 0 && c.tc.PerMove == 0 && ck.left != c.left {
			t.Errorf("%v: %v left, want %v", c.tc, ck.left, c.left)
		}
	}
	// Both clocks, black to move.
	w, b := newClock(TimeControl{Base: 5 * s, Inc: 100 * time.Millisecond}), newClock(TimeControl{Moves: 40, Base: 60 * s})
	if got, want := (clockReading{own: b, other: w, side: 1}).goClock(), "wtime 5000 btime 60000 winc 100 movestogo 40"; got != want {
		t.Errorf("go %q, want %q", got, want)
	}
}

// TestOwnPlayersKeepTime: alpha-beta and MCTS with no budget but the
// clock stop within their share of it and still choose a legal move.
func TestOwnPlayersKeepTime(t *testing.T) {
	g := loadGame(t, "chess.json")
	for _, spec := range []string{"ab,st=0.2", "mcts,st=0.2", "ab:n100000000,tc=3"} {
		ps, err := ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		c, err := newChooser[engine.Move, enginePos](ps, tablesFor(g), 1)
		if err != nil {
			t.Fatal(err)
		}
		p := enginePos{g.NewPosition()}
		ck := newClock(ps.Clock)
		reading := clockReading{own: ck}
		start := time.Now()
		c.(timedChooser).setClock(reading, start)
		d, err := c.choose(context.Background(), p, DefaultMaxNodes)
		took := time.Since(start)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if _, err := p.ParseMove(p.MoveString(d.move)); err != nil {
			t.Errorf("%s chose %v, not a legal move: %v", spec, d.move, err)
		}
		// Its share and a little for the last nodes; far less than a
		// search without a clock would take.
		if limit := reading.allotment() + 150*time.Millisecond; took > limit {
			t.Errorf("%s took %v, more than %v", spec, took, limit)
		}
		t.Logf("%s: %v, %d nodes, depth %d", spec, took, d.nodes, d.depth)
	}
}

// TestUCIClock: a timed engine is sent its clock (and the other side's
// when timed) in the go command; one that thinks past st= loses on time,
// its move not played.
func TestUCIClock(t *testing.T) {
	g := loadGame(t, "chess.json")
	for _, c := range []struct{ extra, other, want string }{
		{",tc=10+0.1", "ab:n500,tc=20+0.5", "go wtime 10000 btime 20000 winc 100 binc 500"},
		{",nodes=300,tc=40/10", "ab:n500", "go wtime 10000 movestogo 40 nodes 300"},
		{",st=2", "ab:n500", "go movetime 2000"},
	} {
		spec, logPath := fakeSpec(t, "legal", "chess.json", c.extra)
		rec, err := PlayGame(context.Background(), g, spec, c.other, 7, Limits{}, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.extra, err)
		}
		if rec.Rule == EndTimeForfeit {
			t.Errorf("%s: lost on time: %+v", c.extra, rec)
		}
		data, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		if first := firstGo(string(data)); first != c.want {
			t.Errorf("%s: first go %q, want %q", c.extra, first, c.want)
		}
	}

	spec, _ := fakeSpec(t, "slow", "chess.json", ",st=0.1")
	for side := 0; side < 2; side++ {
		players := [2]string{spec, "ab:n500"}
		if side == 1 {
			players = [2]string{"ab:n500", spec}
		}
		rec, err := PlayGame(context.Background(), g, players[0], players[1], 7, Limits{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Rule != EndTimeForfeit || rec.Winner != 1-side || rec.Result != ResultString(1-side) {
			t.Errorf("a slow engine as player %d: %s by %s, winner %d; want a loss on time", side, rec.Result, rec.Rule, rec.Winner)
		}
		// The openings' plies and, for the second player, the first's
		// move; the slow engine's move is not played.
		if want := rec.OpeningPlies + side; rec.Plies != want {
			t.Errorf("a slow engine as player %d: %d plies, want %d", side, rec.Plies, want)
		}
	}
}

func firstGo(log string) string {
	for _, l := range strings.Split(log, "\n") {
		if strings.HasPrefix(l, "go ") {
			return l
		}
	}
	return ""
}

// TestUntimedReadsNoClock: an untimed game's players are never given a
// clock, so nothing in it depends on the time.
func TestUntimedReadsNoClock(t *testing.T) {
	var clocks [2]*clock
	if start := startClock(nil, &clocks, 0); !start.IsZero() {
		t.Errorf("an untimed player's move started the clock at %v", start)
	}
	if flagged(nil, time.Now().Add(-time.Hour), nil) {
		t.Error("an untimed player lost on time")
	}
}
