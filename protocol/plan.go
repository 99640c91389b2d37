package protocol

import (
	"balancefarm/internal/splitmix"
	"strings"

	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"unicode"
)

// MaxJobsPerBatch bounds a batch so that a typo in a flag cannot queue an
// unbounded amount of work.
const MaxJobsPerBatch = 1_000_000

// Plan is everything that decides a batch's jobs: one rule file played by
// a ladder of players, every pair of distinct players meeting
// GamesPerPairing times. The same plan always expands to the same jobs
// under the same batch id, which is what lets a restarted coordinator pick
// its batch up again.
type Plan struct {
	Ruleset     string   `json:"ruleset"`
	RulesetHash string   `json:"ruleset_hash"`
	Players     []string `json:"players"`
	// GamesPerPairing is even: games come in colour-swapped pairs that share
	// an opening seed.
	GamesPerPairing int    `json:"games_per_pairing"`
	Seed            uint64 `json:"seed"`
	MaxNodes        int64  `json:"max_nodes,omitempty"`
	MaxWallMS       int64  `json:"max_wall_ms,omitempty"`
	// Salt makes an otherwise identical plan a new batch (a deliberate
	// re-measurement); empty to resume whatever was recorded before.
	Salt string `json:"salt,omitempty"`
	// Mirror, when set, is a player (one of Players) that also meets
	// itself, MirrorGames times, after every other pairing: games between
	// equals. Its two games of a pair open from different seeds, since a
	// deterministic player against itself would otherwise play one game
	// twice. Empty in a plan without (and then its ID is as before).
	Mirror      string `json:"mirror,omitempty"`
	MirrorGames int    `json:"mirror_games,omitempty"`
	// Seating, for a game with seats (schema 32), says whose army sits in
	// each seat of a job: 0 the job's P0 (seat 0 is always P0's), 1 its
	// P1. A colour-swapped pair thus rotates the two armies over the
	// seats. Empty for a game of two players (and then the ID is as before).
	Seating []int `json:"seating,omitempty"`
	// Adjudication is the games' resign and draw adjudication (coordinator
	// match's -resign and -draw); zero, the default, is none and leaves
	// the ID as before.
	Adjudication Adjudication `json:"adjudication,omitzero"`
	// Openings, when not empty, are the start positions (FENs) of the
	// pairs: pair k of every pairing plays both its games from
	// Openings[k mod len], with no random opening plies after it. Empty
	// is the game's start and the random openings (and the ID as before).
	Openings []string `json:"openings,omitempty"`
}

// MaxSeats is the most seats a plan's Seating may name.
const MaxSeats = 8

// mirrorSeedBase offsets a mirror pairing's opening seeds from the other
// pairings', so the games between equals open from positions of their own.
const mirrorSeedBase = 1 << 30

