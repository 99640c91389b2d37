package selfplay

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"balancefarm/engine"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/stats"
)

func readRuleset(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../rulesets/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestStartInfo(t *testing.T) {
	tests := []struct {
		file                     string
		capture                  [2]bool
		castling, ep, doubleStep bool
	}{
		{"chess.json", [2]bool{false, false}, true, true, true},
		// The cannons take the horses behind the other side's cannons.
		{"xiangqi.json", [2]bool{true, true}, false, false, false},
		{"five-by-five.json", [2]bool{false, false}, false, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			g, err := engine.Compile(readRuleset(t, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			info := StartInfo(g)
			if info.FirstMoveCapture != tc.capture {
				t.Errorf("first-move captures %v (%v), want %v", info.FirstMoveCapture, info.FirstMoveCaptures, tc.capture)
			}
			if info.UsesCastling != tc.castling || info.UsesEnPassant != tc.ep || info.UsesDoubleStep != tc.doubleStep {
				t.Errorf("castling/en passant/double step %v/%v/%v, want %v/%v/%v",
					info.UsesCastling, info.UsesEnPassant, info.UsesDoubleStep, tc.castling, tc.ep, tc.doubleStep)
			}
		})
	}
}

func TestRunnerPlaysAJob(t *testing.T) {
	data := readRuleset(t, "chess.json")
	job := protocol.Job{JobIdentity: protocol.JobIdentity{JobID: "b-000001", BatchID: "b", Ruleset: "chess", RulesetHash: protocol.HashRuleFile(data),
		P0: "ab:n500", P1: "random", Seed: 7, PairID: 1, Game: 1}}
	r := NewRunner()
	calls := 0
	res, err := r.Run(context.Background(), data, job, func() { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if res.JobID != job.JobID || res.P0 != job.P0 || res.Seed != job.Seed {
		t.Errorf("result does not carry the job: %+v", res)
	}
	if res.Plies != len(res.Moves) || res.Plies == 0 || res.Ending == "" || res.Nodes == 0 {
		t.Errorf("incomplete record: plies %d moves %d ending %q nodes %d", res.Plies, len(res.Moves), res.Ending, res.Nodes)
	}
	if want := map[int]string{0: "1-0", 1: "0-1", -1: "1/2-1/2"}[res.Winner]; res.Result != want {
		t.Errorf("winner %d with result %q", res.Winner, res.Result)
	}
	if res.Features["double_step"] == 0 {
		t.Errorf("a chess game with no double step counted: %v", res.Features)
	}
	// The same job gives the same game.
	again, err := r.Run(context.Background(), data, job, func() {})
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Moves) != len(res.Moves) || again.Ending != res.Ending {
		t.Errorf("replay differs: %d plies (%s) vs %d (%s)", len(again.Moves), again.Ending, len(res.Moves), res.Ending)
	}
	for i := range res.Moves {
		if again.Moves[i] != res.Moves[i] {
			t.Fatalf("replay differs at ply %d: %s vs %s", i+1, again.Moves[i], res.Moves[i])
		}
	}
}

func TestRunnerRefusesBadInput(t *testing.T) {
	r := NewRunner()
	job := protocol.Job{JobIdentity: protocol.JobIdentity{P0: "random", P1: "random", Seed: 1}}
	for name, data := range map[string][]byte{
		"not json": []byte("{"),
		"invalid":  []byte(`{"name": "x"}`),
		// Rounds beside drops: valid, not played yet.
		"unplayable": []byte(strings.Replace(string(readRuleset(t, "simultaneous-skirmish.json")), `"simultaneous": {`, `"drops": {}, "simultaneous": {`, 1)),
		"bad player": readRuleset(t, "chess.json"),
	} {
		j := job
		if name == "bad player" {
			j.P0 = "grandmaster"
		}
		if _, err := r.Run(context.Background(), data, j, func() {}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestAssess(t *testing.T) {
	data := readRuleset(t, "five-by-five.json")
	r := NewRunner()
	var results []protocol.Result
	for pair := 0; pair < 2; pair++ {
		for swap := 0; swap < 2; swap++ {
			p0, p1 := "ab:d2", "random"
			if swap == 1 {
				p0, p1 = p1, p0
			}
			res, err := r.Run(context.Background(), data, protocol.Job{JobIdentity: protocol.JobIdentity{P0: p0, P1: p1, Seed: uint64(pair + 1), PairID: pair}}, func() {})
			if err != nil {
				t.Fatal(err)
			}
			results = append(results, res)
		}
	}
	g, err := engine.Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Assess("rulesets/five-by-five.json", g, nil, results, time.Second, stats.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	rep := a.Report
	if rep.Name != "five-by-five" || rep.SchemaVersion != 29 || rep.Games != 4 || len(rep.Ladder) != 2 || rep.Ladder[0] != "random" {
		t.Errorf("report name %q schema %d games %d ladder %v", rep.Name, rep.SchemaVersion, rep.Games, rep.Ladder)
	}
	// Four games decide little: the verdict may be any of the three.
	if rep.Verdict != stats.Viable && rep.Verdict != stats.NotViable && rep.Verdict != stats.Inconclusive {
		t.Errorf("verdict %q", rep.Verdict)
	}
	if rep.PieceValues != nil || rep.PieceValuesNote == "" {
		t.Errorf("piece values learned from four games with a random player: %+v (%q)", rep.PieceValues, rep.PieceValuesNote)
	}
}

// Piece values learned from searching players' games on orthodox chess
// order the pieces as everyone does: pawn below the minor pieces, below
// the rook, below the queen. It plays 120 games, so it runs only with
// BALANCEFARM_LONG=1.
func TestPieceValuesChess(t *testing.T) {
	if os.Getenv("BALANCEFARM_LONG") != "1" {
		t.Skip("plays 120 games; set BALANCEFARM_LONG=1")
	}
	data := readRuleset(t, "chess.json")
	g, err := engine.Compile(data)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRunner()
	var results []protocol.Result
	for k := range 120 {
		res, err := r.Run(context.Background(), data, protocol.Job{JobIdentity: protocol.JobIdentity{P0: "ab:n2000", P1: "ab:n2000", Seed: uint64(k + 1), PairID: k}}, func() {})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	pv, err := PieceValues(g, records.ReplayAll(g, results))
	if err != nil {
		t.Fatal(err)
	}
	val := map[string]float64{}
	for _, v := range pv.Values {
		val[v.Kind] = v.Value.Est
		t.Logf("%s %.2f (%.2f to %.2f) logit %.3f (%.3f to %.3f)", v.Kind, v.Value.Est, v.Value.Lo, v.Value.Hi, v.Logit.Est, v.Logit.Lo, v.Logit.Hi)
	}
	if pv.Reference != "P" || !(val["P"] < val["N"] && val["P"] < val["B"] && val["N"] < val["R"] && val["B"] < val["R"] && val["R"] < val["Q"]) {
		t.Errorf("reference %s, values %v", pv.Reference, val)
	}
}

// StartInfo says a file with wild pieces has them, and a hazard.
func TestWildPieceStartInfo(t *testing.T) {
	g, err := engine.Compile(readRuleset(t, "wild-knights.json"))
	if err != nil {
		t.Fatal(err)
	}
	if info := StartInfo(g); !info.HasNPCs || !info.HasHazard {
		t.Errorf("StartInfo: HasNPCs %v, HasHazard %v", info.HasNPCs, info.HasHazard)
	}
}

// TestRunnerMissingEngine: a job naming an outside engine this worker
// does not have fails with an error that names the program, which the
// farm retries elsewhere and at last dead-letters; it is never a result.
func TestRunnerMissingEngine(t *testing.T) {
	data := readRuleset(t, "chess.json")
	missing := filepath.Join(t.TempDir(), "fairy-stockfish")
	job := protocol.Job{JobIdentity: protocol.JobIdentity{JobID: "b-000001", BatchID: "b", Ruleset: "chess", RulesetHash: protocol.HashRuleFile(data),
		P0: "uci:" + missing + ",nodes=1000,UCI_Variant=chess", P1: "ab:n500", Seed: 7, PairID: 1, Game: 1}}
	res, err := NewRunner().Run(context.Background(), data, job, func() {})
	if err == nil || !strings.Contains(err.Error(), missing) {
		t.Fatalf("Run = %+v, %v; want an error naming %s", res, err, missing)
	}
}

// The features a worker reports are counted as it plays, and a replay of
// its record on the coordinator counts the same: the check a result must
// pass before it counts.
func TestRunnerFeaturesReplay(t *testing.T) {
	r := NewRunner()
	for _, file := range []string{"chess.json", "wild-knights.json", "five-by-five-portals.json", "lancers.json", "simultaneous-skirmish.json", "crazyhouse.json"} {
		data := readRuleset(t, file)
		g, err := engine.Compile(data)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(2) {
			job := protocol.Job{JobIdentity: protocol.JobIdentity{P0: "ab:d1", P1: "random", Seed: seed + 1}}
			res, err := r.Run(context.Background(), data, job, func() {})
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if len(res.Features) == 0 && !g.PlaysRounds() { // rounds count none
				t.Errorf("%s seed %d: no features", file, seed+1)
			}
			if rp := records.Replay(g, res); rp.Err != nil {
				t.Errorf("%s seed %d: %v", file, seed+1, rp.Err)
			}
		}
	}
}

func TestLadderSeer(t *testing.T) {
	cases := []struct {
		name      string
		specs     []string
		wantRungs []string
		wantSeer  string
		wantErr   string
	}{
		{"no seer", []string{"ab:n3000", "random"}, []string{"random", "ab:n3000"}, "", ""},
		{"seer of the strongest, apart from the rungs", []string{"random", "ab:n3000", "seer:ab:n3000"},
			[]string{"random", "ab:n3000"}, "seer:ab:n3000", ""},
		{"seer of a weaker rung", []string{"random", "ab:n3000", "seer:random"}, nil, "", "must play as the strongest rung"},
		{"two seers", []string{"random", "ab:n3000", "seer:ab:n3000", "seer:random"}, nil, "", "two clairvoyant rungs"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, err := Ladder(c.specs)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(l.Rungs, c.wantRungs) || l.Seer != c.wantSeer {
				t.Errorf("rungs %v seer %q, want %v %q", l.Rungs, l.Seer, c.wantRungs, c.wantSeer)
			}
		})
	}
}

func TestWithSeerOf(t *testing.T) {
	result := func(p0, p1 string) protocol.Result {
		return protocol.Result{JobIdentity: protocol.JobIdentity{P0: p0, P1: p1}}
	}
	ladder := []string{"random", "ab:n3000"}
	withSeer := []string{"random", "ab:n3000", "seer:ab:n3000"}
	cases := []struct {
		name    string
		players []string
		results []protocol.Result
		want    []string
	}{
		{"no clairvoyant games", ladder, []protocol.Result{result("random", "ab:n3000")}, ladder},
		{"clairvoyant games, ladder as asked", ladder, []protocol.Result{result("random", "ab:n3000"), result("random", "seer:ab:n3000")}, withSeer},
		{"clairvoyant games, ladder as planned", withSeer, []protocol.Result{result("seer:ab:n3000", "random")}, withSeer},
	}
	for _, c := range cases {
		if got := withSeerOf(c.players, c.results); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
