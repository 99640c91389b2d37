package farm

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"balancefarm/protocol"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/rs/zerolog"
)

// Every metric is listed, with its labels and meaning, in METRICS.md.
// Labels stay bounded: ruleset names, player specs, results and a few
// fixed reasons, never seeds, job or batch ids.

var (
	pliesBuckets    = []float64{5, 10, 20, 40, 60, 80, 100, 150, 200, 300, 500, 1000}
	durationBuckets = prometheus.ExponentialBuckets(0.01, 2.5, 12) // 10ms .. ~10min
	npsBuckets      = prometheus.ExponentialBuckets(1000, 3, 12)   // 1k .. ~177M nodes/s
)

// CoordinatorMetrics are kept by the coordinator from the records it
// collects and from polling the workers consumer.
type CoordinatorMetrics struct {
	GamesCompleted   *prometheus.CounterVec
	GamePlies        *prometheus.HistogramVec
	GameDuration     *prometheus.HistogramVec
	GameNodesPerSec  *prometheus.HistogramVec
	JobsPublished    *prometheus.CounterVec
	JobsWithdrawn    *prometheus.CounterVec
	JobsQueued       prometheus.Gauge
	JobsInFlight     prometheus.Gauge
	JobsRedelivering prometheus.Gauge
	RetriedGames     *prometheus.CounterVec
	DeadLettered     *prometheus.CounterVec
	DuplicateRecords *prometheus.CounterVec
	BatchesActive    prometheus.Gauge
	BatchesDone      prometheus.Counter
	GameEndings      *prometheus.CounterVec
	RulesetViable    *prometheus.GaugeVec
	RecordsRejected  *prometheus.CounterVec
	StreamsRecreated prometheus.Counter
	BatchesCancelled prometheus.Counter

	Audits             *prometheus.CounterVec
	AuditSeconds       *prometheus.CounterVec
	AuditMismatches    *prometheus.CounterVec
	Quarantines        *prometheus.CounterVec
	QuarantineDiscards *prometheus.CounterVec
	// CredentialsQuarantined names the credentials (a few, made by the
	// farm's operator), not the worker ids (any number, chosen by workers).
	CredentialsQuarantined *prometheus.CounterVec
}

// Reasons a record is refused, the values of the reason label of
// balancefarm_records_rejected_total.
const (
	rejectUnknownJob = "unknown_job"
	rejectUnreadable = "unreadable"
	rejectLease      = "lease"
	rejectRecord     = "record"
	rejectVerify     = "verify"
	rejectSeal       = "seal"
	rejectContested  = "contested"
	// A record of a publisher (credential or worker id) that an audit
	// quarantined.
	rejectQuarantined = "quarantined"
)

