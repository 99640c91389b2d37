package search

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"balancefarm/engine"
	"balancefarm/protocol"
)

// EndTimeForfeit is the ending of a game a player lost on time: its clock
// ran out before it moved (records write Termination "time forfeit").
const EndTimeForfeit = engine.Ending(protocol.EndingTimeForfeit)

// TimeControl is a player's clock, as cutechess-cli's tc= and st= give
// it. The zero value is no clock: the player is bounded by its node
// budget alone and its games replay move for move. A timed game does not
// replay: what a player finds before its time runs out depends on the
// machine and its load.
type TimeControl struct {
	// Moves is how many moves each period holds (tc=40/60: 40); when they
	// are played the period's Base is added again. 0: one period, the
	// whole game.
	Moves int
	// Base is the time a period gives; Inc is added after every move
	// (Fischer's increment).
	Base, Inc time.Duration
	// PerMove is st=: this long for every move, nothing carried over.
	// Base, Inc and Moves are then zero.
	PerMove time.Duration
}

// maxClockTime bounds a time control's times, as the other budgets are
// bounded.
const maxClockTime = 24 * time.Hour

// IsZero reports whether tc is no clock.
func (tc TimeControl) IsZero() bool { return tc == TimeControl{} }

// String is tc as a spec writes it: "tc=40/60", "tc=10+0.1", "st=1", ""
// for no clock. Times are in seconds, to the millisecond.
func (tc TimeControl) String() string {
	switch {
	case tc.PerMove > 0:
		return "st=" + clockSeconds(tc.PerMove)
	case tc.IsZero():
		return ""
	}
	s := "tc="
	if tc.Moves > 0 {
		s += strconv.Itoa(tc.Moves) + "/"
	}
	s += clockSeconds(tc.Base)
	if tc.Inc > 0 {
		s += "+" + clockSeconds(tc.Inc)
	}
	return s
}

// PGN is tc as PGN's TimeControl tag writes it: "40/60", "300+5", "300",
// and cutechess's "1/move" for a time per move; "-" for no clock.
func (tc TimeControl) PGN() string {
	switch {
	case tc.PerMove > 0:
		return clockSeconds(tc.PerMove) + "/move"
	case tc.IsZero():
		return "-"
	}
	return strings.TrimPrefix(tc.String(), "tc=")
}

func clockSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// ParseTimeControl reads cutechess's words: key "tc" with
// "[moves/]time[+increment]" (seconds, the time also as minutes:seconds;
// "inf" for no clock) or key "st" with the seconds of every move.
func ParseTimeControl(key, value string) (TimeControl, error) {
	var tc TimeControl
	switch key {
	case "st":
		d, err := clockDuration(value)
		if err != nil || d <= 0 {
			return tc, fmt.Errorf("st=%s: want the seconds of each move, more than 0 and at most %v", value, maxClockTime)
		}
		tc.PerMove = d
		return tc, nil
	case "tc":
	default:
		return tc, fmt.Errorf("%s: a time control is tc= or st=", key)
	}
	if value == "inf" {
		return tc, nil
	}
	bad := func() (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("tc=%s: want [moves/]time[+increment] in seconds (time also minutes:seconds), as 40/60, 10+0.1, 2:00+1 or inf", value)
	}
	rest := value
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n < 0 || n > 10000 {
			return bad()
		}
		tc.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	if mins, secs, ok := strings.Cut(base, ":"); ok {
		m, err := strconv.Atoi(mins)
		s, err2 := clockDuration(secs)
		if err != nil || err2 != nil || m < 0 || m > int(maxClockTime/time.Minute) {
			return bad()
		}
		tc.Base = time.Duration(m)*time.Minute + s
	} else {
		d, err := clockDuration(base)
		if err != nil {
			return bad()
		}
		tc.Base = d
	}
	if hasInc {
		d, err := clockDuration(inc)
		if err != nil {
			return bad()
		}
		tc.Inc = d
	}
	if tc.Base <= 0 || tc.Base > maxClockTime {
		return bad()
	}
	return tc, nil
}

// clockDuration reads seconds (a decimal number, at least 0, at most
// maxClockTime) to the millisecond.
func clockDuration(s string) (time.Duration, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || v < 0 || v > maxClockTime.Seconds() || strings.ContainsAny(s, "eExXpP") {
		return 0, errors.New("not seconds")
	}
	return time.Duration(math.Round(v*1000)) * time.Millisecond, nil
}

