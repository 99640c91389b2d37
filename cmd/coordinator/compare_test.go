package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeMiniReport writes the part of a report (FORMAT.md) that compare
// reads.
func writeMiniReport(t *testing.T, dir, name string, draw, first float64) {
	t.Helper()
	body := fmt.Sprintf(`{"format_version": 1, "verdict": "viable", "name": %q, "file": "rulesets/%s.json",
 "scope": {"games": 100},
 "checks": [{"name": "draw_heavy", "assessed": true, "value": {"estimate": %g, "low": %g, "high": %g}}],
 "first_mover": {"games": 100, "score": {"estimate": %g, "low": %g, "high": %g}}}`,
		name, name, draw, draw-0.05, draw+0.05, first, first-0.05, first+0.05)
	if err := os.WriteFile(filepath.Join(dir, name+".json"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCompareCommand(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for i, name := range []string{"chess", "xiangqi", "shogi", "makruk"} {
		writeMiniReport(t, a, name, 0.1*float64(i+1), 0.5)
		writeMiniReport(t, b, name, 0.1*float64(i+1)+0.02, 0.5+0.01*float64(i))
	}
	var out, errOut bytes.Buffer
	if code := dispatch([]string{"compare", "-labels", "ours,fsf", a, b}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"# ours against fsf", "| makruk | 100 / 100 | 0.400 (0.350–0.450) | 0.420 (0.370–0.470) |",
		"Draw rate: rank correlation +1.00"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	// Every first-mover figure of a is 0.5: nothing to rank, and it says so.
	if !strings.Contains(out.String(), "First mover's score: not ranked") {
		t.Errorf("constant first-mover figures ranked:\n%s", out.String())
	}

	empty := t.TempDir()
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "chess.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"one directory", []string{"compare", a}, exitUsage, "want two report directories or figures tables"},
		{"bad labels", []string{"compare", "-labels", "x", a, b}, exitUsage, "-labels wants two names"},
		{"no reports", []string{"compare", a, empty}, 1, "holds no measurement report"},
		{"broken report", []string{"compare", a, broken}, 1, "chess.json"},
		{"missing directory", []string{"compare", a, filepath.Join(empty, "nope")}, 1, "no such file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := dispatch(c.args, &out, &errOut); code != c.code || !strings.Contains(errOut.String(), c.want) {
				t.Errorf("exit %d, stderr %q; want %d with %q", code, errOut.String(), c.code, c.want)
			}
		})
	}
}

// A measurement kept as a figures table compares as its reports did.
func TestCompareFiguresTable(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for i, name := range []string{"chess", "xiangqi", "shogi", "makruk"} {
		writeMiniReport(t, a, name, 0.1*float64(i+1), 0.5-0.01*float64(i))
		writeMiniReport(t, b, name, 0.1*float64(4-i), 0.5+0.01*float64(i))
	}
	var table, errOut bytes.Buffer
	if code := dispatch([]string{"compare", "-figures", b}, &table, &errOut); code != 0 {
		t.Fatalf("-figures: exit %d: %s", code, errOut.String())
	}
	if !strings.HasPrefix(table.String(), "file,verdict,games,draw,") || !strings.Contains(table.String(), "\nshogi,viable,100,0.2,0.15") {
		t.Fatalf("figures table:\n%s", table.String())
	}
	csvPath := filepath.Join(t.TempDir(), "theirs.csv")
	if err := os.WriteFile(csvPath, table.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var fromDirs, fromTable bytes.Buffer
	if code := dispatch([]string{"compare", "-labels", "a,b", a, b}, &fromDirs, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if code := dispatch([]string{"compare", "-labels", "a,b", a, csvPath}, &fromTable, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if fromDirs.String() != fromTable.String() || !strings.Contains(fromTable.String(), "Draw rate: rank correlation -1.00") {
		t.Errorf("from the table:\n%s\nfrom the reports:\n%s", fromTable.String(), fromDirs.String())
	}
	// Without -labels a table is named by its file.
	var named bytes.Buffer
	if code := dispatch([]string{"compare", a, csvPath}, &named, &errOut); code != 0 || !strings.Contains(named.String(), "against theirs\n") {
		t.Errorf("exit %d, output:\n%s", code, named.String())
	}
	bad := filepath.Join(t.TempDir(), "bad.csv")
	if err := os.WriteFile(bad, []byte("file,verdict\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"figures of two", []string{"compare", "-figures", a, b}, exitUsage, "-figures wants one report directory"},
		{"bad table", []string{"compare", a, bad}, 1, "bad.csv: line 1: the header must be"},
	} {
		var out, errOut bytes.Buffer
		if code := dispatch(c.args, &out, &errOut); code != c.code || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q; want %d with %q", c.name, code, errOut.String(), c.code, c.want)
		}
	}
}
