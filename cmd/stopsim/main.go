// Command stopsim replays a sequential measurement's stop rule over the
// games a finished measurement recorded (NAME.games.jsonl, written by
// coordinator measure -out), to price a change of the rule without
// playing again: the games a stop rule lets a pairing play are a prefix,
// in schedule order, of the games the same seed plays without it.
//
//	stopsim [-precision 0.07] [-games 40] FILE.games.jsonl ...
//
// For each pairing it prints the games and search nodes (both players'
// together, the CPU's proxy) the recorded run played, and where the rule
// before issue 37 (the mirror games wait for ±precision) and the rule with
// stats.Thresholds.FlagsOnly would each stop; then the verdict, its flags
// and the equal-strength intervals read from each rule's games
// (stats.Analyze), so that a change in the verdict's figures shows. A
// pairing a rule would not have stopped within the record is marked "+"
// (the record ran out first: the rule plays at least that many).
// Records of games with seats are refused: their equal-strength games
// stop by seat (measure.SeatedStop), which this does not replay.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"slices"
	"strconv"

	"balancefarm/records"
	"balancefarm/selfplay"
	"balancefarm/stats"
)

func main() {
	precision := flag.Float64("precision", 0.07, "the measurement's -precision (0.12 for -quick)")
	games := flag.Int("games", 40, "the measurement's -games (6 for -quick)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: stopsim [-precision P] [-games N] FILE.games.jsonl ...")
		os.Exit(2)
	}
	for _, path := range flag.Args() {
		if err := simulate(os.Stdout, path, *precision, *games); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", path, err)
			os.Exit(1)
		}
	}
}

// readGames reads a games.jsonl file, in round order.
func readGames(path string) ([]records.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []records.Game
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var g records.Game
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return nil, fmt.Errorf("line %d: %w", len(out)+1, err)
		}
		if len(g.Seats) > 0 {
			return nil, fmt.Errorf("a game with seats: its equal-strength games stop by seat, which stopsim does not replay")
		}
		out = append(out, g)
	}
	slices.SortStableFunc(out, func(a, b records.Game) int { return a.Round - b.Round })
	return out, sc.Err()
}

// statsGame is a record as the stats read it. The line hash is the
// players' and moves' (as selfplay hashes a result), so repeated games are
// told apart as the measurement told them.
func statsGame(r records.Game) stats.Game {
	h := fnv.New64a()
	h.Write([]byte(r.White + "\x00" + r.Black))
	for _, m := range r.Moves {
		h.Write([]byte{0})
		h.Write([]byte(m))
	}
	return stats.Game{P0: r.White, P1: r.Black, PairID: strconv.Itoa(r.PairID), Seed: r.Seed, Winner: r.Winner,
		Rule: r.Ending, Plies: r.Plies, Nodes: r.Nodes, Line: h.Sum64()}
}

// pairing is one pairing's recorded games, in schedule order.
type pairing struct {
	a, b  string
	games []stats.Game
}

func pairingsOf(games []records.Game) []*pairing {
	var out []*pairing
	by := map[[2]string]*pairing{}
	for _, r := range games {
		key := [2]string{min(r.White, r.Black), max(r.White, r.Black)}
		p := by[key]
		if p == nil {
			p = &pairing{a: key[0], b: key[1]}
			by[key] = p
			out = append(out, p)
		}
		p.games = append(p.games, statsGame(r))
	}
	return out
}

// stopAt is how many of games the rule lets the pairing play: the first
// prefix it stops at, or all of them and false when it would go on. As the
// farm does, it asks each time the prefix grows by a colour-swapped pair
// (two games, adjacent in plan order).
func stopAt(l stats.Ladder, th stats.Thresholds, games []stats.Game) (int, bool, error) {
	for n := 2; n <= len(games); n += 2 {
		d, err := stats.Decide(l, th, games[:n])
		if err != nil {
			return 0, false, err
		}
		if !d.Continue {
			return n, true, nil
		}
	}
	return len(games), false, nil
}

