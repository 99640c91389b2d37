package search

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
)

// seatSpecs parses one spec string per seat.
func seatSpecs(t testing.TB, specs ...string) []PlayerSpec {
	t.Helper()
	out := make([]PlayerSpec, len(specs))
	for i, s := range specs {
		ps, err := ParseSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = ps
	}
	return out
}

// checkSeatRecord checks what every finished game's record must say: the
// shares sum to one, the winning team's seats hold all of it, every ply is
// written down, and the nodes add up.
func checkSeatRecord(t *testing.T, name string, rec SeatRecord, teamOf func(int) int) {
	t.Helper()
	if len(rec.Moves) != rec.Plies || rec.OpeningPlies > rec.Plies {
		t.Errorf("%s: %d moves, %d plies, %d opening plies", name, len(rec.Moves), rec.Plies, rec.OpeningPlies)
	}
	sum, winners := 0.0, 0.0
	for seat, s := range rec.Shares {
		sum += s
		if rec.Winner >= 0 && teamOf(seat) == rec.Winner {
			winners += s
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("%s: shares %v sum to %v", name, rec.Shares, sum)
	}
	if rec.Winner >= 0 && math.Abs(winners-1) > 1e-9 {
		t.Errorf("%s: team %d won but its seats hold %v of %v", name, rec.Winner, winners, rec.Shares)
	}
	var nodes int64
	for _, n := range rec.SeatNodes {
		nodes += n
	}
	if nodes != rec.Nodes {
		t.Errorf("%s: seats searched %v nodes, %d in all", name, rec.SeatNodes, rec.Nodes)
	}
	if rec.Ending == "" {
		t.Errorf("%s: no ending", name)
	}
}

// TestPlaySeatGameDeterministic plays games of the files with seats twice
// from the same seed and once from another: the same seed must give the
// same game move for move, another seed another game.
func TestPlaySeatGameDeterministic(t *testing.T) {
	for _, tc := range []struct {
		file  string
		specs []string
	}{
		{"four-player-teams.json", []string{"ab:n300", "mcts:i30", "random", "ab:n300"}},
		{"chaturaji.json", []string{"mcts:i30", "ab:n300", "ab:n300", "random"}},
		{"three-player.json", []string{"ab:n300", "random", "mcts:i30"}},
	} {
		g := loadGame(t, tc.file)
		specs := seatSpecs(t, tc.specs...)
		var recs [3]SeatRecord
		for i, seed := range []uint64{7, 7, 8} {
			rec, err := PlaySeatGame(context.Background(), g, specs, seed, Limits{}, nil)
			if err != nil {
				t.Fatalf("%s, seed %d: %v", tc.file, seed, err)
			}
			checkSeatRecord(t, tc.file, rec, g.Team)
			recs[i] = rec
		}
		if !slices.Equal(recs[0].Moves, recs[1].Moves) || !slices.Equal(recs[0].Shares, recs[1].Shares) {
			t.Errorf("%s: seed 7 played two different games:\n%v\n%v", tc.file, recs[0].Moves, recs[1].Moves)
		}
		if slices.Equal(recs[0].Moves, recs[2].Moves) {
			t.Errorf("%s: seeds 7 and 8 played the same game", tc.file)
		}
		if recs[0].OpeningPlies != DefaultOpeningPlies {
			t.Errorf("%s: %d opening plies, want %d", tc.file, recs[0].OpeningPlies, DefaultOpeningPlies)
		}
		t.Logf("%s: %d plies, %s, winner %d, shares %v, points %v", tc.file, recs[0].Plies, recs[0].Ending, recs[0].Winner, recs[0].Shares, recs[0].Points)
	}
}

// TestPlaySeatGameWatch checks the events a seated game reports: one per
// ply, numbered from 1, with the seat that moved and the move as recorded.
func TestPlaySeatGameWatch(t *testing.T) {
	g := loadGame(t, "chaturaji.json")
	var events []MoveEvent
	rec, err := PlaySeatGame(context.Background(), g, seatSpecs(t, "random", "random", "random", "random"), 3,
		Limits{OpeningPlies: 8}, func(ev MoveEvent) { events = append(events, ev) })
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != rec.Plies {
		t.Fatalf("%d events for %d plies", len(events), rec.Plies)
	}
	pos := g.NewPosition()
	for i, ev := range events {
		if ev.Ply != i+1 || ev.Move != rec.Moves[i] || ev.Opening != (i < 8) || ev.Side != pos.SeatToMove() {
			t.Fatalf("event %d: %+v, want ply %d, move %s, seat %d, opening %v", i, ev, i+1, rec.Moves[i], pos.SeatToMove(), i < 8)
		}
		m, err := pos.ParseMove(ev.Move)
		if err != nil {
			t.Fatalf("ply %d: %s: %v", i+1, ev.Move, err)
		}
		pos.Make(m)
	}
	if !pos.Outcome().Over {
		t.Errorf("the recorded moves replayed do not end the game")
	}
}

// TestPlaySeatGameRefuses checks the games and players PlaySeatGame
// refuses, with the reason.
func TestPlaySeatGameRefuses(t *testing.T) {
	teams := loadGame(t, "four-player-teams.json")
	for _, tc := range []struct {
		name  string
		file  string
		specs []string
		want  string
	}{
		{"two players", "chess.json", []string{"random", "random"}, "plays rule files with seats"},
		{"too few players", "four-player-teams.json", []string{"random", "random", "random"}, "3 players for a game of 4 seats"},
		{"an outside engine", "four-player-teams.json", []string{"random", "uci:stockfish", "random", "random"}, "two seats only"},
	} {
		g := teams
		if tc.file != "four-player-teams.json" {
			g = loadGame(t, tc.file)
		}
		_, err := PlaySeatGame(context.Background(), g, seatSpecs(t, tc.specs...), 1, Limits{}, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}
