package report

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"balancefarm/stats"
)

// A two-by-two board and a two-ply game, as the records would give them.
func gamesInput(t *testing.T) Input {
	a := analysisOf(t)
	board := &Board{Width: 2, Height: 2, Cells: []Cell{{"a1", 0, 0, false}, {"b1", 1, 0, false}, {"a2", 0, 1, false}, {"b2", 1, 1, true}}}
	start := Frame{"0K", "", "1K", ""}
	game := ExampleGame{Round: 7, White: "ab:d3", Black: "ab:d3", Result: "1-0", Ending: "checkmate", Plies: 2,
		Moves: []string{"Kb1", "Ka1"}, Frames: []Frame{start, {"", "0K", "1K", ""}, {"1K", "0K", "", ""}}}
	var played []GameSummary
	for i := range 10 {
		played = append(played, GameSummary{White: "mcts:i1600", Black: "mcts:i1600", Winner: i % 2, Ending: "checkmate", Plies: 40 + i})
	}
	return Input{Name: "tiny", File: "tiny.json", Wall: 754 * time.Second, Analysis: a, Board: board, Start: start,
		Examples:  []Examples{{Flag: stats.FlagOneSided, Why: "games the first player won", Games: []ExampleGame{game}}},
		GamesFile: "tiny.pgn", Played: played}
}

func TestReportExplainsItself(t *testing.T) {
	r, err := New(gamesInput(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Reasons) == 0 || r.Reasons[0].Flag != stats.FlagOneSided || r.Reasons[0].State != stats.StateRaised {
		t.Fatalf("reasons %+v, want one_sided raised first", r.Reasons)
	}
	if !strings.Contains(r.Reasons[0].Text, "who moves first decides the game") {
		t.Errorf("one_sided reads %q", r.Reasons[0].Text)
	}
	page, err := r.HTML()
	if err != nil {
		t.Fatal(err)
	}
	checkHTML(t, page, 10) // first mover, six plots, the symbols, the start, one example game
	html := string(page)
	for _, want := range []string{
		`<a href="#game-7">7</a>`, `id="game-7"`, `id="board-start"`, `id="board-game-7"`, `href="tiny.pgn"`,
		`id="replay-data"`, `"deltas":[[[0,-1],[1,`, "Game length per rung", `<span class="mv" data-ply="2">Ka1</span>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	// The reasons come before every number.
	if strings.Index(html, "who moves first decides") > strings.Index(html, "Games: ") {
		t.Error("the plain reasons do not open the page")
	}
	doc, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Reasons  []Reason   `json:"reasons"`
		Examples []Examples `json:"examples"`
		Games    string     `json:"games_file"`
	}
	if err := json.Unmarshal(doc, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Examples) != 1 || back.Examples[0].Games[0].Round != 7 || back.Games != "tiny.pgn" || len(back.Reasons) != len(r.Reasons) {
		t.Errorf("json examples %+v, games file %q", back.Examples, back.Games)
	}
	if md := string(r.Markdown()); !strings.Contains(md, "Example games: 7 in [tiny.pgn](tiny.pgn).") {
		t.Errorf("markdown does not link the examples:\n%s", md)
	}
}

// The first mover's score per pairing keeps the colours apart: a pairing
// where each side wins every game it moves first shows 1, not 1/2.
func TestFirstMoverCounts(t *testing.T) {
	for _, c := range []struct {
		name string
		p    stats.Pairing
		want stats.Counts
	}{
		{"each wins moving first", stats.Pairing{Specs: [2]string{"a", "b"}, Sides: []stats.Side{
			{First: "a", Counts: stats.Counts{Wins: 3}}, {First: "b", Counts: stats.Counts{Losses: 3}}}}, stats.Counts{Wins: 6}},
		{"the stronger wins both ways", stats.Pairing{Specs: [2]string{"a", "b"}, Sides: []stats.Side{
			{First: "a", Counts: stats.Counts{Wins: 3}}, {First: "b", Counts: stats.Counts{Wins: 3}}}}, stats.Counts{Wins: 3, Losses: 3}},
		{"mirror", stats.Pairing{Specs: [2]string{"a", "a"}, Mirror: true, Sides: []stats.Side{
			{First: "a", Counts: stats.Counts{Wins: 2, Draws: 1, Losses: 1}}}}, stats.Counts{Wins: 2, Draws: 1, Losses: 1}},
	} {
		if got := firstMoverCounts(c.p); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
