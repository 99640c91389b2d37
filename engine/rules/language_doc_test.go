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
var undocumentedKeys = map[string]bool{
	"boards.name":                       true,
	"items.cancels":                     true,
	"items.chaos":                       true,
	"items.consumed":                    true,
	"items.gain":                        true,
	"items.hidden":                      true,
	"items.id":                          true,
	"items.immune":                      true,
	"items.kill":                        true,
	"items.slide":                       true,
	"items.stack":                       true,
	"pieces.after_move":                 true,
	"pieces.after_move.items":           true,
	"pieces.after_move.on":              true,
	"pieces.dies_on":                    true,
	"pieces.dies_on.rank":               true,
	"pieces.hidden":                     true,
	"pieces.jumps":                      true,
	"pieces.jumps.max":                  true,
	"pieces.jumps.symmetry":             true,
	"pieces.jumps.vectors":              true,
	"pieces.neutral":                    true,
	"pieces.neutral.moved_by":           true,
	"pieces.neutral.resource":           true,
	"pieces.on_death":                   true,
	"pieces.on_death.item":              true,
	"pieces.protects":                   true,
	"pieces.protects.pieces":            true,
	"pieces.protects.where":             true,
	"pieces.raises":                     true,
	"pieces.raises.from":                true,
	"pieces.raises.on":                  true,
	"pieces.raises.status":              true,
	"pieces.raises.to":                  true,
	"pieces.upgrades":                   true,
	"pieces.upgrades.pieces":            true,
	"pieces.upgrades.statuses":          true,
	"provenance.added":                  true,
	"provenance.author":                 true,
	"provenance.exhibit":                true,
	"provenance.history":                true,
	"provenance.origin":                 true,
	"provenance.parents":                true,
	"provenance.preview":                true,
	"provenance.source":                 true,
	"provenance.theme":                  true,
	"provenance.year":                   true,
	"resources.income":                  true,
	"resources.income.after":            true,
	"resources.income.amount":           true,
	"resources.max":                     true,
	"resources.name":                    true,
	"resources.start":                   true,
	"resources.value":                   true,
	"rules.across":                      true,
	"rules.across.mode":                 true,
	"rules.across.stay":                 true,
	"rules.after_capture":               true,
	"rules.after_capture.on":            true,
	"rules.after_capture.to":            true,
	"rules.afterlife":                   true,
	"rules.afterlife.from":              true,
	"rules.afterlife.pieces":            true,
	"rules.afterlife.to":                true,
	"rules.cells":                       true,
	"rules.cells.holds":                 true,
	"rules.cells.squares":               true,
	"rules.chaos":                       true,
	"rules.chaos.effects":               true,
	"rules.chaos.effects.effect":        true,
	"rules.chaos.effects.effect.count":  true,
	"rules.chaos.effects.effect.gain":   true,
	"rules.chaos.effects.effect.item":   true,
	"rules.chaos.effects.effect.on":     true,
	"rules.chaos.effects.effect.status": true,
	"rules.chaos.effects.name":          true,
	"rules.chaos.offer":                 true,
	"rules.dice":                        true,
	"rules.dice.blocked":                true,
	"rules.dice.draw":                   true,
	"rules.dice.faces":                  true,
	"rules.dice.faces.name":             true,
	"rules.dice.faces.pieces":           true,
	"rules.dice.faces.weight":           true,
	"rules.game_end":                    true,
	"rules.game_end.free_for_all":       true,
	"rules.game_end.points":             true,
	"rules.game_end.points.capture":     true,
	"rules.game_end.points.checkmate":   true,
	"rules.game_end.team_loses":         true,
	"rules.hazards":                     true,
	"rules.hazards.after":               true,
	"rules.hazards.chance":              true,
	"rules.hazards.effect":              true,
	"rules.hazards.pieces":              true,
	"rules.market":                      true,
	"rules.market.cards":                true,
	"rules.market.cards.effect":         true,
	"rules.market.cards.effect.count":   true,
	"rules.market.cards.effect.gain":    true,
	"rules.market.cards.effect.item":    true,
	"rules.market.cards.effect.on":      true,
	"rules.market.cards.effect.status":  true,
	"rules.market.cards.name":           true,
	"rules.market.cards.price":          true,
	"rules.market.open":                 true,
	"rules.market.resource":             true,
	"rules.market.step":                 true,
	"rules.no_progress_resets":          true,
	"rules.no_progress_resets.pieces":   true,
	"rules.on_capture":                  true,
	"rules.on_capture.gain":             true,
	"rules.presence":                    true,
	"rules.presence.boards":             true,
	"rules.presence.pieces":             true,
	"rules.presence.result":             true,
	"rules.priority":                    true,
	"rules.priority.moves":              true,
	"rules.priority.when":               true,
	"rules.seat_out":                    true,
	"rules.seat_out.army":               true,
	"rules.seat_out.stalemate":          true,
	"rules.sight":                       true,
	"rules.sight.sees":                  true,
	"rules.teams":                       true,
	"rules.transfer":                    true,
	"rules.transfer.pieces":             true,
	"rules.turn_order":                  true,
	"rules.vertical":                    true,
	"rules.vertical.mode":               true,
	"rules.vertical.pieces":             true,
	"seats.army":                        true,
	"seats.army.facing":                 true,
	"seats.army.piece":                  true,
	"seats.army.squares":                true,
	"seats.forward":                     true,
	"seats.name":                        true,
	"statuses.afterlife":                true,
	"statuses.afterlife.from":           true,
	"statuses.afterlife.to":             true,
	"statuses.extra_move":               true,
	"statuses.extra_move.cost":          true,
	"statuses.forced":                   true,
	"statuses.frozen":                   true,
	"statuses.hazard":                   true,
	"statuses.immune":                   true,
	"statuses.income":                   true,
	"statuses.name":                     true,
	"statuses.portal":                   true,
	"statuses.stack":                    true,
	"statuses.upgrade":                  true,
	"statuses.wears_off":                true,
}

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
