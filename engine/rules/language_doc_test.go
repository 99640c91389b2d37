package rules

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// docs/LANGUAGE.md is the language reference the repository ships. These
// tests hold it to the shape table (schema.go), the front end's own list of
// the keys it accepts: every key the table has is written up, with the
// schema version the table dates it to, and the reference names no key the
// table lacks. The schema-version table must have one row per version.

const languageDocPath = "../../docs/LANGUAGE.md"

// undocumentedKeys are keys the front end accepts that the reference does
// not yet write up: a known gap, kept here so the test still fails on any
// other. Keep it empty when every key is written up.
var undocumentedKeys = map[string]bool{}

// keyDates is when a key came and, for a key later taken out, the last
// version that had it (0: still current).
type keyDates struct{ since, until int }

// acceptedKeys lists every key path of s, list entries left out of the
// path ("pieces.moves.kind"), as version lines name keys.
func acceptedKeys(s *shape, path string, since int, into map[string]keyDates) {
	switch s.t {
	case tObject:
		for _, f := range s.fields {
			p := f.name
			if path != "" {
				p = path + "." + f.name
			}
			// A key inside a dated key is no older than its parent.
			dates := keyDates{since: max(since, f.since, 1), until: f.until}
			into[p] = dates
			acceptedKeys(f.s, p, dates.since, into)
		}
	case tList:
		acceptedKeys(s.elem, path, since, into)
	case tMap:
		acceptedKeys(s.elem, path+".*", since, into)
	case tUnion:
		for _, alt := range s.alts {
			acceptedKeys(alt, path, since, into)
		}
	}
}

// A key line of the reference is a bullet opening with one or more key
// paths in bold code, then the version: "- **`rules.turn.moves`** · schema 1 · ...",
// "- **`a.0`**, **`a.1`** · schema 27 to 28 · ...".
var (
	keyLine   = regexp.MustCompile("^- ((?:\\*\\*`[^`]+`\\*\\*(?:, )?)+) · schema (\\d+)(?: to (\\d+))?(?: ·|$)")
	keyInLine = regexp.MustCompile("\\*\\*`([^`]+)`\\*\\*")
	// A row of the version table: "| 30 | ... |".
	versionRow = regexp.MustCompile(`^\| (\d+) \|`)
)

// documentedKeys reads the key lines of a reference, paths written with
// "[]" for list entries, and its version-table rows.
func documentedKeys(doc string) (keys map[string]keyDates, twice []string, versions map[int]bool) {
	keys, versions = map[string]keyDates{}, map[int]bool{}
	for _, line := range strings.Split(doc, "\n") {
		if m := versionRow.FindStringSubmatch(line); m != nil {
			v, _ := strconv.Atoi(m[1])
			versions[v] = true
			continue
		}
		m := keyLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var dates keyDates
		dates.since, _ = strconv.Atoi(m[2])
		if m[3] != "" {
			dates.until, _ = strconv.Atoi(m[3])
		}
		for _, k := range keyInLine.FindAllStringSubmatch(m[1], -1) {
			path := strings.ReplaceAll(k[1], "[]", "")
			if _, seen := keys[path]; seen {
				twice = append(twice, path)
			}
			keys[path] = dates
		}
	}
	return keys, twice, versions
}

// docProblems compares a reference with the keys the front end accepts.
func docProblems(doc string, accepted map[string]keyDates, gap map[string]bool, latest int) []string {
	documented, twice, versions := documentedKeys(doc)
	var problems []string
	for _, k := range twice {
		problems = append(problems, "written up twice: "+k)
	}
	for k, want := range accepted {
		got, ok := documented[k]
		switch {
		case !ok && !gap[k]:
			problems = append(problems, "accepted but not written up: "+k)
		case ok && gap[k]:
			problems = append(problems, "written up, so take it off undocumentedKeys: "+k)
		case ok && got != want:
			problems = append(problems, fmt.Sprintf("%s: written as schema %s, the table says schema %s", k, datesText(got), datesText(want)))
		}
	}
	for k := range documented {
		if _, ok := accepted[k]; !ok {
			problems = append(problems, "written up but accepted by no schema: "+k)
		}
	}
	for k := range gap {
		if _, ok := accepted[k]; !ok {
			problems = append(problems, "undocumentedKeys names a key no schema accepts: "+k)
		}
	}
	for v := 1; v <= latest; v++ {
		if !versions[v] {
			problems = append(problems, fmt.Sprintf("the version table has no row for schema %d", v))
		}
	}
	for v := range versions {
		if v < 1 || v > latest {
			problems = append(problems, fmt.Sprintf("the version table has a row for schema %d, which does not exist", v))
		}
	}
	sort.Strings(problems)
	return problems
}

