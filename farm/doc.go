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
//	BF_JOBS                   work-queue stream on bf.jobs.<batch>.<job>, at most one
//	                          message per job (a second publication is refused);
//	                          Config.JobsMaxBytes, MaxJobBytes a message
//	  <batch>                 one durable pull consumer per batch, named by its id;
//	                          explicit ack, AckWait, MaxDeliver from the farm's settings
//	BF_RESULTS                limits stream on bf.results.<batch>.<job>[.<credential>],
//	                          bf.dead.<batch>.<job> and bf.verdicts.<batch>.<job>; Config.ResultsMaxBytes,
//	                          MaxRecordBytes a message, full: new records refused
//	BF_DEADLETTER_ADVISORIES  work-queue stream capturing
//	                          $JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.BF_JOBS.*
//	  deadletter              the coordinators' durable consumer on it
//	bf_batches                key-value bucket: batch id -> plan, state, owner, heartbeat;
//	                          a 32nd of Config.ResultsMaxBytes (1 MB at least), 1 MB a value
//	bf_rules                  object store: SHA-256 of a rule file -> the file; a 16th of
//	                          Config.ResultsMaxBytes (4 MB at least)
//	bf_farm                   key-value bucket, coordinators only: the farm key and the
//	                          farm's settings; 1 MB
//
// A batch is one rule file played by a ladder of players (protocol.Plan).
// Its id is a MAC of the plan under the farm key (protocol.BatchID): the
// same measurement always has the same id and jobs, which makes restarts
// resumable, and nobody without the key can name a batch before its jobs
// are published. The first coordinator on a farm stores the key and its
// settings (replicas, AckWait, MaxDeliver, MaxAckPending, duplicate
// window) in bf_farm; later coordinators use those, warning when their own
// differ, unless told to -reconfigure. A reconfiguring coordinator stores
// its settings, updates the streams (replicas, duplicate window) and the
// consumer of every batch on the farm, running ones included (AckWait,
// MaxDeliver, MaxAckPending, replicas); a coordinator makes a batch's
// consumer with the settings stored at that moment, never the ones it
// started with, and a game's heartbeat reads its consumer's AckWait again
// every 10 s. Setup removes the single "workers" consumer of earlier
// versions.
//
// # Fair pulling
//
// A worker slot that is free asks every batch consumer, fewest of this
// worker's slots first (ties in turn), for one job with a no-wait pull;
// when none has one, it waits a moment with a pull request open on the
// first of them (the server hands a job to its oldest open request, so a
// client that keeps one open at all times, a quarantined liar's, cannot
// take every job queued again before an idle slot looks). Batches
// therefore share each worker evenly whatever their games cost: a batch of
// slow games holds its share of the slots and no more. A worker lists the batches every half
// second. A game in progress is not interrupted for fairness (a job has
// few deliveries); instead, while one batch holds more than its share, a
// worker plays up to -concurrency extra games for batches below theirs,
// and takes no new job until finished games bring it back to its slots.
// So a new batch gets its share within a second, not after the heavy
// games in progress. The games of a batch whose consumer is gone
// (cancelled, abandoned, complete) are stopped at the next listing, and
// those whose job left the queue (withdrawn: see Sequential batches)
// within a second, a draining worker's too; their jobs are neither
// retried nor dead-lettered.
//
// # One record per game, and only a sound one
//
// A worker pulls one job at a time per slot, fetches the rule file by hash
// from bf_rules (checking the bytes against the hash, and caching them),
// and plays it, sending InProgress heartbeats while the runner reports
// progress, so a long game keeps its job and a stuck one loses it. It
// stores the result under bf.results.<batch>.<job>, or where its
// credentials confine its results to its own name (WorkerConfig.Credential,
// from deploy/natsauth) under bf.results.<batch>.<job>.<credential>, waits
// for the stream's acknowledgement, and only then acks the job. A failed attempt (error,
// panic, wall-time limit, a runner that ignores cancellation, an
// inconsistent record) is nak'd with a delay; on the job's last delivery
// the worker writes a dead letter (bf.dead.<batch>.<job>) and terminates
// the job. A runner that ignores its cancellation keeps its slot until it
// returns, so given-up games never pile up beyond -concurrency. A worker
// that dies holding a job stops heartbeating; the server redelivers the
// job after AckWait, and when the last delivery runs out with no answer it
// emits a max-deliveries advisory, which BF_DEADLETTER_ADVISORIES keeps
// until a coordinator turns it into a sealed dead letter and deletes the
// job.
//
// Every publication of a job carries a lease (protocol.MakeLease): a
// random nonce and its MAC under the farm key, naming that publication
// only; records copy it. Only the worker that pulled a publication reads
// its lease: a pulled job arrives on the puller's inbox, and each worker
// user of a deployment may subscribe only under its own inbox prefix,
// which Connect takes from its credentials (deploy/natsauth). A coordinator refuses (counts in
// balancefarm_records_rejected_total, logs, drops) a record for no job of
// the batch, without a lease of its job, that disagrees with its job or is
// out of range (protocol.Result.CheckFor), that does not replay as a legal
// game ending and counting its features as recorded (Hooks.Verify; measure
// replays through the engine), or that claims to be a coordinator's without its seal. A sound
// record waits until its publication has left the queue, acknowledged,
// and every record the stream holds for the job has been read: a worker
// stores its record before it acks, so by then every answer to that
// publication is known. One answer counts. Two or more (a client that
// answered a job and handed it back, or read another's delivery) are
// contested: none counts, a sealed verdict (bf.verdicts.<batch>.<job>)
// records the ruling for every later run, and the job is published again
// under a fresh lease. Later records of a job that has one are dropped as
// duplicates. A rerun of a complete batch takes the first sound record of
// each publication, as the run that completed it did.
//
// De-duplication happens twice. Every publication carries a Nats-Msg-Id
// naming the job and the lease's nonce (job:, result:, dead:, verdict:),
// so retries of one publication within the stream's duplicate window are
// dropped by the server, while a republication never is, whatever the
// window. Beyond that, the coordinator keeps one record per job as above.
//
// A coordinator reads a batch's records with an ordered consumer from the
// start of the stream, and queues what is neither queued nor recorded. It
// asks the server for the batch's job subjects in BF_JOBS first and its
// record subjects in BF_RESULTS second. The same check runs every
// RecheckInterval, queueing again, under fresh leases, the jobs lost with
// a server, acknowledged without a record, purged, or whose records were
// refused; a job published more than max(4, 2 x MaxDeliver) times by one
// run without a record that counts is given up as a sealed dead letter.
// A coordinator that stops mid-batch and starts again resumes from what
// was recorded.
//
// # Audits, and what a dishonest worker can still do
//
// The checks above make sure a record is a legal game of its job's rule
// file; they cannot see whether the job's players chose its moves. Play
// is deterministic per job (players, seed, node limit), so with an audit
// runner (Hooks.Audit; measure and serve hand the engine's unless replays
// are off) a batch run plays results again and compares the games (see
// audit.go).
//
// Audits judge publishers, not the worker_id a record carries, which
// its worker writes. With the deployment's credentials (deploy/natsauth)
// each worker user may publish results only on
// bf.results.<batch>.<job>.<its name>, and the server refuses any other
// results subject, the plain one and other users' names included; so
// the subject's last token is the credential that published the record,
// whatever the record says. That credential is the publisher. On a farm
// without credentials (the embedded default, local workers) results stay
// on bf.results.<batch>.<job> and the publisher is the record's worker_id:
// anyone on such a farm may publish anything, and nothing binds it.
//
// A batch run audits the first result of every publisher before it
// counts, with that publisher's later results waiting on it; then one in
// 8 chosen by a MAC of the job under the farm key, so a worker cannot
// tell which; one in 2 for a publisher whose first-mover score is 0.2 or
// more from its peers' over at least 8 games each. Audits run on a
// quarter of the coordinator's CPUs, off the loop that collects records;
// a batch does not finish with one in flight. Their cost is about an
// eighth of the games' CPU, plus one game per publisher per batch
// (balancefarm_audit_seconds_total against the games' durations). A game
// that differs quarantines its publisher for the rest of the run: every
// result of it counted or waiting is discarded and its job queued again
// (a sequential pairing's prefix and stop decision go back to before the
// first discarded game), its later records are refused without using up
// the job's publications, its publications are voided by sealed verdicts
// so that no later run counts them, and the outcome, the report
// (audit.quarantined: credential, and the worker id of the record that
// differed) and the metrics name it (balancefarm_credentials_quarantined_total
// by credential, balancefarm_workers_quarantined_total,
// balancefarm_audit_mismatches_total). An audit whose own runner fails
// to play the job says nothing of the worker: its result counts as if
// not sampled.
//
// What a worker credential holder can still do, and what it costs them:
//
//   - Lie from its first game, under any worker ids: its first result is
//     audited before anything of its credential counts, so none of its
//     games ever counts and the run's figures are an honest run's. It
//     costs the farm one audit, and the delay of the jobs it keeps
//     answering (each refused answer queues the job again at once),
//     bounded by its share of the queue's pulls.
//   - It can no longer get another credential's games discarded: worker
//     ids are not trusted, and the server refuses its results under
//     another name. The credentials of the pool ("worker", shared by
//     every replica of a scaled Deployment) are one publisher: one
//     dishonest replica gets them all quarantined for the batch, whose
//     jobs then wait for hosts with credentials of their own: with none,
//     the run stops (ErrOnlyQuarantined, naming the credential) once no
//     other publisher has sent a record for a game's wall limit and two
//     ack waits, and resumes when run again after the pool's secrets are
//     made again. Give hosts you do not trust alike credentials of their
//     own.
//   - Play honestly until its first audit passes, then forge a few
//     games: each is caught with probability 1/8 (1/2 when its scores
//     depart), and one catch discards every game of its credential in the
//     batch, honest ones too. k forged games go unseen with probability
//     (7/8)^k: 51% for 5, under 1% for 37 (the 37 of 62 that once turned
//     chess not_viable). A lie small enough to hide moves a verdict
//     little, and the honest games it played to be trusted were the
//     farm's work done.
//   - Answer jobs and have them refused, or hold them until they time
//     out, or dead-letter them (dead letters are not bound to their
//     publisher): that delays the batch, bounded by its share of the
//     queue. Revoking the credential (gensecrets again without it) ends
//     it.
//   - Quarantine lasts one run of one batch: a rerun or resume audits
//     again from scratch (records already in the stream included, a
//     voided publication never counting again), and other batches do not
//     know of it.
//   - Worker credentials made before results were bound (publishing on
//     bf.results.<batch>.<job>) still work, bound only to the worker_id as
//     on a farm without credentials; make the secrets again to bind them.

