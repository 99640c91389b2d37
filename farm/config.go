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

// Names of the JetStream assets the farm uses. They are fixed so that any
// coordinator and any worker on the same NATS account find one another.
const (
	// StreamJobs is the work-queue stream of jobs, one message per game.
	// Each batch has its own durable pull consumer on it, named by the
	// batch id, and workers pull across them (see worker.go).
	StreamJobs = "BF_JOBS"
	// LegacyConsumerWorkers is the one consumer every worker shared before
	// batches had their own; Setup removes it, since on a work-queue
	// stream it would overlap every batch's.
	LegacyConsumerWorkers = "workers"
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
	// BucketFarm holds what the coordinators share and workers must not
	// read: the farm key (batch ids, leases, seals) and the farm's
	// consumer settings.
	BucketFarm = "bf_farm"
)

// Keys of the farm bucket.
const (
	farmKeyKey      = "key"
	farmSettingsKey = "settings"
)

// MaxDeliveriesAdvisorySubjects is where the server announces that a job
// of a batch's consumer ran out of deliveries.
const MaxDeliveriesAdvisorySubjects = "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES." + StreamJobs + ".*"

// What one record can legitimately weigh: a rule file allows at most
// maxGamePlies plies (rules.max_plies), no move's text in the position
// notation is longer than maxMoveText bytes (drops, promotions and
// two-digit ranks of the widest boards included), and each move costs
// three bytes more in JSON; recordSlack covers the record's other fields.
const (
	maxGamePlies = 10000
	maxMoveText  = 40
	recordSlack  = 64 << 10
)

// MaxRecordBytes caps one message in the results stream: twice the bound
// on a record of the longest game, so that one always fits and a flood of
// huge ones does not.
const MaxRecordBytes = 2*maxGamePlies*(maxMoveText+3) + recordSlack

// MaxJobBytes caps one message in the jobs stream (a job is a few hundred
// bytes: identities, players, seed and lease).
const MaxJobBytes = 64 << 10

// Default byte limits of the streams. Together they fit a server with
// max_file_store 1GB, which reserves each stream's limit when the stream
// is made, beside the buckets.
const (
	DefaultResultsMaxBytes    = 768 << 20
	DefaultJobsMaxBytes       = 128 << 20
	DefaultAdvisoriesMaxBytes = 16 << 20
)

// The buckets are bounded too, in step with the results stream so that a
// farm whose streams fit its server fits with its buckets (the defaults
// reserve 985 MB in all). A batch state is a few kilobytes and a rule
// file rarely a hundred, so each holds thousands; a full one refuses new
// entries and the run that needs one stops saying the store is full.
const (
	// maxValueBytes caps one bucket entry: a client's largest message
	// under the server's default max_payload.
	maxValueBytes = 1 << 20
	farmMaxBytes  = 1 << 20
)

func (c Config) batchesMaxBytes() int64 { return max(1<<20, c.ResultsMaxBytes/32) }
func (c Config) rulesMaxBytes() int64   { return max(4<<20, c.ResultsMaxBytes/16) }

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
	// ResultsMaxBytes and JobsMaxBytes bound the results and jobs streams
	// (default DefaultResultsMaxBytes, DefaultJobsMaxBytes). A full
	// results stream refuses new records, never drops old ones, and a
	// batch run that needs room for a record fails saying so.
	ResultsMaxBytes int64
	JobsMaxBytes    int64
	// StoreRoom, when set, says whether the disk under the server's store
	// has room for more records (nil: room), so that a run on a full disk
	// stops saying so: the server then answers no write, and would be
	// waited on for ever. Local mode sets it; a remote server's disk is its
	// operator's to watch.
	StoreRoom func() error
	// RecheckInterval is how often a running batch looks for jobs that are
	// neither queued nor recorded (lost with a server, acknowledged unplayed,
	// purged) and queues them again.
	RecheckInterval time.Duration
	// Reconfigure makes this coordinator's Replicas, AckWait, MaxDeliver,
	// MaxAckPending and DuplicateWindow the farm's settings. Without it the
	// settings stored in the farm bucket win, and the first coordinator on
	// a new farm stores its own: a coordinator's flags never silently change
	// the consumers every other batch's workers pull from.
	Reconfigure bool
	// Owner names the kind of coordinator in the batches it runs (serve
	// resumes only its own); default "coordinator".
	Owner string
}

