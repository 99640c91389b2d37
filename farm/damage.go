package farm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
)

// A damaged store (a truncated block file, bytes overwritten) can count
// records it no longer delivers, or lose records of a batch saved as
// complete. A run never waits on either: records the stream counts but
// cannot deliver are written off within seconds, and the games without a
// record are played again, reopening a complete batch if need be.

// unreadableAfter is how long the records reader may deliver nothing,
// while the stream counts records of the batch it has not delivered,
// before the run asks the store whether any of them can still be read.
const unreadableAfter = 2 * time.Second

// unreadableFound writes off the batch's records that the stream counts
// but cannot deliver, once the reader has delivered nothing for
// unreadableAfter; it reports whether it wrote any off. A record the
// store still holds after the last one read means the reader is only
// slow (checkReader restarts a stalled one), so nothing is written off.
func (b *batchRun) unreadableFound(ctx context.Context) bool {
	if b.rec.seen() >= b.stored || time.Since(b.lastRead) < unreadableAfter {
		return false
	}
	gctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err := b.c.Assets().Results.GetMsg(gctx, b.lastSeq+1, jetstream.WithGetMsgSubject(protocol.BatchRecordsFilter(b.id)))
	if !errors.Is(err, jetstream.ErrMsgNotFound) {
		if err != nil {
			b.log.Debug().Err(err).Msg("looking for records the reader has not delivered")
		}
		b.lastRead = time.Now() // ask again after another while
		return false
	}
	lost, jobs := 0, 0
	for jobID, n := range b.counts {
		if _, known := b.rec.jobs[jobID]; !known {
			continue
		}
		jr := b.rec.of(jobID)
		if gone := n - jr.seen(); gone > 0 {
			jr.unreadable += gone
			lost += gone
			jobs++
		}
	}
	// Records for no job of the batch are written off too, uncounted.
	b.rec.unreadable += b.stored - b.rec.seen()
	b.log.Error().Int("records", lost).Int("jobs", jobs).Int("read", b.rec.consumed).Int("stored", b.stored).
		Msg("the results store counts records of this batch that it cannot deliver (a damaged store?): their games are played again")
	return true
}

// reopen makes a batch that was complete when this run opened it running
// again, since the store no longer holds a record for missing of its
// games: the manifest (the batch's saved counts) and the records are
// compared in the log, and the games are played again.
func (b *batchRun) reopen(ctx context.Context, missing int) error {
	kv := b.c.Assets().Batches
	err := retry(ctx, func(ctx context.Context) error {
		entry, err := kv.Get(ctx, b.id)
		if err != nil {
			return err
		}
		var st BatchState
		if err := json.Unmarshal(entry.Value(), &st); err != nil {
			return permanent{fmt.Errorf("batch %s: stored state unreadable: %w", b.id, err)}
		}
		switch st.State {
		case StateCancelled:
			return permanent{fmt.Errorf("%w: %s", ErrCancelled, st.Reason)}
		case StateComplete:
			b.log.Error().Int("saved_results", st.Results).Int("saved_dead_letters", st.DeadLetters).
				Int("read", b.rec.done()).Int("replaying", missing).
				Msg("batch was complete but the results store lacks records of its games (damaged or purged): reopening it to play them again")
		}
		now := time.Now().UTC()
		st.State, st.Owner, st.Heartbeat, st.HeartbeatEvery, st.Reason = StateRunning, b.c.cfg.Owner, now, b.c.cfg.RecheckInterval, ""
		_, err = kv.Update(ctx, b.id, protocol.Marshal(st), entry.Revision())
		return err
	})
	if err != nil {
		return fmt.Errorf("reopening batch %s, whose stored records are incomplete: %w", b.id, err)
	}
	if err := retry(ctx, func(ctx context.Context) error {
		_, err := b.c.Assets().BatchConsumer(ctx, b.id)
		return err
	}); err != nil {
		return fmt.Errorf("creating the reopened batch's consumer: %w", err)
	}
	b.complete, b.sessionStart = false, time.Now()
	return nil
}
