package protocol

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// Bounds on what a record may say, whoever wrote it: a record outside them
// is refused before it is counted or stored in memory.
const (
	// MaxRecordPlies is the longest game a record may hold (the players'
	// own game loop stops at this many plies).
	MaxRecordPlies = 100_000
	// MaxMoveText is the longest move text a record may hold (a round of
	// two moves is "m0 & m1").
	MaxMoveText = 64
	// MaxFeatures is the most feature counters a record may hold.
	MaxFeatures = 64
	// MaxErrorText is the longest error a dead letter may carry.
	MaxErrorText = 4096
)

// CheckFor reports the first reason a result cannot be a record of job:
// its identity differs from the job's (lease included), its version is
// unknown, its game fields are inconsistent (CheckGame) or outside the
// bounds above, or it spent more nodes than the job allowed.
func (r Result) CheckFor(j Job) error {
	switch {
	case r.V < 1 || r.V > Version:
		return fmt.Errorf("result protocol version %d, want 1 to %d", r.V, Version)
	case !r.JobIdentity.Same(j.JobIdentity):
		return errors.New("result's job identity (players, seed, game, lease, ...) is not its job's")
	case r.Plies > MaxRecordPlies:
		return fmt.Errorf("%d plies, more than %d", r.Plies, MaxRecordPlies)
	case j.MaxNodes > 0 && r.Nodes > j.MaxNodes:
		return fmt.Errorf("%d nodes, more than the job's limit of %d", r.Nodes, j.MaxNodes)
	case r.DurationMS < 0 || r.Attempt < 0:
		return errors.New("negative duration or attempt")
	case len(r.WorkerID) > 256 || !utf8.ValidString(r.WorkerID) || !printable(r.WorkerID):
		return errors.New("worker id is not short printable text")
	case len(r.Ending) > MaxMoveText || !printable(r.Ending):
		return errors.New("ending is not short printable text")
	case len(r.Features) > MaxFeatures:
		return fmt.Errorf("%d feature counters, more than %d", len(r.Features), MaxFeatures)
	case r.Ending == EndingTimeForfeit && !timedLoser(j.JobIdentity, r.Winner):
		return fmt.Errorf("ending %s with winner %d, and the loser plays to no clock", r.Ending, r.Winner)
	case !j.Adjudication.Allows(r.Ending, r.Winner):
		return fmt.Errorf("ending %s with winner %d, an adjudication the job does not ask for", r.Ending, r.Winner)
	case r.StartFEN != j.StartFEN:
		return fmt.Errorf("start position %q, the job's is %q", r.StartFEN, j.StartFEN)
	}
	if err := r.CheckGame(); err != nil {
		return err
	}
	for _, m := range r.Moves {
		if len(m) == 0 || len(m) > MaxMoveText || !printable(m) {
			return fmt.Errorf("move %q is not short printable text", m)
		}
	}
	for k, v := range r.Features {
		if len(k) > MaxMoveText || v < 0 {
			return fmt.Errorf("feature %q = %d", k, v)
		}
	}
	return nil
}

// CheckFor reports the first reason a dead letter cannot be a record of
// job: its job is not the job (lease included), or a field is out of range.
func (d DeadLetter) CheckFor(j Job) error {
	switch {
	case d.V < 1 || d.V > Version:
		return fmt.Errorf("dead letter protocol version %d, want 1 to %d", d.V, Version)
	case !d.Job.JobIdentity.Same(j.JobIdentity):
		return errors.New("dead letter's job identity is not its job's")
	case d.Attempts < 0 || d.Attempts > 1000:
		return fmt.Errorf("%d attempts", d.Attempts)
	case len(d.Error) > MaxErrorText || !utf8.ValidString(d.Error):
		return errors.New("error is not short text")
	case d.Source != SourceWorker && d.Source != SourceAdvisory && d.Source != SourceCoordinator:
		return fmt.Errorf("unknown source %q", d.Source)
	}
	return nil
}

// timedLoser reports whether a game won by winner was lost by a player
// with a clock, as a time forfeit must be.
func timedLoser(j JobIdentity, winner int) bool {
	switch winner {
	case FirstMover:
		return TimedSpec(j.P1)
	case SecondMover:
		return TimedSpec(j.P0)
	}
	return false
}
