package protocol

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Version is the protocol version written into every job, result and dead
// letter. A worker refuses a job of a version it does not know rather than
// guessing at its fields. Version 2 added the lease (JobIdentity.Lease):
// a version 1 job has none, and a version 2 worker plays it as before.
const Version = 2

// Game results, from the first mover's point of view as in chess notation.
const (
	ResultFirstWins  = "1-0"
	ResultSecondWins = "0-1"
	ResultDraw       = "1/2-1/2"
)

// Winner values: the side that won, or NoWinner for a draw.
const (
	FirstMover  = 0
	SecondMover = 1
	NoWinner    = -1
)

// MaxSeed bounds seeds to 53 bits so that they survive a round trip through
// JSON readers that hold numbers as doubles (dashboards, browsers).
const MaxSeed = 1<<53 - 1

// JobIdentity says which game a job or a result is: the fields a result
// copies from its job, kept once so the two cannot drift.
type JobIdentity struct {
	JobID   string `json:"job_id"`
	BatchID string `json:"batch_id"`
	// Ruleset is the rule file's name (for reports and metric labels);
	// RulesetHash is the hex SHA-256 of the file's bytes, the key the file is
	// fetched by and checked against.
	Ruleset     string `json:"ruleset"`
	RulesetHash string `json:"ruleset_hash"`
	// P0 is the player spec that plays side 0, the first mover; P1 plays
	// side 1.
	P0 string `json:"p0"`
	P1 string `json:"p1"`
	// Seats is, in a game with seats (schema 32), the player spec of each
	// seat in seat order; P0 is then seat 0's player and P1 the other
	// army's (Plan.Seating: seat 1's when the seats alternate). Absent in
	// a game of two players.
	Seats []string `json:"seats,omitempty"`
	Seed  uint64   `json:"seed"`
	// PairID groups the two colour-swapped games that share an opening seed.
	PairID int `json:"pair_id"`
	// Game is the job's index within its batch.
	Game int `json:"game"`
	// Lease names one publication of the job: a nonce and the
	// coordinator's MAC over batch, job and nonce (MakeLease). A record
	// counts only with the lease of a publication of its job, which only
	// whoever pulled that publication has seen; each republication gets a
	// fresh one. Empty in version 1 jobs.
	Lease string `json:"lease,omitempty"`
}

// Job is one game to play. The embedded identity's fields encode at the
// top level, as they did before it was split out.
type Job struct {
	V int `json:"v"`
	JobIdentity
	// Per-game limits; zero means the worker's own limit applies.
	MaxNodes  int64 `json:"max_nodes,omitempty"`
	MaxWallMS int64 `json:"max_wall_ms,omitempty"`
	// Adjudication is the game's resign and draw adjudication; zero is
	// none.
	Adjudication Adjudication `json:"adjudication,omitzero"`
	// StartFEN is the position the game starts from, an opening book's
	// (Plan.Openings), played with no random opening plies; empty is the
	// game's own start and its random opening.
	StartFEN string `json:"start_fen,omitempty"`
}

// Adjudication is cutechess's -resign and -draw for a game; a rule with
// a move count of 0 is off, and the zero value is no adjudication.
type Adjudication struct {
	// A player whose own score is ResignScore centipawns or more below
	// zero for ResignMoveCount consecutive moves of its own loses.
	ResignMoveCount int `json:"resign_move_count,omitempty"`
	ResignScore     int `json:"resign_score,omitempty"`
	// Once DrawMoveNumber full moves are played, a game whose scores
	// were within DrawScore centipawns of zero for DrawMoveCount
	// consecutive moves of each player is drawn.
	DrawMoveNumber int `json:"draw_move_number,omitempty"`
	DrawMoveCount  int `json:"draw_move_count,omitempty"`
	DrawScore      int `json:"draw_score,omitempty"`
}

// Check reports what keeps an adjudication from being one: a negative
// number, or a rule's score or move number without its move count.
func (a Adjudication) Check() error {
	switch {
	case a.ResignMoveCount < 0 || a.ResignScore < 0 || a.DrawMoveNumber < 0 || a.DrawMoveCount < 0 || a.DrawScore < 0:
		return errors.New("adjudication: negative number")
	case a.ResignMoveCount == 0 && a.ResignScore != 0:
		return errors.New("adjudication: resign score without a move count")
	case a.DrawMoveCount == 0 && (a.DrawScore != 0 || a.DrawMoveNumber != 0):
		return errors.New("adjudication: draw score or move number without a move count")
	}
	return nil
}

