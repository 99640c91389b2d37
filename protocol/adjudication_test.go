package protocol

import (
	"strings"
	"testing"
)

// A plan without adjudication or openings encodes as before; with them
// it is another batch, whose jobs carry them.
func TestPlanAdjudicationAndOpenings(t *testing.T) {
	plain := testPlan()
	if w := string(Marshal(plain)); strings.Contains(w, "adjudication") || strings.Contains(w, "openings") {
		t.Errorf("a plain plan encodes the new fields: %s", w)
	}
	for _, j := range plain.Jobs() {
		if w := string(Marshal(j)); strings.Contains(w, "adjudication") || strings.Contains(w, "start_fen") {
			t.Fatalf("a plain plan's job encodes the new fields: %s", w)
		}
	}
	adj := Adjudication{ResignMoveCount: 3, ResignScore: 600, DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10}
	p := testPlan()
	p.Adjudication = adj
	p.Openings = []string{"fen one", "fen two", "fen three"}
	p.GamesPerPairing = 8 // four pairs: the fourth plays the first opening again
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	if p.ID() == plain.ID() {
		t.Error("adjudication and openings do not change the batch id")
	}
	for _, j := range p.Jobs() {
		_, k, ok := p.PairingOf(j)
		if !ok {
			t.Fatalf("job %s is not the plan's", j.JobID)
		}
		if want := p.Openings[k%3]; j.StartFEN != want || j.Adjudication != adj {
			t.Errorf("job %s (pair %d of its pairing): start %q, adjudication %+v; want %q, %+v", j.JobID, k, j.StartFEN, j.Adjudication, want, adj)
		}
		if err := j.Check(); err != nil {
			t.Errorf("job %s: %v", j.JobID, err)
		}
	}
}

func TestAdjudicationCheck(t *testing.T) {
	tests := []struct {
		name string
		plan func(*Plan)
		want string // a substring of the plan's error, "" none
	}{
		{"none", func(*Plan) {}, ""},
		{"both", func(p *Plan) {
			p.Adjudication = Adjudication{ResignMoveCount: 3, ResignScore: 600, DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10}
		}, ""},
		{"negative", func(p *Plan) { p.Adjudication.ResignMoveCount, p.Adjudication.ResignScore = 3, -1 }, "negative"},
		{"resign score alone", func(p *Plan) { p.Adjudication.ResignScore = 600 }, "resign score without"},
		{"draw move number alone", func(p *Plan) { p.Adjudication.DrawMoveNumber = 40 }, "draw score or move number without"},
		{"empty opening", func(p *Plan) { p.Openings = []string{"x", ""} }, "opening 2"},
		{"seats with openings", func(p *Plan) { p.Seating, p.Openings = []int{0, 1, 0, 1}, []string{"x"} }, "with seats"},
		{"seats with adjudication", func(p *Plan) {
			p.Seating, p.Adjudication = []int{0, 1, 0, 1}, Adjudication{DrawMoveCount: 2}
		}, "with seats"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPlan()
			tt.plan(&p)
			err := p.Check()
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("Check = %v, want %q", err, tt.want)
			}
		})
	}
}

// A record may end by adjudication only under its job's rule, and
// starts where its job does.
func TestResultCheckForAdjudicationAndStart(t *testing.T) {
	plainJob := testPlan().Jobs()[0]
	ruled := plainJob
	ruled.Adjudication = Adjudication{ResignMoveCount: 3, ResignScore: 600, DrawMoveCount: 8, DrawScore: 10}
	ruled.StartFEN = "a start"
	timedJob := plainJob
	timedJob.P0 += ",st=0.5"
	result := func(j Job, ending string, winner int) Result {
		return Result{V: Version, JobIdentity: j.JobIdentity, Moves: []string{"a2a3"}, Plies: 1, StartFEN: j.StartFEN,
			Result: map[int]string{0: ResultFirstWins, 1: ResultSecondWins, -1: ResultDraw}[winner], Winner: winner, Ending: ending}
	}
	tests := []struct {
		name string
		job  Job
		r    Result
		want string
	}{
		{"a rule of the game, no adjudication", plainJob, result(plainJob, "checkmate", 0), ""},
		{"resigned, asked for", ruled, result(ruled, EndingResignAdjudication, 1), ""},
		{"drawn, asked for", ruled, result(ruled, EndingDrawAdjudication, -1), ""},
		{"resigned, not asked for", plainJob, result(plainJob, EndingResignAdjudication, 1), "does not ask"},
		{"drawn, not asked for", plainJob, result(plainJob, EndingDrawAdjudication, -1), "does not ask"},
		{"resigned without a winner", ruled, result(ruled, EndingResignAdjudication, -1), "does not ask"},
		{"drawn with a winner", ruled, result(ruled, EndingDrawAdjudication, 0), "does not ask"},
		{"lost on time by a timed first player", timedJob, result(timedJob, EndingTimeForfeit, 1), ""},
		{"lost on time by an untimed second player", timedJob, result(timedJob, EndingTimeForfeit, 0), "no clock"},
		{"lost on time, untimed", plainJob, result(plainJob, EndingTimeForfeit, 1), "no clock"},
		{"drawn on time", timedJob, result(timedJob, EndingTimeForfeit, -1), "no clock"},
		{"another start", ruled, func() Result { r := result(ruled, "checkmate", 0); r.StartFEN = ""; return r }(), "start position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.r.CheckFor(tt.job)
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("CheckFor = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestTimedSpec(t *testing.T) {
	for _, c := range []struct {
		spec  string
		timed bool
	}{
		{"ab:n3000", false}, {"ab:n3000,tc=10+0.1", true}, {"mcts,st=1", true}, {"ab:n3000,tc=inf", false},
		{"uci:/sf,nodes=100", false}, {"uci:/sf,Hash=16,tc=40/60", true}, {"uci:/st=1/sf,nodes=5", false},
	} {
		if got := TimedSpec(c.spec); got != c.timed {
			t.Errorf("TimedSpec(%q) = %v, want %v", c.spec, got, c.timed)
		}
	}
	j := JobIdentity{P0: "ab:n3000", P1: "mcts,tc=5"}
	if !j.Timed() {
		t.Errorf("%+v is not timed", j)
	}
}
