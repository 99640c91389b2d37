package farm

import (
	"fmt"
	"io"
	"text/tabwriter"

	"balancefarm/protocol"
)

// Tally is the score of one pairing: A and B are its players in the order
// they first appear; wins are counted per player and per side.
type Tally struct {
	A               string  `json:"a"`
	B               string  `json:"b"`
	Games           int     `json:"games"`
	WinsA           int     `json:"wins_a"`
	WinsB           int     `json:"wins_b"`
	Draws           int     `json:"draws"`
	FirstMoverWins  int     `json:"first_mover_wins"`
	SecondMoverWins int     `json:"second_mover_wins"`
	MeanPlies       float64 `json:"mean_plies"`
}

// Tallies scores results pairing by pairing, in the order pairings first
// appear among the results.
func Tallies(results []protocol.Result) []Tally {
	index := map[[2]string]int{}
	var out []Tally
	plies := map[int]int{}
	for _, r := range results {
		key := [2]string{r.P0, r.P1}
		if r.P1 < r.P0 {
			key = [2]string{r.P1, r.P0}
		}
		i, ok := index[key]
		if !ok {
			i = len(out)
			index[key] = i
			out = append(out, Tally{A: r.P0, B: r.P1})
		}
		t := &out[i]
		t.Games++
		plies[i] += r.Plies
		winner := ""
		switch r.Winner {
		case protocol.FirstMover:
			winner = r.P0
			t.FirstMoverWins++
		case protocol.SecondMover:
			winner = r.P1
			t.SecondMoverWins++
		default:
			t.Draws++
		}
		switch winner {
		case t.A:
			t.WinsA++
		case t.B:
			t.WinsB++
		}
	}
	for i := range out {
		out[i].MeanPlies = float64(plies[i]) / float64(out[i].Games)
	}
	return out
}

// WriteTallies prints the per-pairing win/draw/loss table.
func WriteTallies(w io.Writer, results []protocol.Result) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  pairing (A vs B)\tgames\tA wins\tdraws\tB wins\t1st-mover wins\t2nd-mover wins\tmean plies")
	for _, t := range Tallies(results) {
		fmt.Fprintf(tw, "  %s vs %s\t%d\t%d\t%d\t%d\t%d\t%d\t%.1f\n",
			t.A, t.B, t.Games, t.WinsA, t.Draws, t.WinsB, t.FirstMoverWins, t.SecondMoverWins, t.MeanPlies)
	}
	tw.Flush()
}
