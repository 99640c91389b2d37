package rules

import (
	"fmt"
	"strings"
	"testing"
)

// Schema 36's keys (SCHEMA-36.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 35 with the version
// to declare. Most rows edit three small planes (testdata/valid/planes.json);
// the rows on one board edit five by five.

var v36 = set("schema_version", `36`)

// oneBoard36 is five by five under schema 36, won by taking the king, so
// the planes' keys may stand in it.
var oneBoard36 = []edit{v36, set("rules.win", `"royal_capture"`)}

// manyEntries is a JSON list of n copies of entry.
func manyEntries(n int, entry string) string {
	out := make([]string, n)
	for i := range out {
		out[i] = entry
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// manyItems is n items named i1, i2, ..., each killing.
func manyItems(n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`{"id": "i%d", "kill": "enter"}`, i+1)
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// fifteen is a square written fifteen times.
func fifteen(square string) string {
	return manyEntries(15, `"`+square+`"`)
}

var schema36Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "three planes", base: "planes"},
		{name: "planes with no version declared", base: "planes", edits: []edit{del("schema_version")}},
		{name: "items and coins on one board", edits: with(oneBoard36,
			set("items", `[{"id": "trap", "kill": "enter", "consumed": true}, {"id": "gold", "gain": {"gold": 100, "silver": 1}, "stack": 15}]`),
			set("resources", `[{"name": "gold"}, {"name": "silver", "start": 1000, "max": 1000, "income": {"amount": 100, "after": "turn"}, "value": 10}]`),
			set("setup.items", `[{"item": "trap", "squares": ["c3"]}, {"item": "gold", "squares": `+fifteen("b3")+`}]`))},
		{name: "presence on one board", edits: with(oneBoard36, set("rules.presence", `[{"pieces": ["Q", "R"], "result": "draw"}, {}]`))},
		{name: "values at the edges", base: "planes", edits: []edit{set("resources[0].value", `0`),
			set("resources[1]", `{"name": "Gems", "value": 0.125}`), set("resources[2]", `{"name": "ore", "value": 10}`)}},
		{name: "start at its max", base: "planes", edits: []edit{set("resources[0].start", `50`),
			set("resources[1]", `{"name": "gems", "start": 999}`)}},
		{name: "one item of several kinds on a square", base: "planes", edits: []edit{
			set("setup.items[1].squares", `["Earth:d3", "Earth:c4"]`), set("setup.items[2].squares", `["Earth:a3", "Earth:c4", "Earth:a3", "Earth:c4", "Earth:a3"]`)}},
		{name: "a stack filled by two entries", base: "planes", edits: []edit{set("setup.items[3]", `{"item": "coin", "squares": ["Earth:a3"]}`)}},
		{name: "a chain of three boards", base: "planes", edits: []edit{set("rules.afterlife", `[{"from": ["Earth"], "to": "Heaven"}, {"from": ["Heaven"], "to": "Hell"}]`)}},
		{name: "boards that send different pieces back and forth", base: "planes", edits: []edit{
			set("rules.afterlife", `[{"from": ["Earth"], "to": "Heaven", "pieces": ["N"]}, {"from": ["Heaven"], "to": "Earth", "pieces": ["R"]}]`)}},
		{name: "a piece taken first by an entry that ends", base: "planes", edits: []edit{
			set("rules.afterlife", `[{"from": ["Heaven"], "to": "Hell", "pieces": ["K"]}, {"from": ["Earth"], "to": "Heaven"}, {"from": ["Heaven"], "to": "Earth"}]`),
			set("pieces", `[{"id": "K", "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]}]`),
			set("setup.placements", `[{"piece": "K", "squares": ["Earth:d1"]}]`), del("rules.promotion"), del("items[0].immune")}},
		{name: "capturers sent from two boards", base: "planes", edits: []edit{set("rules.after_capture", `[{"on": ["Heaven", "Hell"], "to": "Earth"}]`)}},
		{name: "capturers sent round", base: "planes", edits: []edit{set("rules.after_capture", `[{"on": ["Heaven"], "to": "Hell"}, {"on": ["Hell"], "to": "Heaven"}]`)}},
		{name: "items and presence beside annihilation", base: "planes", edits: []edit{set("rules.win", `"annihilation"`)}},

		// Version gating.
		{name: "three planes under 35", base: "planes", edits: []edit{set("schema_version", `35`)},
			want: []string{`the spec uses items, resources, setup.items, rules.afterlife, rules.after_capture, rules.presence, added in schema 36; declare "schema_version": 36 to use it`}},
		{name: "three planes under 32", base: "planes", edits: []edit{set("schema_version", `32`)},
			want: []string{
				`the spec uses boards, added in schema 33; declare "schema_version": 33 to use it`,
				`the spec uses items, resources, setup.items, rules.afterlife, rules.after_capture, rules.presence, added in schema 36; declare "schema_version": 36 to use it`}},
		{name: "presence under 1", edits: []edit{set("schema_version", `1`), set("rules.win", `"royal_capture"`), set("rules.presence", `[{}]`)},
			want: []string{`the spec uses rules.presence, added in schema 36; declare "schema_version": 36 to use it`}},

		// The shape of items.
		{name: "no items", base: "planes", edits: []edit{set("items", `[]`)},
			want: []string{"items must have 1 to 16 entries, got 0"}},
		{name: "17 items", base: "planes", edits: []edit{set("items", manyItems(17))},
			want: []string{"items must have 1 to 16 entries, got 17"}},
		{name: "an item without an id", base: "planes", edits: []edit{set("items[1]", `{"slide": true}`)},
			want: []string{"items[1] is missing required key: id"}},
		{name: "item ids empty and too long", base: "planes", edits: []edit{set("items[0].id", `""`), set("items[1].id", `"icefloe12"`)},
			want: []string{
				"items[0].id must be 1 to 8 characters, got ''",
				"items[1].id must be 1 to 8 characters, got 'icefloe12'"}},
		{name: "an item of another key", base: "planes", edits: []edit{set("items[1].push", `1`)},
			want: []string{"items[1] has unknown keys: push"}},
		{name: "slide and consumed written false", base: "planes", edits: []edit{set("items[0].slide", `false`), set("items[2].consumed", `false`)},
			want: []string{
				"items[0].slide must be true, got False: leave it out for an item that moves nothing",
				"items[2].consumed must be true, got False: leave it out for an item that stays"}},
		{name: "gains out of range", base: "planes", edits: []edit{set("items[2].gain", `{"coins": 0, "gems": 101, "ore": 1.5}`)},
			want: []string{
				"items[2].gain.coins must be from 1 to 100, got 0",
				"items[2].gain.gems must be from 1 to 100, got 101",
				"items[2].gain.ore must be an integer, got 1.5"}},
		{name: "a gain as a number", base: "planes", edits: []edit{set("items[2].gain", `2`)},
			want: []string{"items[2].gain must be an object, got 2"}},
		{name: "stacks out of range", base: "planes", edits: []edit{set("items[0].stack", `0`), set("items[2].stack", `16`)},
			want: []string{
				"items[0].stack must be from 1 to 15, got 0",
				"items[2].stack must be from 1 to 15, got 16"}},
		{name: "immune lists empty and repeating", base: "planes", edits: []edit{set("items[0].immune", `["K", "K"]`), set("items[1].immune", `[]`)},
			want: []string{
				"items[0].immune entry 'K' is listed twice",
				"items[1].immune must have at least 1 entry, got 0"}},

		// The shape of resources.
		{name: "no resources", base: "planes", edits: []edit{set("resources", `[]`)},
			want: []string{"resources must have 1 to 4 entries, got 0"}},
		{name: "five resources", base: "planes", edits: []edit{set("resources", manyEntries(5, `{"name": "coins"}`))},
			want: []string{"resources must have 1 to 4 entries, got 5"}},
		{name: "a resource without a name", base: "planes", edits: []edit{set("resources[1]", `{"start": 3}`)},
			want: []string{"resources[1] is missing required key: name"}},
		{name: "resource names empty and too long", base: "planes", edits: []edit{set("resources[0].name", `""`), set("resources[1]", `{"name": "goldsovereign"}`)},
			want: []string{
				"resources[0].name must be 1 to 12 characters, got ''",
				"resources[1].name must be 1 to 12 characters, got 'goldsovereign'"}},
		{name: "start and max out of range", base: "planes", edits: []edit{set("resources[0].start", `-1`), set("resources[0].max", `0`),
			set("resources[1]", `{"name": "gems", "start": 1001, "max": 10001}`)},
			want: []string{
				"resources[0].start must be from 0 to 1000, got -1",
				"resources[0].max must be from 1 to 10000, got 0",
				"resources[1].start must be from 0 to 1000, got 1001",
				"resources[1].max must be from 1 to 10000, got 10001"}},
		{name: "income without an amount, and out of range", base: "planes", edits: []edit{set("resources[0].income", `{"after": "turn"}`),
			set("resources[1]", `{"name": "gems", "income": {"amount": 101}}`)},
			want: []string{
				"resources[0].income is missing required key: amount",
				"resources[1].income.amount must be from 1 to 100, got 101"}},
		{name: "values out of range and too fine", base: "planes", edits: []edit{set("resources[0].value", `10.5`),
			set("resources[1]", `{"name": "gems", "value": 0.1234}`), set("resources[2]", `{"name": "ore", "value": "0.1"}`)},
			want: []string{
				"resources[0].value must be from 0 to 10, got 10.5",
				"resources[1].value must have at most 3 decimal places, got 0.1234",
				"resources[2].value must be a number, got '0.1'"}},

		// The shape of setup.items.
		{name: "no setup items", base: "planes", edits: []edit{set("setup.items", `[]`)},
			want: []string{"setup.items must have at least 1 entry, got 0"}},
		{name: "setup items without squares or item", base: "planes", edits: []edit{set("setup.items[0]", `{"item": "fire"}`),
			set("setup.items[1]", `{"squares": ["Earth:d3"]}`), set("setup.items[2].squares", `[]`)},
			want: []string{
				"setup.items[0] is missing required key: squares",
				"setup.items[1] is missing required key: item",
				"setup.items[2].squares must have at least 1 entry, got 0"}},

		// The shape of the rules.
		{name: "no afterlife", base: "planes", edits: []edit{set("rules.afterlife", `[]`)},
			want: []string{"rules.afterlife must have 1 to 16 entries, got 0"}},
		{name: "17 afterlives", base: "planes", edits: []edit{set("rules.afterlife", manyEntries(17, `{"from": ["Earth"], "to": "Hell"}`))},
			want: []string{"rules.afterlife must have 1 to 16 entries, got 17"}},
		{name: "afterlife entries of the wrong form", base: "planes", edits: []edit{set("rules.afterlife[0]", `{"from": [], "to": "Hell", "pieces": []}`),
			set("rules.afterlife[1].from", `["Earth", "Earth"]`), set("rules.afterlife[2]", `{"pieces": ["K"]}`)},
			want: []string{
				"rules.afterlife[0].from must have at least 1 entry, got 0",
				"rules.afterlife[0].pieces must have at least 1 entry, got 0",
				"rules.afterlife[1].from entry 'Earth' is listed twice",
				"rules.afterlife[2] is missing required keys: from, to"}},
		{name: "nine after_capture entries", base: "planes", edits: []edit{set("rules.after_capture", manyEntries(9, `{"on": ["Heaven"], "to": "Hell"}`))},
			want: []string{"rules.after_capture must have 1 to 8 entries, got 9"}},
		{name: "an after_capture without on", base: "planes", edits: []edit{set("rules.after_capture[0]", `{"to": "Hell"}`)},
			want: []string{"rules.after_capture[0] is missing required key: on"}},
		{name: "five presences", base: "planes", edits: []edit{set("rules.presence", manyEntries(5, `{}`))},
			want: []string{"rules.presence must have 1 to 4 entries, got 5"}},
		{name: "presence lists empty", base: "planes", edits: []edit{set("rules.presence[0].boards", `[]`), set("rules.presence[1].pieces", `[]`)},
			want: []string{
				"rules.presence[0].boards must have at least 1 entry, got 0",
				"rules.presence[1].pieces must have at least 1 entry, got 0"}},

		// Items.
		{name: "item ids", base: "planes", edits: []edit{set("items[3]", `{"id": "fire", "slide": true}`), set("items[4]", `{"id": "2coin", "kill": "enter"}`),
			set("items[5]", `{"id": "K", "kill": "enter"}`), set("items[6]", `{"id": "fire", "kill": "enter"}`), set("items[7]", `{"id": "ice_2", "kill": "enter"}`)},
			want: []string{
				"items[3].id 'fire' is items[0]'s id too: each item needs its own",
				"items[4].id '2coin' must be letters and digits, starting with a letter",
				"items[5].id 'K' is pieces[3]'s id too: an item and a piece never share a name",
				"items[6].id 'fire' is items[0]'s id too: each item needs its own",
				"items[7].id 'ice_2' must be letters and digits, starting with a letter"}},
		{name: "items that do nothing", base: "planes", edits: []edit{set("items[3]", `{"id": "rock"}`),
			set("items[4]", `{"id": "void", "gain": {}, "consumed": true, "stack": 2}`)},
			want: []string{
				"items[3] does nothing: give it kill, slide or a gain",
				"items[4] does nothing: give it kill, slide or a gain"}},
		{name: "gains of undeclared resources", base: "planes", edits: []edit{set("items[2].gain", `{"gold": 1, "coins": 1, "Coins": 2}`)},
			want: []string{
				"items[2].gain key 'Coins' is not a declared resource",
				"items[2].gain key 'gold' is not a declared resource"}},
		{name: "a gain with no resources", base: "planes", edits: []edit{del("resources")},
			want: []string{"items[2].gain key 'coins' is not a declared resource"}},
		{name: "immune pieces undeclared", base: "planes", edits: []edit{set("items[0].immune", `["K", "Z"]`), set("items[1].immune", `["X"]`)},
			want: []string{
				"items[0].immune entry 'Z' is not a declared piece",
				"items[1].immune entry 'X' is not a declared piece"}},

		// Resources.
		{name: "resource names", base: "planes", edits: []edit{set("resources[1]", `{"name": "coins"}`),
			set("resources[2]", `{"name": "gold coin"}`), set("resources[3]", `{"name": "gems2"}`)},
			want: []string{
				"resources[1].name 'coins' is resources[0]'s name too: each resource needs its own",
				"resources[2].name 'gold coin' must be letters only (a to z, A to Z)",
				"resources[3].name 'gems2' must be letters only (a to z, A to Z)"}},
		{name: "starts above the max", base: "planes", edits: []edit{set("resources[0].start", `60`),
			set("resources[1]", `{"name": "gems", "start": 1000}`)},
			want: []string{
				"resources[0].start 60 is more than its max, 50: no player holds more than max",
				"resources[1].start 1000 is more than its max, 999 when left out: no player holds more than max"}},

		// setup.items.
		{name: "an undeclared item", base: "planes", edits: []edit{set("setup.items[0].item", `"lava"`)},
			want: []string{"setup.items[0].item 'lava' is not a declared item"}},
		{name: "setup items with no items", base: "planes", edits: []edit{del("items")},
			want: []string{
				"setup.items[0].item 'fire' is not a declared item",
				"setup.items[1].item 'ice' is not a declared item",
				"setup.items[2].item 'coin' is not a declared item"}},
		{name: "item squares off the boards", base: "planes", edits: []edit{set("setup.items[0].squares", `["Earth:g1", "c4", "Moon:c4", "c4"]`)},
			want: []string{
				"setup.items[0].squares entry 'Earth:g1' is not a square on this board",
				"setup.items[0].squares entry 'c4' needs its board: write it as 'Earth:c4'",
				"setup.items[0].squares entry 'Moon:c4' names no board: the boards are 'Earth', 'Heaven', 'Hell'"}},
		{name: "an item on a wall", base: "planes", edits: []edit{set("rules.obstacles", `{"squares": ["Hell:d3"]}`)},
			want: []string{"setup.items[0].squares entry 'Hell:d3' is a wall (rules.obstacles)"}},
		{name: "items under pieces", base: "planes", edits: []edit{set("setup.items[1].squares", `["Earth:d3", "Earth:e2", "Earth:a5"]`),
			set("setup.items[2].squares", `["Earth:d1"]`)},
			want: []string{
				"setup.items[1].squares entry 'Earth:e2' is under a piece from setup.placements[0]: items start on empty squares",
				"setup.items[1].squares entry 'Earth:a5' is under a piece from setup.placements[0]: items start on empty squares",
				"setup.items[2].squares entry 'Earth:d1' is under a piece from setup.placements[3]: items start on empty squares"}},
		{name: "items above their stack", base: "planes", edits: []edit{set("setup.items[1].squares", `["Earth:d3", "Heaven:c4", "Earth:d3"]`),
			set("setup.items[2].squares", `["Earth:a3", "Earth:a3", "Earth:a3", "Earth:a3"]`)},
			want: []string{
				"setup.items[1].squares entry 'Earth:d3' holds 2 of 'ice', more than its stack of 1",
				"setup.items[2].squares entry 'Earth:a3' holds 4 of 'coin', more than its stack of 3"}},
		{name: "a stack overfilled by two entries", base: "planes", edits: []edit{set("setup.items[3]", `{"item": "coin", "squares": ["Earth:a3", "Earth:a3"]}`),
			set("setup.items[4]", `{"item": "coin", "squares": ["Earth:a3"]}`)},
			want: []string{"setup.items[3].squares entry 'Earth:a3' holds 4 of 'coin', more than its stack of 3"}},
		{name: "an item square naming a board in a game of one", edits: with(oneBoard36, set("items", `[{"id": "trap", "kill": "enter"}]`),
			set("setup.items", `[{"item": "trap", "squares": ["A:c3", "c3"]}]`)),
			want: []string{"setup.items[0].squares entry 'A:c3' names a board, but the game has one board"}},

		// rules.afterlife.
		{name: "afterlife boards unknown", base: "planes", edits: []edit{set("rules.afterlife[0]", `{"from": ["Earth", "Moon"], "to": "Hel"}`)},
			want: []string{
				"rules.afterlife[0].from entry 'Moon' is not a board: the boards are 'Earth', 'Heaven', 'Hell'",
				"rules.afterlife[0].to 'Hel' is not a board: the boards are 'Earth', 'Heaven', 'Hell'"}},
		{name: "an afterlife to its own board", base: "planes", edits: []edit{set("rules.afterlife[2]", `{"from": ["Heaven", "Hell"], "to": "Hell"}`)},
			want: []string{"rules.afterlife[2].to 'Hell' is one of its from boards: a piece would be sent to the square it died on"}},
		{name: "afterlife pieces undeclared", base: "planes", edits: []edit{set("rules.afterlife[0].pieces", `["N", "Q"]`)},
			want: []string{"rules.afterlife[0].pieces entry 'Q' is not a declared piece"}},
		{name: "an afterlife cycle", base: "planes", edits: []edit{set("rules.afterlife[2].to", `"Earth"`)},
			want: []string{"rules.afterlife sends 'P', 'R', 'K' from board 'Earth' back to 'Earth' (through 'Heaven'): it could die and come back for ever"}},
		{name: "an afterlife cycle for every piece", base: "planes", edits: []edit{set("rules.afterlife", `[{"from": ["Earth"], "to": "Heaven"}, {"from": ["Heaven"], "to": "Hell"}, {"from": ["Hell"], "to": "Earth"}]`)},
			want: []string{"rules.afterlife sends a piece from board 'Earth' back to 'Earth' (through 'Heaven', 'Hell'): it could die and come back for ever"}},
		{name: "two afterlife cycles", base: "planes", edits: []edit{
			set("rules.afterlife", `[{"from": ["Earth"], "to": "Hell", "pieces": ["N"]}, {"from": ["Hell"], "to": "Earth", "pieces": ["N"]}, {"from": ["Heaven"], "to": "Hell"}, {"from": ["Hell"], "to": "Heaven"}]`)},
			want: []string{
				"rules.afterlife sends 'N' from board 'Earth' back to 'Earth' (through 'Hell'): it could die and come back for ever",
				"rules.afterlife sends 'P', 'R', 'K' from board 'Heaven' back to 'Heaven' (through 'Hell'): it could die and come back for ever"}},
		{name: "afterlife on one board", edits: with(oneBoard36, set("rules.afterlife", `[{"from": ["A"], "to": "B"}]`)),
			want: []string{"rules.afterlife needs boards: the game has one board"}},

		// rules.after_capture.
		{name: "after_capture boards unknown", base: "planes", edits: []edit{set("rules.after_capture[0]", `{"on": ["Heavens"], "to": "Hel"}`)},
			want: []string{
				"rules.after_capture[0].on entry 'Heavens' is not a board: the boards are 'Earth', 'Heaven', 'Hell'",
				"rules.after_capture[0].to 'Hel' is not a board: the boards are 'Earth', 'Heaven', 'Hell'"}},
		{name: "an after_capture to its own board", base: "planes", edits: []edit{set("rules.after_capture[0]", `{"on": ["Heaven", "Hell"], "to": "Heaven"}`)},
			want: []string{"rules.after_capture[0].to 'Heaven' is one of its on boards: a capturer would be sent to the square it stands on"}},
		{name: "a board in two after_capture entries", base: "planes", edits: []edit{
			set("rules.after_capture", `[{"on": ["Heaven"], "to": "Hell"}, {"on": ["Earth", "Heaven"], "to": "Hell"}, {"on": ["Earth"], "to": "Heaven"}]`)},
			want: []string{
				"rules.after_capture[1].on entry 'Heaven' is in rules.after_capture[0] too: a board sends its capturers one way",
				"rules.after_capture[2].on entry 'Earth' is in rules.after_capture[1] too: a board sends its capturers one way"}},
		{name: "after_capture on one board", edits: with(oneBoard36, set("rules.after_capture", `[{"on": ["A"], "to": "B"}]`)),
			want: []string{"rules.after_capture needs boards: the game has one board"}},

		// rules.presence.
		{name: "presence boards on one board", edits: with(oneBoard36, set("rules.presence", `[{"boards": ["A"]}, {"pieces": ["K"]}]`)),
			want: []string{"rules.presence[0].boards needs boards: the game has one board"}},
		{name: "presence boards and pieces unknown", base: "planes", edits: []edit{set("rules.presence[0].boards", `["Earth", "Moon"]`),
			set("rules.presence[1].pieces", `["K", "Q"]`)},
			want: []string{
				"rules.presence[0].boards entry 'Moon' is not a board: the boards are 'Earth', 'Heaven', 'Hell'",
				"rules.presence[1].pieces entry 'Q' is not a declared piece"}},
		{name: "a presence met at the start", base: "planes", edits: []edit{set("rules.presence[0].boards", `["Heaven", "Hell"]`)},
			want: []string{
				"rules.presence[0]: the first player starts with none of the pieces it counts on its boards, so the game would be over before the first move",
				"rules.presence[0]: the second player starts with none of the pieces it counts on its boards, so the game would be over before the first move"}},
		{name: "a presence met by one player at the start", base: "planes", edits: []edit{set("setup.mirror", `false`),
			set("setup.placements[4]", `{"piece": "K", "player": 1, "squares": ["Earth:d6"]}`), set("rules.presence[1].pieces", `["K", "N"]`),
			set("rules.presence[2]", `{"pieces": ["R"], "boards": ["Earth"], "result": "win"}`)},
			want: []string{"rules.presence[2]: the second player starts with none of the pieces it counts on its boards, so the game would be over before the first move"}},

		// Games with check.
		{name: "planes under checkmate", base: "planes", edits: []edit{set("rules.win", `"checkmate"`), set("pieces[3].royal", `true`)},
			want: []string{
				"items is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"resources is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.afterlife is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.after_capture is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.presence is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
		{name: "presence under the default win", edits: []edit{v36, set("rules.presence", `[{"pieces": ["K"]}]`), del("rules.win")},
			want: []string{"rules.presence is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
	}
}()

func TestSchema36(t *testing.T) { runCases(t, schema36Cases) }

// TestPlanesFilledFromFile: the typed Spec holds the planes' keys as
// written, and the accessors give the addendum's defaults.
func TestPlanesFilledFromFile(t *testing.T) {
	spec, problems := Parse(apply(t, "planes", set("resources[1]", `{"name": "gems", "income": {"amount": 3}}`)))
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	if len(spec.Items) != 3 {
		t.Fatalf("items: %+v", spec.Items)
	}
	fire, ice, coin := spec.Items[0], spec.Items[1], spec.Items[2]
	if fire.Kill != KillPass || fire.Slide || len(fire.Immune) != 1 || fire.Immune[0] != "K" || fire.StackOrDefault() != 1 {
		t.Errorf("fire: %+v", fire)
	}
	if ice.Kill != "" || !ice.Slide || ice.Consumed || ice.StackOrDefault() != 1 {
		t.Errorf("ice: %+v", ice)
	}
	if coin.Gain["coins"] != 2 || len(coin.Gain) != 1 || !coin.Consumed || coin.StackOrDefault() != 3 {
		t.Errorf("coin: %+v", coin)
	}
	coins, gems := spec.Resources[0], spec.Resources[1]
	if coins.Start != 1 || coins.MaxOrDefault() != 50 || coins.Income.Amount != 1 || coins.Income.AfterOrDefault() != IncomeRound || coins.ValueOrDefault() != 0.2 {
		t.Errorf("coins: %+v", coins)
	}
	if gems.Start != 0 || gems.MaxOrDefault() != 999 || gems.Income.AfterOrDefault() != IncomeRound || gems.ValueOrDefault() != 0.1 {
		t.Errorf("gems: %+v", gems)
	}
	if got := spec.Setup.Items[2]; got.Item != "coin" || strings.Join(got.Squares, " ") != "Earth:a3 Earth:a3 Earth:f4 Heaven:d4 Hell:c3" {
		t.Errorf("setup.items[2]: %+v", got)
	}
	r := spec.Rules
	if len(r.Afterlife) != 3 || strings.Join(r.Afterlife[0].Pieces, " ") != "N" || r.Afterlife[1].Pieces != nil || r.Afterlife[2].To != "Hell" {
		t.Errorf("afterlife: %+v", r.Afterlife)
	}
	if len(r.AfterCapture) != 1 || strings.Join(r.AfterCapture[0].On, " ") != "Heaven" || r.AfterCapture[0].To != "Hell" {
		t.Errorf("after_capture: %+v", r.AfterCapture)
	}
	if len(r.Presence) != 2 || r.Presence[0].ResultOrDefault() != "loss" || r.Presence[0].Pieces != nil ||
		strings.Join(r.Presence[0].Boards, " ") != "Earth" || r.Presence[1].Boards != nil {
		t.Errorf("presence: %+v", r.Presence)
	}
}
