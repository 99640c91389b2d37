package records

import (
	"bytes"
	"context"
	"testing"
	"time"

	"balancefarm/search"
)

// A game played from an opening book's position carries that position
// in its own FEN (SFEN for shogi) tag, whatever the file's start, and
// reads back to the engine's final position; a game from the file's
// start keeps the file's tags.
func TestBookGamesHaveTheirOwnStart(t *testing.T) {
	for _, tc := range []struct {
		file, startTag string
	}{
		{"rulesets/chess.json", "FEN"},
		{"rulesets/crazyhouse.json", "FEN"},
		{"rulesets/minishogi.json", "SFEN"},
		{"rulesets/xiangqi.json", "FEN"},
		{"rulesets/five-by-five.json", "FEN"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			g := compileFile(t, tc.file)
			results := playGames(t, g, [][2]string{{"ab:d1", "random"}}, 2)
			// The second game as if its first four plies had been a
			// book's line: it starts where they lead.
			book := results[1]
			p := g.NewPosition()
			for _, text := range book.Moves[:4] {
				m, err := p.ParseMove(text)
				if err != nil {
					t.Fatal(err)
				}
				p.Make(m)
			}
			rec, err := search.Play(context.Background(), g, p, "ab:d1", "random", 9, search.Limits{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			book.StartFEN, book.Moves, book.Plies, book.OpeningPlies = p.FEN(), rec.Moves, rec.Plies, rec.OpeningPlies
			book.Result, book.Winner, book.Ending, book.Features = rec.Result, rec.Winner, string(rec.Rule), rec.Features
			results[1] = book
			games := Build(ReplayAll(g, results))
			if games[1].Unreplayed != "" {
				t.Fatalf("the book game does not replay: %s", games[1].Unreplayed)
			}
			meta := MetaFor(g, tc.file, time.Time{})
			var buf bytes.Buffer
			if err := WritePGN(&buf, meta, games); err != nil {
				t.Fatal(err)
			}
			read, err := ReadPGN(&buf)
			if err != nil || len(read) != 2 {
				t.Fatalf("read %d games: %v", len(read), err)
			}
			own := read[1].Tag(tc.startTag)
			if own == "" || own == read[0].Tag(tc.startTag) {
				t.Errorf("the book game's %s tag %q, the other game's %q: want its own start", tc.startTag, own, read[0].Tag(tc.startTag))
			}
			for i := range read {
				final, err := PlayPGN(g, &read[i])
				if err != nil {
					t.Fatalf("game %d: %v", i+1, err)
				}
				if final.FEN() != games[i].FinalFEN {
					t.Errorf("game %d replays to %q, want %q", i+1, final.FEN(), games[i].FinalFEN)
				}
			}
		})
	}
}
