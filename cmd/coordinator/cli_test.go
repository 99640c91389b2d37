package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"balancefarm/engine"
	"balancefarm/farm"
)

func TestParseArgs(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		files []string
		quick bool
		games int
	}{
		{"flags first", []string{"-quick", "-games", "4", "a.json"}, []string{"a.json"}, true, 4},
		{"flags after the file", []string{"a.json", "-quick"}, []string{"a.json"}, true, 0},
		{"flags between files", []string{"a.json", "-games", "8", "b.json", "-quick"}, []string{"a.json", "b.json"}, true, 8},
		{"-- ends the flags", []string{"a.json", "--", "-quick"}, []string{"a.json", "-quick"}, false, 0},
		{"no files", []string{"-quick"}, nil, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("measure", flag.ContinueOnError)
			quick := fs.Bool("quick", false, "")
			games := fs.Int("games", 0, "")
			files, code, ok := parseArgs(fs, tt.args, io.Discard, io.Discard)
			if !ok || code != 0 {
				t.Fatalf("refused (%d)", code)
			}
			if !reflect.DeepEqual(files, tt.files) || *quick != tt.quick || *games != tt.games {
				t.Errorf("files %q quick %v games %d, want %q %v %d", files, *quick, *games, tt.files, tt.quick, tt.games)
			}
		})
	}
}

// TestHelp: every command answers -h, -help and --help on stdout with
// exit 0, as does the top level.
func TestHelp(t *testing.T) {
	var calls [][]string
	for _, h := range []string{"-h", "-help", "--help"} {
		calls = append(calls, []string{h})
		for name := range commands {
			calls = append(calls, []string{name, h}, []string{name, "x.json", h})
		}
	}
	calls = append(calls, []string{"help"}, []string{"help", "measure"})
	for _, args := range calls {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := dispatch(args, &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d, want 0\n%s", code, &stderr)
			}
			if !strings.Contains(stdout.String(), "usage: coordinator") || stderr.Len() > 0 {
				t.Errorf("help not on stdout alone:\nstdout:\n%s\nstderr:\n%s", &stdout, &stderr)
			}
		})
	}
}

// TestMeasureHelpGrouped: a designer's flags come first, the farm's under
// their own heading.
func TestMeasureHelpGrouped(t *testing.T) {
	var stdout bytes.Buffer
	dispatch([]string{"measure", "-h"}, &stdout, io.Discard)
	help := stdout.String()
	order := []string{"What to measure:", "  -quick", "  -players", "What to show:", "  -out", "Farm (where and how games are played):", "  -nats", "  -workers"}
	at := 0
	for _, s := range order {
		i := strings.Index(help[at:], s)
		if i < 0 {
			t.Fatalf("%q missing or out of order in:\n%s", s, help)
		}
		at += i
	}
}