// Allows reports whether a game under a may end as ending and winner
// say: any ending of the game's own rules, an adjudication only under
// its rule (a resignation won, an adjudicated draw drawn).
func (a Adjudication) Allows(ending string, winner int) bool {
	switch ending {
	case EndingResignAdjudication:
		return a.ResignMoveCount > 0 && winner != NoWinner
	case EndingDrawAdjudication:
		return a.DrawMoveCount > 0 && winner == NoWinner
	}
	return true
}

// MaxFENText is the longest start FEN a job may carry.
const MaxFENText = 1024

// MaxWall is the job's wall-time limit, zero when unset.
func (j Job) MaxWall() time.Duration { return time.Duration(j.MaxWallMS) * time.Millisecond }

// Check reports the first thing wrong with a job as it arrives at a worker.
func (j Job) Check() error {
	switch {
	case j.V < 1 || j.V > Version:
		return fmt.Errorf("job protocol version %d, want 1 to %d", j.V, Version)
	case !IsToken(j.JobID):
		return fmt.Errorf("job id %q is not a subject token", j.JobID)
	case !IsToken(j.BatchID):
		return fmt.Errorf("batch id %q is not a subject token", j.BatchID)
	case !IsHash(j.RulesetHash):
		return fmt.Errorf("ruleset hash %q is not a hex SHA-256", j.RulesetHash)
	case j.P0 == "" || j.P1 == "":
		return errors.New("job names no player for a side")
	case j.Seed > MaxSeed:
		return fmt.Errorf("seed %d exceeds 53 bits", j.Seed)
	case j.MaxNodes < 0 || j.MaxWallMS < 0:
		return errors.New("negative limit")
	case len(j.Lease) > 128 || !printableASCII(j.Lease):
		return errors.New("lease is not printable text")
	case len(j.StartFEN) > MaxFENText || !printable(j.StartFEN):
		return errors.New("start FEN is not short printable text")
	}
	return j.Adjudication.Check()
}

// Result is the record of one played game. The runner fills the game
// fields (Moves through LeadChanges); the worker copies the job's identity
// and adds WorkerID, Attempt and DurationMS.
type Result struct {
	V int `json:"v"`
	JobIdentity

	// Moves are in the position notation's move syntax, one per ply.
	Moves []string `json:"moves"`
	// OpeningPlies are the first plies of Moves, played at random from
	// the seed to vary the games (absent in older records).
	OpeningPlies int `json:"opening_plies,omitempty"`
	// StartFEN is the job's start position when it gave one (Job.StartFEN).
	StartFEN string `json:"start_fen,omitempty"`
	Plies    int    `json:"plies"`
	// Result is "1-0", "0-1" or "1/2-1/2"; Winner is 0, 1 or -1 to match.
	// In a game with seats Winner is the winning team (engine.Game.Team;
	// in a free-for-all the seat), -1 for a draw, and Result is "team N"
	// or "draw".
	Result string `json:"result"`
	Winner int    `json:"winner"`
	// SeatShares is, in a game with seats, each seat's share of the game
	// (engine.Position.SeatResult: summing to 1), and SeatPoints each
	// seat's points in a game scored by points.
	SeatShares []float64 `json:"seat_shares,omitempty"`
	SeatPoints []int     `json:"seat_points,omitempty"`
	// Ending names the rule that ended the game (checkmate, max_plies, ...).
	Ending string `json:"ending"`
	// Nodes is the number of positions both players searched together.
	Nodes int64 `json:"nodes"`
	// Features counts uses of rules during the game (castling, en_passant,
	// ...), filled by the runner.
	Features map[string]int `json:"features,omitempty"`
	// LeadChanges counts how often the material (or score) lead passed from
	// one side to the other.
	LeadChanges int `json:"lead_changes"`
	// DecisivePly is, in a won game, the ply after which the winner stayed
	// decisively ahead by the players' evaluation; 0 when not recorded.
	DecisivePly int `json:"decisive_ply,omitempty"`

	DurationMS int64  `json:"duration_ms"`
	WorkerID   string `json:"worker_id"`
	Attempt    int    `json:"attempt"`
}

