package report

import (
	"balancefarm/search"
	"bytes"
	"fmt"
	"math"
	"strings"
	"time"

	"balancefarm/stats"
)

// verdictWords is how a verdict reads in prose.
func verdictWords(v string) string {
	switch v {
	case stats.Viable:
		return "viable"
	case stats.Inconclusive:
		return "inconclusive"
	}
	return "not viable"
}

// moreText says how many more games would decide an undecided flag.
func moreText(n int) string {
	if n == stats.MoreGamesUnplayedLines {
		return "the opening lines not yet played"
	}
	if n == stats.MoreGamesRepeat {
		return "games from more varied openings"
	}
	if n > 0 {
		return fmt.Sprintf("about %d more games", n)
	}
	return "far more games"
}

// stateText is a check's state in a table cell.
func stateText(c stats.Check) string {
	switch c.State {
	case stats.StateRaised:
		return "raised"
	case stats.StateClear:
		return "clear"
	case stats.StateUndecided:
		return "undecided (" + moreText(c.MoreGames) + ")"
	}
	return "not assessed"
}

// cell escapes text for a Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, `|`, `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

func ivText(iv stats.Interval, format string) string {
	return fmt.Sprintf(format+" ("+format+" to "+format+")", whole(iv.Est, format), whole(iv.Lo, format), whole(iv.Hi, format))
}

// whole is x as a format without decimals prints it, with a value that
// rounds to zero made zero, so that no "-0" is written (-0.3 Elo is
// "+0"); any other format is given x as it is.
func whole(x float64, format string) float64 {
	if strings.Contains(format, ".0f") {
		return math.Round(x) + 0 // adding +0 turns -0 into 0
	}
	return x
}

func wallText(seconds float64) string {
	return (time.Duration(seconds * float64(time.Second))).Round(time.Second).String()
}