func nodes(games []stats.Game) int64 {
	var n int64
	for _, g := range games {
		n += g.Nodes
	}
	return n
}

func simulate(w io.Writer, path string, precision float64, capGames int) error {
	recorded, err := readGames(path)
	if err != nil {
		return err
	}
	pairings := pairingsOf(recorded)
	var specs []string
	mirror := false
	for _, p := range pairings {
		for _, s := range []string{p.a, p.b} {
			if !slices.Contains(specs, s) {
				specs = append(specs, s)
			}
		}
		mirror = mirror || p.a == p.b
	}
	l, err := selfplay.Ladder(specs)
	if err != nil {
		return err
	}
	l.Mirror = mirror
	rules := []struct {
		name      string
		flagsOnly bool
	}{{"before (±precision)", false}, {"flags only", true}}
	ths := make([]stats.Thresholds, len(rules))
	for i, r := range rules {
		th := stats.DefaultThresholds()
		th.MaxGames = max(capGames, th.MinGames)
		th.Precision = precision
		th.MirrorMaxGames = mirrorCap(precision)
		th.FlagsOnly = r.flagsOnly
		ths[i] = th
	}
	fmt.Fprintf(w, "## %s (precision %.2f, games %d)\n\n", path, precision, capGames)
	fmt.Fprintln(w, "| pairing | recorded games | Mnodes | before: games | Mnodes | flags only: games | Mnodes |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	kept := make([][]stats.Game, len(rules))
	var total [3]int64
	for _, p := range pairings {
		name := p.a + " vs " + p.b
		if p.a == p.b {
			name = p.a + " (mirror)"
		}
		row := fmt.Sprintf("| %s | %d | %.1f |", name, len(p.games), float64(nodes(p.games))/1e6)
		total[0] += nodes(p.games)
		for i := range rules {
			n, stopped, err := stopAt(l, ths[i], p.games)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			mark := ""
			if !stopped {
				mark = "+"
			}
			row += fmt.Sprintf(" %d%s | %.1f |", n, mark, float64(nodes(p.games[:n]))/1e6)
			total[i+1] += nodes(p.games[:n])
			kept[i] = append(kept[i], p.games[:n]...)
		}
		fmt.Fprintln(w, row)
	}
	fmt.Fprintf(w, "| all | %d | %.1f | %d | %.1f | %d | %.1f |\n\n", len(recorded), float64(total[0])/1e6,
		len(kept[0]), float64(total[1])/1e6, len(kept[1]), float64(total[2])/1e6)
	for i, r := range rules {
		a, err := stats.Analyze(l, stats.StartInfo{}, kept[i], ths[i])
		if err != nil {
			return err
		}
		if i == 0 {
			head, rule := "| rule | verdict |", "|---|---|"
			for _, c := range a.Checks {
				head += " " + c.Name + " |"
				rule += "---|"
			}
			fmt.Fprintln(w, head+" draw rate | first mover's score |")
			fmt.Fprintln(w, rule+"---|---|")
		}
		row := fmt.Sprintf("| %s | %s |", r.name, a.Verdict)
		for _, c := range a.Checks {
			row += fmt.Sprintf(" %s %.3f |", c.State, c.Value.Est)
		}
		m := a.Measures
		row += fmt.Sprintf(" %s | %s |", interval(m.Draws), interval(m.FirstMover))
		fmt.Fprintln(w, row)
	}
	fmt.Fprintln(w)
	return nil
}

func interval(iv stats.Interval) string {
	return fmt.Sprintf("%.3f (%.3f to %.3f, ±%.3f)", iv.Est, iv.Lo, iv.Hi, (iv.Hi-iv.Lo)/2)
}

// mirrorCap is measure's cap of the equal-strength games at precision
// (four times the games it asks for, finer than a quick look).
func mirrorCap(precision float64) int {
	n := max(stats.GamesForPrecision(precision, stats.DefaultThresholds().Confidence), 2)
	if precision < 0.12 {
		n *= 4
	}
	return n
}
