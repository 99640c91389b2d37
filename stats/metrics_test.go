package stats

import (
	"testing"

	"balancefarm/engine"
)

func TestMetricsKnownAnswers(t *testing.T) {
	l := Ladder{Rungs: []string{"w", "s"}, Doublings: []Doubling{{Weak: "w", Strong: "s"}}}
	// Ten mirror games of s: 6 first-mover wins, 2 second-mover wins, a
	// repetition draw and a max_plies draw.
	var scope []Game
	add := func(k, winner int, rule engine.Ending, plies, leads, decisive int) {
		for range k {
			scope = append(scope, Game{P0: "s", P1: "s", Winner: winner, Rule: rule, Plies: plies, LeadChanges: leads, DecisivePly: decisive})
		}
	}
	add(6, 0, engine.EndCheckmate, 40, 4, 20)
	add(2, 1, engine.EndCheckmate, 60, 6, 0) // no decisive ply recorded
	add(1, -1, engine.EndRepetition, 100, 0, 0)
	add(1, -1, engine.EndMaxPlies, 200, 10, 0)
	// The doubling pairing: s scores 3 of 4.
	all := append([]Game{}, scope...)
	all = append(all, pairOf("x", 1, "s", "w", 1, 1)...)
	all = append(all, pairOf("y", 2, "s", "w", 1, 0)...)

	ms, steps := Metrics(l, scope, all, 0.95)
	got := map[string]Metric{}
	for _, m := range ms {
		got[m.Name] = m
	}
	want := map[string]float64{
		MetricCompletion:  0.8,
		MetricDrawishness: 0.1,
		MetricTimeouts:    0.1,
		MetricBalance:     1 - (0.6 - 0.2),
		MetricAdvantage:   0.6,
		MetricDuration:    (6*40 + 2*60 + 100 + 200) / 10.0,
		MetricDecisive:    0.5, // 20/40 in the six games that recorded it
		MetricLeadChange:  (6*0.1 + 2*0.1 + 0 + 0.05) / 10,
		MetricSkillTrace:  0.75,
	}
	for name, v := range want {
		m, ok := got[name]
		if !ok {
			t.Errorf("metric %s missing", name)
			continue
		}
		if !m.Measured || !near(m.Value.Est, v, 1e-9) {
			t.Errorf("%s = %+v, want %g", name, m.Value, v)
		}
		if m.Value.Lo > m.Value.Est+1e-12 || m.Value.Hi < m.Value.Est-1e-12 {
			t.Errorf("%s: interval [%g, %g] excludes the estimate %g", name, m.Value.Lo, m.Value.Hi, m.Value.Est)
		}
		if m.Ludii == "" || m.Definition == "" {
			t.Errorf("%s: Ludii name or definition missing", name)
		}
	}
	if len(ms) != len(want) {
		t.Errorf("%d metrics, want %d", len(ms), len(want))
	}
	if got[MetricDecisive].Games != 6 {
		t.Errorf("decisiveness read %d games, want the 6 that recorded it", got[MetricDecisive].Games)
	}
	if len(steps) != 1 || steps[0].Games != 4 || !near(steps[0].Score.Est, 0.75, 1e-12) {
		t.Errorf("skill steps %+v", steps)
	}
}

func TestBalanceInterval(t *testing.T) {
	// Equal win counts: balance 1, the interval reaching down from 1.
	gs := gamesWith(10, 0, "", 0)
	for i := range gs {
		gs[i].Winner = i % 2
	}
	b := balance(gs, 0.95)
	if b.Est != 1 || b.Hi != 1 || b.Lo >= 1 || b.Lo <= 0 {
		t.Errorf("balance %+v", b)
	}
	// One side wins everything: balance 0 exactly.
	for i := range gs {
		gs[i].Winner = 0
	}
	if b := balance(gs, 0.95); b.Est != 0 || b.Lo != 0 || b.Hi != 0 {
		t.Errorf("one-sided balance %+v", b)
	}
}

func TestMetricsUnmeasured(t *testing.T) {
	l := Ladder{Rungs: []string{"a"}}
	ms, steps := Metrics(l, []Game{{P0: "a", P1: "a", Winner: -1, Rule: engine.EndRepetition, Plies: 10}}, nil, 0.95)
	for _, m := range ms {
		if (m.Name == MetricDecisive || m.Name == MetricSkillTrace) && m.Measured {
			t.Errorf("%s measured without data", m.Name)
		}
	}
	if len(steps) != 0 {
		t.Errorf("skill steps without doublings: %+v", steps)
	}
}