// Markdown renders the report for a pull request: the verdict line first,
// then the reasons and warnings, then the numbers.
func (r *Report) Markdown() []byte {
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	conf := int(r.Thresholds.Confidence*100 + 0.5)

	w("## Verdict: %s (%s, `%s`)\n\n", verdictWords(r.Verdict), cell(r.Name), cell(r.File))
	for _, x := range r.Reasons {
		w("- %s", x.Text)
		if ex := r.examplesOf(x.Flag); ex != nil && len(ex.Games) > 0 {
			var ns []string
			for _, g := range ex.Games {
				ns = append(ns, fmt.Sprint(g.Round))
			}
			w(" Example games: %s", strings.Join(ns, ", "))
			if r.GamesFile != "" {
				w(" in [%s](%s)", r.GamesFile, r.GamesFile)
			}
			w(".")
		}
		w("\n")
	}
	if ex := r.examplesOf(ExamplesTypical); ex != nil && len(ex.Games) > 0 {
		var ns []string
		for _, g := range ex.Games {
			ns = append(ns, fmt.Sprint(g.Round))
		}
		w("- No flag is raised. Typical games, %s: %s", ex.Why, strings.Join(ns, ", "))
		if r.GamesFile != "" {
			w(" in [%s](%s)", r.GamesFile, r.GamesFile)
		}
		w(".\n")
	}
	if len(r.Reasons) > 0 || r.examplesOf(ExamplesTypical) != nil {
		w("\n")
	}
	if r.Budget != nil {
		w("%s\n\n", r.Budget.Sentence())
	}
	if len(r.Undecided) > 0 {
		if r.Budget != nil && len(r.Budget.Undecided) > 0 {
			w("Undecided for lack of time (the interval straddles the threshold; the budget ran out first):\n\n")
		} else {
			w("Undecided (the interval straddles the threshold; the games ran out first):\n\n")
		}
		for _, u := range r.Undecided {
			w("- **%s** (%s would decide it): %s\n", u.Name, moreText(u.MoreGames), u.Detail)
		}
		w("\n")
	}
	if len(r.Flags) == 0 {
		w("No flag raised.\n\n")
	} else {
		w("Raised flags:\n\n")
		for _, f := range r.Flags {
			w("- **%s**: %s\n", f.Name, f.Detail)
		}
		w("\n")
	}
	if len(r.Warnings) > 0 {
		w("Design warnings (they do not change the verdict):\n\n")
		for _, x := range r.Warnings {
			w("- **%s**: %s\n", x.Name, x.Detail)
		}
		w("\n")
	}
	w("%d games (%d left out for errors) in %s. Ladder, weakest first by rating: %s. Rates read from %d %s; intervals are %d%%.\n\n",
		r.Games, r.ErrorGames, wallText(r.WallSeconds), cell(strings.Join(r.LadderStated(), " < ")), r.Scope.Games, cell(r.Scope.Description), conf)
	if r.Scope.Openings != "" {
		w("Equal-strength rates read over the random opening's lines, each weighted by its chance: %s.\n\n", cell(r.Scope.Openings))
	}
	w("Skill share: %s", cell(r.SkillText))
	if r.SkillEloText != "" {
		w(" %s", cell(r.SkillEloText))
	}
	w("\n\n")
	if x := r.startExtras; !x.empty() {
		// The page draws these on its start diagram; here they are words.
		parts := []string{x.itemsText(r.board), x.PanelText()}
		w("Start position: %s\n\n", cell(strings.TrimSpace(strings.Join(parts, " "))))
	}
	if len(r.LadderInverted) > 0 {
		w("The ratings do not keep the ladder's intended order (%s):\n\n", cell(strings.Join(r.Ladder, " < ")))
		for _, x := range r.LadderInverted {
			w("- %s.\n", x)
		}
		w("\n")
	}
	if r.LostGames > 0 || len(r.Losses) > 0 {
		w("Lost games: %d dead-lettered (no record) and %d ended in error, %.1f%% of the batch (a verdict may leave out %.0f%%).\n\n| worker | games lost | first error |\n|---|---|---|\n",
			r.LostGames, r.ErrorGames, 100*r.LostShare, 100*stats.MaxLostShare)
		for _, l := range r.Losses {
			w("| %s | %d | %s |\n", cell(l.Worker), l.Games, cell(l.FirstError))
		}
		w("\n")
	}

	if a := r.Audit; a != nil {
		w("Audits: %d results played again from their jobs (%.1f s against %.1f s of games), %d differed.\n\n",
			a.Audited, a.Seconds, a.GameSeconds, a.Mismatches)
		for _, q := range a.Quarantined {
			if q.Credential != "" {
				w("- Credential **%s** quarantined: %d games discarded and played again, %d records refused (job %s, worker id %s: %s).\n",
					cell(q.Credential), q.Discarded, q.Refused, q.Job, cell(q.Worker), cell(q.Reason))
				continue
			}
			w("- Worker **%s** quarantined: %d games discarded and played again, %d records refused (job %s: %s).\n",
				cell(q.Worker), q.Discarded, q.Refused, q.Job, cell(q.Reason))
		}
		if len(a.Quarantined) > 0 {
			w("\n")
		}
	}
	w("### Checks\n\n| flag | value | %d%% interval | threshold | state |\n|---|---|---|---|---|\n", conf)
	for _, c := range r.Checks {
		if !c.Assessed {
			w("| %s | not assessed | | %.2f | %s |\n", c.Name, c.Threshold, stateText(c))
			continue
		}
		if c.Value.Method == stats.MethodUnbounded {
			w("| %s | cannot be read | unbounded | %.2f | %s |\n", c.Name, c.Threshold, stateText(c))
			continue
		}
		w("| %s | %.3f | %.3f to %.3f | %.2f | %s |\n", c.Name, c.Value.Est, c.Value.Lo, c.Value.Hi, c.Threshold, stateText(c))
	}
	if r.Seats != nil {
		w("\n")
		r.seatsMarkdown(&b, conf)
	} else {
		w("\nFirst mover's score at equal strength: %s, %s.\n\n", ivText(r.FirstMover.Score, "%.3f"), cell(r.FirstMover.Source))
	}
	if r.TopValues != "" {
		w("%s\n\n", cell(r.TopValues))
	}
	if r.TopTable != "" {
		w("%s\n\n", cell(r.TopTable))
	}

	if pv := r.PieceValues; pv != nil {
		w("### Piece values learned from play\n\nLogistic regression of the results on material (Texel-style) over %d quiet positions of %d games between searching players%s; in %ss, intervals %d%% (robust to a game's positions being alike).\n\n| piece | value | %d%% interval | declared |\n|---|---|---|---|\n",
			pv.Positions, pv.Games, fitTerms(pv), cell(pv.Reference), conf, conf)
		for _, v := range pv.Values {
			w("| %s | %.2f | %.2f to %.2f | %.2f |\n", cell(v.Kind), v.Value.Est, v.Value.Lo, v.Value.Hi, v.Declared)
		}
		w("\n")
		if why := unclearReference(pv); why != "" {
			w("%s\n\n", cell(why))
		}
	} else if r.PieceValuesNote != "" {
		w("Piece values were not learned: %s.\n\n", cell(r.PieceValuesNote))
	}

	w("### Ratings\n\nAnchor %s = 0. First-move edge %s Elo.\n\n| rung | Elo | %d%% interval | games |\n|---|---|---|---|\n",
		cell(r.Ratings.Anchor), ivText(r.Ratings.FirstMove, "%+.0f"), conf)
	for i := len(r.Ratings.Rungs) - 1; i >= 0; i-- {
		x := r.Ratings.Rungs[i]
		w("| %s | %+.0f | %+.0f to %+.0f | %d |\n", cell(x.Spec), whole(x.Elo.Est, ".0f"), whole(x.Elo.Lo, ".0f"), whole(x.Elo.Hi, ".0f"), x.Games)
	}
	if sr := r.Skill.SeerRating; sr != nil {
		w("| %s, %s | %+.0f | %+.0f to %+.0f | %d |\n", cell(sr.Spec), SeerMark, whole(sr.Elo.Est, ".0f"), whole(sr.Elo.Lo, ".0f"), whole(sr.Elo.Hi, ".0f"), sr.Games)
	}
	if len(r.Ratings.Left) > 0 {
		w("\nNot rated (no games linking them to the anchor): %s.\n", cell(strings.Join(r.Ratings.Left, ", ")))
	}

	w("\n### Pairings\n\nScores are the first-named spec's (the first mover's in a mirror pairing).\n\n")
	w("| pairing | games | W-D-L | score (%d%%, Wilson) | pairs: 0, ½, 1, 1½, 2 | pair score | how games ended |\n|---|---|---|---|---|---|---|\n", conf)
	for _, p := range r.Pairings {
		pc := p.Pentanomial.Counts
		w("| %s | %d | %d-%d-%d | %s | %d, %d, %d, %d, %d | %s | %s |\n",
			cell(pairingName(p)), p.Counts.Games(), p.Counts.Wins, p.Counts.Draws, p.Counts.Losses,
			ivText(p.Score, "%.3f"), pc[0], pc[1], pc[2], pc[3], pc[4], ivText(p.Pentanomial.Score, "%.3f"), cell(endingsText(p.Endings)))
	}
	w("\n#### By side\n\n| pairing | first mover | W-D-L | score | how games ended |\n|---|---|---|---|---|\n")
	for _, p := range r.Pairings {
		for _, s := range p.Sides {
			w("| %s | %s | %d-%d-%d | %s | %s |\n", cell(pairingName(p)), cell(s.First),
				s.Counts.Wins, s.Counts.Draws, s.Counts.Losses, ivText(s.Score, "%.3f"), cell(endingsText(s.Endings)))
		}
	}

	if len(r.Time) > 0 {
		w("\n### Where the time went\n\n%s\n\n| pairing | games | game seconds | share | seconds a game | positions searched a second |\n|---|---|---|---|---|---|\n", r.timeText())
		for _, t := range r.Time {
			w("| %s | %d | %.1f | %.1f%% | %.2f | %.0f |\n", cell(t.Pairing), t.Games, t.Seconds, 100*t.Share, t.SecondsPerGame, t.NodesPerSecond)
		}
	}

	w("\n### Metrics (Ludii's names)\n\n| metric | Ludii | value | %d%% interval | games | definition |\n|---|---|---|---|---|---|\n", conf)
	for _, m := range r.Metrics {
		if !m.Measured {
			w("| %s | %s | not measured | | 0 | %s |\n", m.Name, m.Ludii, cell(m.Definition))
			continue
		}
		w("| %s | %s | %.3f | %.3f to %.3f | %d | %s |\n", m.Name, m.Ludii, m.Value.Est, m.Value.Lo, m.Value.Hi, m.Games, cell(m.Definition))
	}
	if len(r.SkillSteps) > 0 {
		w("\nSkill trace by doubling:\n\n| weak | doubled | games | doubled side's score |\n|---|---|---|---|\n")
		for _, s := range r.SkillSteps {
			w("| %s | %s | %d | %s |\n", cell(s.Weak), cell(s.Strong), s.Games, ivText(s.Score, "%.3f"))
		}
	}

	w("\n### How games ended\n\n| rule | games | share |\n|---|---|---|\n")
	for _, e := range r.Endings {
		w("| %s | %d | %.3f |\n", cell(e.Rule), e.Games, float64(e.Games)/float64(max(1, r.Games)))
	}
	l := r.Lengths
	w("\nGame length in plies: min %d, median %.1f, mean %.1f, max %d.\n", l.Min, l.Median, l.Mean, l.Max)
	return r.shortNames(b.Bytes())
}

