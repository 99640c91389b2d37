package measure

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/search"
	"balancefarm/selfplay"
)

// A measurement with learned values plays the ladder, then the top rung
// against itself with the values the ladder's games give (or, when they
// give none, the file's, saying why), and a second run resumes both
// phases to the same games.
func TestLearnedPhases(t *testing.T) {
	tests := []struct {
		name    string
		players []string
		games   int
		learned bool // the ladder's games are enough to learn from
		long    bool
	}{
		{"too few ladder games: the file's values", []string{"ab:n50", "ab:n100"}, 2, false, false},
		{"learned", []string{"ab:n50", "ab:n100", "ab:n200"}, 10, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && testing.Short() {
				t.Skip("plays about 40 games of chess")
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			tf := startFarm(t, ctx)
			tf.m.Learned = true
			f, err := Read("../rulesets/chess.json")
			if err != nil {
				t.Fatal(err)
			}
			s := Settings{Players: tc.players, Games: tc.games, Seed: 1, Slots: 2, Precision: 0.4, Learned: true}
			out, err := tf.m.Run(ctx, f, s, farm.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			top := tc.players[len(tc.players)-1]
			var ladder, mirror []protocol.Result
			for _, r := range out.Results {
				if r.P0 == r.P1 {
					mirror = append(mirror, r)
				} else {
					ladder = append(ladder, r)
				}
			}
			want, _, note := selfplay.LearnedSpec(f.Game, top, records.ReplayAll(f.Game, ladder))
			if tc.learned != (want != top) {
				t.Fatalf("learned %s from the ladder's %d games (%s)", want, len(ladder), note)
			}
			if len(mirror) < 2 {
				t.Fatalf("%d equal-strength games", len(mirror))
			}
			for _, r := range mirror {
				if r.P0 != want || r.P1 != want {
					t.Fatalf("equal-strength game played by %s vs %s, want %s", r.P0, r.P1, want)
				}
			}
			rep, err := tf.m.Report(f, s.Players, out.Results, out.DeadLetters, time.Second, "")
			if err != nil {
				t.Fatal(err)
			}
			if tc.learned {
				ps, _ := search.ParseSpec(want)
				if !strings.Contains(rep.TopValues, "learned from the ladder's games") || !strings.Contains(rep.TopValues, strings.ReplaceAll(ps.Values, "/", ", ")) {
					t.Errorf("report says %q, not the values %s", rep.TopValues, ps.Values)
				}
				if rep.Scope.Games != len(mirror) || !strings.Contains(rep.Scope.Description, want) {
					t.Errorf("rates read from %d %s, want the %d games of %s", rep.Scope.Games, rep.Scope.Description, len(mirror), want)
				}
			} else if !strings.Contains(rep.TopValues, "rule file's own piece values") || !strings.Contains(rep.TopValues, note) {
				t.Errorf("report says %q, want the file's values and why (%s)", rep.TopValues, note)
			}

			again, err := tf.m.Run(ctx, f, s, farm.Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			if again.Resumed != len(out.Results) || !reflect.DeepEqual(moves(again.Results), moves(out.Results)) {
				t.Errorf("second run resumed %d of %d games, or played others", again.Resumed, len(out.Results))
			}
		})
	}
}

func moves(rs []protocol.Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.P0+" "+r.P1+" "+strings.Join(r.Moves, " "))
	}
	return out
}
