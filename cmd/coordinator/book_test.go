package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"balancefarm/measure"
	"balancefarm/protocol"
	"balancefarm/records"
	"balancefarm/selfplay"
)

// chessBook is a three-line EPD book for chess: an EPD line with its
// operations, a FEN with its move counters, and an EPD line again; a
// comment and a blank line between.
const chessBook = `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id "e4";
# the queen's pawn

rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - bm Nf6; id "Nf3";
`

// chessBookFENs are its positions as the engine writes them.
var chessBookFENs = []string{
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1",
}

func TestParseBookOptions(t *testing.T) {
	tests := []struct {
		words string
		want  bookOptions
		err   string // a substring of the error, "" none
	}{
		{"book.epd", bookOptions{file: "book.epd", format: "epd", order: "sequential"}, ""},
		{"file=book.pgn order=random", bookOptions{file: "book.pgn", format: "pgn", order: "random"}, ""},
		{"file=lines.txt format=pgn plies=8", bookOptions{file: "lines.txt", format: "pgn", order: "sequential", plies: 8}, ""},
		{"book.PGN format=epd", bookOptions{file: "book.PGN", format: "epd", order: "sequential"}, ""},
		{"order=random", bookOptions{}, "needs file=PATH"},
		{"a.epd file=b.epd", bookOptions{}, "two files"},
		{"book.epd format=cdb", bookOptions{}, "format=cdb, want epd or pgn"},
		{"book.epd order=backwards", bookOptions{}, "order=backwards, want sequential or random"},
		{"book.pgn plies=0", bookOptions{}, "plies=0 is not a whole number"},
		{"book.epd plies=4", bookOptions{}, "plies= is for a PGN book"},
		{"book.epd policy=round", bookOptions{}, `unknown key "policy"`},
	}
	for _, tt := range tests {
		t.Run(tt.words, func(t *testing.T) {
			got, err := parseBookOptions(tt.words)
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("error %v, want %q", err, tt.err)
			}
			if err == nil && got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestReadBook(t *testing.T) {
	f, err := measure.Read("../../rulesets/chess.json")
	if err != nil {
		t.Fatal(err)
	}
	// The engine's chess counts the no-progress clock as FIDE does
	// (captures and pawn moves restart it): its FENs' halfmove clocks say so.
	const pgn = `[Event "a"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 *

[Event "b"]
[Result "*"]

1. d4 d5 *
`
	tests := []struct {
		name, file, text string
		plies            int
		want             []string
		err              string // a substring of the error, "" none
	}{
		{"EPD", "book.epd", chessBook, 0, chessBookFENs, ""},
		{"PGN", "book.pgn", pgn, 0, []string{
			"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
			"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"}, ""},
		{"PGN, two plies a game", "book.pgn", pgn, 2, []string{
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
			"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"}, ""},
		{"a line the game cannot read", "bad.epd", chessBook + "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n", 0, nil, "bad.epd:6: "},
		{"a game over", "over.epd", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n", 0, nil, "over.epd:1: the game is over"},
		{"a move the game cannot play", "bad.pgn", pgn + "\n[Event \"c\"]\n\n1. e5 *\n", 0, nil, "bad.pgn: game 3: ply 1 (e5)"},
		{"nothing", "empty.epd", "# none\n", 0, nil, "no positions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			format := "epd"
			if strings.HasSuffix(tt.file, ".pgn") {
				format = "pgn"
			}
			got, err := readBook(f.Game, bookOptions{file: writeFile(t, t.TempDir(), tt.file, tt.text), format: format, plies: tt.plies})
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("error %v, want %q", err, tt.err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("positions\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestBookOrder(t *testing.T) {
	book := []string{"a", "b", "c", "d", "e"}
	if got := bookOrder(book, "sequential", 1, 3); !slices.Equal(got, book[:3]) {
		t.Errorf("sequential, 3 pairs: %v", got)
	}
	if got := bookOrder(book, "sequential", 1, 9); !slices.Equal(got, book) {
		t.Errorf("sequential, more pairs than positions: %v", got)
	}
	shuffled := map[string]bool{}
	for seed := range uint64(8) {
		got := bookOrder(book, "random", seed, 9)
		if again := bookOrder(book, "random", seed, 9); !slices.Equal(got, again) {
			t.Fatalf("seed %d: %v, then %v", seed, got, again)
		}
		if sorted := slices.Sorted(slices.Values(got)); !slices.Equal(sorted, book) {
			t.Fatalf("seed %d: %v is not the book's positions once each", seed, got)
		}
		shuffled[strings.Join(got, "")] = true
	}
	if len(shuffled) < 4 {
		t.Errorf("eight seeds give %d orders: %v", len(shuffled), shuffled)
	}
	if !slices.Equal(book, []string{"a", "b", "c", "d", "e"}) {
		t.Errorf("the book was shuffled in place: %v", book)
	}
}

// Each game of a match with a book starts from its pair's position,
// both colours from it, with no random plies: in order, or in the order
// the seed shuffles; its record replays from that position.
func TestMatchBookGames(t *testing.T) {
	f, err := measure.Read("../../rulesets/chess.json")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../rulesets/chess.json")
	if err != nil {
		t.Fatal(err)
	}
	book, err := readBook(f.Game, bookOptions{file: writeFile(t, t.TempDir(), "book.epd", chessBook), format: "epd"})
	if err != nil {
		t.Fatal(err)
	}
	const pairs = 4 // the fourth plays the first position again
	runner := selfplay.NewRunner()
	for _, order := range []string{"sequential", "random"} {
		t.Run(order, func(t *testing.T) {
			ff := farmFlags{seed: 5, owner: "match"}
			opts := matchOptions{openings: bookOrder(book, order, ff.seed, pairs),
				adjudication: protocol.Adjudication{ResignMoveCount: 3, ResignScore: 600}}
			jobs := matchPlan(f, "ab:d2", "ab:d1", pairs, &ff, opts).Jobs()
			var starts []string
			for i, j := range jobs {
				want := opts.openings[(i/2)%len(opts.openings)]
				if order == "sequential" && want != chessBookFENs[(i/2)%3] {
					t.Fatalf("game %d: sequential order gives %q", i, want)
				}
				res, err := runner.Run(context.Background(), data, j, nil)
				if err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				res.FromJob(j)
				if err := res.CheckFor(j); err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				rp := records.Replay(f.Game, res)
				if rp.Err != nil || rp.StartFEN != want || res.OpeningPlies != 0 {
					t.Errorf("game %d: replay %v from %q after %d random plies; want the start %q and none", i, rp.Err, rp.StartFEN, res.OpeningPlies, want)
				}
				if i%2 == 0 {
					starts = append(starts, rp.StartFEN)
				}
			}
			if order == "random" && slices.Equal(starts[:3], chessBookFENs) {
				t.Errorf("random order plays the book in its order: %q", starts)
			}
		})
	}
}

// The match takes -openings in cutechess's words, and refuses a book
// with a position the game cannot read before playing, naming its line.
func TestMatchOpeningsFlag(t *testing.T) {
	const file = "../../rulesets/chess.json"
	book := writeFile(t, t.TempDir(), "book.epd", chessBook)
	bad := writeFile(t, t.TempDir(), "bad.epd", chessBook+"not a position\n")
	tests := []struct {
		name   string
		flags  []string
		status int
		out    string // in stdout, or in stderr when status is not 0
	}{
		{"the issue's words", []string{"-openings", book, "-resign", "movecount=3", "score=600", "-draw", "movenumber=40", "movecount=8", "score=10"}, 0, "3 pairs"},
		{"random order", []string{"-openings", "file=" + book, "order=random", "-resign", "movecount=3", "score=600"}, 0, "3 pairs"},
		{"a bad line", []string{"-openings", bad}, 1, "bad.epd:6: "},
		{"bad words", []string{"-openings", book, "order=shuffled"}, exitUsage, "order=shuffled, want sequential or random"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"match", "-state", filepath.Join(t.TempDir(), "state"), "-a", "ab:d2", "-b", "ab:d1", "-pairs", "3", "-workers", "1"}, tt.flags...)
			status := dispatch(append(args, file), &stdout, &stderr)
			where := stdout.String()
			if tt.status != 0 {
				where = stderr.String()
			}
			if status != tt.status || !strings.Contains(where, tt.out) {
				t.Fatalf("status %d, want %d with %q\n%s%s", status, tt.status, tt.out, stdout.String(), stderr.String())
			}
			if tt.status != 0 && stdout.Len() > 0 {
				t.Errorf("a refused book, yet the match played:\n%s", stdout.String())
			}
		})
	}
}
