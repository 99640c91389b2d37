package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"balancefarm/stats"
)

func TestRenderAllFormats(t *testing.T) {
	dir := t.TempDir()
	r, err := Write(dir, Input{Name: "cannon-race", File: "rulesets/cannon-race.json", Wall: 754 * time.Second, Analysis: analysisOf(t)})
	if err != nil {
		t.Fatal(err)
	}
	read := func(ext string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, r.Name+ext))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	t.Run("json", func(t *testing.T) { checkJSON(t, read(".json")) })
	t.Run("markdown", func(t *testing.T) { checkMarkdown(t, read(".md")) })
	t.Run("html", func(t *testing.T) { checkHTML(t, read(".html"), 6) })
}

// analysisOf is the example report's analysis.
func analysisOf(t *testing.T) *stats.Analysis {
	t.Helper()
	a, err := exampleAnalysis()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func checkJSON(t *testing.T, b []byte) {
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	str := func(m map[string]any, k string) string {
		s, ok := m[k].(string)
		if !ok {
			t.Errorf("%q is %T, want a string", k, m[k])
		}
		return s
	}
	num := func(m map[string]any, k string) float64 {
		n, ok := m[k].(float64)
		if !ok {
			t.Errorf("%q is %T, want a number", k, m[k])
		}
		return n
	}
	list := func(m map[string]any, k string) []any {
		l, ok := m[k].([]any)
		if !ok {
			t.Errorf("%q is %T, want a list", k, m[k])
		}
		return l
	}
	obj := func(v any, what string) map[string]any {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s is %T, want an object", what, v)
		}
		return m
	}
	if str(doc, "name") != "cannon-race" || str(doc, "file") != "rulesets/cannon-race.json" {
		t.Errorf("name/file: %v %v", doc["name"], doc["file"])
	}
	if num(doc, "format_version") != FormatVersion {
		t.Errorf("format_version %v", doc["format_version"])
	}
	if v := str(doc, "verdict"); v != "not_viable" {
		t.Errorf("verdict %q, want not_viable (the first mover wins too often)", v)
	}
	if num(doc, "games") <= 0 || num(doc, "wall_seconds") != 754 || num(doc, "error_games") != 1 {
		t.Errorf("games %v wall %v errors %v", doc["games"], doc["wall_seconds"], doc["error_games"])
	}
	for _, k := range []string{"flags", "warnings"} {
		items := list(doc, k)
		if len(items) == 0 {
			t.Errorf("%s is empty; the example raises one of each", k)
		}
		for i, it := range items {
			m := obj(it, k)
			if str(m, "name") == "" || str(m, "detail") == "" {
				t.Errorf("%s[%d] lacks a name or detail: %v", k, i, m)
			}
		}
	}
	pairings := list(doc, "pairings")
	if len(pairings) != 21 { // 6 rungs: 15 pairings and 6 mirrors
		t.Errorf("%d pairings, want 21", len(pairings))
	}
	for i, p := range pairings {
		m := obj(p, "pairing")
		specs := list(m, "specs")
		if len(specs) != 2 {
			t.Errorf("pairing %d specs %v", i, specs)
		}
		for _, s := range specs {
			if _, ok := s.(string); !ok {
				t.Errorf("pairing %d spec %v is not a string", i, s)
			}
		}
		counts := obj(m["counts"], "counts")
		for _, k := range []string{"wins", "draws", "losses"} {
			num(counts, k)
		}
		score := obj(m["score"], "score")
		lo, est, hi := num(score, "low"), num(score, "estimate"), num(score, "high")
		if !(0 <= lo && lo <= est && est <= hi && hi <= 1) {
			t.Errorf("pairing %d score interval %v %v %v", i, lo, est, hi)
		}
		str(score, "method")
	}
	for _, k := range []string{"checks", "metrics", "endings", "ladder"} {
		if len(list(doc, k)) == 0 {
			t.Errorf("%s is empty", k)
		}
	}
	ratings := obj(doc["ratings"], "ratings")
	if len(list(ratings, "rungs")) != 6 {
		t.Errorf("ratings %v", ratings["rungs"])
	}
}

func checkMarkdown(t *testing.T, b []byte) {
	md := string(b)
	first, _, _ := strings.Cut(md, "\n")
	if first != "## Verdict: not viable (cannon-race, `rulesets/cannon-race.json`)" {
		t.Errorf("first line %q", first)
	}
	reasons, checks := strings.Index(md, "- **one_sided**"), strings.Index(md, "### Checks")
	if reasons < 0 || checks < 0 || reasons > checks {
		t.Errorf("reasons (at %d) should come before the numbers (at %d)", reasons, checks)
	}
	for _, want := range []string{"first_move_capture", "### Ratings", "### Pairings", "### Metrics", "skill", "12m34s", "| one_sided | 0."} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
	// Every table row has as many cells as its header.
	lines := strings.Split(md, "\n")
	cols := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "|") {
			cols = 0
			continue
		}
		n := strings.Count(strings.ReplaceAll(l, `\|`, ""), "|")
		if cols == 0 {
			cols = n
		} else if n != cols {
			t.Errorf("table row has %d bars, header %d: %s", n, cols, l)
		}
	}
}

