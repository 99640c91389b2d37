package protocol

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

var testHash = HashRuleFile([]byte(`{"name":"t"}`))

func testPlan() Plan {
	return Plan{Ruleset: "t", RulesetHash: testHash, Players: []string{"a", "b", "c"}, GamesPerPairing: 4, Seed: 7}
}

func TestPlanCheck(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Plan)
		want   string // substring of the error, "" for valid
	}{
		{"valid", func(*Plan) {}, ""},
		{"one player", func(p *Plan) { p.Players = []string{"a"} }, "at least two players"},
		{"one player against itself", func(p *Plan) { p.Players, p.Mirror, p.MirrorGames = []string{"a"}, "a", 4 }, ""},
		{"one player, no mirror games", func(p *Plan) { p.Players, p.Mirror = []string{"a"}, "b" }, "at least two players"},
		{"duplicate player", func(p *Plan) { p.Players = []string{"a", "a"} }, "listed twice"},
		{"control character", func(p *Plan) { p.Players[0] = "a\nb" }, "control characters"},
		{"odd games", func(p *Plan) { p.GamesPerPairing = 3 }, "even"},
		{"bad hash", func(p *Plan) { p.RulesetHash = "abc" }, "hex SHA-256"},
		{"no name", func(p *Plan) { p.Ruleset = "" }, "no ruleset name"},
		{"big seed", func(p *Plan) { p.Seed = 1 << 60 }, "53 bits"},
		{"too many games", func(p *Plan) { p.GamesPerPairing = MaxJobsPerBatch }, "more than"},
		{"mirror", func(p *Plan) { p.Mirror, p.MirrorGames = "c", 10 }, ""},
		{"mirror not a player", func(p *Plan) { p.Mirror, p.MirrorGames = "d", 10 }, "not among the players"},
		{"odd mirror games", func(p *Plan) { p.Mirror, p.MirrorGames = "c", 5 }, "mirror games must be even"},
		{"mirror games alone", func(p *Plan) { p.MirrorGames = 4 }, "without a mirror player"},
		{"seating", func(p *Plan) { p.Seating = []int{0, 1, 0, 1} }, ""},
		{"seating of one seat", func(p *Plan) { p.Seating = []int{0} }, "want 2 to 8"},
		{"seating of nine seats", func(p *Plan) { p.Seating = []int{0, 1, 0, 1, 0, 1, 0, 1, 0} }, "want 2 to 8"},
		{"seating, seat 0 not first's", func(p *Plan) { p.Seating = []int{1, 0, 1} }, "seat 0 must hold"},
		{"seating, a third army", func(p *Plan) { p.Seating = []int{0, 2, 1} }, "holds army 2"},
		{"seating, one army", func(p *Plan) { p.Seating = []int{0, 0, 0} }, "no seat holds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPlan()
			tt.change(&p)
			err := p.Check()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Check: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Check = %v, want error containing %q", err, tt.want)
			}
		})
	}
}