func yesNo(b bool) string {
	if b {
		return "**yes**"
	}
	return "no"
}

func pairingName(p stats.Pairing) string {
	if p.Mirror {
		return p.Specs[0] + " (mirror)"
	}
	return p.Specs[0] + " vs " + p.Specs[1]
}

func endingsText(es []stats.RuleCount) string {
	var parts []string
	for _, e := range es {
		parts = append(parts, fmt.Sprintf("%s %d", e.Rule, e.Games))
	}
	return strings.Join(parts, ", ")
}

// fitTerms says how the piece-value fit weighed the games and players.
// unclearReference says why the values cannot be read when the reference
// piece's own log-odds cannot be told from zero: every value is a ratio to
// it, so its uncertainty swamps them all. Empty when the reference is clear.
func unclearReference(pv *stats.PieceValues) string {
	for _, v := range pv.Values {
		if v.Kind != pv.Reference || v.Logit.Lo > 0 {
			continue
		}
		return fmt.Sprintf("These values cannot be read: a %s more is worth %.3f log-odds of the result (%.3f to %.3f), "+
			"not told from nothing in these games, and every value above is a ratio to it. More games, or stronger players, are needed.",
			v.Kind, v.Logit.Est, v.Logit.Lo, v.Logit.Hi)
	}
	return ""
}