// Settings are the farm-wide settings kept in the farm bucket: every
// batch's consumer and the streams are made with them, whichever
// coordinator makes them.
type Settings struct {
	Replicas        int           `json:"replicas"`
	AckWait         time.Duration `json:"ack_wait"`
	MaxDeliver      int           `json:"max_deliver"`
	MaxAckPending   int           `json:"max_ack_pending"`
	DuplicateWindow time.Duration `json:"duplicate_window"`
}

func (c Config) settings() Settings {
	return Settings{Replicas: c.Replicas, AckWait: c.AckWait, MaxDeliver: c.MaxDeliver,
		MaxAckPending: c.MaxAckPending, DuplicateWindow: c.DuplicateWindow}
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
	if c.ResultsMaxBytes <= 0 {
		c.ResultsMaxBytes = DefaultResultsMaxBytes
	}
	if c.JobsMaxBytes <= 0 {
		c.JobsMaxBytes = DefaultJobsMaxBytes
	}
	if c.RecheckInterval <= 0 {
		c.RecheckInterval = 30 * time.Second
	}
	if c.Owner == "" {
		c.Owner = "coordinator"
	}
	return c
}

// Assets are handles on the farm's streams, consumers and buckets.
type Assets struct {
	JS         jetstream.JetStream
	Jobs       jetstream.Stream
	Results    jetstream.Stream
	Advisories jetstream.Stream
	DeadLetter jetstream.Consumer
	Batches    jetstream.KeyValue
	Rules      jetstream.ObjectStore
	Farm       jetstream.KeyValue
	// Key is the farm key; Settings the farm's settings, as stored.
	Key      []byte
	Settings Settings
	// SettingsNote says how the settings asked for differ from the farm's,
	// empty when they agree or were stored.
	SettingsNote string
	// Reconfigured lists the batch consumers that a Reconfigure setup
	// changed to the new settings.
	Reconfigured []string
}

// Setup creates or updates every asset; it is idempotent, so every
// coordinator calls it on start (and again when it finds the streams
// gone). Workers never do: they take the settings the farm keeps.
func Setup(ctx context.Context, js jetstream.JetStream, cfg Config) (*Assets, error) {
	return setup(ctx, js, cfg, nil)
}

// setup is Setup; a farm bucket made anew gets key keep when it is set
// (a coordinator that lived through the loss of the store keeps its key).
func setup(ctx context.Context, js jetstream.JetStream, cfg Config, keep []byte) (*Assets, error) {
	cfg = cfg.withDefaults()
	storage := jetstream.FileStorage
	if cfg.Memory {
		storage = jetstream.MemoryStorage
	}
	a := &Assets{JS: js}
	var err error
	if err := a.setupFarm(ctx, cfg, storage, keep); err != nil {
		return nil, err
	}
	st := a.Settings
	if err := refuseShrink(ctx, js, StreamJobs, cfg.JobsMaxBytes); err != nil {
		return nil, err
	}
	if err := refuseShrink(ctx, js, StreamResults, cfg.ResultsMaxBytes); err != nil {
		return nil, err
	}
	if err := refuseShrink(ctx, js, "KV_"+BucketBatches, cfg.batchesMaxBytes()); err != nil {
		return nil, err
	}
	if err := refuseShrink(ctx, js, "OBJ_"+BucketRules, cfg.rulesMaxBytes()); err != nil {
		return nil, err
	}
	a.Jobs, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        StreamJobs,
		Description: "balancefarm jobs: one message per game, removed when a worker acknowledges it",
		Subjects:    []string{protocol.JobsSubjects},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     storage,
		Replicas:    st.Replicas,
		Duplicates:  st.DuplicateWindow,
		// One queued publication per job at most: the server refuses a
		// second, so a job is never queued twice whoever republishes it.
		MaxMsgsPerSubject:    1,
		Discard:              jetstream.DiscardNew,
		DiscardNewPerSubject: true,
		MaxBytes:             cfg.JobsMaxBytes,
		MaxMsgSize:           MaxJobBytes,
	})
	if err != nil {
		return nil, streamError("jobs", cfg.JobsMaxBytes, err)
	}
	if err := a.Jobs.DeleteConsumer(ctx, LegacyConsumerWorkers); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return nil, fmt.Errorf("removing the shared consumer of earlier versions: %w", err)
	}
	if cfg.Reconfigure {
		if a.Reconfigured, err = a.reconfigureConsumers(ctx); err != nil {
			return nil, fmt.Errorf("reconfiguring the batches' consumers: %w", err)
		}
	}
	a.Results, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        StreamResults,
		Description: "balancefarm game records, dead letters and verdicts, by batch and job",
		Subjects:    []string{protocol.ResultsSubjects, protocol.DeadSubjects, protocol.VerdictsSubjects},
		Retention:   jetstream.LimitsPolicy,
		Storage:     storage,
		Replicas:    st.Replicas,
		Duplicates:  st.DuplicateWindow,
		MaxAge:      cfg.ResultsMaxAge,
		MaxMsgSize:  MaxRecordBytes,
		MaxBytes:    cfg.ResultsMaxBytes,
		// A full stream refuses new records: dropping old ones would
		// lose games already counted.
		Discard: jetstream.DiscardNew,
	})
	if err != nil {
		return nil, streamError("results", cfg.ResultsMaxBytes, err)
	}
	a.Advisories, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        StreamAdvisories,
		Description: "max-deliveries advisories of the workers consumer, waiting to become dead letters",
		Subjects:    []string{MaxDeliveriesAdvisorySubjects},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     storage,
		Replicas:    st.Replicas,
		MaxBytes:    DefaultAdvisoriesMaxBytes,
		MaxMsgSize:  MaxJobBytes,
		Discard:     jetstream.DiscardNew,
	})
	if err != nil {
		return nil, streamError("advisories", DefaultAdvisoriesMaxBytes, err)
	}
	a.DeadLetter, err = a.Advisories.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable:   ConsumerDeadLetter,
		AckPolicy: jetstream.AckExplicitPolicy,
		AckWait:   30 * time.Second,
		Replicas:  st.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("dead-letter consumer: %w", err)
	}
	a.Batches, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:       BucketBatches,
		Description:  "balancefarm batch plans and states, by batch id",
		Storage:      storage,
		Replicas:     st.Replicas,
		MaxBytes:     cfg.batchesMaxBytes(),
		MaxValueSize: maxValueBytes,
	})
	if err != nil {
		return nil, bucketError("batches", cfg.batchesMaxBytes(), err)
	}
	a.Rules, err = js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket:      BucketRules,
		Description: "balancefarm rule files, named by SHA-256",
		Storage:     storage,
		Replicas:    st.Replicas,
		MaxBytes:    cfg.rulesMaxBytes(),
	})
	if err != nil {
		return nil, bucketError("rules", cfg.rulesMaxBytes(), err)
	}
	return a, nil
}

