package measure

import (
	"context"

	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/selfplay"
)

// Phases of a measurement with learned values (Settings.Learned). The
// equal-strength games are what the verdict reads, so they are the games
// worth playing with the best values to hand; the values are learned from
// the ladder's games, which are played first:
//
//  1. the plan without its equal-strength games (Ladder), stopped as
//     those pairings stop beside them;
//  2. selfplay.LearnedSpec on phase 1's results: the top rung with the
//     learned values, shrunk towards the file's by the fit's uncertainty,
//     or the top rung itself when they cannot be learned;
//  3. that spec against itself (Mirror), as many games as the plan's
//     mirror pairing, stopped by the same rule.
//
// Both phases are batches of their own plans, and phase 3's plan follows
// from phase 1's results alone, so running the measurement again resumes
// both.

// LadderPlan is plan without its equal-strength games.
func LadderPlan(plan protocol.Plan) protocol.Plan {
	plan.Mirror, plan.MirrorGames = "", 0
	return plan
}

// MirrorPlan is the equal-strength games of plan played by spec.
func MirrorPlan(plan protocol.Plan, spec string) protocol.Plan {
	plan.Players = []string{spec}
	plan.Mirror = spec
	return plan
}

// runLearned is Run in phases; h carries the caller's hooks, Verify and
// Audit.
func (m *Measurer) runLearned(ctx context.Context, f *File, s Settings, full protocol.Plan, h farm.Hooks) (*farm.Outcome, error) {
	ladder := LadderPlan(full)
	h1, err := s.hooksMirrored(ladder, full.MirrorGames, f.Game)
	if err != nil {
		return nil, err
	}
	mirrorGames := full.MirrorGames
	h1.Verify, h1.Audit, h1.Record, h1.Resumed = h.Verify, h.Audit, h.Record, h.Resumed
	if h.Progress != nil {
		// The equal-strength games are still to come.
		h1.Progress = func(done, total int) { h.Progress(done, total+mirrorGames) }
	}
	out1, err := m.Coord.RunHooks(ctx, ladder, f.Data, h1)
	m.keepAudit(out1)
	if err != nil {
		return nil, err
	}
	spec, _, _ := selfplay.LearnedSpec(f.Game, full.Mirror, m.replayedOf(f.Hash, f.Game).games(out1.Results))
	mirror := MirrorPlan(full, spec)
	h2, err := s.hooksMirrored(mirror, full.MirrorGames, f.Game)
	if err != nil {
		return nil, err
	}
	h2.Verify, h2.Audit, h2.Record, h2.Resumed = h.Verify, h.Audit, h.Record, h.Resumed
	if h.Progress != nil {
		played := len(out1.Results) + len(out1.DeadLetters)
		h2.Progress = func(done, total int) { h.Progress(played+done, played+total) }
	}
	out2, err := m.Coord.RunHooks(ctx, mirror, f.Data, h2)
	m.keepAudit(out2)
	if err != nil {
		return nil, err
	}
	return joinOutcomes(full, out1, out2), nil
}

// joinOutcomes is the outcome of the two phases as one.
func joinOutcomes(plan protocol.Plan, a, b *farm.Outcome) *farm.Outcome {
	return &farm.Outcome{
		BatchID:     a.BatchID + "+" + b.BatchID,
		Plan:        plan,
		Results:     append(append([]protocol.Result(nil), a.Results...), b.Results...),
		DeadLetters: append(append([]protocol.DeadLetter(nil), a.DeadLetters...), b.DeadLetters...),
		Surplus:     append(append([]protocol.Result(nil), a.Surplus...), b.Surplus...),
		Pairings:    append(append([]farm.PairingOutcome(nil), a.Pairings...), b.Pairings...),
		Duplicates:  a.Duplicates + b.Duplicates,
		Rejected:    a.Rejected + b.Rejected,
		Audit:       joinAudits(a.Audit, b.Audit),
		Elapsed:     a.Elapsed + b.Elapsed,
		Resumed:     a.Resumed + b.Resumed,
	}
}

// joinAudits adds the audits of the two phases up; nil when neither had
// any.
func joinAudits(a, b *farm.AuditSummary) *farm.AuditSummary {
	if a == nil || b == nil {
		if a == nil {
			return b
		}
		return a
	}
	return &farm.AuditSummary{Audited: a.Audited + b.Audited, Mismatches: a.Mismatches + b.Mismatches,
		Seconds: a.Seconds + b.Seconds, GameSeconds: a.GameSeconds + b.GameSeconds,
		Quarantined: append(append([]farm.Quarantine(nil), a.Quarantined...), b.Quarantined...)}
}
