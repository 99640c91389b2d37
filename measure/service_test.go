package measure

import (
	"testing"

	"balancefarm/protocol"
)

// serve plans the equal-strength games measure plans: the request's
// players and games, the service's precision.
func TestServiceCompletesPlanAsMeasure(t *testing.T) {
	players := []string{"random", "ab:n500", "ab:n3000"}
	for _, tc := range []struct {
		precision  float64
		wantMirror string
		wantGames  int
	}{
		{DefaultPrecision, "ab:n3000", 784}, // four times the 196 of ±0.07: room to decide a flag near its threshold
		{QuickPrecision, "ab:n3000", 68},
		{0, "", 0},
	} {
		m := &Measurer{}
		cfg := m.ServiceConfig(Settings{Players: []string{"random", "ab:n1000"}, Games: 40, Precision: tc.precision}, "")
		base := protocol.Plan{Ruleset: "x", RulesetHash: protocol.HashRuleFile([]byte("{}")), Players: players, GamesPerPairing: 6}
		got := cfg.Complete(base)
		want := Settings{Players: players, Games: 6, Precision: tc.precision}.plan("x", base.RulesetHash)
		if got.Mirror != tc.wantMirror || got.MirrorGames != tc.wantGames || got.Mirror != want.Mirror || got.MirrorGames != want.MirrorGames {
			t.Errorf("precision %g: mirror %q x%d, want %q x%d (measure plans %q x%d)",
				tc.precision, got.Mirror, got.MirrorGames, tc.wantMirror, tc.wantGames, want.Mirror, want.MirrorGames)
		}
		if got.GamesPerPairing != 6 || len(got.Players) != 3 {
			t.Errorf("precision %g: the request's players and games changed: %+v", tc.precision, got)
		}
	}
}