// refuseShrink refuses a byte limit below what a stream holds already:
// the server would make room by deleting the oldest messages, which in
// the results stream are counted games.
func refuseShrink(ctx context.Context, js jetstream.JetStream, name string, limit int64) error {
	s, err := js.Stream(ctx, name)
	if err != nil {
		return nil // a new stream, or one CreateOrUpdateStream reports on
	}
	if held := s.CachedInfo().State.Bytes; held > uint64(limit) {
		return permanent{fmt.Errorf("%s holds %d bytes, more than the limit of %d asked for, which would delete its oldest messages: raise the limit or remove old batches first", name, held, limit)}
	}
	return nil
}

// streamError says which stream could not be made, and what to do when
// the server cannot reserve its byte limit.
func streamError(stream string, maxBytes int64, err error) error {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) && apiErr.ErrorCode == jsErrCodeStorageResourcesExceeded {
		return permanent{fmt.Errorf("%s stream: the server cannot reserve its limit of %d bytes (its max_file_store is smaller, or taken by other streams): free space on the server or give the stream a smaller limit: %w", stream, maxBytes, err)}
	}
	return fmt.Errorf("%s stream: %w", stream, err)
}

// bucketError is streamError for a bucket.
func bucketError(bucket string, maxBytes int64, err error) error {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) && apiErr.ErrorCode == jsErrCodeStorageResourcesExceeded {
		return permanent{fmt.Errorf("%s bucket: the server cannot reserve its limit of %d bytes (its max_file_store is smaller, or taken by other streams): free space on the server or give the results stream a smaller limit, which the buckets' follow: %w", bucket, maxBytes, err)}
	}
	return fmt.Errorf("%s bucket: %w", bucket, err)
}