// TestMistakesWordedAlike: the same mistake reads the same from every
// command that can make it, with a suggestion where one is close.
func TestMistakesWordedAlike(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"measure", "-quik", "x.json"}, "coordinator measure: unknown flag -quik (did you mean -quick?)"},
		{[]string{"regress", "-quik"}, "coordinator regress: unknown flag -quik (did you mean -quick?)"},
		{[]string{"serve", "-adr", ":1"}, "coordinator serve: unknown flag -adr (did you mean -addr?)"},
		{[]string{"serve", "-learned"}, "coordinator serve: -learned is for measure and regress"},
		{[]string{"perft", "-dept", "2", "x.json"}, "coordinator perft: unknown flag -dept (did you mean -depth?)"},
		{[]string{"play", "-p2", "random", "x.json"}, "coordinator play: unknown flag -p2 (did you mean -p0?)"},
		{[]string{"measure", "-zzzzzz", "x.json"}, "coordinator measure: unknown flag -zzzzzz\n"},
		{[]string{"measure", "-games", "many", "x.json"}, "coordinator measure: flag -games: bad value \"many\": not a int (parse error)"},
		{[]string{"match", "-pairs", "many", "x.json"}, "coordinator match: flag -pairs: bad value \"many\": not a int (parse error)"},
		{[]string{"measure", "x.json", "-games"}, "coordinator measure: flag -games needs a value"},
		{[]string{"perft", "x.json", "-depth"}, "coordinator perft: flag -depth needs a value"},
		{[]string{"measure"}, "coordinator measure: no rule file given"},
		{[]string{"validate"}, "coordinator validate: no rule file given"},
		{[]string{"perft", "-depth", "1"}, "coordinator perft: no rule file given"},
		{[]string{"play"}, "coordinator play: no rule file given"},
		{[]string{"match"}, "coordinator match: no rule file given"},
		{[]string{"play", "a.json", "b.json"}, "coordinator play: takes one rule file, got 2: a.json b.json"},
		{[]string{"perft", "-depth", "1", "a.json", "b.json"}, "coordinator perft: takes one rule file, got 2: a.json b.json"},
		{[]string{"mesure", "x.json"}, "coordinator: unknown command \"mesure\" (did you mean measure?)"},
		{[]string{"vaildate"}, "coordinator: unknown command \"vaildate\" (did you mean validate?)"},
		{[]string{"frobnicate"}, "coordinator: unknown command \"frobnicate\"\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := dispatch(tt.args, &stdout, &stderr); code != exitUsage {
				t.Fatalf("exit %d, want %d\n%s", code, exitUsage, &stderr)
			}
			if !strings.HasPrefix(stderr.String(), tt.want) {
				t.Errorf("said:\n%s\nwant it to begin:\n%s", &stderr, tt.want)
			}
			if !strings.Contains(stderr.String(), "Run 'coordinator ") || strings.Count(stderr.String(), "\n") != 2 {
				t.Errorf("not the two lines of a usage mistake:\n%s", &stderr)
			}
		})
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"measure", "match", "validate", "version", "serve", "cancel"}
	tests := []struct{ word, want string }{
		{"mesure", "measure"},
		{"measuer", "measure"},
		{"mach", "match"},
		{"serv", "serve"},
		{"ver", "version"},
		{"xyz", ""},
		{"perftt", ""},
	}
	for _, tt := range tests {
		if got := suggest(tt.word, names); got != tt.want {
			t.Errorf("suggest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

func TestVersionLine(t *testing.T) {
	tests := []struct {
		name     string
		settings []debug.BuildSetting
		version  string
		want     string
	}{
		{"stamped", []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-12-01T10:00:00Z"}},
			"", "coordinator balancefarm (devel), revision abc123 (2026-12-01T10:00:00Z), go1.26.8"},
		{"modified tree", []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}},
			"v1.2.0", "coordinator balancefarm v1.2.0, revision abc123, modified, go1.26.8"},
		{"unstamped", nil, "(devel)", "coordinator balancefarm (devel), revision unknown (built without VCS stamping), go1.26.8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "balancefarm", Version: tt.version}, Settings: tt.settings}
			if got := versionLine(info); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
	var stdout bytes.Buffer
	if code := dispatch([]string{"version"}, &stdout, io.Discard); code != 0 || !strings.HasPrefix(stdout.String(), "coordinator balancefarm") {
		t.Errorf("version: exit %d, %q", code, &stdout)
	}
}

// TestMeasureFlagsAfterFile runs measure with its flags after the file,
// progress and live lines on stderr and only the verdict on stdout.
func TestMeasureFlagsAfterFile(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "kr.json", kingsAndRooks)
	args := append([]string{"measure", file, "-state", filepath.Join(dir, "state"), "-out", filepath.Join(dir, "reports"),
		"-live", "-no-fail", "-progress", "lines"}, farmArgs...)
	var stdout, stderr bytes.Buffer
	if code := dispatch(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, &stderr)
	}
	if lines := strings.Split(strings.TrimSpace(stdout.String()), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "(6 games in") {
		t.Errorf("stdout is not the one verdict line:\n%s", &stdout)
	}
	for _, want := range []string{"kr.json: " + liveKey, "kr.json: Score of ab:d1 vs random: ", "kr.json: Elo difference: ", "kr.json: SPRT: ", "kr.json: 6 games played"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, &stderr)
		}
	}
}

// TestBadRuleFileWordedAlike: a rule file a command cannot use is refused
// in the same words by every command that reads one.
func TestBadRuleFileWordedAlike(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.json", `{"name": "no board"}`)
	missing := filepath.Join(dir, "missing.json")
	for _, path := range []string{bad, missing} {
		for _, args := range [][]string{
			{"measure", "-metrics-addr", "", "-progress", "off", path},
			{"play", path},
			{"perft", "-depth", "1", path},
			{"match", path},
		} {
			t.Run(args[0]+" "+filepath.Base(path), func(t *testing.T) {
				var stdout, stderr bytes.Buffer
				if code := dispatch(args, &stdout, &stderr); code != 1 {
					t.Fatalf("exit %d, want 1\n%s", code, &stderr)
				}
				if want := path + ": not a playable rule file:\n  "; !strings.HasPrefix(stderr.String(), want) {
					t.Errorf("said:\n%s\nwant it to begin %q", &stderr, want)
				}
			})
		}
	}
}

// TestRefusalCapped: every command that reads a rule file shows at most
// farm.MaxProblems of its problems and counts the rest correctly, and
// compiles it as engine.Compile does (a refusal lists the same problems).
func TestRefusalCapped(t *testing.T) {
	example, err := os.ReadFile("../../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	data := strings.Replace(string(example), `"squares": ["a1"]`, `"squares": ["a1"`+strings.Repeat(`, "z9"`, 300)+`]`, 1)
	path := writeFile(t, t.TempDir(), "many.json", data)
	var ce *engine.CompileError
	if _, err := engine.Compile([]byte(data)); !errors.As(err, &ce) || len(ce.Problems) <= farm.MaxProblems {
		t.Fatalf("the test file must have more than %d problems: %v", farm.MaxProblems, err)
	}
	want := []string{path + ": not a playable rule file:"}
	for _, p := range ce.Problems[:farm.MaxProblems] {
		want = append(want, "  "+p)
	}
	want = append(want, fmt.Sprintf("  ... and %d more problems", len(ce.Problems)-farm.MaxProblems))
	for _, args := range [][]string{
		{"play", path},
		{"perft", "-depth", "1", path},
		{"match", path},
		{"measure", "-metrics-addr", "", "-progress", "off", path},
	} {
		t.Run(args[0], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := dispatch(args, &stdout, &stderr); code != 1 {
				t.Fatalf("exit %d, want 1\n%.2000s", code, &stderr)
			}
			got := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if len(got) < len(want) || !reflect.DeepEqual(got[:len(want)], want) {
				t.Errorf("refusal:\n%.3000s\nwant %d lines ending %q", &stderr, len(want), want[len(want)-1])
			}
		})
	}
}
