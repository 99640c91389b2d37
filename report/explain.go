package report

import (
	"fmt"
	"strings"

	"balancefarm/stats"
)

// Reason is one raised or undecided flag in a sentence a designer reads
// without the tables: what happened in the games, then what it means.
type Reason struct {
	Flag  string `json:"flag"`
	State string `json:"state"` // raised or undecided
	Text  string `json:"text"`
}

// explain writes a sentence per raised flag, then per undecided one, in
// the checks' order.
func (r *Report) explain() []Reason {
	out := []Reason{}
	for _, state := range []string{stats.StateRaised, stats.StateUndecided} {
		for _, c := range r.Checks {
			if c.State == state {
				out = append(out, Reason{Flag: c.Name, State: state, Text: r.sentence(c)})
			}
		}
	}
	return out
}

// equalStrength names the scope as a designer would.
func (r *Report) equalStrength() string {
	if m := r.topMirror(); m != nil && m.Counts.Games() == r.Scope.Games {
		return "at equal strength"
	}
	return "between the strongest players"
}

// topMirror is the strongest rung's games against itself, nil if none.
func (r *Report) topMirror() *stats.Pairing {
	if len(r.Ladder) == 0 {
		return nil
	}
	top := r.Ladder[len(r.Ladder)-1]
	for i := range r.Pairings {
		if p := &r.Pairings[i]; p.Mirror && p.Specs[0] == top {
			return p
		}
	}
	return nil
}

func (r *Report) sentence(c stats.Check) string {
	n := c.Games
	k := int(c.Value.Est*float64(n) + 0.5)
	eq := r.equalStrength()
	if c.Name == stats.FlagLuckDominated {
		return r.luckSentence(c)
	}
	if c.State == stats.StateUndecided {
		return r.undecidedSentence(c, eq)
	}
	if s := r.linesSentence(c, eq); s != "" {
		return s
	}
	switch c.Name {
	case stats.FlagOneSided:
		who, won := "first", 0
		if m := r.topMirror(); m != nil && eq == "at equal strength" {
			won = m.Counts.Wins
			if c.Value.Est < 0.5 {
				who, won = "second", m.Counts.Losses
			}
			return fmt.Sprintf("The %s player won %d of %d games %s: who moves %s decides the game.", who, won, m.Counts.Games(), eq, who)
		}
		if c.Value.Est < 0.5 {
			who = "second"
		}
		return fmt.Sprintf("The %s player scored %.2f of the points %s (%d games): who moves %s decides the game.", who, max(c.Value.Est, 1-c.Value.Est), eq, n, who)
	case stats.FlagDrawHeavy:
		return fmt.Sprintf("%d of %d games %s were drawn: good play rarely finds a winner.", k, n, eq)
	case stats.FlagUnfinished:
		return fmt.Sprintf("%d of %d games %s ran into the move limit or the no-progress rule: the game does not come to an end by itself.", k, n, eq)
	case stats.FlagShort:
		return fmt.Sprintf("%d of %d games %s were over within %d plies: the game ends before it starts.", k, n, eq, r.Thresholds.ShortPlies)
	case stats.FlagDepthInsensitive:
		top, low := r.ladderEnds()
		return fmt.Sprintf("The strongest player (%s) scored only %.2f against the weakest (%s): thinking further ahead hardly helps, so skill barely matters.", top, c.Value.Est, low)
	case stats.FlagSeatAdvantage:
		if u := r.seatUnit(c); u != nil {
			return stats.SeatSentence(*u) + " Where a player sits decides too much of the game."
		}
	}
	return c.Detail
}

// luckSentence explains a raised or undecided luck_dominated check.
func (r *Report) luckSentence(c stats.Check) string {
	s := r.Skill
	switch {
	case c.State == stats.StateRaised:
		return skillSentence(s) + fmt.Sprintf(" A skill share wholly below %.2f means luck decides the game more than the players do.", c.Threshold)
	case s.State == stats.SkillIndistinct:
		return "Not yet clear how much of the game is luck. " + skillSentence(s) + " Far more games would tell."
	}
	return fmt.Sprintf("Not yet clear whether luck decides the game. %s Against the threshold %.2f, %s would tell.", skillSentence(s), c.Threshold, moreText(c.MoreGames))
}

