package search

import (
	"strings"
	"testing"
)

// flipFEN mirrors an orthodox-style FEN (eight ranks, castling and en
// passant fields) top to bottom and swaps the colours and the side to move.
func flipFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		b := []byte(s)
		for i, c := range b {
			switch {
			case c >= 'a' && c <= 'z':
				b[i] = c - 32
			case c >= 'A' && c <= 'Z':
				b[i] = c + 32
			}
		}
		return string(b)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		f[2] = swap(f[2])
	}
	if f[3] != "-" {
		r := f[3][1]
		f[3] = string(f[3][0]) + string('1'+'8'-r)
	}
	return strings.Join(f[:6], " ")
}

// TestEvaluationColourFlip: the same position with the colours swapped
// and the board mirrored is worth the same to the side to move, over
// positions of random play. A term that favoured one colour would tilt
// every equal-strength game, and with it the first mover's score.
func TestEvaluationColourFlip(t *testing.T) {
	for _, file := range []string{"chess.json", "kingofthehill.json", "atomic.json", "horde.json"} {
		t.Run(file, func(t *testing.T) {
			g := loadGame(t, file)
			ev := newEvaluator(tablesFor(g))
			r := newRNG(3)
			checked := 0
			for range 30 {
				p := g.NewPosition()
				for ply := 0; ply < 80 && !p.Outcome().Over; ply++ {
					ms := p.LegalMoves(nil)
					p.Make(ms[r.intn(len(ms))])
					fen := p.FEN()
					q, err := g.ParseFEN(flipFEN(fen))
					if err != nil {
						t.Fatalf("%s flipped to %s: %v", fen, flipFEN(fen), err)
					}
					a, b := ev.evaluate(p, p.SideToMove(), p), ev.evaluate(q, q.SideToMove(), q)
					if a != b {
						t.Fatalf("%s: %d for the side to move; flipped, %s: %d", fen, a, flipFEN(fen), b)
					}
					checked++
				}
			}
			if checked < 500 {
				t.Fatalf("only %d positions checked", checked)
			}
		})
	}
}
