package rules

import (
	"fmt"
	"strings"
	"testing"
)

// Schema 37's keys (SCHEMA-37.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 36 with the version
// to declare. Most rows edit heroes on two planes
// (testdata/valid/statuses.json); the rows on one board edit five by five.

var v37 = set("schema_version", `37`)

// oneBoard37 is five by five under schema 37, won by taking the king, so
// the statuses' keys may stand in it.
var oneBoard37 = []edit{v37, set("rules.win", `"royal_capture"`)}

// manyStatuses is n statuses named sa, sb, ..., each freezing.
func manyStatuses(n int) string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(`{"name": "s%c", "frozen": true}`, 'a'+i)
	}
	return "[" + strings.Join(out, ", ") + "]"
}

var schema37Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "heroes on two planes", base: "statuses"},
		{name: "statuses with no version declared", base: "statuses", edits: []edit{del("schema_version")}},
		{name: "statuses on one board", edits: with(oneBoard37,
			set("statuses", `[{"name": "tired", "frozen": true, "wears_off": "turn", "stack": 15}, {"name": "hero", "upgrade": true}, {"name": "mark"}]`),
			set("pieces[0].upgrades", `{"pieces": ["Q", "N"], "statuses": ["mark"]}`),
			set("rules.on_capture", `{"gain": ["tired"]}`),
			set("setup.statuses", `[{"status": "tired", "squares": ["a1", "e5"], "count": 15}, {"status": "hero", "squares": ["a2"]}]`))},
		{name: "eight statuses", base: "statuses", edits: []edit{set("statuses", manyStatuses(8)), del("setup.statuses"),
			del("pieces[0].upgrades"), del("pieces[2].upgrades"), del("rules.on_capture")}},
		{name: "markers named by each key", base: "statuses", edits: []edit{set("statuses[4]", `{"name": "crown"}`),
			set("statuses[5]", `{"name": "scar"}`), set("statuses[6]", `{"name": "medal", "stack": 2}`),
			set("pieces[1].upgrades", `{"statuses": ["crown"]}`), set("rules.on_capture.gain", `["veteran", "scar"]`),
			set("setup.statuses[2]", `{"status": "medal", "squares": ["Earth:d1"], "count": 2}`)}},
		{name: "upgrades of kinds only", base: "statuses", edits: []edit{set("pieces[0].upgrades", `{"pieces": ["N", "R", "P"]}`)}},
		{name: "income of a resource with income of its own", base: "statuses", edits: []edit{
			set("resources[1]", `{"name": "gems", "income": {"amount": 2, "after": "turn"}}`),
			set("statuses[2].income", `{"coins": 100, "gems": 1}`)}},
		{name: "a status named as a piece", base: "statuses", edits: []edit{set("statuses[4]", `{"name": "K", "frozen": true}`)}},
		{name: "one status in two entries on different pieces", base: "statuses", edits: []edit{
			set("setup.statuses[2]", `{"status": "tired", "squares": ["Earth:b1"]}`)}},
		{name: "statuses beside royal_capture", base: "statuses", edits: []edit{set("rules.win", `"royal_capture"`), set("pieces[3].royal", `true`)}},

		// Version gating.
		{name: "two planes under 36", base: "statuses", edits: []edit{set("schema_version", `36`)},
			want: []string{`the spec uses pieces.upgrades, statuses, setup.statuses, rules.on_capture, added in schema 37; declare "schema_version": 37 to use it`}},
		{name: "two planes under 35", base: "statuses", edits: []edit{set("schema_version", `35`)},
			want: []string{
				`the spec uses items, resources, setup.items, rules.afterlife, rules.presence, added in schema 36; declare "schema_version": 36 to use it`,
				`the spec uses pieces.upgrades, statuses, setup.statuses, rules.on_capture, added in schema 37; declare "schema_version": 37 to use it`}},
		{name: "on_capture and statuses under 1", edits: []edit{set("schema_version", `1`), set("rules.win", `"royal_capture"`), set("statuses", `[{"name": "hat"}]`),
			set("rules.on_capture", `{"gain": ["hat"]}`)},
			want: []string{`the spec uses rules.on_capture, statuses, added in schema 37; declare "schema_version": 37 to use it`}},

		// The shape of statuses.
		{name: "no statuses", base: "statuses", edits: []edit{set("statuses", `[]`)},
			want: []string{"statuses must have 1 to 16 entries, got 0"}},
		{name: "seventeen statuses", base: "statuses", edits: []edit{set("statuses", manyStatuses(17))},
			want: []string{"statuses must have 1 to 16 entries, got 17"}},
		{name: "a status without a name", base: "statuses", edits: []edit{set("statuses[1]", `{"frozen": true}`)},
			want: []string{"statuses[1] is missing required key: name"}},
		{name: "status names empty and too long", base: "statuses", edits: []edit{set("statuses[0].name", `""`), set("statuses[1].name", `"invulnerable"`),
			set("statuses[2].name", `"invulnerables"`)},
			want: []string{
				"statuses[0].name must be 1 to 12 characters, got ''",
				"statuses[2].name must be 1 to 12 characters, got 'invulnerables'"}},
		{name: "a status of another key", base: "statuses", edits: []edit{set("statuses[1].poison", `1`)},
			want: []string{"statuses[1] has unknown keys: poison"}},
		{name: "frozen and upgrade written false", base: "statuses", edits: []edit{set("statuses[0].frozen", `false`), set("statuses[3].upgrade", `false`)},
			want: []string{
				"statuses[0].frozen must be true, got False: leave it out for a status that does not freeze",
				"statuses[3].upgrade must be true, got False: leave it out for a status that upgrades nothing"}},
		{name: "status stacks out of range", base: "statuses", edits: []edit{set("statuses[0].stack", `0`), set("statuses[2].stack", `16`)},
			want: []string{
				"statuses[0].stack must be from 1 to 15, got 0",
				"statuses[2].stack must be from 1 to 15, got 16"}},
		{name: "status immune lists empty and repeating", base: "statuses", edits: []edit{set("statuses[1].immune", `["fire", "fire"]`), set("statuses[2].immune", `[]`)},
			want: []string{
				"statuses[1].immune entry 'fire' is listed twice",
				"statuses[2].immune must have at least 1 entry, got 0"}},
		{name: "status afterlives of the wrong form", base: "statuses", edits: []edit{set("statuses[0].afterlife", `[]`),
			set("statuses[1].afterlife", `[{"from": [], "to": "Heaven"}, {"from": ["Earth", "Earth"], "to": "Heaven"}, {"from": ["Earth"]}]`),
			set("statuses[2].afterlife", manyEntries(17, `{"from": ["Earth"], "to": "Heaven"}`))},
			want: []string{
				"statuses[0].afterlife must have 1 to 16 entries, got 0",
				"statuses[1].afterlife[0].from must have at least 1 entry, got 0",
				"statuses[1].afterlife[1].from entry 'Earth' is listed twice",
				"statuses[1].afterlife[2] is missing required key: to",
				"statuses[2].afterlife must have 1 to 16 entries, got 17"}},
		{name: "status incomes out of range", base: "statuses", edits: []edit{set("statuses[2].income", `{"coins": 0, "gems": 101, "ore": 1.5}`)},
			want: []string{
				"statuses[2].income.coins must be from 1 to 100, got 0",
				"statuses[2].income.gems must be from 1 to 100, got 101",
				"statuses[2].income.ore must be an integer, got 1.5"}},
		{name: "a status income as a number", base: "statuses", edits: []edit{set("statuses[2].income", `1`)},
			want: []string{"statuses[2].income must be an object, got 1"}},

		// The shape of upgrades, on_capture and setup.statuses.
		{name: "upgrades of the wrong form", base: "statuses", edits: []edit{set("pieces[0].upgrades", `{"pieces": [], "statuses": ["shield", "shield"]}`),
			set("pieces[2].upgrades", `{"statuses": ["veteran"], "status": ["hero"]}`), set("pieces[3].upgrades", `["N"]`)},
			want: []string{
				"pieces[0].upgrades.pieces must have at least 1 entry, got 0",
				"pieces[0].upgrades.statuses entry 'shield' is listed twice",
				"pieces[2].upgrades has unknown keys: status",
				"pieces[3].upgrades must be an object, got ['N']"}},
		{name: "on_capture of the wrong form", base: "statuses", edits: []edit{set("rules.on_capture", `{"gain": []}`)},
			want: []string{"rules.on_capture.gain must have at least 1 entry, got 0"}},
		{name: "on_capture without gain", base: "statuses", edits: []edit{set("rules.on_capture", `{"gains": ["veteran"]}`)},
			want: []string{"rules.on_capture has unknown keys: gains", "rules.on_capture is missing required key: gain"}},
		{name: "on_capture gains repeating", base: "statuses", edits: []edit{set("rules.on_capture.gain", `["veteran", "veteran"]`)},
			want: []string{"rules.on_capture.gain entry 'veteran' is listed twice"}},
		{name: "no setup statuses", base: "statuses", edits: []edit{set("setup.statuses", `[]`)},
			want: []string{"setup.statuses must have at least 1 entry, got 0"}},
		{name: "setup statuses of the wrong form", base: "statuses", edits: []edit{set("setup.statuses[0]", `{"status": "tired"}`),
			set("setup.statuses[1]", `{"squares": ["Earth:c2"], "count": 0}`), set("setup.statuses[2]", `{"status": "hero", "squares": ["Earth:c2", "Earth:c2"], "count": 16}`),
			set("setup.statuses[3]", `{"status": "hero", "squares": []}`)},
			want: []string{
				"setup.statuses[0] is missing required key: squares",
				"setup.statuses[1].count must be from 1 to 15, got 0",
				"setup.statuses[1] is missing required key: status",
				"setup.statuses[2].squares entry 'Earth:c2' is listed twice",
				"setup.statuses[2].count must be from 1 to 15, got 16",
				"setup.statuses[3].squares must have at least 1 entry, got 0"}},

		// Statuses.
		{name: "status names", base: "statuses", edits: []edit{set("statuses[4]", `{"name": "tired", "frozen": true}`),
			set("statuses[5]", `{"name": "hero2", "frozen": true}`), set("statuses[6]", `{"name": "iron will", "frozen": true}`)},
			want: []string{
				"statuses[4].name 'tired' is statuses[0]'s name too: each status needs its own",
				"statuses[5].name 'hero2' must be letters only (a to z, A to Z)",
				"statuses[6].name 'iron will' must be letters only (a to z, A to Z)"}},
		{name: "statuses named as an item and a resource", base: "statuses", edits: []edit{set("statuses[4]", `{"name": "coin", "frozen": true}`),
			set("statuses[5]", `{"name": "coins", "frozen": true}`), set("statuses[6]", `{"name": "Fire", "frozen": true}`)},
			want: []string{
				"statuses[4].name 'coin' is items[1]'s id too: a status, an item and a resource never share a name",
				"statuses[5].name 'coins' is resources[0]'s name too: a status, an item and a resource never share a name"}},
		{name: "immune items undeclared", base: "statuses", edits: []edit{set("statuses[1].immune", `["fire", "ice", "coins"]`)},
			want: []string{
				"statuses[1].immune entry 'ice' is not a declared item",
				"statuses[1].immune entry 'coins' is not a declared item"}},
		{name: "immune items with no items", base: "statuses", edits: []edit{del("items"), del("setup.items")},
			want: []string{"statuses[1].immune entry 'fire' is not a declared item"}},
		{name: "status afterlife boards unknown", base: "statuses", edits: []edit{set("statuses[1].afterlife", `[{"from": ["Earth", "Moon"], "to": "Hell"}]`)},
			want: []string{
				"statuses[1].afterlife[0].from entry 'Moon' is not a board: the boards are 'Earth', 'Heaven'",
				"statuses[1].afterlife[0].to 'Hell' is not a board: the boards are 'Earth', 'Heaven'"}},
		{name: "a status afterlife to its own board", base: "statuses", edits: []edit{
			set("statuses[1].afterlife", `[{"from": ["Earth"], "to": "Heaven"}, {"from": ["Earth", "Heaven"], "to": "Heaven"}]`)},
			want: []string{"statuses[1].afterlife[1].to 'Heaven' is one of its from boards: a piece would be sent to the square it died on"}},
		{name: "a status afterlife on one board", edits: with(oneBoard37, set("statuses", `[{"name": "ghost", "afterlife": [{"from": ["A"], "to": "B"}]}]`)),
			want: []string{"statuses[0].afterlife needs boards: the game has one board"}},
		{name: "status incomes of undeclared resources", base: "statuses", edits: []edit{set("statuses[2].income", `{"gold": 1, "coins": 1, "Coins": 2}`)},
			want: []string{
				"statuses[2].income key 'Coins' is not a declared resource",
				"statuses[2].income key 'gold' is not a declared resource"}},
		{name: "a status income with no resources", base: "statuses", edits: []edit{del("resources"), del("items[1].gain"), set("items[1].kill", `"enter"`)},
			want: []string{"statuses[2].income key 'coins' is not a declared resource"}},
		{name: "statuses that do nothing", base: "statuses", edits: []edit{set("statuses[4]", `{"name": "ghost"}`),
			set("statuses[5]", `{"name": "void", "stack": 3, "income": {}}`)},
			want: []string{
				"statuses[4] does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income or upgrade, or name it in rules.on_capture, pieces[].upgrades or setup.statuses",
				"statuses[5] does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income or upgrade, or name it in rules.on_capture, pieces[].upgrades or setup.statuses"}},

		// pieces[].upgrades.
		{name: "upgrades that offer nothing", base: "statuses", edits: []edit{set("pieces[1].upgrades", `{}`)},
			want: []string{"pieces[1].upgrades offers nothing: give it pieces to change into or statuses to gain"}},
		{name: "upgrades undeclared", base: "statuses", edits: []edit{set("pieces[0].upgrades", `{"pieces": ["N", "Q"], "statuses": ["shield", "crown"]}`)},
			want: []string{
				"pieces[0].upgrades.pieces entry 'Q' is not a declared piece",
				"pieces[0].upgrades.statuses entry 'crown' is not a declared status"}},

		// rules.on_capture.
		{name: "on_capture gains undeclared", base: "statuses", edits: []edit{set("rules.on_capture.gain", `["veteran", "Veteran", "medal"]`)},
			want: []string{
				"rules.on_capture.gain entry 'Veteran' is not a declared status",
				"rules.on_capture.gain entry 'medal' is not a declared status"}},

		// setup.statuses.
		{name: "an undeclared setup status", base: "statuses", edits: []edit{set("setup.statuses[1].status", `"Hero"`)},
			want: []string{"setup.statuses[1].status 'Hero' is not a declared status"}},
		{name: "setup statuses with no statuses", edits: with(oneBoard37, set("setup.statuses", `[{"status": "hero", "squares": ["a2"]}]`)),
			want: []string{"setup.statuses[0].status 'hero' is not a declared status"}},
		{name: "counts above the stack", base: "statuses", edits: []edit{set("setup.statuses[0].count", `3`), set("setup.statuses[1].count", `2`)},
			want: []string{
				"setup.statuses[0].count 3 is more than the stack of 'tired', 2: a piece carries no more",
				"setup.statuses[1].count 2 is more than the stack of 'hero', 1 when left out: a piece carries no more"}},
		{name: "status squares off the boards", base: "statuses", edits: []edit{set("setup.statuses[1].squares", `["Earth:g1", "c2", "Moon:c2", "Earth:c2"]`)},
			want: []string{
				"setup.statuses[1].squares entry 'Earth:g1' is not a square on this board",
				"setup.statuses[1].squares entry 'c2' needs its board: write it as 'Earth:c2'",
				"setup.statuses[1].squares entry 'Moon:c2' names no board: the boards are 'Earth', 'Heaven'"}},
		{name: "status squares with no piece", base: "statuses", edits: []edit{set("setup.statuses[1].squares", `["Earth:c2", "Earth:c3", "Heaven:c2"]`)},
			want: []string{
				"setup.statuses[1].squares entry 'Earth:c3' holds no piece from setup.placements: a status is carried by a piece",
				"setup.statuses[1].squares entry 'Heaven:c2' holds no piece from setup.placements: a status is carried by a piece"}},
		{name: "a status given twice", base: "statuses", edits: []edit{set("setup.statuses[2]", `{"status": "tired", "squares": ["Earth:b1", "Earth:f6"]}`)},
			want: []string{"setup.statuses[2].squares entry 'Earth:f6' is given 'tired' by setup.statuses[0] too: give a piece each status once, with its count"}},
		{name: "a status square naming a board in a game of one", edits: with(oneBoard37, set("statuses", `[{"name": "hero", "upgrade": true}]`),
			set("setup.statuses", `[{"status": "hero", "squares": ["A:a2", "a2"]}]`)),
			want: []string{"setup.statuses[0].squares entry 'A:a2' names a board, but the game has one board"}},

		// Games with check.
		{name: "statuses under checkmate", base: "statuses", edits: []edit{set("rules.win", `"checkmate"`), set("pieces[3].royal", `true`)},
			want: []string{
				"items is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"resources is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.afterlife is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.presence is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"statuses is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[0].upgrades is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[2].upgrades is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.on_capture is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"setup.statuses is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
		{name: "upgrades under the default win", edits: []edit{v37, set("pieces[0].upgrades", `{"pieces": ["Q"]}`), del("rules.win")},
			want: []string{"pieces[0].upgrades is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
	}
}()

func TestSchema37(t *testing.T) { runCases(t, schema37Cases) }

// TestStatusesFilledFromFile: the typed Spec holds the statuses' keys as
// written, and the accessors give the addendum's defaults.
func TestStatusesFilledFromFile(t *testing.T) {
	spec, problems := Parse(apply(t, "statuses"))
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	if len(spec.Statuses) != 4 {
		t.Fatalf("statuses: %+v", spec.Statuses)
	}
	tired, shield, veteran, hero := spec.Statuses[0], spec.Statuses[1], spec.Statuses[2], spec.Statuses[3]
	if tired.Name != "tired" || tired.StackOrDefault() != 2 || !tired.Frozen || tired.WearsOff != WearsOffTurn || tired.Upgrade {
		t.Errorf("tired: %+v", tired)
	}
	if strings.Join(shield.Immune, " ") != "fire" || len(shield.Afterlife) != 1 || strings.Join(shield.Afterlife[0].From, " ") != "Earth" ||
		shield.Afterlife[0].To != "Heaven" || shield.StackOrDefault() != 1 || shield.Frozen || shield.WearsOff != "" {
		t.Errorf("shield: %+v", shield)
	}
	if veteran.StackOrDefault() != 3 || len(veteran.Income) != 1 || veteran.Income["coins"] != 1 {
		t.Errorf("veteran: %+v", veteran)
	}
	if !hero.Upgrade || hero.StackOrDefault() != 1 || hero.Immune != nil || hero.Afterlife != nil || hero.Income != nil {
		t.Errorf("hero: %+v", hero)
	}
	if u := spec.Pieces[0].Upgrades; u == nil || strings.Join(u.Pieces, " ") != "N" || strings.Join(u.Statuses, " ") != "shield" {
		t.Errorf("pieces[0].upgrades: %+v", u)
	}
	if u := spec.Pieces[2].Upgrades; u == nil || u.Pieces != nil || strings.Join(u.Statuses, " ") != "veteran" {
		t.Errorf("pieces[2].upgrades: %+v", u)
	}
	if spec.Pieces[1].Upgrades != nil {
		t.Errorf("pieces[1].upgrades: %+v", spec.Pieces[1].Upgrades)
	}
	if oc := spec.Rules.OnCapture; oc == nil || strings.Join(oc.Gain, " ") != "veteran" {
		t.Errorf("on_capture: %+v", oc)
	}
	if ss := spec.Setup.Statuses; len(ss) != 2 || ss[0].Status != "tired" || ss[0].Count != 2 || len(ss[0].Squares) != 4 ||
		ss[1].Status != "hero" || ss[1].Count != 0 || strings.Join(ss[1].Squares, " ") != "Earth:c2 Earth:d2 Earth:c5 Earth:d5" {
		t.Errorf("setup.statuses: %+v", ss)
	}
}
