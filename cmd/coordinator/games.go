package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"balancefarm/records"
)

func init() {
	register("games", "list the games of measured files (NAME.pgn), filtered by pairing and ending", runGames)
}

func runGames(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("games", flag.ContinueOnError)
	fset.SetOutput(stderr)
	pairing := fset.String("pairing", "", "only games between these two player specs, either colour: A,B (A alone: A against itself)")
	ending := fset.String("ending", "", "only games that ended by this rule (the Ending tag, or an older file's Termination: checkmate, max_plies, ...; or the Termination tag's standard word: normal, unterminated)")
	asJSON := fset.Bool("json", false, "print one JSON object per game (file, tags, moves) instead of PGN")
	setUsage(fset, "coordinator games [-pairing A,B] [-ending RULE] [-json] FILE.pgn|DIR...",
		`Prints the games of the PGN files a measurement wrote (DIR: every .pgn under it) that pass the filters,
then, on stderr, how many of how many matched.`)
	paths, code, ok := parseArgs(fset, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(paths) == 0 {
		return usageError(stderr, "games", "no PGN file or directory given")
	}
	var f records.Filter
	if *pairing != "" {
		p, err := records.ParsePairing(*pairing)
		if err != nil {
			return usageError(stderr, "games", "-pairing: "+err.Error())
		}
		f.Pairing = p
	}
	f.Ending = *ending
	files, err := pgnFiles(paths)
	if err != nil {
		fmt.Fprintln(stderr, "games:", err)
		return 1
	}
	total, matched := 0, 0
	enc := json.NewEncoder(stdout)
	for _, path := range files {
		games, err := readPGNFile(path)
		if err != nil {
			fmt.Fprintf(stderr, "games: %s: %v\n", path, err)
			return 1
		}
		for i := range games {
			g := &games[i]
			total++
			if !f.Match(g) {
				continue
			}
			matched++
			if *asJSON {
				g.File = path
				if err := enc.Encode(g); err != nil {
					fmt.Fprintln(stderr, "games:", err)
					return 1
				}
				continue
			}
			fmt.Fprintf(stdout, "%s\n", g.Text)
		}
	}
	fmt.Fprintf(stderr, "%d of %d games in %d file(s)\n", matched, total, len(files))
	return 0
}

// pgnFiles expands the arguments: a file as it is, a folder to every
// .pgn file under it, in order.
func pgnFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".pgn") {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("no .pgn file under %s", a)
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

func readPGNFile(path string) ([]records.PGNGame, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return records.ReadPGN(fh)
}