// TestPlanSeating: a seated plan's jobs name each seat's player by the
// seating, the colour-swapped game rotating the armies; a plan without a
// seating names none.
func TestPlanSeating(t *testing.T) {
	tests := []struct {
		name    string
		seating []int
		want    [][]string // the first pair's two games
	}{
		{"none", nil, [][]string{nil, nil}},
		{"teams alternate", []int{0, 1, 0, 1}, [][]string{{"a", "b", "a", "b"}, {"b", "a", "b", "a"}}},
		{"three seats", []int{0, 1, 1}, [][]string{{"a", "b", "b"}, {"b", "a", "a"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPlan()
			p.Seating = tt.seating
			jobs := p.Jobs()
			for i, want := range tt.want {
				if got := jobs[i].Seats; !reflect.DeepEqual(got, want) {
					t.Errorf("game %d seats %v, want %v", i, got, want)
				}
			}
		})
	}
}

func TestPlanJobs(t *testing.T) {
	p := testPlan()
	jobs := p.Jobs()
	if len(jobs) != 3*4 {
		t.Fatalf("got %d jobs, want 12", len(jobs))
	}
	ids := map[string]bool{}
	pairs := map[int][]Job{}
	for i, j := range jobs {
		if err := j.Check(); err != nil {
			t.Errorf("job %d: %v", i, err)
		}
		if j.Game != i || j.BatchID != p.ID() {
			t.Errorf("job %d: game %d batch %s", i, j.Game, j.BatchID)
		}
		if ids[j.JobID] {
			t.Errorf("job id %s repeated", j.JobID)
		}
		ids[j.JobID] = true
		pairs[j.PairID] = append(pairs[j.PairID], j)
	}
	if len(pairs) != 6 {
		t.Fatalf("got %d pairs, want 6", len(pairs))
	}
	for id, pair := range pairs {
		if len(pair) != 2 {
			t.Fatalf("pair %d has %d games", id, len(pair))
		}
		a, b := pair[0], pair[1]
		if a.Seed != b.Seed || a.P0 != b.P1 || a.P1 != b.P0 || a.P0 == a.P1 {
			t.Errorf("pair %d is not a colour swap on one seed: %+v %+v", id, a, b)
		}
	}
	// Pair k of every pairing plays the same opening; pairs within a pairing differ.
	if jobs[0].Seed != jobs[4].Seed || jobs[0].Seed == jobs[2].Seed {
		t.Errorf("seeds: %d %d %d", jobs[0].Seed, jobs[4].Seed, jobs[2].Seed)
	}
	again := testPlan().Jobs()
	for i := range jobs {
		if !reflect.DeepEqual(jobs[i], again[i]) {
			t.Fatalf("expansion is not deterministic at %d", i)
		}
	}
}

func TestPlanID(t *testing.T) {
	p := testPlan()
	salted := testPlan()
	salted.Salt = "again"
	other := testPlan()
	other.Seed = 8
	if p.ID() != testPlan().ID() {
		t.Error("equal plans have different ids")
	}
	if p.ID() == salted.ID() || p.ID() == other.ID() {
		t.Error("different plans share an id")
	}
	if !IsToken(p.ID()) || !IsToken(JobID(p.ID(), 12)) {
		t.Errorf("ids are not subject tokens: %s", p.ID())
	}
}

func TestResultCheckGame(t *testing.T) {
	good := Result{Moves: []string{"a2a3", "a7a6"}, Plies: 2, Result: ResultDraw, Winner: NoWinner, Ending: "max_plies"}
	tests := []struct {
		name   string
		change func(*Result)
		ok     bool
	}{
		{"valid draw", func(*Result) {}, true},
		{"valid win", func(r *Result) { r.Result, r.Winner = ResultSecondWins, SecondMover }, true},
		{"unknown result", func(r *Result) { r.Result = "1-1" }, false},
		{"winner mismatch", func(r *Result) { r.Winner = FirstMover }, false},
		{"plies mismatch", func(r *Result) { r.Plies = 3 }, false},
		{"no ending", func(r *Result) { r.Ending = "" }, false},
		{"negative nodes", func(r *Result) { r.Nodes = -1 }, false},
		{"seated draw", seated(NoWinner, "draw", 0.5, 0, 0.5), true},
		{"seated win", seated(1, "team 2", 0, 0.5, 0.5), true},
		{"seated, two-player result", seated(1, ResultSecondWins, 0, 0.5, 0.5), false},
		{"seated, wrong team", seated(1, "team 1", 0, 0.5, 0.5), false},
		{"seated, winner out of range", seated(3, "team 4", 0, 0.5, 0.5), false},
		{"seated, shares short", seated(0, "team 1", 1, 0), false},
		{"seated, shares not 1", seated(0, "team 1", 0.5, 0, 0), false},
		{"seated, negative share", seated(0, "team 1", 1.5, -0.5, 0), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := good
			tt.change(&r)
			if err := r.CheckGame(); (err == nil) != tt.ok {
				t.Fatalf("CheckGame = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

// seated makes a result a three-seat game's with the winner, result and
// seat shares given.
func seated(winner int, result string, shares ...float64) func(*Result) {
	return func(r *Result) {
		r.Seats = []string{"a", "b", "a"}
		r.Winner, r.Result, r.SeatShares = winner, result, shares
	}
}

func TestJobCheck(t *testing.T) {
	good := testPlan().Jobs()[0]
	tests := []struct {
		name   string
		change func(*Job)
		ok     bool
	}{
		{"valid", func(*Job) {}, true},
		{"old version", func(j *Job) { j.V = 0 }, false},
		{"dotted id", func(j *Job) { j.JobID = "a.b" }, false},
		{"bad hash", func(j *Job) { j.RulesetHash = strings.ToUpper(j.RulesetHash) }, false},
		{"no player", func(j *Job) { j.P1 = "" }, false},
		{"negative limit", func(j *Job) { j.MaxNodes = -1 }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := good
			tt.change(&j)
			if err := j.Check(); (err == nil) != tt.ok {
				t.Fatalf("Check = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestSubjects(t *testing.T) {
	tests := []struct {
		subject, kind, batch, job string
		ok                        bool
	}{
		{JobSubject("b1", "b1-000001"), "jobs", "b1", "b1-000001", true},
		{ResultSubject("b1", "j"), "results", "b1", "j", true},
		{DeadSubject("b1", "j"), "dead", "b1", "j", true},
		{"bf.jobs.b1", "", "", "", false},
		{"xx.jobs.b1.j", "", "", "", false},
	}
	for _, tt := range tests {
		kind, batch, job, ok := SplitSubject(tt.subject)
		if ok != tt.ok || kind != tt.kind || batch != tt.batch || job != tt.job {
			t.Errorf("SplitSubject(%q) = %q %q %q %v", tt.subject, kind, batch, job, ok)
		}
	}
}

func TestRecordSubjects(t *testing.T) {
	tests := []struct {
		subject, kind, batch, job, credential string
		ok                                    bool
	}{
		{ResultSubject("b1", "j"), "results", "b1", "j", "", true},
		{CredentialResultSubject("b1", "j", "w2"), "results", "b1", "j", "w2", true},
		{DeadSubject("b1", "j"), "dead", "b1", "j", "", true},
		{VerdictSubject("b1", "j"), "verdicts", "b1", "j", "", true},
		{DeadSubject("b1", "j") + ".w2", "", "", "", "", false},     // only results name a credential
		{ResultSubject("b1", "j") + ".w 2", "", "", "", "", false},  // not a token
		{ResultSubject("b1", "j") + ".w2.x", "", "", "", "", false}, // deeper
		{"xx.results.b1.j.w2", "", "", "", "", false},
	}
	for _, tt := range tests {
		kind, batch, job, credential, ok := SplitRecordSubject(tt.subject)
		if ok != tt.ok || kind != tt.kind || batch != tt.batch || job != tt.job || credential != tt.credential {
			t.Errorf("SplitRecordSubject(%q) = %q %q %q %q %v", tt.subject, kind, batch, job, credential, ok)
		}
	}
}

func TestCredentialResultsPermission(t *testing.T) {
	tests := []struct {
		permission, credential string
		ok                     bool
	}{
		{CredentialResultsPermission("w1"), "w1", true},
		{"bf.results.*.*", "", false},
		{"bf.results.*.*.*", "", false},
		{"bf.results.*.*.>", "", false},
		{"bf.dead.*.*.w1", "", false},
	}
	for _, tt := range tests {
		credential, ok := CredentialOf(tt.permission)
		if ok != tt.ok || ok && credential != tt.credential {
			t.Errorf("CredentialOf(%q) = %q %v, want %q %v", tt.permission, credential, ok, tt.credential, tt.ok)
		}
	}
	// The permission lets its user publish exactly on its own subjects.
	subj := CredentialResultSubject("b1", "b1-000001", "w1")
	if got := CredentialResultsPermission("w1"); !subjectMatches(got, subj) || subjectMatches(got, ResultSubject("b1", "b1-000001")) ||
		subjectMatches(got, CredentialResultSubject("b1", "b1-000001", "w2")) {
		t.Errorf("permission %q does not confine worker w1 to %q", got, subj)
	}
}

// subjectMatches is NATS's matching of a subject against a pattern of
// single-token wildcards.
func subjectMatches(pattern, subject string) bool {
	p, s := strings.Split(pattern, "."), strings.Split(subject, ".")
	if len(p) != len(s) {
		return false
	}
	for i := range p {
		if p[i] != "*" && p[i] != s[i] {
			return false
		}
	}
	return true
}

func TestResultRoundTrip(t *testing.T) {
	j := testPlan().Jobs()[3]
	var r Result
	r.FromJob(j)
	r.Moves, r.Plies, r.Result, r.Winner, r.Ending = []string{"x"}, 1, ResultFirstWins, FirstMover, "checkmate"
	r.Features = map[string]int{"castling": 1}
	var back Result
	if err := json.Unmarshal(Marshal(r), &back); err != nil {
		t.Fatal(err)
	}
	if back.JobID != j.JobID || back.Seed != j.Seed || back.Features["castling"] != 1 || back.PairID != j.PairID {
		t.Fatalf("round trip lost fields: %+v", back)
	}
}

func TestSplitPlayers(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"random, ab:n500,mcts:i50,", []string{"random", "ab:n500", "mcts:i50"}},
		{"random,uci:/sf,nodes=2000,UCI_Variant=xiangqi,ab:n3000",
			[]string{"random", "uci:/sf,nodes=2000,UCI_Variant=xiangqi", "ab:n3000"}},
		{"uci:/a,VariantPath=/v:w.ini,uci:/b,depth=3", []string{"uci:/a,VariantPath=/v:w.ini", "uci:/b,depth=3"}},
		// Only a uci spec takes name=value fields; elsewhere they stand
		// alone, for the spec parser to refuse.
		{"ab:n500,nodes=3", []string{"ab:n500", "nodes=3"}},
		// A time control belongs to the spec before it, of any family.
		{"ab:n500,tc=10+0.1,mcts,st=1,uci:/sf,tc=40/60,Hash=16", []string{"ab:n500,tc=10+0.1", "mcts,st=1", "uci:/sf,tc=40/60,Hash=16"}},
		{"", nil},
	}
	for _, tc := range tests {
		if got := SplitPlayers(tc.in); strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("SplitPlayers(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestIdentitySame: identities are the same exactly when every field is,
// the seats' players included.
func TestIdentitySame(t *testing.T) {
	base := JobIdentity{JobID: "j", BatchID: "b", Ruleset: "r", P0: "ab:n1", P1: "ab:n1", Seats: []string{"ab:n1", "ab:n1", "ab:n2"}, Seed: 3}
	cases := []struct {
		name   string
		change func(*JobIdentity)
		same   bool
	}{
		{"unchanged", func(*JobIdentity) {}, true},
		{"a seat's player", func(j *JobIdentity) { j.Seats = []string{"ab:n1", "ab:n2", "ab:n2"} }, false},
		{"a seat fewer", func(j *JobIdentity) { j.Seats = j.Seats[:2] }, false},
		{"the seed", func(j *JobIdentity) { j.Seed++ }, false},
		{"the lease", func(j *JobIdentity) { j.Lease = "x" }, false},
	}
	for _, c := range cases {
		other := base
		other.Seats = append([]string(nil), base.Seats...)
		c.change(&other)
		if got := base.Same(other); got != c.same {
			t.Errorf("%s: Same = %v, want %v", c.name, got, c.same)
		}
	}
}