// Duration is the game's wall time.
func (r Result) Duration() time.Duration { return time.Duration(r.DurationMS) * time.Millisecond }

// FromJob copies the job's identity into a result.
func (r *Result) FromJob(j Job) {
	r.V = Version
	r.JobIdentity = j.JobIdentity
}

// CheckGame reports the first inconsistency in the game fields a runner
// filled; a runner that returns one is treated as a failed game.
func (r Result) CheckGame() error {
	want, ok := map[string]int{ResultFirstWins: FirstMover, ResultSecondWins: SecondMover, ResultDraw: NoWinner}[r.Result]
	if len(r.Seats) > 0 {
		if err := r.checkSeats(); err != nil {
			return err
		}
		want, ok = r.Winner, r.Result == SeatResult(r.Winner)
	}
	switch {
	case !ok && len(r.Seats) > 0:
		return fmt.Errorf("result %q is not %q", r.Result, SeatResult(r.Winner))
	case !ok:
		return fmt.Errorf("result %q is not 1-0, 0-1 or 1/2-1/2", r.Result)
	case r.Winner != want:
		return fmt.Errorf("winner %d does not match result %s", r.Winner, r.Result)
	case r.Plies < 0 || r.Plies != len(r.Moves):
		return fmt.Errorf("plies %d but %d moves", r.Plies, len(r.Moves))
	case r.OpeningPlies < 0 || r.OpeningPlies > r.Plies:
		return fmt.Errorf("opening plies %d in a game of %d plies", r.OpeningPlies, r.Plies)
	case r.Ending == "":
		return errors.New("no ending rule")
	case r.Nodes < 0 || r.LeadChanges < 0 || r.DecisivePly < 0:
		return errors.New("negative counter")
	case r.DecisivePly > r.Plies || r.Winner == NoWinner && r.DecisivePly != 0:
		return fmt.Errorf("decisive ply %d in a game of %d plies with winner %d", r.DecisivePly, r.Plies, r.Winner)
	}
	return nil
}

// SeatResult is a seated game's Result for its winning team: "team N",
// N from 1, or "draw" for NoWinner.
func SeatResult(winner int) string {
	if winner < 0 {
		return "draw"
	}
	return fmt.Sprintf("team %d", winner+1)
}

// checkSeats checks a seated game's own fields: a winner that can be a
// team (or seat) of its seats, each seat's share in [0, 1] summing to 1,
// and no more points than seats.
func (r Result) checkSeats() error {
	n := len(r.Seats)
	if r.Winner < NoWinner || r.Winner >= n {
		return fmt.Errorf("winner %d in a game of %d seats", r.Winner, n)
	}
	if len(r.SeatShares) != n {
		return fmt.Errorf("%d seat shares for %d seats", len(r.SeatShares), n)
	}
	sum := 0.0
	for s, x := range r.SeatShares {
		if !(x >= 0 && x <= 1) {
			return fmt.Errorf("seat %d's share %g is not in [0, 1]", s+1, x)
		}
		sum += x
	}
	if sum < 1-1e-6 || sum > 1+1e-6 {
		return fmt.Errorf("seat shares sum to %g, not 1", sum)
	}
	if len(r.SeatPoints) > n {
		return fmt.Errorf("%d seat points for %d seats", len(r.SeatPoints), n)
	}
	return nil
}

// DeadLetter reports a job that no worker could finish within the
// consumer's delivery limit: an engine failure, reported once per job.
type DeadLetter struct {
	V   int `json:"v"`
	Job Job `json:"job"`
	// Attempts is how many deliveries the job had.
	Attempts int `json:"attempts"`
	// Error is the last failure a worker saw, or why the coordinator gave up.
	Error    string `json:"error"`
	WorkerID string `json:"worker_id,omitempty"`
	// Source is "worker" when the worker that made the last attempt wrote
	// it, "advisory" when the coordinator wrote it from the server's
	// max-deliveries advisory (the last worker died or went silent), and
	// "coordinator" when the job's record could not be read.
	Source string    `json:"source"`
	At     time.Time `json:"at"`
	// Seal is set on a dead letter a coordinator wrote (SourceAdvisory,
	// SourceCoordinator): Seal over its source, which no worker can make.
	Seal string `json:"seal,omitempty"`
}