// httpURL matches an absolute web address.
var httpURL = regexp.MustCompile(`(?i)https?://`)

func checkHTML(t *testing.T, b []byte, wantSVGs int) {
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	var stack []string
	svgs, inSVG := 0, 0
	texts := map[string]string{} // id -> text
	current := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			stack = append(stack, x.Name.Local)
			switch x.Name.Local {
			case "svg":
				if inSVG == 0 {
					svgs++
				}
				inSVG++
			case "link", "img", "iframe", "object", "embed":
				t.Errorf("element <%s> could load something", x.Name.Local)
			case "script":
				for _, a := range x.Attr {
					if a.Name.Local == "src" {
						t.Errorf("<script src=%q> loads a file", a.Value)
					}
				}
			}
			for _, a := range x.Attr {
				if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" {
					continue // a namespace name, never fetched
				}
				if httpURL.MatchString(a.Value) {
					t.Errorf("<%s %s=%q> names a web address", x.Name.Local, a.Name.Local, a.Value)
				}
				if a.Name.Local == "id" {
					current = a.Value
				}
			}
		case xml.EndElement:
			if x.Name.Local == "svg" {
				inSVG--
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if current != "" {
				texts[current] += string(x)
			}
			if len(stack) > 0 && stack[len(stack)-1] == "style" && (httpURL.Match(x) || bytes.Contains(x, []byte("@import"))) {
				t.Errorf("style loads something: %s", x)
			}
		case xml.ProcInst:
			t.Errorf("processing instruction <?%s?> inside the page (an SVG prolog left in)", x.Target)
		}
	}
	if svgs != wantSVGs {
		t.Errorf("%d inline SVGs, want %d", svgs, wantSVGs)
	}
	if !strings.Contains(texts["verdict"], "not viable") {
		t.Errorf("verdict heading %q", texts["verdict"])
	}
	if !strings.Contains(texts["games"], "Games: ") || !strings.Contains(texts["wall"], "12m34s") {
		t.Errorf("games %q, wall %q", texts["games"], texts["wall"])
	}
	for _, want := range []string{"Score matrix", "Score against ladder strength", "First mover&#39;s score per pairing", "Draw rate per rung", "Game length", "How games ended, per rung", "mcts:i1600"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("html lacks %q", want)
		}
	}
}

func TestSummary(t *testing.T) {
	a := analysisOf(t)
	dir := t.TempDir()
	ins := []Input{
		{Name: "zeta", File: "z.json", Wall: time.Minute, Analysis: a},
		{Name: "alpha", File: "a.json", Wall: time.Hour, Analysis: a},
	}
	if _, err := WriteAll(dir, ins); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "| [") {
			rows = append(rows, l)
		}
	}
	if len(rows) != 2 || !strings.HasPrefix(rows[0], "| [alpha](alpha.md)") || !strings.Contains(rows[1], "| not viable | one_sided |") {
		t.Errorf("summary rows:\n%s", strings.Join(rows, "\n"))
	}
	for _, n := range []string{"alpha", "zeta"} {
		for _, ext := range []string{".json", ".md", ".html"} {
			if _, err := os.Stat(filepath.Join(dir, n+ext)); err != nil {
				t.Error(err)
			}
		}
	}
	if _, err := WriteAll(dir, []Input{ins[0], ins[0]}); err == nil {
		t.Error("two inputs with one name: want an error")
	}
}

func TestNewRejectsBadInput(t *testing.T) {
	a := analysisOf(t)
	for _, in := range []Input{
		{Name: "", Analysis: a},
		{Name: "../x", Analysis: a},
		{Name: "a/b", Analysis: a},
		{Name: "summary", Analysis: a},
		{Name: "ok"},
		{Name: "ok", Analysis: a, Wall: -time.Second},
	} {
		if _, err := New(in); err == nil {
			t.Errorf("New(%q, analysis %v, wall %v): want an error", in.Name, in.Analysis != nil, in.Wall)
		}
	}
}

func TestLengthHistogram(t *testing.T) {
	l := summarise([]int{3, 7, 7, 12, 40})
	if l.Min != 3 || l.Max != 40 || l.Median != 7 || l.Mean != 13.8 {
		t.Errorf("summary %+v", l)
	}
	// max 40: width 5, bins 0-4, 5-9, 10-14, 40-44.
	want := []Bin{{0, 4, 1}, {5, 9, 2}, {10, 14, 1}, {40, 44, 1}}
	if len(l.Histogram) != len(want) {
		t.Fatalf("bins %+v", l.Histogram)
	}
	for i := range want {
		if l.Histogram[i] != want[i] {
			t.Errorf("bin %d = %+v, want %+v", i, l.Histogram[i], want[i])
		}
	}
}

// A measurement with nothing rated (no rungs, no games) still renders in
// every format, without a plot that needs a ladder.
func TestEmptyAnalysisRenders(t *testing.T) {
	r, err := New(Input{Name: "empty", Analysis: &stats.Analysis{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.HTML(); err != nil {
		t.Errorf("HTML: %v", err)
	}
	if md := r.Markdown(); len(md) == 0 {
		t.Error("Markdown is empty")
	}
	if _, err := r.JSON(); err != nil {
		t.Errorf("JSON: %v", err)
	}
}