// linesSentence explains a raised flag whose rate was read over the
// random opening's lines: a line's chance, not its games' number, weighs
// there, so the sentence gives the weighted share, not a count of games;
// "" for a rate that was sampled.
func (r *Report) linesSentence(c stats.Check, eq string) string {
	v := c.Value
	var share, score string
	switch v.Method {
	case stats.MethodOpeningsExact:
		share, score = fmt.Sprintf("%.0f%%", 100*v.Est), fmt.Sprintf("%.2f", v.Est)
	case stats.MethodOpeningsBound:
		share, score = fmt.Sprintf("%.0f%% to %.0f%%", 100*v.Lo, 100*v.Hi), fmt.Sprintf("%.2f to %.2f", v.Lo, v.Hi)
	default:
		return ""
	}
	lines := "of the random opening's lines, each weighted by its chance (" + r.Scope.Openings + ")"
	switch c.Name {
	case stats.FlagOneSided:
		who := "first"
		if v.Est < 0.5 {
			who = "second"
		}
		return fmt.Sprintf("The first player scored %s of the points %s over all %s: who moves %s decides the game.", score, eq, lines, who)
	case stats.FlagDrawHeavy:
		return fmt.Sprintf("Games %s were drawn in %s %s: good play rarely finds a winner.", eq, share, lines)
	case stats.FlagUnfinished:
		return fmt.Sprintf("Games %s ran into the move limit or the no-progress rule in %s %s: the game does not come to an end by itself.", eq, share, lines)
	case stats.FlagShort:
		return fmt.Sprintf("Games %s were over within %d plies in %s %s: the game ends before it starts.", eq, r.Thresholds.ShortPlies, share, lines)
	}
	return ""
}

func (r *Report) undecidedSentence(c stats.Check, eq string) string {
	more := moreText(c.MoreGames)
	switch c.Name {
	case stats.FlagOneSided:
		return fmt.Sprintf("Not yet clear whether the first move decides the game: the first player scored %.2f %s (%.2f to %.2f); %s would tell.", c.Value.Est, eq, c.Value.Lo, c.Value.Hi, more)
	case stats.FlagDrawHeavy:
		return fmt.Sprintf("Not yet clear whether the game is too drawish: %.0f%% of games %s were drawn (%.0f%% to %.0f%%); %s would tell.", 100*c.Value.Est, eq, 100*c.Value.Lo, 100*c.Value.Hi, more)
	case stats.FlagUnfinished:
		return fmt.Sprintf("Not yet clear whether games come to an end: %.0f%% %s hit the move limit or the no-progress rule; %s would tell.", 100*c.Value.Est, eq, more)
	case stats.FlagShort:
		return fmt.Sprintf("Not yet clear whether games are too short: %.0f%% %s were over within %d plies; %s would tell.", 100*c.Value.Est, eq, r.Thresholds.ShortPlies, more)
	case stats.FlagDepthInsensitive:
		top, low := r.ladderEnds()
		return fmt.Sprintf("Not yet clear whether skill matters: the strongest player (%s) scored %.2f against the weakest (%s); %s would tell.", top, c.Value.Est, low, more)
	case stats.FlagSeatAdvantage:
		if u := r.seatUnit(c); u != nil {
			return fmt.Sprintf("Not yet clear whether where a player sits decides too much: %s; %s would tell.", strings.TrimSuffix(stats.SeatSentence(*u), "."), more)
		}
	}
	return c.Detail
}

// seatUnit is the seat (or team) whose score a seat_advantage check read:
// the one of the seat table with the check's value, teams first in a game
// with teams, whose check reads them. Nil without a seat table.
func (r *Report) seatUnit(c stats.Check) *stats.Share {
	if r.Seats == nil {
		return nil
	}
	units := r.Seats.Scores
	if len(r.Seats.Teams) > 0 {
		units = r.Seats.Teams
	}
	for i := range units {
		if units[i].Score == c.Value {
			return &units[i]
		}
	}
	return nil
}

// ladderEnds are the strongest and weakest rated rungs.
func (r *Report) ladderEnds() (top, low string) {
	if n := len(r.Ratings.Rungs); n > 0 {
		return r.Ratings.Rungs[n-1].Spec, r.Ratings.Rungs[0].Spec
	}
	if n := len(r.Ladder); n > 0 {
		return r.Ladder[n-1], r.Ladder[0]
	}
	return "?", "?"
}

// examplesOf are the example games of a flag.
func (r *Report) examplesOf(flag string) *Examples {
	for i := range r.Examples {
		if r.Examples[i].Flag == flag {
			return &r.Examples[i]
		}
	}
	return nil
}
