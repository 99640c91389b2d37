package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"balancefarm/protocol"
	"balancefarm/stats"
)

// gauntletRow is one match of a gauntlet: the opponent and the result.
type gauntletRow struct {
	opponent string
	res      stats.MatchResult
}

// writeGauntlet writes the table that ends a gauntlet: per opponent, the
// challenger's W-D-L, score and Elo (95%) against it, and the SPRT's
// decision.
func writeGauntlet(w io.Writer, challenger, file string, rows []gauntletRow) {
	fmt.Fprintf(w, "\ngauntlet: %s against %d players on %s\n", challenger, len(rows), file)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "opponent\tgames\tW-D-L\tscore\tElo (95%)\tSPRT")
	for _, r := range rows {
		c := r.res.Counts
		dec := r.res.Decision
		if dec == "" {
			dec = "undecided"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d-%d-%d\t%.3f\t%s\t%s\n", r.opponent, c.Wins+c.Draws+c.Losses, c.Wins, c.Draws, c.Losses,
			r.res.Pentanomial.Score.Est, gauntletElo(r.res), dec)
	}
	tw.Flush()
}

// gauntletElo is the Elo column: the estimate and interval, or the one
// bound a clean sweep leaves (as matchLine words it).
func gauntletElo(r stats.MatchResult) string {
	p := r.Pentanomial
	switch {
	case p.Pairs > 0 && p.Score.Est >= 1:
		return fmt.Sprintf("at least %+.0f", r.Elo.Lo)
	case p.Pairs > 0 && p.Score.Est <= 0:
		return fmt.Sprintf("at most %+.0f", r.Elo.Hi)
	}
	return fmt.Sprintf("%+.0f (%+.0f to %+.0f)", r.Elo.Est, r.Elo.Lo, r.Elo.Hi)
}

// timedLine says that a match was played to the clock and how many games
// were lost on time, by whom; "" for an untimed match.
func timedLine(challenger, reference string, results []protocol.Result) string {
	if !protocol.TimedSpec(challenger) && !protocol.TimedSpec(reference) {
		return ""
	}
	lost := map[string]int{}
	for _, r := range results {
		if r.Ending != protocol.EndingTimeForfeit {
			continue
		}
		switch r.Winner {
		case protocol.FirstMover:
			lost[r.P1]++
		case protocol.SecondMover:
			lost[r.P0]++
		}
	}
	return fmt.Sprintf("timed: games played to the clock, not replayable move for move; lost on time: %d of %d games (%s %d, %s %d)",
		lost[challenger]+lost[reference], len(results), challenger, lost[challenger], reference, lost[reference])
}