// NewCoordinatorMetrics registers the coordinator's metrics on reg; a nil
// reg keeps them unregistered (tests that do not read them).
func NewCoordinatorMetrics(reg prometheus.Registerer) *CoordinatorMetrics {
	f := factory{reg}
	return &CoordinatorMetrics{
		GamesCompleted: f.counterVec("balancefarm_games_completed_total",
			"Games recorded, by ruleset, first-mover spec (p0), second-mover spec (p1) and result.",
			"ruleset", "p0", "p1", "result"),
		GamePlies: f.histogramVec("balancefarm_game_plies",
			"Length of recorded games in plies.", pliesBuckets, "ruleset"),
		GameDuration: f.histogramVec("balancefarm_game_duration_seconds",
			"Wall time of recorded games as the worker measured it.", durationBuckets, "ruleset"),
		GameNodesPerSec: f.histogramVec("balancefarm_game_nodes_per_second",
			"Nodes searched per second of game wall time, both players together.", npsBuckets, "ruleset"),
		JobsPublished: f.counterVec("balancefarm_jobs_published_total",
			"Jobs queued (first publication and re-publication of lost jobs).", "ruleset"),
		JobsWithdrawn: f.counterVec("balancefarm_jobs_withdrawn_total",
			"Jobs taken out of the queue, unrecorded, because their pairing stopped before them.", "ruleset"),
		JobsQueued: f.gauge("balancefarm_jobs_queued",
			"Jobs waiting for a worker (workers consumer's pending count)."),
		JobsInFlight: f.gauge("balancefarm_jobs_in_flight",
			"Jobs handed to a worker and not yet acknowledged."),
		JobsRedelivering: f.gauge("balancefarm_jobs_redelivering",
			"Jobs currently on a second or later delivery."),
		RetriedGames: f.counterVec("balancefarm_games_redelivered_total",
			"Recorded games that needed more than one delivery.", "ruleset"),
		DeadLettered: f.counterVec("balancefarm_jobs_dead_lettered_total",
			"Jobs given up as engine failures after their last delivery, by who noticed (worker or advisory).",
			"ruleset", "source"),
		DuplicateRecords: f.counterVec("balancefarm_duplicate_records_total",
			"Records dropped because their job already had one.", "ruleset"),
		BatchesActive: f.gauge("balancefarm_batches_active", "Batches being collected."),
		BatchesDone:   f.counter("balancefarm_batches_completed_total", "Batches with a record for every job."),
		GameEndings: f.counterVec("balancefarm_game_endings_total",
			"Games recorded, by ruleset and the rule that ended them (checkmate, max_plies, ...).", "ruleset", "ending"),
		RulesetViable: f.gaugeVec("balancefarm_ruleset_viable",
			"1 when the ruleset's latest completed measurement was viable, 0 when not.", "ruleset"),
		RecordsRejected: f.counterVec("balancefarm_records_rejected_total",
			"Records refused and never counted, by reason (unknown_job, unreadable, lease, record, verify, seal, contested, quarantined).",
			"ruleset", "reason"),
		StreamsRecreated: f.counter("balancefarm_streams_recreated_total",
			"Times a running batch found the farm's streams gone (a server that lost its store) and made them again."),
		BatchesCancelled: f.counter("balancefarm_batches_cancelled_total", "Batches this process cancelled or saw cancelled."),
		Audits: f.counterVec("balancefarm_audits_total",
			"Results played again from their job to check them.", "ruleset"),
		AuditSeconds: f.counterVec("balancefarm_audit_seconds_total",
			"Wall time spent playing results again.", "ruleset"),
		AuditMismatches: f.counterVec("balancefarm_audit_mismatches_total",
			"Audited results whose game differed from their job's.", "ruleset"),
		Quarantines: f.counterVec("balancefarm_workers_quarantined_total",
			"Worker ids quarantined by a batch after an audit mismatch.", "ruleset"),
		QuarantineDiscards: f.counterVec("balancefarm_quarantined_games_discarded_total",
			"Counted or held games of quarantined workers thrown away and played again.", "ruleset"),
		CredentialsQuarantined: f.counterVec("balancefarm_credentials_quarantined_total",
			"NATS credentials quarantined by a batch after an audit mismatch on a result they published.", "ruleset", "credential"),
	}
}

func (m *CoordinatorMetrics) observeResult(r protocol.Result) {
	m.GamesCompleted.WithLabelValues(r.Ruleset, r.P0, r.P1, r.Result).Inc()
	m.GameEndings.WithLabelValues(r.Ruleset, r.Ending).Inc()
	m.GamePlies.WithLabelValues(r.Ruleset).Observe(float64(r.Plies))
	secs := r.Duration().Seconds()
	m.GameDuration.WithLabelValues(r.Ruleset).Observe(secs)
	if secs > 0 && r.Nodes > 0 {
		m.GameNodesPerSec.WithLabelValues(r.Ruleset).Observe(float64(r.Nodes) / secs)
	}
	if r.Attempt > 1 {
		m.RetriedGames.WithLabelValues(r.Ruleset).Inc()
	}
}

// WorkerMetrics are kept by each worker process.
type WorkerMetrics struct {
	Games         *prometheus.CounterVec
	Failures      *prometheus.CounterVec
	DeadLetters   *prometheus.CounterVec
	Redelivered   *prometheus.CounterVec
	InProgress    prometheus.Gauge
	Nodes         *prometheus.CounterVec
	NodesPerSec   *prometheus.HistogramVec
	GameDuration  *prometheus.HistogramVec
	PublishErrors prometheus.Counter
	Stuck         prometheus.Gauge
	Withdrawn     *prometheus.CounterVec
}

