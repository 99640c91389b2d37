package report

import (
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/stats"
)

// skillGames plays the strongest rung and the clairvoyant one against the
// weakest on the same openings: on opening k the strongest scores
// bestPairs[k%len] (moving first, then second) and the clairvoyant
// seerPairs[k%len]; the strongest also meets the middle rung.
func skillGames(openings int, bestPairs, seerPairs [][2]float64) []stats.Game {
	winner := func(score float64, side int) int {
		switch score {
		case 1:
			return side
		case 0:
			return 1 - side
		}
		return -1
	}
	pair := func(subject, other string, seed int, s [2]float64) []stats.Game {
		id := fmt.Sprintf("%s/%s/%d", subject, other, seed)
		return []stats.Game{
			{P0: subject, P1: other, PairID: id, Seed: uint64(seed), Winner: winner(s[0], 0), Rule: engine.EndCheckmate, Plies: 50},
			{P0: other, P1: subject, PairID: id, Seed: uint64(seed), Winner: winner(s[1], 1), Rule: engine.EndCheckmate, Plies: 60},
		}
	}
	var games []stats.Game
	for k := range openings {
		games = append(games, pair("ab:n3000", "random", k, bestPairs[k%len(bestPairs)])...)
		games = append(games, pair("seer:ab:n3000", "random", k, seerPairs[k%len(seerPairs)])...)
		games = append(games, pair("ab:n3000", "mcts:i50", k, [2]float64{1, 0.5})...)
		games = append(games, pair("mcts:i50", "random", k, [2]float64{1, 0})...)
	}
	return games
}

func TestSkillShareReport(t *testing.T) {
	ladder := stats.Ladder{Rungs: []string{"random", "mcts:i50", "ab:n3000"}, Seer: "seer:ab:n3000"}
	win, split, lose := [2]float64{1, 1}, [2]float64{1, 0}, [2]float64{0, 0}
	cases := []struct {
		name        string
		games       []stats.Game
		foreseeable bool
		wantState   string // the skill share's
		wantCheck   string // luck_dominated's
		wantWords   string
	}{
		{"coin toss", skillGames(16, [][2]float64{split}, [][2]float64{win}), true, stats.SkillMeasured, stats.StateRaised, "none"},
		{"mixed", skillGames(40, [][2]float64{win, split}, [][2]float64{win}), true, stats.SkillMeasured, stats.StateClear, "about half"},
		{"chess-like", skillGames(16, [][2]float64{win, split}, [][2]float64{win}), false, stats.SkillExact, stats.StateClear, "all of the result is skill"},
		// S_b = 0.6, S_c = 0.9: share 0.1/0.4, on the threshold.
		{"near the threshold", skillGames(10, [][2]float64{win, split, split, split, split}, [][2]float64{win, win, win, win, split}), true,
			stats.SkillMeasured, stats.StateUndecided, "about a quarter"},
		{"nobody better", skillGames(30, [][2]float64{split, lose, win}, [][2]float64{lose, win, split}), true, stats.SkillIndistinct, stats.StateUndecided, "cannot be read"},
	}
	number := regexp.MustCompile(`[+-]?\d+\.\d\d`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := stats.Analyze(ladder, stats.StartInfo{Foreseeable: c.foreseeable}, c.games, stats.DefaultThresholds())
			if err != nil {
				t.Fatal(err)
			}
			r, err := New(Input{Name: "dice", File: "dice.json", Analysis: a})
			if err != nil {
				t.Fatal(err)
			}
			s := r.Skill
			if s.State != c.wantState {
				t.Fatalf("state %s, want %s (%s)", s.State, c.wantState, s.Reason)
			}
			var luck stats.Check
			for _, ch := range r.Checks {
				if ch.Name == stats.FlagLuckDominated {
					luck = ch
				}
			}
			if luck.State != c.wantCheck {
				t.Errorf("luck_dominated %s, want %s: %s", luck.State, c.wantCheck, luck.Detail)
			}
			if !strings.Contains(r.SkillText, c.wantWords) {
				t.Errorf("skill text %q does not say %q", r.SkillText, c.wantWords)
			}
			// The numbers the sentence prints are the report's own.
			var want []string
			switch s.State {
			case stats.SkillMeasured:
				for _, x := range []float64{s.BestScore.Est, s.Random.Est, s.Share.Est, s.Share.Lo, s.Share.Hi} {
					want = append(want, fmt.Sprintf("%.2f", x))
				}
				if w := shareWords(s.Share.Est); !strings.Contains(r.SkillText, w+" of the result is skill") {
					t.Errorf("text %q does not put the share %.2f in words (%s)", r.SkillText, s.Share.Est, w)
				}
			case stats.SkillIndistinct:
				want = []string{fmt.Sprintf("%.2f", s.SeerScore.Est), fmt.Sprintf("%.2f", s.SeerScore.Lo), fmt.Sprintf("%.2f", s.SeerScore.Hi)}
			}
			if got := number.FindAllString(r.SkillText, -1); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("text %q prints %v, want %v", r.SkillText, got, want)
			}
			reasonSaid := false
			for _, x := range r.Reasons {
				if x.Flag == stats.FlagLuckDominated {
					reasonSaid = strings.Contains(x.Text, r.SkillText)
				}
			}
			if reasonSaid != (c.wantCheck != stats.StateClear) {
				t.Errorf("a reason for luck_dominated with the skill sentence: %v, want %v", reasonSaid, c.wantCheck != stats.StateClear)
			}
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatalf("json: %v", err)
			}
			var back struct {
				Skill struct {
					State string `json:"state"`
					Share struct {
						Est float64 `json:"estimate"`
					} `json:"share"`
				} `json:"skill_share"`
			}
			if err := json.Unmarshal(b, &back); err != nil || back.Skill.State != s.State || back.Skill.Share.Est != s.Share.Est {
				t.Errorf("json skill_share %+v, %v", back.Skill, err)
			}
			md := string(r.Markdown())
			if !strings.Contains(md, "Skill share: "+r.SkillText) {
				t.Errorf("markdown lacks the skill sentence")
			}
			if seerRow := strings.Contains(md, "| seer:ab:n3000, "+SeerMark+" |"); seerRow != c.foreseeable {
				t.Errorf("markdown rates the clairvoyant rung: %v, want %v", seerRow, c.foreseeable)
			}
			if unbounded := strings.Contains(md, "| luck_dominated | cannot be read |"); unbounded != (s.State == stats.SkillIndistinct) {
				t.Errorf("checks table says the share cannot be read: %v", unbounded)
			}
			page, err := r.HTML()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(page), html.EscapeString(r.SkillText)) {
				t.Errorf("html lacks the skill sentence")
			}
			if seerRow := strings.Contains(string(page), "<tr><td>seer:ab:n3000, "+html.EscapeString(SeerMark)+"</td>"); seerRow != c.foreseeable {
				t.Errorf("html rates the clairvoyant rung: %v, want %v", seerRow, c.foreseeable)
			}
		})
	}
}

