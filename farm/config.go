package farm

import (
	"context"
	"errors"
	"fmt"
	"time"

	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
)

// Names of the JetStream assets the farm uses. They are fixed so that any
// coordinator and any worker on the same NATS account find one another.
const (
	// StreamJobs is the work-queue stream of jobs, one message per game.
	StreamJobs = "BF_JOBS"
	// ConsumerWorkers is the one durable pull consumer every worker shares.
	ConsumerWorkers = "workers"
	// StreamResults keeps results and dead letters; it is the record a
	// restarted coordinator resumes from.
	StreamResults = "BF_RESULTS"
	// StreamAdvisories captures the server's max-deliveries advisories for
	// the workers consumer, so that a job whose last worker died is turned
	// into a dead letter even if no coordinator was listening at the time.
	StreamAdvisories = "BF_DEADLETTER_ADVISORIES"
	// ConsumerDeadLetter is the coordinators' durable consumer on it.
	ConsumerDeadLetter = "deadletter"
	// BucketBatches is the key-value bucket of batch plans and states.
	BucketBatches = "bf_batches"
	// BucketRules is the object store of rule files, named by content hash.
	BucketRules = "bf_rules"
)

// MaxDeliveriesAdvisorySubject is where the server announces that a job of
// the workers consumer ran out of deliveries.
const MaxDeliveriesAdvisorySubject = "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES." + StreamJobs + "." + ConsumerWorkers

// Config sets the JetStream assets up. The zero value gets defaults fit for
// real games; tests shorten the timings so that redelivery takes seconds.
type Config struct {
	// Replicas is the stream replication factor (1, or 3 on a cluster).
	Replicas int
	// Memory keeps streams in memory instead of files (benchmarks).
	Memory bool
	// AckWait is how long a worker may hold a job without a progress
	// heartbeat before the server hands it to another worker.
	AckWait time.Duration
	// MaxDeliver is how many times a job is handed out before it is
	// dead-lettered.
	MaxDeliver int
	// MaxAckPending bounds jobs in flight across all workers.
	MaxAckPending int
	// DuplicateWindow is how long the server remembers message ids for
	// de-duplication of jobs and records.
	DuplicateWindow time.Duration
	// ResultsMaxAge drops records older than this; zero keeps them.
	ResultsMaxAge time.Duration
	// RecheckInterval is how often a running batch looks for jobs that are
	// neither queued nor recorded (lost with a server) and queues them again.
	RecheckInterval time.Duration
}

func (c Config) withDefaults() Config {
	if c.Replicas <= 0 {
		c.Replicas = 1
	}
	if c.AckWait <= 0 {
		c.AckWait = 60 * time.Second
	}
	if c.MaxDeliver == 0 {
		c.MaxDeliver = 4
	}
	if c.MaxAckPending <= 0 {
		c.MaxAckPending = 10000
	}
	if c.DuplicateWindow <= 0 {
		c.DuplicateWindow = 10 * time.Minute
	}
	if c.ResultsMaxAge > 0 && c.DuplicateWindow > c.ResultsMaxAge {
		c.DuplicateWindow = c.ResultsMaxAge
	}
	if c.RecheckInterval <= 0 {
		c.RecheckInterval = 30 * time.Second
	}
	return c
}

// Assets are handles on the farm's streams, consumers and buckets.
type Assets struct {
	JS         jetstream.JetStream
	Jobs       jetstream.Stream
	Workers    jetstream.Consumer
	Results    jetstream.Stream
	Advisories jetstream.Stream
	DeadLetter jetstream.Consumer
	Batches    jetstream.KeyValue
	Rules      jetstream.ObjectStore
}

// Setup creates or updates every asset; it is idempotent, so every
// coordinator calls it on start. Workers never do: they take the settings
// the coordinator chose.
func Setup(ctx context.Context, js jetstream.JetStream, cfg Config) (*Assets, error) {
	cfg = cfg.withDefaults()
	storage := jetstream.FileStorage
	if cfg.Memory {
		storage = jetstream.MemoryStorage
	}
	a := &Assets{JS: js}
	var err error
	a.Jobs, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        StreamJobs,
		Description: "balancefarm jobs: one message per game, removed when a worker acknowledges it",
		Subjects:    []string{protocol.JobsSubjects},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     storage,
		Replicas:    cfg.Replicas,
		Duplicates:  cfg.DuplicateWindow,
	})
	if err != nil {
		return nil, fmt.Errorf("jobs stream: %w", err)
	}
	a.Workers, err = a.Jobs.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable:       ConsumerWorkers,
		Description:   "shared by every balancefarm worker",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       cfg.AckWait,
		MaxDeliver:    cfg.MaxDeliver,
		MaxAckPending: cfg.MaxAckPending,
		// Every idle worker slot keeps a pull request waiting.
		MaxWaiting: 4096,
		Replicas:   cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("workers consumer: %w", err)
	}
	a.Results, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        StreamResults,
		Description: "balancefarm game records and dead letters, by batch and job",
		Subjects:    []string{protocol.ResultsSubjects, protocol.DeadSubjects},
		Retention:   jetstream.LimitsPolicy,
		Storage:     storage,
		Replicas:    cfg.Replicas,
		Duplicates:  cfg.DuplicateWindow,
		MaxAge:      cfg.ResultsMaxAge,
	})
	if err != nil {
		return nil, fmt.Errorf("results stream: %w", err)
	}
	a.Advisories, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        StreamAdvisories,
		Description: "max-deliveries advisories of the workers consumer, waiting to become dead letters",
		Subjects:    []string{MaxDeliveriesAdvisorySubject},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     storage,
		Replicas:    cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("advisories stream: %w", err)
	}
	a.DeadLetter, err = a.Advisories.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable:   ConsumerDeadLetter,
		AckPolicy: jetstream.AckExplicitPolicy,
		AckWait:   30 * time.Second,
		Replicas:  cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("dead-letter consumer: %w", err)
	}
	a.Batches, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      BucketBatches,
		Description: "balancefarm batch plans and states, by batch id",
		Storage:     storage,
		Replicas:    cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("batches bucket: %w", err)
	}
	a.Rules, err = js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket:      BucketRules,
		Description: "balancefarm rule files, named by SHA-256",
		Storage:     storage,
		Replicas:    cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("rules bucket: %w", err)
	}
	return a, nil
}

// retry calls f until it succeeds, ctx ends, or it returns a permanent
// error; for steps that fail while a cluster elects a leader or a client
// reconnects.
func retry(ctx context.Context, f func(context.Context) error) error {
	wait := 100 * time.Millisecond
	for {
		attempt, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := f(attempt)
		cancel()
		var perm permanent
		if err == nil || errors.As(err, &perm) || ctx.Err() != nil {
			return err
		}
		if !sleep(ctx, wait) {
			return err
		}
		wait = min(2*wait, 2*time.Second)
	}
}

// permanent marks an error retry must not retry.
type permanent struct{ error }

func (p permanent) Unwrap() error { return p.error }

// sleep waits d or until ctx ends; false if ctx ended.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