func fitTerms(pv *stats.PieceValues) string {
	if pv.Players > 1 {
		return fmt.Sprintf(", each game weighing one, each of the %d players with a strength of its own", pv.Players)
	}
	return ", each game weighing one"
}

// seatsMarkdown writes a seated game's seat table: a row per seat, then
// per team, the draw rate and Balance, and the sentences.
func (r *Report) seatsMarkdown(b *bytes.Buffer, conf int) {
	st := r.Seats
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	w("### Seats\n\nRead from %d %s", st.Games, cell(st.Scope))
	if st.Effective > 0 && st.Effective < 0.9*float64(st.Games) {
		w(" (worth about %.1f independent games)", st.Effective)
	}
	w("; a seat's score is its mean share of a game (a winning team's seats share 1, a draw splits it), intervals %d%% together over the seats.\n\n", conf)
	w("| seat | score | %d%% interval | even | won |\n|---|---|---|---|---|\n", conf)
	for _, s := range st.Scores {
		w("| %s | %.3f | %.3f to %.3f | %.3f | %s |\n", cell(seatLabel(s)), s.Score.Est, s.Score.Lo, s.Score.Hi, s.Fair, seatWins(st, s))
	}
	if len(st.Teams) > 0 {
		w("\n| team | seats | score | %d%% interval | even | won |\n|---|---|---|---|---|---|\n", conf)
		for _, t := range st.Teams {
			w("| %s | %s | %.3f | %.3f to %.3f | %.3f | %d |\n", cell(seatLabel(t)), seatList(t.Seats), t.Score.Est, t.Score.Lo, t.Score.Hi, t.Fair, t.Wins)
		}
	}
	w("\nDraws (every seat the same share): %s. Balance (Ludii's, N players): %s.\n\n", ivText(st.Draws, "%.3f"), ivText(st.Balance, "%.3f"))
	for _, line := range st.Sentences {
		w("- %s\n", cell(line))
	}
	w("\n")
}

// seatWins is the games a seat won alone; "–" in a game with teams,
// whose seats win only together (the teams' table counts those).
func seatWins(st *Seats, s stats.Share) string {
	if len(st.Teams) > 0 {
		return "–"
	}
	return fmt.Sprint(s.Wins)
}

// seatLabel names a seat or team as the report numbers them, from 1.
func seatLabel(s stats.Share) string {
	what := "seat"
	if len(s.Seats) > 0 {
		what = "team"
	}
	if s.Name != "" {
		return fmt.Sprintf("%s %d (%s)", what, s.Index+1, s.Name)
	}
	return fmt.Sprintf("%s %d", what, s.Index+1)
}

// seatList writes seats numbered from 1.
func seatList(seats []int) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = fmt.Sprint(s + 1)
	}
	return strings.Join(parts, ", ")
}

// shortNames is a rendered report with each ladder spec that carries a
// learned table written as search.ShortSpec names it: the table's rows
// run to hundreds of characters, which say nothing to a reader and are
// kept whole in the JSON report and the game records.
func (r *Report) shortNames(page []byte) []byte {
	var pairs []string
	for _, spec := range r.Ladder {
		if short := search.ShortSpec(spec); short != spec {
			pairs = append(pairs, spec, short)
		}
	}
	if len(pairs) == 0 {
		return page
	}
	return []byte(strings.NewReplacer(pairs...).Replace(string(page)))
}