// Check reports everything wrong with a plan.
func (p Plan) Check() error {
	var errs []error
	if p.Ruleset == "" {
		errs = append(errs, errors.New("plan has no ruleset name"))
	}
	if !IsHash(p.RulesetHash) {
		errs = append(errs, fmt.Errorf("ruleset hash %q is not a hex SHA-256", p.RulesetHash))
	}
	// One player is a plan of its games against itself alone (a
	// measurement's second phase: the top rung with learned values).
	if len(p.Players) < 2 && !(len(p.Players) == 1 && p.Mirror == p.Players[0]) {
		errs = append(errs, fmt.Errorf("a ladder needs at least two players, got %d", len(p.Players)))
	}
	seen := map[string]bool{}
	for _, pl := range p.Players {
		switch {
		case pl == "":
			errs = append(errs, errors.New("empty player spec"))
		case !printable(pl):
			errs = append(errs, fmt.Errorf("player spec %q has control characters", pl))
		case seen[pl]:
			errs = append(errs, fmt.Errorf("player %q listed twice", pl))
		}
		seen[pl] = true
	}
	if p.GamesPerPairing < 2 || p.GamesPerPairing%2 != 0 {
		errs = append(errs, fmt.Errorf("games per pairing must be even and at least 2, got %d", p.GamesPerPairing))
	}
	if p.Mirror != "" {
		if !seen[p.Mirror] {
			errs = append(errs, fmt.Errorf("mirror player %q is not among the players", p.Mirror))
		}
		if p.MirrorGames < 2 || p.MirrorGames%2 != 0 {
			errs = append(errs, fmt.Errorf("mirror games must be even and at least 2, got %d", p.MirrorGames))
		}
	} else if p.MirrorGames != 0 {
		errs = append(errs, errors.New("mirror games without a mirror player"))
	}
	if err := checkSeating(p.Seating); err != nil {
		errs = append(errs, err)
	}
	if err := p.Adjudication.Check(); err != nil {
		errs = append(errs, err)
	}
	for i, fen := range p.Openings {
		if fen == "" || !printable(fen) || len(fen) > MaxFENText {
			errs = append(errs, fmt.Errorf("opening %d is not a FEN's short printable text", i+1))
			break
		}
	}
	if len(p.Seating) > 0 && (len(p.Openings) > 0 || p.Adjudication != Adjudication{}) {
		errs = append(errs, errors.New("openings or adjudication in a game with seats"))
	}
	if p.Seed > MaxSeed {
		errs = append(errs, fmt.Errorf("seed %d exceeds 53 bits", p.Seed))
	}
	if p.MaxNodes < 0 || p.MaxWallMS < 0 {
		errs = append(errs, errors.New("negative limit"))
	}
	if n := len(p.Players); n >= 2 && p.GamesPerPairing > 0 && n*(n-1)/2 > (MaxJobsPerBatch-max(p.MirrorGames, 0))/p.GamesPerPairing {
		errs = append(errs, fmt.Errorf("plan has more than %d games", MaxJobsPerBatch))
	}
	return errors.Join(errs...)
}

// checkSeating reports what keeps a seating from seating two armies:
// 2 to MaxSeats seats, each army 0 or 1, seat 0 army 0's, both armies
// seated. Empty is a game of two players.
func checkSeating(seating []int) error {
	if len(seating) == 0 {
		return nil
	}
	if len(seating) < 2 || len(seating) > MaxSeats {
		return fmt.Errorf("seating of %d seats, want 2 to %d", len(seating), MaxSeats)
	}
	if seating[0] != 0 {
		return errors.New("seating: seat 0 must hold the first-named player's army")
	}
	both := false
	for s, a := range seating {
		if a != 0 && a != 1 {
			return fmt.Errorf("seating: seat %d holds army %d, want 0 or 1", s, a)
		}
		both = both || a == 1
	}
	if !both {
		return errors.New("seating: no seat holds the second-named player's army")
	}
	return nil
}

func printable(s string) bool {
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return false
		}
	}
	return true
}

// ID is a hash of the whole plan, so equal plans share it. Anyone who
// knows the plan can compute it; the farm names batches by BatchID, a MAC
// under its key, instead.
func (p Plan) ID() string {
	sum := sha256.Sum256(Marshal(p))
	return "b" + hex.EncodeToString(sum[:10])
}

// Pairing is two players who meet in a batch, in ladder order.
type Pairing struct{ A, B string }

// Pairings lists every pair of distinct players, in ladder order, then
// the mirror pairing when the plan has one.
func (p Plan) Pairings() []Pairing {
	var out []Pairing
	for i := range p.Players {
		for j := i + 1; j < len(p.Players); j++ {
			out = append(out, Pairing{p.Players[i], p.Players[j]})
		}
	}
	if p.Mirror != "" {
		out = append(out, Pairing{p.Mirror, p.Mirror})
	}
	return out
}

// distinctPairings is the number of pairings of two different players.
func (p Plan) distinctPairings() int {
	n := len(p.Players)
	return n * (n - 1) / 2
}

// Jobs expands the plan under its ID (see JobsFor).
func (p Plan) Jobs() []Job { return p.JobsFor(p.ID()) }