// Dead-letter sources.
const (
	SourceWorker      = "worker"
	SourceAdvisory    = "advisory"
	SourceCoordinator = "coordinator"
)

// Subjects. Jobs and records carry the batch and job ids in their subjects
// so a coordinator can ask the server which jobs still wait and which have
// a record, without reading every message.
const (
	jobsPrefix     = "bf.jobs."
	resultsPrefix  = "bf.results."
	deadPrefix     = "bf.dead."
	verdictsPrefix = "bf.verdicts."

	// JobsSubjects is what the jobs stream listens on.
	JobsSubjects = "bf.jobs.>"
	// ResultsSubjects and DeadSubjects are what the results stream listens on.
	ResultsSubjects = "bf.results.>"
	DeadSubjects    = "bf.dead.>"
	// VerdictsSubjects carries the coordinators' sealed verdicts on
	// contested publications; workers may not publish there.
	VerdictsSubjects = "bf.verdicts.>"
)

// Subject kinds, as SplitSubject returns them.
const (
	KindJobs     = "jobs"
	KindResults  = "results"
	KindDead     = "dead"
	KindVerdicts = "verdicts"
)

// JobSubject is where a job is published.
func JobSubject(batch, job string) string { return jobsPrefix + batch + "." + job }

// ResultSubject is where a job's result is published.
func ResultSubject(batch, job string) string { return resultsPrefix + batch + "." + job }

// CredentialResultSubject is where a worker user whose permissions name
// it publishes a job's result: the farm's deployment (deploy/natsauth)
// lets a worker user publish results only under its own name
// (CredentialResultsPermission), so the subject's last token says which
// credential published a record, whatever the record itself says.
func CredentialResultSubject(batch, job, credential string) string {
	return ResultSubject(batch, job) + "." + credential
}

// CredentialResultsPermission is the publish permission that confines
// worker user credential to its own result subjects.
func CredentialResultsPermission(credential string) string {
	return resultsPrefix + "*.*." + credential
}

// CredentialOf returns the credential a publish permission confines
// results to, when it is a CredentialResultsPermission.
func CredentialOf(permission string) (string, bool) {
	name, ok := strings.CutPrefix(permission, resultsPrefix+"*.*.")
	return name, ok && IsToken(name)
}

// DeadSubject is where a job's dead letter is published.
func DeadSubject(batch, job string) string { return deadPrefix + batch + "." + job }

// VerdictSubject is where a coordinator records its verdict on a job.
func VerdictSubject(batch, job string) string { return verdictsPrefix + batch + "." + job }

// JobRecordsFilter matches every record of one job (results, dead letters
// and verdicts) but its results under a credential's subject.
func JobRecordsFilter(batch, job string) string { return "bf.*." + batch + "." + job }

// JobCredentialResultsFilter matches a job's results under every
// credential's subject.
func JobCredentialResultsFilter(batch, job string) string { return ResultSubject(batch, job) + ".*" }

// BatchJobsFilter matches every job subject of a batch.
func BatchJobsFilter(batch string) string { return jobsPrefix + batch + ".*" }

// BatchResultsFilter and BatchDeadFilter match a batch's records.
func BatchResultsFilter(batch string) string { return resultsPrefix + batch + ".*" }

// BatchCredentialResultsFilter matches a batch's results under every
// credential's subject.
func BatchCredentialResultsFilter(batch string) string { return resultsPrefix + batch + ".*.*" }

// BatchDeadFilter matches a batch's dead letters.
func BatchDeadFilter(batch string) string { return deadPrefix + batch + ".*" }

// BatchVerdictsFilter matches a batch's verdicts.
func BatchVerdictsFilter(batch string) string { return verdictsPrefix + batch + ".*" }

// BatchRecordsFilter matches every kind of record of a batch in one
// filter, results under a credential's subject too (and whatever else lies
// beneath a batch's subjects, which SplitRecordSubject refuses).
func BatchRecordsFilter(batch string) string { return "bf.*." + batch + ".>" }

// SplitSubject returns the kind ("jobs", "results", "dead"), batch and job
// of a farm subject.
func SplitSubject(subject string) (kind, batch, job string, ok bool) {
	parts := strings.Split(subject, ".")
	if len(parts) != 4 || parts[0] != "bf" {
		return "", "", "", false
	}
	return parts[1], parts[2], parts[3], true
}

