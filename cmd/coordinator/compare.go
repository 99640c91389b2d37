package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"balancefarm/report"
	"balancefarm/stats"
)

func init() {
	register("compare", "set two measurements of the same rule files side by side: how each ranks them", runCompare)
}

func runCompare(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("compare", flag.ContinueOnError)
	fset.SetOutput(stderr)
	labels := fset.String("labels", "", "names of the two measurements in the table: A,B (default: the two directories' names)")
	figures := fset.Bool("figures", false, "print one measurement's figures as a CSV table (coordinator compare -figures DIR > NAME.csv) instead of comparing two")
	setUsage(fset, "coordinator compare [-labels A,B] A B\n       coordinator compare -figures DIR",
		`Reads the reports (NAME.json) that two measurements of the same rule files wrote, for example the
default ladder's and one with an outside engine as its top rung (-players "random,uci:PATH,..."), and
prints, as Markdown, each file's draw rate and first mover's score from both side by side, how
closely the two rank the files (rank correlation with a 95% bootstrap interval, and the most that
two measurements of the same values with these intervals would reach), and the files whose
intervals do not overlap. A and B are report directories or figures tables (NAME.csv, as
-figures writes them: a row per rule file with its verdict, games, and the two figures with their
intervals), so a measurement whose reports were not kept can still be compared.`)
	dirs, code, ok := parseArgs(fset, args, stdout, stderr)
	if !ok {
		return code
	}
	if *figures {
		if len(dirs) != 1 {
			return usageError(stderr, "compare", fmt.Sprintf("-figures wants one report directory, got %d", len(dirs)))
		}
		rs, err := readSet(dirs[0])
		if err != nil {
			fmt.Fprintln(stderr, "compare:", err)
			return 1
		}
		if err := report.WriteFigures(stdout, rs); err != nil {
			fmt.Fprintln(stderr, "compare:", err)
			return 1
		}
		return 0
	}
	if len(dirs) != 2 {
		return usageError(stderr, "compare", fmt.Sprintf("want two report directories or figures tables, got %d", len(dirs)))
	}
	setName := func(p string) string {
		return strings.TrimSuffix(filepath.Base(filepath.Clean(p)), ".csv")
	}
	names := [2]string{setName(dirs[0]), setName(dirs[1])}
	if *labels != "" {
		parts := strings.Split(*labels, ",")
		if len(parts) != 2 || strings.TrimSpace(parts[0]) == "" || strings.TrimSpace(parts[1]) == "" {
			return usageError(stderr, "compare", "-labels wants two names: A,B")
		}
		names = [2]string{strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])}
	}
	var sets [2][]*report.Report
	for i, dir := range dirs {
		rs, err := readSet(dir)
		if err != nil {
			fmt.Fprintln(stderr, "compare:", err)
			return 1
		}
		sets[i] = rs
	}
	c, err := report.Compare(sets[0], sets[1], stats.DefaultThresholds().Confidence)
	if err != nil {
		fmt.Fprintln(stderr, "compare:", err)
		return 1
	}
	if err := c.WriteMarkdown(stdout, names[0], names[1]); err != nil {
		fmt.Fprintln(stderr, "compare:", err)
		return 1
	}
	return 0
}

// readSet reads a report directory or figures table, refusing one with no
// report in it.
func readSet(path string) ([]*report.Report, error) {
	rs, err := report.ReadSet(path)
	if err != nil {
		return nil, err
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("%s holds no measurement report (NAME.json)", path)
	}
	return rs, nil
}
