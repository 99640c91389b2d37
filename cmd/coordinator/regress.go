package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"balancefarm/internal/atomicfile"
	"balancefarm/measure"
	"balancefarm/regress"
)

func init() {
	register("regress", "measure every rule file under DIR and compare with the committed baseline", runRegress)
}

// exitRegressed is regress's status when something moved.
const exitRegressed = 4

// baselineName is the baseline's file name; it is skipped when the rule
// files are collected.
const baselineName = "baseline.json"

func runRegress(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("regress", flag.ContinueOnError)
	fset.SetOutput(stderr)
	var ff farmFlags
	ff.add(fset, "127.0.0.1:9464", "warn")
	var opts measureOptions
	opts.add(fset)
	opts.addTables(fset)
	baselinePath := fset.String("baseline", "", "the baseline to compare with (default DIR/"+baselineName+")")
	update := fset.Bool("update", false, "rewrite the baseline from this run (after a reviewed change)")
	full := fset.Bool("full", false, "measure with the full ladder and game count instead of the quick ones the baseline is made with")
	setUsage(fset, "coordinator regress [flags] [DIR]",
		`Measures every rule file under DIR (default rulesets/) and compares each with the baseline:
a changed verdict, a flag raised or cleared, a statistic that moved beyond its intervals.
The comparison goes to stdout; progress and each file's verdict to stderr.
Exit status: 0 nothing regressed, 4 something did, 1 errors, 2 usage.`, measureGroups...)
	dirs, code, ok := parseArgs(fset, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(dirs) > 1 {
		return usageError(stderr, "regress", fmt.Sprintf("takes one directory, got %d: %s", len(dirs), strings.Join(dirs, " ")))
	}
	dir := "rulesets"
	if len(dirs) == 1 {
		dir = dirs[0]
	}
	if *baselinePath == "" {
		*baselinePath = filepath.Join(dir, baselineName)
	}
	// The nightly run is the quick measurement, so that the whole library
	// fits in a night on a small farm; -full opts into the default ladder.
	if !*full {
		ff.applyQuick(fset)
	}
	// Every run plays its games afresh (the seeds do not depend on the
	// salt, so an unchanged tree plays the same games), rather than
	// resuming a batch an older build recorded.
	opts.salt = "regress " + time.Now().UTC().Format(time.RFC3339Nano)

	files, skipped, err := collectRuleFiles(dir)
	if err != nil {
		fmt.Fprintln(stderr, "regress:", err)
		return 1
	}
	for _, s := range skipped {
		fmt.Fprintf(stdout, "%s: not measured: %s\n", s.path, s.why)
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "regress: no measurable rule files under %s\n", dir)
		return 1
	}
	var old regress.Baseline
	if !*update {
		old, err = regress.Load(*baselinePath)
		if err != nil {
			fmt.Fprintln(stderr, "regress:", err)
			return 1
		}
	}
	// The files were compiled when collected; they are measured as they are.
	// Each file's verdict line is progress here: the comparison is the result.
	fmt.Fprintf(stderr, "regress: measuring %d files under %s\n", len(files), dir)
	reports, status := measureFiles(&ff, opts, nil, files, stderr, stderr)
	if status != 0 && status != exitNotViable && status != exitInconclusive {
		fmt.Fprintln(stderr, "regress: the measurement failed; nothing compared")
		return 1
	}
	fresh := regress.FromReports(reports)
	if *update {
		if err := regress.Save(*baselinePath, fresh); err != nil {
			fmt.Fprintln(stderr, "regress:", err)
			return 1
		}
		fmt.Fprintf(stdout, "baseline %s rewritten: %d files\n", *baselinePath, len(fresh.Files))
		return 0
	}
	diff := regress.Compare(old, fresh)
	if err := diff.Table(stdout); err != nil {
		fmt.Fprintln(stderr, "regress:", err)
		return 1
	}
	if opts.outDir != "" {
		if err := writeRegressReport(opts.outDir, diff); err != nil {
			fmt.Fprintln(stderr, "regress:", err)
			return 1
		}
	}
	if diff.Regressed() {
		return exitRegressed
	}
	return 0
}

// skippedFile is a rule file regress does not measure, and why.
type skippedFile struct{ path, why string }

// collectRuleFiles reads the rule files under dir that can be measured:
// every .json file but the baseline, valid and playable by the engine.
func collectRuleFiles(dir string) (files []*measure.File, skipped []skippedFile, err error) {
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".json") || d.Name() == baselineName {
			return nil
		}
		f, err := measure.Read(path)
		if err != nil {
			skipped = append(skipped, skippedFile{path, measure.Lines(err)[0]})
			return nil
		}
		files = append(files, f)
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].Label < files[j].Label })
	return files, skipped, err
}

// writeRegressReport writes the comparison as regress.md in dir.
func writeRegressReport(dir string, diff regress.Diff) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var md bytes.Buffer
	if err := diff.Markdown(&md); err != nil {
		return err
	}
	return atomicfile.Write(atomicfile.File{Path: filepath.Join(dir, "regress.md"), Data: md.Bytes()})
}