// SplitRecordSubject is SplitSubject for the records stream: it also
// takes a result under a credential's subject (CredentialResultSubject)
// and returns that credential, "" for every other subject.
func SplitRecordSubject(subject string) (kind, batch, job, credential string, ok bool) {
	parts := strings.Split(subject, ".")
	switch {
	case len(parts) == 5 && parts[0] == "bf" && parts[1] == KindResults && IsToken(parts[4]):
		return parts[1], parts[2], parts[3], parts[4], true
	case len(parts) == 4 && parts[0] == "bf":
		return parts[1], parts[2], parts[3], "", true
	}
	return "", "", "", "", false
}

// Message ids for JetStream de-duplication (the Nats-Msg-Id header). Each
// publication of a job has its own lease, and the ids name it, so retries
// of one publication within the duplicate window are dropped by the server
// while a republication (a job lost from the queue, or whose records were
// refused) is never mistaken for a retry.

// JobMsgID is the de-duplication id of one publication of a job.
func JobMsgID(job, lease string) string { return "job:" + job + ":" + LeaseNonce(lease) }

// ResultMsgID is the de-duplication id of a job's result under a lease.
func ResultMsgID(job, lease string) string { return "result:" + job + ":" + LeaseNonce(lease) }

// DeadMsgID is the de-duplication id of a job's dead letter under a lease.
func DeadMsgID(job, lease string) string { return "dead:" + job + ":" + LeaseNonce(lease) }

// VerdictMsgID is the de-duplication id of a coordinator's verdict on one
// publication of a job.
func VerdictMsgID(job, lease string) string { return "verdict:" + job + ":" + LeaseNonce(lease) }

// IsToken reports whether s can stand as one NATS subject token and a
// key-value key: letters, digits, '-' and '_' only.
func IsToken(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for _, c := range s {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
		if !ok {
			return false
		}
	}
	return true
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// HashRuleFile is the content hash a rule file travels under.
func HashRuleFile(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// IsHash reports whether s looks like a HashRuleFile value.
func IsHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

// Marshal encodes a protocol value; these types always encode.
func Marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("protocol: encoding %T: %v", v, err))
	}
	return b
}

// Same reports whether two identities name the same game, field by field.
func (a JobIdentity) Same(b JobIdentity) bool {
	return a.JobID == b.JobID && a.BatchID == b.BatchID && a.Ruleset == b.Ruleset && a.RulesetHash == b.RulesetHash &&
		a.P0 == b.P0 && a.P1 == b.P1 && slices.Equal(a.Seats, b.Seats) && a.Seed == b.Seed &&
		a.PairID == b.PairID && a.Game == b.Game && a.Lease == b.Lease
}

// The endings of a game adjudicated by the match's rules (cutechess's
// -resign and -draw) rather than ended by the game's: a record's replay
// finds the game not over after its moves.
const (
	EndingResignAdjudication = "adjudication_resign"
	EndingDrawAdjudication   = "adjudication_draw"
)

// IsAdjudication reports whether an ending is an adjudication.
func IsAdjudication(ending string) bool {
	return ending == EndingResignAdjudication || ending == EndingDrawAdjudication
}

// EndingTimeForfeit is the ending of a game a player lost on time (a
// player spec's tc= or st= clock, search.TimeControl): the game is not
// over by its rules after its moves, and the winner is the other side.
const EndingTimeForfeit = "time_forfeit"

// TimedSpec reports whether a player spec plays to a clock: one of its
// comma-separated fields is a tc= or st= time control (tc=inf is none).
// A timed game does not replay move for move, so it is not audited.
func TimedSpec(spec string) bool {
	for _, f := range strings.Split(spec, ",")[1:] {
		k, v, _ := strings.Cut(strings.TrimSpace(f), "=")
		if k = strings.ToLower(strings.TrimSpace(k)); k == "st" || (k == "tc" && strings.TrimSpace(v) != "inf") {
			return true
		}
	}
	return false
}

// Timed reports whether either player of the job plays to a clock.
func (j JobIdentity) Timed() bool { return TimedSpec(j.P0) || TimedSpec(j.P1) }
