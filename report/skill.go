package report

import (
	"fmt"
	"math"

	"balancefarm/stats"
)

// SeerMark is how the rating tables mark the clairvoyant rung.
const SeerMark = "clairvoyant (for the skill share only)"

// shareWords says a skill share as a designer would: the nearest of a
// few plain fractions.
func shareWords(x float64) string {
	switch {
	case x <= 0:
		return "none"
	case x < 0.05:
		return "almost none"
	case x >= 1:
		return "all"
	case x > 0.95:
		return "almost all"
	}
	words := []struct {
		at   float64
		text string
	}{
		{0.1, "about a tenth"}, {0.2, "about a fifth"}, {0.25, "about a quarter"}, {1.0 / 3, "about a third"},
		{0.4, "about two fifths"}, {0.5, "about half"}, {0.6, "about three fifths"}, {2.0 / 3, "about two thirds"},
		{0.75, "about three quarters"}, {0.8, "about four fifths"}, {0.9, "about nine tenths"},
	}
	best := words[0]
	for _, w := range words[1:] {
		if math.Abs(x-w.at) < math.Abs(x-best.at) {
			best = w
		}
	}
	return best.text
}

// ceilingScore is the best rung's score against the weakest at which the
// share by scores is read as saturated.
const ceilingScore = 0.97

// skillSentence says in plain words how much of the result is skill.
func skillSentence(s stats.SkillShare) string {
	switch s.State {
	case stats.SkillExact:
		return "Nothing in this game is left to chance: a player who could see the future would play as the strongest player does, so all of the result is skill (skill share 1, exact)."
	case stats.SkillChanceAlone:
		return "No choice of any player changed a result: on every opening, every pair of players, the clairvoyant one included, got the same result from the same dice, and different dice gave different results. All of the result is luck (skill share 0, exact)."
	case stats.SkillIndistinct:
		return fmt.Sprintf("No player scores clearly above the weakest (%s), and knowing %s in advance adds nothing the games can tell from zero "+
			"(the clairvoyant player scores %.2f, %.2f to %.2f): the skill share cannot be read.", s.Weakest, foreseen(s), s.SeerScore.Est, s.SeerScore.Lo, s.SeerScore.Hi)
	case stats.SkillMeasured:
		add := fmt.Sprintf("knowing %s in advance would add %.2f", foreseen(s), s.Random.Est)
		if s.Random.Est <= 0 {
			add = fmt.Sprintf("knowing %s in advance adds nothing measurable (%+.2f)", foreseen(s), s.Random.Est)
		}
		text := fmt.Sprintf("The best player (%s) scores %.2f against the weakest (%s); %s: %s of the result is skill (skill share %.2f, %.2f to %.2f).",
			s.Best, s.BestScore.Est, s.Weakest, add, shareWords(s.Share.Est), s.Share.Est, s.Share.Lo, s.Share.Hi)
		if s.BestScore.Est >= ceilingScore && s.EloOK {
			// Against the weakest the best player already wins every game,
			// so foresight has nothing left to add there; the ratings, fit
			// from every pairing, keep counting past a clean sweep.
			text += fmt.Sprintf(" The best player already wins nearly every game against the weakest, so this share cannot see the luck a stronger opponent would feel; the Elo form below (%.2f) still does.", s.EloShare)
		}
		return text
	}
	return "The game has chance, but its skill share was not measured: " + s.Reason + "."
}

// skillEloSentence is the skill share in Elo, "" when it could not be read.
func skillEloSentence(s stats.SkillShare) string {
	if s.State == stats.SkillExact || s.State == stats.SkillChanceAlone || !s.EloOK {
		return ""
	}
	return fmt.Sprintf("In Elo, with the clairvoyant player rated beside the ladder: the best player stands %+.0f Elo above the weakest and the clairvoyant one %+.0f, a skill share of %.2f.",
		s.EloBest, s.EloSeer, s.EloShare)
}

// foreseen is what the clairvoyant player sees, in words.
func foreseen(s stats.SkillShare) string {
	if s.Foresees == "" {
		return "the dice"
	}
	return s.Foresees
}
