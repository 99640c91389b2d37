// Command example writes example reports from synthetic results, so the
// report formats can be looked at without a farm:
//
//	go run ./report/example -out /tmp/reports
//
// It writes a healthy game, a drawish one and one the first mover wins,
// each as NAME.json, NAME.md and NAME.html, and summary.md.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"balancefarm/report"
	"balancefarm/stats"
	"balancefarm/stats/synth"
)

func main() {
	out := flag.String("out", "", "directory to write the reports to")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: example -out DIR")
		os.Exit(2)
	}
	ins, err := Inputs()
	if err == nil {
		_, err = report.WriteAll(*out, ins)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("wrote %d reports and summary.md to %s\n", len(ins), *out)
}

// Inputs are three synthetic measurements.
func Inputs() ([]report.Input, error) {
	ladder := stats.Ladder{
		Rungs:     []string{"random", "ab:d1", "ab:d2", "ab:d3", "mcts:i800", "mcts:i1600"},
		Doublings: []stats.Doubling{{Weak: "mcts:i800", Strong: "mcts:i1600"}},
	}
	base := synth.Config{Ladder: ladder, Elo: []float64{0, 250, 420, 560, 600, 690},
		FirstMoveElo: 25, DrawRate: 0.35, Pairs: 20, Mirror: true, MaxPlies: 400, MeanPlies: 90, TimeoutShare: 0.15, Seed: 1}
	drawish := base
	drawish.DrawRate, drawish.TimeoutShare, drawish.Elo, drawish.Seed = 0.97, 0.7, []float64{0, 60, 90, 100, 110, 115}, 2
	racing := base
	racing.FirstMoveElo, racing.MeanPlies, racing.Seed = 260, 14, 3

	cases := []struct {
		name, file string
		cfg        synth.Config
		start      stats.StartInfo
		wall       time.Duration
	}{
		{"chess", "rulesets/chess.json", base,
			stats.StartInfo{UsesCastling: true, UsesEnPassant: true, UsesDoubleStep: true, MaxPlies: 400}, 42 * time.Minute},
		{"fortress", "rulesets/fortress.json", drawish, stats.StartInfo{MaxPlies: 400}, 71 * time.Minute},
		{"cannon-race", "rulesets/cannon-race.json", racing,
			stats.StartInfo{FirstMoveCapture: [2]bool{true, true}, FirstMoveCaptures: [2][]string{{"Cb3xb7"}, {"Cb8xb2"}},
				HasReach: true, MaxPlies: 200}, 9 * time.Minute},
	}
	var ins []report.Input
	for _, c := range cases {
		games, err := synth.Games(c.cfg)
		if err != nil {
			return nil, err
		}
		a, err := stats.Analyze(ladder, c.start, games, stats.DefaultThresholds())
		if err != nil {
			return nil, err
		}
		ins = append(ins, report.Input{Name: c.name, File: c.file, Wall: c.wall, Analysis: a})
	}
	return ins, nil
}
