// Command dtmg plays uniformly random chess games with the
// github.com/dylhunn/dragontoothmg move generator and reports random games
// per CPU second, under the same game rules as the engine's
// BenchmarkRandomGamesChess:
//
//   - start from the standard initial position; at each ply list the legal
//     moves and pick one with rng.IntN(len(moves)), one rng =
//     rand.New(rand.NewPCG(1, 2)) shared by all games;
//   - the game ends on no legal move (checkmate or stalemate), threefold
//     repetition (the library's Zobrist hash: pieces, side to move,
//     castling rights, en-passant square), 100 plies without a pawn move or
//     capture (the library's Halfmoveclock), or 500 plies played.
//     No insufficient-material rule.
//
// The end conditions are tested in the engine's order (no legal move,
// repetition, no progress, ply limit), on every position, before a move is
// drawn.
package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"syscall"
	"time"

	dt "github.com/dylhunn/dragontoothmg"
)

const (
	maxPlies   = 500
	noProgress = 100
	repeatDraw = 3
)

type tally struct {
	games, plies                                 int
	pliesSq                                      float64
	mate, stalemate, repetition, fifty, maxplies int
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		fmt.Fprintln(os.Stderr, "dtmg: reading CPU time:", err)
		os.Exit(1)
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// repetitions is how many times the last hash in hist occurs in hist,
// counting itself, looking only at every other entry (same side to move).
// hist holds the positions since the last capture or pawn move.
func repetitions(hist []uint64) int {
	n := 1
	h := hist[len(hist)-1]
	for i := len(hist) - 3; i >= 0; i -= 2 {
		if hist[i] == h {
			n++
		}
	}
	return n
}

func play(rng *rand.Rand, t *tally, hist []uint64) []uint64 {
	b := dt.ParseFen(dt.Startpos)
	hist = append(hist[:0], b.Hash())
	ply := 0
	for {
		moves := b.GenerateLegalMoves()
		if len(moves) == 0 {
			if b.OurKingInCheck() {
				t.mate++
			} else {
				t.stalemate++
			}
			break
		}
		if repetitions(hist) >= repeatDraw {
			t.repetition++
			break
		}
		if b.Halfmoveclock >= noProgress {
			t.fifty++
			break
		}
		if ply >= maxPlies {
			t.maxplies++
			break
		}
		b.Apply(moves[rng.IntN(len(moves))])
		ply++
		if b.Halfmoveclock == 0 { // a pawn move or a capture: no earlier position can recur
			hist = hist[:0]
		}
		hist = append(hist, b.Hash())
	}
	t.games++
	t.plies += ply
	t.pliesSq += float64(ply) * float64(ply)
	return hist
}

func main() {
	games := flag.Int("games", 20000, "number of random games to play")
	flag.Parse()

	rng := rand.New(rand.NewPCG(1, 2))
	hist := make([]uint64, 0, 128)
	var t tally

	cpu0 := cpuSeconds()
	wall0 := time.Now()
	for i := 0; i < *games; i++ {
		hist = play(rng, &t, hist)
	}
	wall := time.Since(wall0).Seconds()
	cpu1 := cpuSeconds()
	loop := cpu1 - cpu0

	pg := float64(t.plies) / float64(max(t.games, 1))
	fmt.Printf("library: github.com/dylhunn/dragontoothmg\n")
	fmt.Printf("games: %d\n", t.games)
	fmt.Printf("total plies: %d\n", t.plies)
	fmt.Printf("plies/game: %.2f\n", pg)
	if t.games > 0 {
		sd := math.Sqrt(max(t.pliesSq/float64(t.games)-pg*pg, 0))
		fmt.Printf("plies/game sd: %.1f (standard error of the mean %.2f)\n", sd, sd/math.Sqrt(float64(t.games)))
	}
	fmt.Printf("ends: checkmate %d, stalemate %d, repetition %d, no-progress %d, 500 plies %d\n",
		t.mate, t.stalemate, t.repetition, t.fifty, t.maxplies)
	fmt.Printf("cpu seconds (user+sys, whole process): %.3f\n", cpu1)
	fmt.Printf("cpu seconds (user+sys, game loop only): %.3f\n", loop)
	fmt.Printf("wall seconds (game loop): %.3f\n", wall)
	fmt.Printf("games per cpu second (whole process): %.1f\n", float64(t.games)/cpu1)
	fmt.Printf("games per cpu second (game loop): %.1f\n", float64(t.games)/loop)
}