// JobsFor expands the plan as batch id. For each pairing (A, B) and each k below
// GamesPerPairing/2 there are two games on opening seed k: A moving first,
// then B moving first. Seed k is the same for every pairing so that all
// pairings meet the same openings.
func (p Plan) JobsFor(id string) []Job {
	half := p.GamesPerPairing / 2
	seeds := make([]uint64, half)
	for k := range seeds {
		seeds[k] = pairSeed(p.Seed, p.RulesetHash, k)
	}
	var jobs []Job
	add := func(pair, side int, p0, p1 string, seed uint64) {
		game := 2*pair + side
		jobs = append(jobs, Job{
			V: Version,
			JobIdentity: JobIdentity{
				JobID: JobID(id, game), BatchID: id,
				Ruleset: p.Ruleset, RulesetHash: p.RulesetHash,
				P0: p0, P1: p1, Seats: seatsOf(p.Seating, p0, p1),
				Seed: seed, PairID: pair, Game: game,
			},
			MaxNodes: p.MaxNodes, MaxWallMS: p.MaxWallMS,
			Adjudication: p.Adjudication, StartFEN: p.openingOf(pair),
		})
	}
	distinct := p.Pairings()[:p.distinctPairings()]
	for pi, pr := range distinct {
		for k := range half {
			pair := pi*half + k
			add(pair, 0, pr.A, pr.B, seeds[k])
			add(pair, 1, pr.B, pr.A, seeds[k])
		}
	}
	if p.Mirror != "" {
		base := len(distinct) * half
		for k := range p.MirrorGames / 2 {
			for side := range 2 {
				add(base+k, side, p.Mirror, p.Mirror, pairSeed(p.Seed, p.RulesetHash, mirrorSeedBase+2*k+side))
			}
		}
	}
	return jobs
}

// openingOf is the start FEN of a batch's pair (its index among the
// batch's pairs): the plan's opening for the pair's index within its
// pairing, "" without openings.
func (p Plan) openingOf(pair int) string {
	if len(p.Openings) == 0 {
		return ""
	}
	k := pair
	if _, within, ok := p.PairingOf(Job{JobIdentity: JobIdentity{PairID: pair}}); ok {
		k = within
	}
	return p.Openings[k%len(p.Openings)]
}

// seatsOf is each seat's player under a seating, nil without one.
func seatsOf(seating []int, p0, p1 string) []string {
	if len(seating) == 0 {
		return nil
	}
	out := make([]string, len(seating))
	for s, a := range seating {
		out[s] = [2]string{p0, p1}[a]
	}
	return out
}

// JobID names game number game of a batch.
func JobID(batch string, game int) string { return fmt.Sprintf("%s-%06d", batch, game) }

// pairSeed mixes the plan seed, the rule file and the pair index with
// splitmix64 so that neighbouring indices give unrelated seeds.
func pairSeed(seed uint64, rulesetHash string, k int) uint64 {
	h, _ := hex.DecodeString(rulesetHash)
	var salt uint64
	if len(h) >= 8 {
		salt = binary.BigEndian.Uint64(h)
	}
	return splitmix.Mix(seed^salt+uint64(k)*splitmix.Gamma) & MaxSeed
}

// PairingOf places a job in the plan's order of play: the index of its
// pairing in Pairings and the index of its colour-swapped pair within that
// pairing (pair k of a pairing is played on opening seed k). A sequential
// batch plays each pairing's pairs in this order, so the games a stopped
// pairing played are always a prefix of its jobs. ok is false for a job
// this plan does not expand to.
func (p Plan) PairingOf(j Job) (pairing, pair int, ok bool) {
	half := p.GamesPerPairing / 2
	base := half * p.distinctPairings()
	switch {
	case half < 1 || j.PairID < 0:
		return 0, 0, false
	case j.PairID < base:
		return j.PairID / half, j.PairID % half, true
	case p.Mirror != "" && j.PairID < base+p.MirrorGames/2:
		return p.distinctPairings(), j.PairID - base, true
	}
	return 0, 0, false
}

// SplitPlayers reads a comma-separated ladder ("random,ab:n500,...").
// An outside engine's spec has commas of its own
// ("uci:/usr/bin/fairy-stockfish,nodes=20000,UCI_Variant=xiangqi"): after
// a uci: spec, a field of the form name=value with no ':' before its '='
// belongs to it, not to a new player; so does a time control, tc= or
// st=, after a spec of any family ("ab:n3000,tc=10+0.1").
func SplitPlayers(list string) []string {
	var out []string
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		name, _, isOption := strings.Cut(f, "=")
		clockField := name == "tc" || name == "st" // a time control belongs to the spec before it, whatever its family
		if n := len(out); n > 0 && isOption && !strings.Contains(name, ":") && (strings.HasPrefix(out[n-1], "uci:") || clockField) {
			out[n-1] += "," + f
			continue
		}
		out = append(out, f)
	}
	return out
}