// Failure reasons, the values of the reason label.
const (
	reasonError     = "error"
	reasonPanic     = "panic"
	reasonWallTime  = "wall_time"
	reasonAbandoned = "abandoned"
	reasonBadRecord = "bad_record"
	reasonRuleFile  = "rule_file"
	reasonBadJob    = "bad_job"
	reasonPublish   = "publish"
)

// NewWorkerMetrics registers a worker's metrics on reg (nil: unregistered).
func NewWorkerMetrics(reg prometheus.Registerer) *WorkerMetrics {
	f := factory{reg}
	return &WorkerMetrics{
		Games: f.counterVec("balancefarm_worker_games_total",
			"Games this worker played to the end and recorded, by ruleset and result.", "ruleset", "result"),
		Failures: f.counterVec("balancefarm_worker_engine_errors_total",
			"Failed attempts at a game, by ruleset and reason (error, panic, wall_time, abandoned, bad_record, rule_file, bad_job, publish).",
			"ruleset", "reason"),
		DeadLetters: f.counterVec("balancefarm_worker_dead_letters_total",
			"Jobs this worker dead-lettered on their last delivery.", "ruleset"),
		Redelivered: f.counterVec("balancefarm_worker_redelivered_jobs_total",
			"Jobs this worker received on a second or later delivery.", "ruleset"),
		InProgress: f.gauge("balancefarm_worker_games_in_progress", "Games being played now."),
		Nodes: f.counterVec("balancefarm_worker_nodes_total",
			"Nodes searched in recorded games; rate() of it is the worker's nodes per second.", "ruleset"),
		NodesPerSec: f.histogramVec("balancefarm_worker_nodes_per_second",
			"Nodes per second of each recorded game.", npsBuckets, "ruleset"),
		GameDuration: f.histogramVec("balancefarm_worker_game_duration_seconds",
			"Wall time of each recorded game.", durationBuckets, "ruleset"),
		PublishErrors: f.counter("balancefarm_worker_publish_retries_total",
			"Failed attempts to publish a record (each is retried)."),
		Stuck: f.gauge("balancefarm_worker_games_stuck",
			"Games given up that ignored their cancellation and still run; each holds its slot until it stops."),
		Withdrawn: f.counterVec("balancefarm_worker_games_withdrawn_total",
			"Games stopped unfinished because their job left the queue (its pairing stopped, or its batch is gone).", "ruleset"),
	}
}

// factory builds and registers metrics, ignoring registration when reg is nil.
type factory struct{ reg prometheus.Registerer }

func (f factory) register(c prometheus.Collector) {
	if f.reg != nil {
		f.reg.MustRegister(c)
	}
}

func (f factory) counterVec(name, help string, labels ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
	f.register(c)
	return c
}

func (f factory) counter(name, help string) prometheus.Counter {
	c := prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
	f.register(c)
	return c
}

func (f factory) gauge(name, help string) prometheus.Gauge {
	g := prometheus.NewGauge(prometheus.GaugeOpts{Name: name, Help: help})
	f.register(g)
	return g
}

func (f factory) gaugeVec(name, help string, labels ...string) *prometheus.GaugeVec {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: name, Help: help}, labels)
	f.register(g)
	return g
}

func (f factory) histogramVec(name, help string, buckets []float64, labels ...string) *prometheus.HistogramVec {
	h := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: name, Help: help, Buckets: buckets}, labels)
	f.register(h)
	return h
}

// NewRegistry is a registry with the Go runtime and process collectors, for
// a binary's /metrics.
func NewRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

// ServeMetrics serves reg on addr at /metrics until ctx ends. It returns
// once the listener is bound, so a bad address is reported at start.
func ServeMetrics(ctx context.Context, addr string, reg *prometheus.Registry, log zerolog.Logger) error {
	_, err := ServeMetricsOn(ctx, addr, reg, log)
	return err
}

// ServeMetricsOn is ServeMetrics that also says the address it listens
// on (a free port's, for port 0).
func ServeMetricsOn(ctx context.Context, addr string, reg *prometheus.Registry, log zerolog.Logger) (string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error().Err(err).Msg("metrics server stopped")
		}
	}()
	log.Info().Str("addr", ln.Addr().String()).Msg("serving /metrics")
	return ln.Addr().String(), nil
}
