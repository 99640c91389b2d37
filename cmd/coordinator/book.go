package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"balancefarm/engine"
	"balancefarm/internal/splitmix"
	"balancefarm/records"
)

// bookOptions is cutechess's -openings: file=PATH (or the path alone
// first), format=epd|pgn (by default the file's extension says: .pgn is
// PGN, anything else EPD), order=sequential|random (sequential by
// default) and, for PGN, plies=N, the most plies taken from each game.
type bookOptions struct {
	file, format, order string
	plies               int // 0: every ply
}

// parseBookOptions reads -openings' words.
func parseBookOptions(words string) (bookOptions, error) {
	var o bookOptions
	fields := strings.Fields(words)
	if len(fields) > 0 && !strings.Contains(fields[0], "=") {
		o.file, fields = fields[0], fields[1:]
	}
	kv, err := keyValues("openings", strings.Join(fields, " "), "file", "format", "order", "plies")
	if err != nil {
		return o, err
	}
	if f, ok := kv["file"]; ok {
		if o.file != "" {
			return o, fmt.Errorf("-openings: two files, %s and %s", o.file, f)
		}
		o.file = f
	}
	if o.file == "" {
		return o, fmt.Errorf("-openings: needs file=PATH (or the path first)")
	}
	o.format = kv["format"]
	if o.format == "" {
		o.format = "epd"
		if strings.EqualFold(filepath.Ext(o.file), ".pgn") {
			o.format = "pgn"
		}
	}
	if o.format != "epd" && o.format != "pgn" {
		return o, fmt.Errorf("-openings: format=%s, want epd or pgn", o.format)
	}
	o.order = kv["order"]
	if o.order == "" {
		o.order = "sequential"
	}
	if o.order != "sequential" && o.order != "random" {
		return o, fmt.Errorf("-openings: order=%s, want sequential or random", o.order)
	}
	if v, ok := kv["plies"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return o, fmt.Errorf("-openings: plies=%s is not a whole number of at least 1", v)
		}
		if o.format != "pgn" {
			return o, fmt.Errorf("-openings: plies= is for a PGN book; an EPD book's lines are positions")
		}
		o.plies = n
	}
	return o, nil
}

// readBook reads the book's positions on g, each as the engine writes
// its FEN, in the file's order: every one checked, so that a position
// the game cannot play is refused, named by its line (EPD) or game
// (PGN), before any game is played.
func readBook(g *engine.Game, o bookOptions) ([]string, error) {
	data, err := os.ReadFile(o.file)
	if err != nil {
		return nil, err
	}
	var out []string
	if o.format == "pgn" {
		games, err := records.ReadPGN(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.file, err)
		}
		for i := range games {
			if o.plies > 0 && len(games[i].Moves) > o.plies {
				games[i].Moves = games[i].Moves[:o.plies]
			}
			p, err := records.PlayPGN(g, &games[i])
			if err == nil {
				err = playable(p)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: game %d: %w", o.file, i+1, err)
			}
			out = append(out, p.FEN())
		}
	} else {
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for line := 1; sc.Scan(); line++ {
			text := strings.TrimSpace(sc.Text())
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			p, err := positionOfEPD(g, text)
			if err == nil {
				err = playable(p)
			}
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", o.file, line, err)
			}
			out = append(out, p.FEN())
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", o.file, err)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", o.file)
	}
	return out, nil
}

// positionOfEPD reads an EPD or FEN line: the whole line as a FEN in the
// game's notation, or else its first six fields when the fifth and sixth
// are the move counters, or else its first four (EPD's, whose operations
// follow).
func positionOfEPD(g *engine.Game, line string) (*engine.Position, error) {
	fields := strings.Fields(line)
	var tries []string
	if !strings.Contains(line, ";") {
		tries = append(tries, strings.Join(fields, " "))
	}
	if len(fields) > 6 && isCount(fields[4]) && isCount(fields[5]) {
		tries = append(tries, strings.Join(fields[:6], " "))
	}
	if len(fields) > 4 {
		tries = append(tries, strings.Join(fields[:4], " "))
	}
	var first error
	for _, fen := range tries {
		p, err := g.ParseFEN(fen)
		if err == nil {
			return p, nil
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		first = fmt.Errorf("not a position: %q", line)
	}
	return nil, first
}

func isCount(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 0
}

// playable refuses a position no game can be played from.
func playable(p *engine.Position) error {
	if o := p.Outcome(); o.Over {
		return fmt.Errorf("the game is over in this position (%s)", o.Rule)
	}
	return nil
}

// bookOrder is the openings the match's pairs play, pair k the k-th
// (wrapping round past the last): the book's in its order, or in an
// order shuffled from seed; no more than pairs of them.
func bookOrder(book []string, order string, seed uint64, pairs int) []string {
	out := append([]string(nil), book...)
	if order == "random" {
		// Fisher-Yates on splitmix64 draws: the same seed, the same
		// order, on any machine.
		for i := len(out) - 1; i > 0; i-- {
			j := int(splitmix.Mix(seed+uint64(i)*splitmix.Gamma) % uint64(i+1))
			out[i], out[j] = out[j], out[i]
		}
	}
	return out[:min(len(out), pairs)]
}
