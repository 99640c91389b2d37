package search

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"balancefarm/engine"
	"balancefarm/engine/rules"
)

// chessWithRepetition is orthodox chess with rules.repetition_draw set.
func chessWithRepetition(t *testing.T, rep any) *engine.Game {
	t.Helper()
	return chessEdited(t, func(doc map[string]any) {
		doc["rules"].(map[string]any)["repetition_draw"] = rep
	})
}

// chessEdited loads rulesets/chess.json as edit leaves its JSON document.
func chessEdited(t *testing.T, edit func(doc map[string]any)) *engine.Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "rulesets", "chess.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	edit(doc)
	if data, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	spec, problems := rules.Parse(data)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	g, err := engine.Load(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A position met before is scored as a draw below the root, where
// repetition draws and the technique is on; otherwise it is searched like
// the same position reached without the detour.
func TestRepetitionScoredAsDraw(t *testing.T) {
	direct := []string{"e2e4", "g8f6", "b1c3", "f6g8"}
	detour := append(append([]string{}, direct...), "c3b1", "g8f6", "b1c3", "f6g8")
	cases := []struct {
		name     string
		rep      any
		off      int
		wantDraw bool
	}{
		{"threefold draws", 3, 0, true},
		{"twofold draws", 2, 0, true},
		{"technique off", 3, TechRepetition, false},
		{"repetition never draws", "never", 0, false},
	}
	for _, c := range cases {
		g := chessWithRepetition(t, c.rep)
		score := func(moves []string) int {
			pos := g.NewPosition()
			for _, mv := range moves {
				m, err := pos.ParseMove(mv)
				if err != nil {
					t.Fatal(err)
				}
				pos.Make(m)
			}
			s := newABSearch[engine.Move, enginePos](tablesFor(g), PlayerSpec{Family: FamilyAB, Nodes: 100000, Off: c.off}, 1)
			ep := enginePos{pos}
			s.begin(context.Background(), ep, 1<<40, true)
			return s.negamax(ep, 2, 1, -scoreInf, scoreInf)
		}
		fresh, again := score(direct), score(detour)
		if fresh == 0 {
			t.Fatalf("%s: the position scores 0 without a repetition; the test needs one that does not", c.name)
		}
		switch {
		case c.wantDraw && again != 0:
			t.Errorf("%s: repeated position scores %d, want 0 (a draw)", c.name, again)
		case !c.wantDraw && again != fresh:
			t.Errorf("%s: repeated position scores %d, want %d as without the detour", c.name, again, fresh)
		}
	}
}

// Where stepping off a goal square wins (Jeson Mor), quiescence reads a
// piece on the goal: its owner to move wins, and the other side loses
// unless a capture answers it.
func TestLeaveGoalInQuiescence(t *testing.T) {
	g := loadGame(t, "jesonmor.json")
	cases := []struct {
		name, fen string
		want      int // +1 won for the side to move, -1 lost, 0 neither
	}{
		{"own knight on e5, to move", "n8/9/9/9/4N4/9/9/9/9 w - - 0 1", +1},
		{"enemy knight on e5, no capture", "N8/9/9/9/4n4/9/9/9/9 w - - 0 1", -1},
		{"enemy knight on e5, taken and held", "9/9/9/9/4n4/9/3N5/9/8n w - - 0 1", +1},
		{"enemy knight on e5, taken and retaken", "9/9/5n3/9/4n4/9/3N5/9/9 w - - 0 1", -1},
		{"nobody on e5", "n8/9/9/9/9/9/9/9/8N w - - 0 1", 0},
	}
	for _, c := range cases {
		for _, off := range []int{0, TechLeaveGoal} {
			pos, err := g.ParseFEN(c.fen)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			s := newABSearch[engine.Move, enginePos](tablesFor(g), PlayerSpec{Family: FamilyAB, Nodes: 100000, Off: off}, 1)
			ep := enginePos{pos}
			s.begin(context.Background(), ep, 1<<40, true)
			v := s.quiesce(ep, 0, 0, -scoreInf, scoreInf)
			got := 0
			switch {
			case v >= scoreWinMin:
				got = 1
			case v <= -scoreWinMin:
				got = -1
			}
			want := c.want
			if off != 0 {
				want = 0 // without the technique quiescence sees no win
			}
			if got != want {
				t.Errorf("%s, techniques off %d: quiescence %d, want %+d", c.name, off, v, want)
			}
		}
	}
}