// # Streams that vanish, batches cancelled or abandoned
//
// When a recheck finds the farm's streams or buckets gone (a server
// restarted with an empty store), the coordinator logs it at error level,
// counts it (balancefarm_streams_recreated_total), makes every asset
// again (keeping its farm key), puts back the batch's rule file, state and
// consumer, reads the new records stream from its start, and queues again
// every job without a counted record.
//
// A running batch heartbeats in bf_batches every RecheckInterval. Any
// coordinator's WatchDeadLetters abandons a running batch whose heartbeat
// is older than four intervals: its jobs leave the queue and its state
// says abandoned; running the same plan again resumes it. Cancel (and
// coordinator cancel, DELETE on the API) marks a batch cancelled, deletes
// its consumer and purges its jobs; the coordinator running it stops with
// ErrCancelled and purges again whatever it queued meanwhile, and no run
// of the plan resumes it. serve resumes only batches it owns
// (BatchState.Owner), never one a measure run left behind; and since the
// command is part of each plan's salt, two commands on one farm never
// share a batch. In local mode each command keeps its own locked store
// (package local): serve in .balancefarm/serve, measure and regress in
// .balancefarm/measure, a second concurrent run in a sibling of its own.
//
// # Bounded storage, damaged stores
//
// Every stream and bucket has a byte limit, and every stream and
// key-value bucket a message-size limit (the object store's chunks are
// bounded by the server's max_payload); the server reserves each byte
// limit when it makes the stream (so they must fit its max_file_store;
// the defaults, 985 MB in all, fit 1 GB). The buckets' limits follow
// the results stream's, so that a small farm stays small. A record is capped at
// MaxRecordBytes, twice the bound on a record of the longest game a rule
// file allows (10,000 plies of moves of at most 40 bytes); a job at
// MaxJobBytes. A full results stream refuses new records rather than
// drop counted ones, and Setup refuses a limit below what a stream holds
// (the server would delete the oldest messages to meet it). A batch run that still needs records checks every
// two seconds that the stream has room for one more of the longest game,
// and stops with ErrStoreFull ("the results store is full (N bytes of its
// M): ...") when it has not; rerun it once there is room and it resumes.
// A run whose jobs the server refuses for want of room stops likewise.
// A full disk under the server is another matter: the server then fails
// its writes without answering them, so nothing a client sees says why
// records stopped. In local mode the coordinator watches its server's
// disk (Config.StoreRoom): below room for two records of the longest
// game, or once the server complains of no space, the run stops with
// ErrStoreFull naming the disk, and a start on a full disk says so
// instead of opening the store. A remote server's disk is its operator's
// to watch: there a run waits, as on a server that is away.
// Worker users may publish results only on a job's subject under their
// own name and dead letters only on a job's subject; one credential can
// still fill the results stream up to its limit (and then every run stops
// saying so), though its subjects name it.
//
// A damaged store is never waited on. When the records reader has
// delivered nothing for two seconds while the stream counts records of
// the batch it has not delivered, the run asks the store for the next
// record after the last one read; when there is none, the counted records
// are written off (logged at error level) and their games queued again.
// A batch saved complete whose records the store no longer holds in full
// (a truncated block, lost messages, records that no longer decode) is
// reopened: the log compares its saved counts with the records found,
// and the missing games are played again.
//
// # Sequential batches
//
// With a stop function (Hooks), a batch is played pairing by pairing in
// waves of colour-swapped pairs: each open pairing keeps a window of pairs
// published beyond its complete prefix, and each time that prefix grows by
// a pair the stop function (measure uses stats.Decide, an SPRT) says
// whether the pairing needs more. The games counted are always a prefix
// of the pairing's jobs in plan order, so a rerun or a restart stops at
// the same game. When a pairing stops, its published jobs beyond the
// stopping point that have no record are withdrawn: purged from BF_JOBS,
// latest first, so that no worker starts them; a worker playing one sees
// its job gone from the queue (a stream info filtered on the job's
// subject, every second per game in progress, which worker credentials
// allow) and stops the game without a record. The batch ends once every
// pairing has stopped or reached its cap, without waiting for surplus.
// Games that finished before the withdrawal, or on a worker that did not
// hear of it (an older one, or one cut off from the server), are
// collected as Outcome.Surplus, never counted. (Elven chess with the
// default ladder played 20 surplus games to the end before; now none,
// the same 242 games counted, and 689 CPU-s become 666 side by side on a
// loaded machine: the games in flight have mostly been played when their
// pairing stops.) A run that opens a batch
// queues nothing again until the stop rule has seen the records found, so
// a withdrawn job is not mistaken for a lost one; a pairing whose stop is
// undone (an audit discarded a game it was decided on) has its withdrawn
// jobs queued again. The plan's games per pairing is the cap. A deadline
// (Hooks.Deadline; measure -budget's end) stops every pairing still open
// where its prefix stands when it comes, and withdraws the games in
// flight, so the batch ends then rather than at the next completed pair.
// See sequential.go.
//
// # Measurement API (coordinator serve)
//
// The service listens on -addr (default 127.0.0.1:8464); metrics are on
// -metrics-addr (default 127.0.0.1:9464), listed in METRICS.md. Bodies
// and answers are JSON; errors are {"error": "...", "problems": [...]},
// with at most MaxProblems problems and a last line counting the rest.
// With a token (serve -token-file; required beyond loopback) every /v1
// request needs "Authorization: Bearer TOKEN" (401 without), or, to read
// (GET), the session cookie a browser gets once for it. A client
// must send its whole request within -read-timeout (15 s) or is dropped;
// at most -max-conns connections are served at once, and when all are
// open a newcomer takes the place of one idle between requests (or new
// and silent for a second), so idle clients cannot keep requests out.
//
// Accounts: with serve -accounts (instead of -token-file) each token is
// an account's (accounts.go, the file's format in README.md): read lists
// and reads everything and changes nothing; submit posts, lists its own
// measurements, reads any by id and cancels its own; admin does all (the
// one account of -token-file, or of an open API, is an admin). A role
// too small gets 403. Each account's measurements are its own: its name goes
// into their plans' salt (not for -token-file's account, so its ids stay
// as before), and BatchState.Account keeps it across restarts.
//
// Limits (limits.go; serve's flags in brackets) bound what clients hold
// at once; over one a request gets 429 with Retry-After, before anything
// is queued: posts in progress, all accounts (-max-admissions, 16) and
// each (-account-admissions, 4); files compiled at once (-compiles, 2;
// the rest wait up to 20 s), which bounds memory, since refusing a
// hostile 1 MiB file takes up to about 170 MB while it compiles; running
// measurements of one account (-account-measurements, 4); games still
// to play in the running measurements of one account (-account-jobs,
// twice -max-jobs) and of all (-total-jobs, ten times). Workers share
// themselves between running measurements evenly (fair pulling), so an
// account's share of the farm is at most its running measurements over
// all running ones: 200 posts from one account hold 4 and leave another
// account's measurement a fifth of the farm or more. What one account
// can still do: hold its 4 posts open with trickling bodies until
// -read-timeout drops them (other accounts keep the other 12), queue its
// limits' worth of games, and read any measurement whose id it learns.
//
//	GET /
//	    The web page (embedded, self-contained): a form posting a rule file
//	    as multipart/form-data, the measurements with their verdict (state
//	    until then), file, date and ladder, and each measurement's live
//	    view, polling /v1/measurements/{id}/live, with a button that
//	    cancels a running one (DELETE).
//	GET /m/{id}
//	    A measurement's permalink: 303 to its report.html once there is
//	    one, else the page showing that measurement; 404 for an unknown
//	    id. Without the token or its session cookie always the page,
//	    which holds no data and asks the API with the token typed into it.
//	POST /v1/session, DELETE /v1/session
//	    With the bearer token, 204 setting the session cookie (bf_session:
//	    an HMAC of the token, not the token; HttpOnly, SameSite=Strict,
//	    Secure over TLS, gone when the browser closes); the page trades the
//	    token typed into it for one, so that the links it shows (report,
//	    games, results, permalinks) open in the browser. The cookie only
//	    reads: posting and cancelling need the bearer token. DELETE
//	    forgets the cookie.
//	POST /v1/measurements[?players=A,B,C&games=N&seed=S&fresh=1&file=NAME]
//	    Body: the rule file itself, at most engine.MaxRuleFileBytes (1 MiB;
//	    413 beyond), or multipart/form-data with the file in a part named
//	    "file" (its file name is the default NAME) and players, games, seed
//	    and fresh as fields (curl -F file=@rules.json). players (comma-separated specs), games (per pairing,
//	    even; the cap when the service stops pairings early, as measure
//	    does by default) and seed override the service's defaults (400 if
//	    they make a bad plan); fresh=1 measures again instead of reusing an
//	    identical earlier measurement; file names the rule file for the
//	    report (default: the ruleset's name); a NAME that is . or .., holds
//	    / or \ or a control character (NUL, CR, LF, ...), is not UTF-8 or is
//	    longer than 255 bytes gets 400 before the file is admitted, never
//	    cleaned into another name. Before anything is queued the
//	    file is compiled, its start position costed and the players
//	    checked: a file the engine cannot play or that is too expensive to
//	    play (measure.CheckCost), or an unknown player spec, gets 422 with
//	    the lines coordinator measure prints under "problems". A plan of
//	    more than -max-jobs games (default 20,000) gets 400, one over a
//	    limit 429. Answers 202 with the
//	    measurement's summary and a Location header, or 200 with the
//	    existing one when the same measurement was already requested
//	    (unless its run or its report failed: then 202, and it is run
//	    again, its recorded games read back rather than played, and
//	    reported under the NAME given now).
//	GET /v1/measurements
//	    {"measurements": [summary, ...]}, oldest first: a submitter's own,
//	    everyone's for a reader or an admin.
//	GET /v1/measurements/{id}
//	    The summary plus "tallies" (per pairing: games, wins of each
//	    player, draws, first- and second-mover wins, mean plies, updated
//	    as games finish), "engine_failures" (dead letters, each naming the
//	    job with its seed and rule file hash, attempts and last error) and,
//	    once complete, "viable" (also exported as the ruleset_viable
//	    metric). 404 for an unknown id.
//	DELETE /v1/measurements/{id}
//	    Cancels a measurement: its queued jobs are removed, its run stops
//	    and no restart resumes it. Answers the summary (state "cancelled");
//	    409 when it is complete, 404 for an unknown id, 403 for another
//	    account's measurement unless the caller is an admin.
//	GET /v1/measurements/{id}/live
//	    The summary, the verdict once complete, and "pairings": each
//	    pairing's running score from ServiceConfig.Live (measure gives
//	    W-D-L, score, Elo with interval and the stop rule's SPRTs).
//	GET /v1/measurements/{id}/report.html
//	    The report's page (inline, named NAME.html). It links every game
//	    as NAME.pgn, beside it, as measure's report does.
//	GET /v1/measurements/{id}/report
//	    The report document (report/FORMAT.md), as coordinator measure
//	    writes it, a download named NAME.json; also written to serve
//	    -reports DIR as DIR/ID/NAME.json, .md and .html. 404 until the
//	    measurement is complete, 500 with the reason when the report failed.
//	GET /v1/measurements/{id}/games, /v1/measurements/{id}/NAME.pgn
//	    Every game of the measurement as PGN (application/x-chess-pgn;
//	    records/PGN.md), a download named NAME.pgn; also written as
//	    DIR/ID/NAME.pgn. 404 until the report is made.
//	GET /v1/measurements/{id}/games.jsonl, /v1/measurements/{id}/NAME.games.jsonl
//	    The same games as JSON lines (application/x-ndjson; records), a
//	    download named NAME.games.jsonl, as DIR/ID/NAME.games.jsonl.
//	GET /v1/measurements/{id}/results
//	    {"id", "state", "results": [protocol.Result, ...] in game order,
//	    "dead_letters": [...]}; partial while the state is "running".
//	GET /v1/queue
//	    {"queued", "in_flight", "redelivering"} for the whole farm, every
//	    batch's consumer together (KEDA scales workers on "queued").
//	GET /healthz
//	    "ok".
//
// coordinator serve adds POST /v1/repairs, GET /v1/repairs and GET
// /v1/repairs/{id} beside these, with the same token (package repair,
// Service): a repair of a posted file, kept in memory.
//
// A summary is {"id", "ruleset", "ruleset_hash", "file" (as posted),
// "account" (that posted it),
// "state" ("running", "complete", "cancelled" or "failed"), "verdict"
// (once complete), "error", "created", "games", "done", "dead_letters",
// "plan"}. NAME, in the documents' file names, is the report's name. Measurements live in the farm
// (bf_batches, bf_rules, BF_RESULTS): a restarted service lists and
// resumes those it started, except cancelled ones.
package farm
