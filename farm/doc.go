// Package farm runs balancefarm's self-play games on NATS JetStream: it
// owns the streams and buckets, the coordinator that queues a batch of
// games and collects exactly one record per game, the worker loop that
// plays them, the measurement service behind `coordinator serve` (which
// gets its checks, stop rule and reports from package measure), and the
// metrics, logging and progress display those share. The wire format is
// package protocol; playing a game is a GameRunner, plugged in by name
// (RegisterRunner) so that this package knows nothing of the engine.
//
// # JetStream layout
//
// All names are fixed so that any coordinator and worker on an account
// find one another (see config.go):
//
//	BF_JOBS                   work-queue stream on bf.jobs.<batch>.<job>, one message per game
//	  workers                 the durable pull consumer every worker shares; explicit ack,
//	                          AckWait (default 60s), MaxDeliver (default 4)
//	BF_RESULTS                limits stream on bf.results.<batch>.<job> and bf.dead.<batch>.<job>
//	BF_DEADLETTER_ADVISORIES  work-queue stream capturing
//	                          $JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.BF_JOBS.workers
//	  deadletter              the coordinators' durable consumer on it
//	bf_batches                key-value bucket: batch id -> plan and state
//	bf_rules                  object store: SHA-256 of a rule file -> the file
//
// A batch is one rule file played by a ladder of players (protocol.Plan).
// Its id is a hash of the plan, so the same measurement always has the
// same id and jobs, which is what makes restarts resumable.
//
// # One record per game
//
// A worker pulls one job at a time per slot, fetches the rule file by hash
// from bf_rules (checking the bytes against the hash, and caching them),
// and plays it, sending InProgress heartbeats while the runner reports
// progress, so a long game keeps its job and a stuck one loses it. It
// stores the result under bf.results.<batch>.<job>, waits for the stream's
// acknowledgement, and only then acks the job. A failed attempt (error,
// panic, wall-time limit, a runner that ignores cancellation, an
// inconsistent record) is nak'd with a delay; on the job's last delivery
// the worker writes a dead letter (bf.dead.<batch>.<job>) and terminates
// the job. A worker that dies holding a job stops heartbeating; the server
// redelivers the job after AckWait, and when the last delivery runs out
// with no answer it emits a max-deliveries advisory, which
// BF_DEADLETTER_ADVISORIES keeps until a coordinator turns it into a dead
// letter and deletes the job. A job that crashes or hangs every worker is
// therefore reported once, with its rule file hash and seed, instead of
// looping.
//
// De-duplication happens twice. Every publication carries a Nats-Msg-Id
// (job:<job>, result:<job>, dead:<job>), so retries within the stream's
// duplicate window are dropped by the server. Beyond that, a job played
// twice (a slow worker whose job was redelivered) can leave two records;
// the coordinator keeps the first record of each job in stream order, so
// every run over the same stream reaches the same answer.
//
// A coordinator reads a batch's records with an ordered consumer from the
// start of the stream, and queues what is neither queued nor recorded. It
// asks the server for the batch's job subjects in BF_JOBS first and its
// record subjects in BF_RESULTS second: a worker stores a record before it
// acks the job, so a job that leaves the queue between the two reads is
// already recorded, and none is queued twice or missed. The same check
// runs every RecheckInterval, re-queueing jobs lost with a server. A
// coordinator that stops mid-batch and starts again therefore resumes
// from what was recorded.
//
// # Sequential batches
//
// With a stop function (Hooks), a batch is played pairing by pairing in
// waves of colour-swapped pairs: each open pairing keeps a window of pairs
// published beyond its complete prefix, and each time that prefix grows by
// a pair the stop function (measure uses stats.Decide, an SPRT) says
// whether the pairing needs more. The games counted are always a prefix
// of the pairing's jobs in plan order, so a rerun or a restart stops at
// the same game; pairs already in flight when a pairing stops are still
// collected, as Outcome.Surplus, never lost and never counted. The plan's
// games per pairing is the cap. See sequential.go.
//
// # Measurement API (coordinator serve)
//
// The service listens on -addr (default 127.0.0.1:8464); metrics are on
// -metrics-addr (default 127.0.0.1:9464), listed in METRICS.md. Bodies
// and answers are JSON; errors are {"error": "...", "problems": [...]}.
//
//	POST /v1/measurements[?players=A,B,C&games=N&seed=S&fresh=1&file=NAME]
//	    Body: the rule file itself, at most engine.MaxRuleFileBytes (1 MiB;
//	    413 beyond). players (comma-separated specs), games (per pairing,
//	    even; the cap when the service stops pairings early, as measure
//	    does by default) and seed override the service's defaults (400 if
//	    they make a bad plan); fresh=1 measures again instead of reusing an
//	    identical earlier measurement; file names the rule file for the
//	    report (default: the ruleset's name). Before anything is queued the
//	    file is compiled and the players checked: a file the engine cannot
//	    play, or an unknown player spec, gets 422 with the lines
//	    coordinator measure prints under "problems". Answers 202 with the
//	    measurement's summary and a Location header, or 200 with the
//	    existing one when the same measurement was already requested.
//	GET /v1/measurements
//	    {"measurements": [summary, ...]}, oldest first.
//	GET /v1/measurements/{id}
//	    The summary plus "tallies" (per pairing: games, wins of each
//	    player, draws, first- and second-mover wins, mean plies, updated
//	    as games finish), "engine_failures" (dead letters, each naming the
//	    job with its seed and rule file hash, attempts and last error) and,
//	    once complete, "viable" (also exported as the ruleset_viable
//	    metric). 404 for an unknown id.
//	GET /v1/measurements/{id}/report
//	    The report document (report/FORMAT.md), as coordinator measure
//	    writes it; also written to serve -reports DIR as DIR/ID/NAME.json,
//	    .md and .html. 404 until the measurement is complete, 500 with the
//	    reason when the report failed.
//	GET /v1/measurements/{id}/results
//	    {"id", "state", "results": [protocol.Result, ...] in game order,
//	    "dead_letters": [...]}; partial while the state is "running".
//	GET /v1/queue
//	    {"queued", "in_flight", "redelivering"} for the whole farm.
//	GET /healthz
//	    "ok".
//
// A summary is {"id", "ruleset", "ruleset_hash", "state" ("running",
// "complete" or "failed"), "error", "created", "games", "done",
// "dead_letters", "plan"}. Measurements live in the farm (bf_batches,
// bf_rules, BF_RESULTS): a restarted service lists and resumes them all.
package farm