// setupFarm opens the farm bucket, creating it with a fresh key and cfg's
// settings on a new farm, and reads the key and settings.
func (a *Assets) setupFarm(ctx context.Context, cfg Config, storage jetstream.StorageType, keep []byte) error {
	kv, err := a.JS.KeyValue(ctx, BucketFarm)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		kv, err = a.JS.CreateKeyValue(ctx, jetstream.KeyValueConfig{
			Bucket:       BucketFarm,
			Description:  "balancefarm farm key and settings (coordinators only)",
			Storage:      storage,
			Replicas:     cfg.Replicas,
			MaxBytes:     farmMaxBytes,
			MaxValueSize: maxValueBytes,
		})
		if errors.Is(err, jetstream.ErrBucketExists) {
			kv, err = a.JS.KeyValue(ctx, BucketFarm)
		}
	}
	if err != nil {
		return fmt.Errorf("farm bucket: %w", err)
	}
	a.Farm = kv
	key := keep
	if key == nil {
		key = protocol.NewKey()
	}
	if a.Key, err = createOrGet(ctx, kv, farmKeyKey, key); err != nil {
		return fmt.Errorf("farm key: %w", err)
	}
	if len(a.Key) != protocol.KeyBytes {
		return permanent{fmt.Errorf("farm key is %d bytes, want %d", len(a.Key), protocol.KeyBytes)}
	}
	want := cfg.settings()
	if cfg.Reconfigure {
		if _, err := kv.Put(ctx, farmSettingsKey, protocol.Marshal(want)); err != nil {
			return fmt.Errorf("farm settings: %w", err)
		}
		a.Settings = want
		return nil
	}
	raw, err := createOrGet(ctx, kv, farmSettingsKey, protocol.Marshal(want))
	if err != nil {
		return fmt.Errorf("farm settings: %w", err)
	}
	if err := json.Unmarshal(raw, &a.Settings); err != nil || a.Settings.AckWait <= 0 || a.Settings.Replicas <= 0 {
		return permanent{fmt.Errorf("farm settings unreadable (%v): %s", err, raw)}
	}
	if a.Settings != want {
		a.SettingsNote = fmt.Sprintf("the farm keeps its settings %+v, not the %+v asked for (use -reconfigure to change them)", a.Settings, want)
	}
	return nil
}

// createOrGet stores value under key unless the key exists, and returns
// what the bucket holds: the first writer wins.
func createOrGet(ctx context.Context, kv jetstream.KeyValue, key string, value []byte) ([]byte, error) {
	if _, err := kv.Create(ctx, key, value); err == nil {
		return value, nil
	} else if !errors.Is(err, jetstream.ErrKeyExists) {
		return nil, err
	}
	e, err := kv.Get(ctx, key)
	if err != nil {
		return nil, err
	}
	return e.Value(), nil
}

// reconfigureConsumers gives every batch's consumer the farm's settings,
// returning the names of those it changed: a reconfiguration reaches the
// batches already running, whoever runs them.
func (a *Assets) reconfigureConsumers(ctx context.Context) ([]string, error) {
	st := a.Settings
	var names []string
	list := a.Jobs.ListConsumers(ctx)
	for info := range list.Info() {
		cc := info.Config
		if cc.Durable == "" || cc.Durable == LegacyConsumerWorkers {
			continue
		}
		if cc.AckWait == st.AckWait && cc.MaxDeliver == st.MaxDeliver && cc.MaxAckPending == st.MaxAckPending && cc.Replicas == st.Replicas {
			continue
		}
		cc.AckWait, cc.MaxDeliver, cc.MaxAckPending, cc.Replicas = st.AckWait, st.MaxDeliver, st.MaxAckPending, st.Replicas
		if _, err := a.Jobs.UpdateConsumer(ctx, cc); errors.Is(err, jetstream.ErrConsumerNotFound) {
			continue // finished or cancelled meanwhile
		} else if err != nil {
			return names, fmt.Errorf("consumer %s: %w", cc.Durable, err)
		}
		names = append(names, cc.Durable)
	}
	return names, list.Err()
}

// currentSettings are the farm's settings as the farm bucket holds them
// now (another coordinator may have reconfigured the farm since this one
// started), or those read at setup when the bucket cannot say.
func (a *Assets) currentSettings(ctx context.Context) Settings {
	e, err := a.Farm.Get(ctx, farmSettingsKey)
	if err != nil {
		return a.Settings
	}
	var st Settings
	if json.Unmarshal(e.Value(), &st) != nil || st.AckWait <= 0 || st.Replicas <= 0 {
		return a.Settings
	}
	return st
}

// BatchConsumer creates (or updates to the farm's settings) the batch's
// durable pull consumer, named by the batch id. The settings are read
// afresh, so that a coordinator started before a reconfiguration does not
// undo it.
func (a *Assets) BatchConsumer(ctx context.Context, batch string) (jetstream.Consumer, error) {
	st := a.currentSettings(ctx)
	return a.Jobs.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable:       batch,
		Description:   "the jobs of one balancefarm batch",
		FilterSubject: protocol.BatchJobsFilter(batch),
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       st.AckWait,
		MaxDeliver:    st.MaxDeliver,
		MaxAckPending: st.MaxAckPending,
		Replicas:      st.Replicas,
	})
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