func TestShareWords(t *testing.T) {
	cases := []struct {
		share float64
		want  string
	}{
		{-0.1, "none"}, {0, "none"}, {0.03, "almost none"}, {0.24, "about a quarter"}, {0.3, "about a third"},
		{0.49, "about half"}, {0.66, "about two thirds"}, {0.71, "about three quarters"}, {0.97, "almost all"}, {1.2, "all"},
	}
	for _, c := range cases {
		if got := shareWords(c.share); got != c.want {
			t.Errorf("shareWords(%g) = %q, want %q", c.share, got, c.want)
		}
	}
}

// TestSkillSentenceCeiling: a best player who already beats the weakest
// every time leaves the share by scores blind to luck; the sentence says
// so and points to the Elo form, and says nothing of it otherwise.
func TestSkillSentenceCeiling(t *testing.T) {
	at := func(x float64) stats.Interval { return stats.Interval{Est: x, Lo: x - 0.1, Hi: x + 0.1} }
	cases := []struct {
		name      string
		best      float64
		eloOK     bool
		wantNoted bool
	}{
		{"clean sweep with an Elo form", 1.0, true, true},
		{"clean sweep without one", 1.0, false, false},
		{"room left against the weakest", 0.8, true, false},
	}
	for _, c := range cases {
		s := stats.SkillShare{State: stats.SkillMeasured, Best: "ab:n3000", Weakest: "random", BestScore: at(c.best),
			SeerScore: at(1), Random: at(1 - c.best), Share: at(1), EloOK: c.eloOK, EloShare: 0.71}
		got := skillSentence(s)
		if noted := strings.Contains(got, "Elo form below (0.71)"); noted != c.wantNoted {
			t.Errorf("%s: %q", c.name, got)
		}
	}
}

// TestNoNegativeZero: an Elo that rounds to zero prints as +0, in the
// ladder's rating table and intervals, never as -0.
func TestNoNegativeZero(t *testing.T) {
	cases := []struct {
		x      float64
		format string
		want   string
	}{
		{-0.3, "%+.0f", "+0"},
		{-0.6, "%+.0f", "-1"},
		{0.4, "%+.0f", "+0"},
		{-0.004, "%.2f", "-0.00"}, // other formats are left as they are
	}
	for _, c := range cases {
		if got := fmt.Sprintf(c.format, whole(c.x, c.format)); got != c.want {
			t.Errorf("%g as %s: %q, want %q", c.x, c.format, got, c.want)
		}
	}
	if got := ivText(stats.Interval{Est: -0.2, Lo: -35.4, Hi: 0.3}, "%+.0f"); got != "+0 (-35 to +0)" {
		t.Errorf("ivText: %q", got)
	}
}
