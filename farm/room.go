package farm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// ErrStoreFull is why a batch run stops when the results stream has no
// room for the records its games still need: waiting would never end.
var ErrStoreFull = errors.New("the results store is full")

// Error codes of the server's refusals for want of room (nats-server's
// JSAccountResourcesExceededErr, JSInsufficientResourcesErr,
// JSStorageResourcesExceededErr and JSStreamStoreFailedF).
const (
	jsErrCodeAccountResourcesExceeded = 10002
	jsErrCodeInsufficientResources    = 10023
	jsErrCodeStorageResourcesExceeded = 10047
	jsErrCodeStreamStoreFailed        = 10077
)

// noRoom reports whether err is a server's refusal to store a message for
// want of room: a stream at its byte limit, or a store or account out of
// space.
func noRoom(err error) bool {
	var apiErr *jetstream.APIError
	if !errors.As(err, &apiErr) {
		return false
	}
	switch apiErr.ErrorCode {
	case jsErrCodeAccountResourcesExceeded, jsErrCodeInsufficientResources, jsErrCodeStorageResourcesExceeded:
		return true
	case jsErrCodeStreamStoreFailed:
		d := apiErr.Description
		return strings.Contains(d, "maximum bytes exceeded") || strings.Contains(d, "no space left")
	}
	return false
}

// roomEvery is how often a batch run that still needs records checks that
// the results stream has room for them.
const roomEvery = 2 * time.Second

// checkRoom fails the run when the results stream has no room left for
// one more record of the longest game while the batch needs records: a
// worker's record would be refused, and the run would wait forever.
func (b *batchRun) checkRoom(ctx context.Context) error {
	if err := b.checkDisk(); err != nil {
		return err
	}
	ictx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	info, err := b.c.Assets().Results.Info(ictx)
	if err != nil {
		return nil // a stream that is gone is the recheck's to find
	}
	limit := info.Config.MaxBytes
	if limit <= 0 || info.State.Bytes+MaxRecordBytes <= uint64(limit) {
		return nil
	}
	left := b.sched.expected(b.rec) - b.rec.done()
	b.log.Error().Uint64("bytes", info.State.Bytes).Int64("max_bytes", limit).Int("games_left", left).
		Msg("the results store is full: no record of this batch's remaining games can be stored")
	return fmt.Errorf("%w (%d bytes of its %d): no room for the records of the %d games left; "+
		"free space (remove old batches' records) or raise the limit (-results-max-bytes), then run again to resume",
		ErrStoreFull, info.State.Bytes, limit, left)
}

// fullIsFinal makes a refusal for want of room final for retry, in steps
// that store messages: waiting frees no space. (Only there: the server
// also answers "insufficient resources" when a cluster cannot place a
// consumer for the moment.)
func fullIsFinal(f func(context.Context) error) func(context.Context) error {
	return func(ctx context.Context) error {
		err := f(ctx)
		if noRoom(err) {
			return permanent{fmt.Errorf("the server's store is full: %w", err)}
		}
		return err
	}
}

// checkDisk fails the run when Config.StoreRoom says the disk under the
// store is full: the server then neither stores a record nor answers its
// publisher, so the batch would wait for ever.
func (b *batchRun) checkDisk() error {
	room := b.c.cfg.StoreRoom
	if room == nil {
		return nil
	}
	err := room()
	if err == nil {
		return nil
	}
	left := b.sched.expected(b.rec) - b.rec.done()
	b.log.Error().Err(err).Int("games_left", left).Msg("the disk under the results store is full: no record of this batch's remaining games can be stored")
	return fmt.Errorf("%w: no room for the records of the %d games left: %w", ErrStoreFull, left, err)
}