// clock is one player's clock in a game.
type clock struct {
	tc        TimeControl
	left      time.Duration // on the clock before the player's next move
	movesToGo int           // moves left in the period; 0 with one period
}

func newClock(tc TimeControl) *clock {
	return &clock{tc: tc, left: tc.Base, movesToGo: tc.Moves}
}

// spend takes a move's time off the clock and reports whether the player
// overran it; a move in time then earns the increment and, the period's
// last, the next period's time.
func (c *clock) spend(d time.Duration) (flagged bool) {
	if c.tc.PerMove > 0 {
		return d > c.tc.PerMove
	}
	c.left -= d
	if c.left < 0 {
		return true
	}
	c.left += c.tc.Inc
	if c.tc.Moves > 0 {
		c.movesToGo--
		if c.movesToGo == 0 {
			c.left += c.tc.Base
			c.movesToGo = c.tc.Moves
		}
	}
	return false
}

// clockReading is what a timed player is told before it moves: its own
// clock and, when timed, its opponent's, as UCI's go command words them.
type clockReading struct {
	own   *clock
	other *clock // nil for an untimed opponent
	side  int    // the mover: 0 is white in UCI's words
}

// movesAssumed is how many more moves a player with no moves-to-go
// plans its time over.
const movesAssumed = 30

// allotment is how long a player of our own aims to think on this move:
// an even share of what is left over the moves to go (movesAssumed in a
// period of the whole game) with most of the increment, never more than
// what leaves a margin on the clock; with st=, the move's time less a
// margin. The margin is for the last nodes between two reads of the clock
// and for the time the process may be kept off the processor.
func (r clockReading) allotment() time.Duration {
	c := r.own
	if c.tc.PerMove > 0 {
		return max(0, c.tc.PerMove-max(c.tc.PerMove/10, clockMargin))
	}
	togo := movesAssumed
	if c.tc.Moves > 0 {
		togo = c.movesToGo
	}
	share := c.left/time.Duration(togo) + c.tc.Inc*3/4
	return max(0, min(share, c.left-max(c.left/20, clockMargin)))
}

// clockMargin is the least time a player of our own leaves on its clock:
// on a loaded machine a search can be kept off the processor for some
// milliseconds after its deadline.
const clockMargin = 20 * time.Millisecond

// goClock is the go command's time words for a UCI engine: movetime for
// st=, else wtime and btime (the opponent's only when it has a clock),
// their increments and movestogo in a period of moves.
func (r clockReading) goClock() string {
	c := r.own
	if c.tc.PerMove > 0 {
		return "movetime " + strconv.FormatInt(c.tc.PerMove.Milliseconds(), 10)
	}
	var sides [2]*clock
	sides[r.side], sides[1-r.side] = c, r.other
	var w []string
	for i, name := range []string{"w", "b"} {
		if s := sides[i]; s != nil && s.tc.PerMove == 0 {
			w = append(w, name+"time", strconv.FormatInt(max(0, s.left.Milliseconds()), 10))
		}
	}
	for i, name := range []string{"w", "b"} {
		if s := sides[i]; s != nil && s.tc.PerMove == 0 && s.tc.Inc > 0 {
			w = append(w, name+"inc", strconv.FormatInt(s.tc.Inc.Milliseconds(), 10))
		}
	}
	if c.tc.Moves > 0 {
		w = append(w, "movestogo", strconv.Itoa(c.movesToGo))
	}
	return strings.Join(w, " ")
}

// timedChooser is a player that plays to a clock: told the clocks before
// each move it is timed on. Players without it (random) move at once.
type timedChooser interface {
	setClock(r clockReading, start time.Time)
}

// parseClockFields reads the fields after a spec's comma: one time
// control, tc= or st=, and nothing else (tc=inf is none).
func parseClockFields(spec string, fields []string) (TimeControl, error) {
	var tc TimeControl
	given := ""
	for _, f := range fields {
		k, v, ok := strings.Cut(strings.TrimSpace(f), "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || (k != "tc" && k != "st") {
			return tc, fmt.Errorf("player %q: after a comma only a time control, tc= or st=, may follow (got %q)", spec, strings.TrimSpace(f))
		}
		if given != "" {
			return tc, fmt.Errorf("player %q: one time control only (%s and %s)", spec, given, k)
		}
		given = k
		c, err := ParseTimeControl(k, v)
		if err != nil {
			return tc, fmt.Errorf("player %q: %v", spec, err)
		}
		tc = c
	}
	return tc, nil
}