func datesText(d keyDates) string {
	if d.until != 0 {
		return fmt.Sprintf("%d to %d", d.since, d.until)
	}
	return strconv.Itoa(d.since)
}

func TestLanguageReferenceCoversEveryKey(t *testing.T) {
	data, err := os.ReadFile(languageDocPath)
	if err != nil {
		t.Fatal(err)
	}
	accepted := map[string]keyDates{}
	acceptedKeys(specShape, "", 1, accepted)
	for _, p := range docProblems(string(data), accepted, undocumentedKeys, LatestVersion) {
		t.Error(p)
	}
}

// The reference's first file is a valid game.
func TestLanguageReferenceExampleIsValid(t *testing.T) {
	data, err := os.ReadFile(languageDocPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	start := strings.Index(doc, "```json\n")
	if start < 0 {
		t.Fatal("the reference has no JSON example")
	}
	example := doc[start+len("```json\n"):]
	example = example[:strings.Index(example, "```")]
	if _, problems := Parse([]byte(example)); len(problems) != 0 {
		t.Errorf("the reference's first file is refused: %v", problems)
	}
}

// The comparison itself, on small references: each kind of mistake is
// caught, and a reference that matches passes.
func TestLanguageReferenceProblems(t *testing.T) {
	accepted := map[string]keyDates{
		"name":                    {since: 1},
		"pieces.moves.then":       {since: 30},
		"rules.simultaneous.rest": {since: 27, until: 28},
	}
	const table = "| 1 | first |\n| 2 | second |\n"
	full := "- **`name`** · schema 1 · the game's name\n" +
		"- **`pieces[].moves[].then`** · schema 30\n" +
		"- **`rules.simultaneous.rest`** · schema 27 to 28 · gone\n" + table
	cases := []struct {
		name string
		doc  string
		gap  map[string]bool
		want []string
	}{
		{name: "every key written up", doc: full},
		{name: "a key left out", doc: strings.Replace(full, "- **`name`** · schema 1 · the game's name\n", "", 1),
			want: []string{"accepted but not written up: name"}},
		{name: "a key left out but on the allow-list", gap: map[string]bool{"name": true},
			doc: strings.Replace(full, "- **`name`** · schema 1 · the game's name\n", "", 1)},
		{name: "an allow-listed key written up", doc: full, gap: map[string]bool{"name": true},
			want: []string{"written up, so take it off undocumentedKeys: name"}},
		{name: "an allow-listed key no schema has", doc: full, gap: map[string]bool{"colour": true},
			want: []string{"undocumentedKeys names a key no schema accepts: colour"}},
		{name: "a key no schema has", doc: full + "- **`rules.colour`** · schema 2\n",
			want: []string{"written up but accepted by no schema: rules.colour"}},
		{name: "a wrong version", doc: strings.Replace(full, "then`** · schema 30", "then`** · schema 29", 1),
			want: []string{"pieces.moves.then: written as schema 29, the table says schema 30"}},
		{name: "a removed key written as current", doc: strings.Replace(full, "schema 27 to 28", "schema 27", 1),
			want: []string{"rules.simultaneous.rest: written as schema 27, the table says schema 27 to 28"}},
		{name: "a key twice in one line", doc: full + "- **`name`**, **`name`** · schema 1\n",
			want: []string{"written up twice: name", "written up twice: name"}},
		{name: "a version row missing", doc: strings.Replace(full, "| 2 | second |\n", "", 1),
			want: []string{"the version table has no row for schema 2"}},
		{name: "a version row too many", doc: full + "| 3 | third |\n",
			want: []string{"the version table has a row for schema 3, which does not exist"}},
		{name: "a bullet without a version is not a key line",
			doc:  strings.Replace(full, "- **`name`** · schema 1 · the game's name", "- **`name`** the game's name", 1),
			want: []string{"accepted but not written up: name"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := docProblems(c.doc, accepted, c.gap, 2)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}
