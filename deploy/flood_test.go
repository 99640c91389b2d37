package deploy

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"balancefarm/deploy/natsauth"
	"balancefarm/farm"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// TestWorkerCredentialsCannotFloodResults runs the Compose NATS
// configuration and publishes, with the workers' restricted credentials,
// what the attacker did: junk on the records' subjects until the
// server refuses it, and junk beneath them. The results stream stops at
// its byte limit, a message above the record cap is refused, and nothing
// but a job's subject under the worker's own name is accepted at all.
func TestWorkerCredentialsCannotFloodResults(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a three-node NATS cluster; skipped with -short")
	}
	c := startNATSCluster(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	const limit = 4 << 20
	coordJS := c.connectAs(t, natsauth.FileCoordinator, &syncBuffer{})
	if _, err := farm.NewCoordinator(ctx, coordJS, farm.Config{Replicas: 3, ResultsMaxBytes: limit}, zerolog.Nop(), nil); err != nil {
		t.Fatal(err)
	}
	bad := c.connectAs(t, natsauth.FileWorker, &syncBuffer{})
	publish := func(subject string, size int) error {
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		_, err := bad.Publish(pctx, subject, make([]byte, size))
		return err
	}
	tests := []struct {
		name    string
		subject func(i int) string
		size    int
		most    int // messages stored at most before the first refusal
	}{
		{"a flood on job subjects", func(i int) string { return fmt.Sprintf("bf.results.junk.j%d.worker", i) }, 100 << 10, limit / (100 << 10)},
		{"above the record cap", func(i int) string { return "bf.results.big.j.worker" }, farm.MaxRecordBytes + 1, 0},
		{"beneath a job's subject", func(i int) string { return "bf.results.junk.j.worker.deeper" }, 10, 0},
		{"on a job's subject without its name", func(i int) string { return "bf.results.junk.j" }, 10, 0},
		{"under another worker's name", func(i int) string { return "bf.results.junk.j.w1" }, 10, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for i := 0; ; i++ {
				err := publish(tc.subject(i), tc.size)
				if err != nil {
					t.Logf("refused after %d: %v", i, err)
					break
				}
				if i >= tc.most {
					t.Fatalf("%d messages of %d bytes on %s accepted", i+1, tc.size, tc.subject(i))
				}
			}
		})
	}
	st, err := coordJS.Stream(ctx, farm.StreamResults)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Bytes > limit {
		t.Fatalf("results stream holds %d bytes, above its limit %d", info.State.Bytes, limit)
	}
	for _, subj := range []string{"bf.results.junk.j.worker.deeper", "bf.results.junk.j", "bf.results.junk.j.w1"} {
		if _, err := st.GetLastMsgForSubject(ctx, subj); !errors.Is(err, jetstream.ErrMsgNotFound) {
			t.Fatalf("a record on %s: %v, want none stored", subj, err)
		}
	}
}
