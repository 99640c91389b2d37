package rules

import "testing"

// Schema 42's keys (SCHEMA-42.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 41 with the version
// to declare. The rows edit secret traps (testdata/valid/traps.json):
// items[0] is the hidden trap, items[1] the visible ice.

// orbOfTraps is an item offering rules.chaos's effects, and effects that
// lay a trap, for the rows on chaos.
var orbOfTraps = []edit{
	set("items[2]", `{"id": "orb", "chaos": true, "consumed": true}`),
	set("rules.chaos", `{"offer": 1, "effects": [{"name": "trap", "effect": {"item": "trap", "on": "empty"}}]}`),
}

var schema42Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "secret traps", base: "traps"},
		{name: "traps with no version declared", base: "traps", edits: []edit{del("schema_version")}},
		{name: "a hidden item that kills on entering, pays and stacks", base: "traps",
			edits: []edit{set("items[0]", `{"id": "trap", "kill": "enter", "gain": {"gold": 1}, "stack": 3, "hidden": true}`)}},
		{name: "a hidden item that only pays", base: "traps",
			edits: []edit{set("items[0]", `{"id": "trap", "gain": {"gold": 1}, "hidden": true}`)}},
		{name: "a visible item that kills at rest", base: "traps", edits: []edit{del("items[0].hidden")}},
		{name: "a visible item that kills at rest and slides", base: "traps", edits: []edit{set("items[1].kill", `"end"`)}},
		{name: "traps laid after a move", base: "traps",
			edits: []edit{set("pieces[1].after_move", `{"items": ["trap"], "on": "empty"}`)}},
		{name: "traps laid by a chaos effect", base: "traps", edits: orbOfTraps},
		{name: "a status whose piece traps never touch", base: "traps", edits: []edit{set("statuses", `[{"name": "boots", "immune": ["trap"]}]`)}},
		{name: "a visible item left by a death or cancelling a visible one", base: "traps",
			edits: []edit{set("pieces[0].on_death", `{"item": "ice"}`), set("items[2]", `{"id": "fire", "kill": "enter", "cancels": ["ice"]}`)}},

		// Version gating.
		{name: "traps under 41", base: "traps", edits: []edit{set("schema_version", `41`)},
			want: []string{`the spec uses items.kill "end", items.hidden, added in schema 42; declare "schema_version": 42 to use it`}},
		{name: "kill end under 41", base: "traps", edits: []edit{set("schema_version", `41`), del("items[0].hidden")},
			want: []string{`the spec uses items.kill "end", added in schema 42; declare "schema_version": 42 to use it`}},
		{name: "a sliding hidden item under 41", base: "traps", edits: []edit{set("schema_version", `41`), set("items[0].slide", `true`)},
			want: []string{
				`the spec uses items.kill "end", items.hidden, added in schema 42; declare "schema_version": 42 to use it`,
				"items[0].slide is not for a hidden item, which never changes which moves either player may make"}},
		{name: "hidden under 41", base: "traps", edits: []edit{set("schema_version", `41`), set("items[0].kill", `"enter"`)},
			want: []string{`the spec uses items.hidden, added in schema 42; declare "schema_version": 42 to use it`}},

		// The shapes.
		{name: "hidden written false", base: "traps", edits: []edit{set("items[0].hidden", `false`)},
			want: []string{"items[0].hidden must be true, got False: leave it out for an item both players see"}},
		{name: "kill of no kind", base: "traps", edits: []edit{set("items[0].kill", `"rest"`)},
			want: []string{"items[0].kill must be one of ('enter', 'pass', 'end'), got 'rest'"}},
		{name: "a hidden item that does nothing", base: "traps", edits: []edit{set("items[0]", `{"id": "trap", "hidden": true}`)},
			want: []string{"items[0] does nothing: give it kill, slide, a gain or chaos"}},

		// What a hidden item may not do.
		{name: "a hidden item that slides", base: "traps", edits: []edit{set("items[0].slide", `true`)},
			want: []string{"items[0].slide is not for a hidden item, which never changes which moves either player may make"}},
		{name: "a hidden item that kills in passing", base: "traps", edits: []edit{set("items[0].kill", `"pass"`)},
			want: []string{"items[0].kill 'pass' is not for a hidden item, which never changes which moves either player may make: write 'enter' or 'end'"}},
		{name: "a hidden item with chaos", base: "traps", edits: append([]edit{set("items[0].chaos", `true`)}, orbOfTraps...),
			want: []string{"items[0].chaos is not for a hidden item, which never changes which moves either player may make"}},
		{name: "a hidden item that cancels", base: "traps", edits: []edit{set("items[0].cancels", `["ice"]`)},
			want: []string{"items[0].cancels is not for a hidden item, which never changes which moves either player may make"}},
		{name: "a hidden item that cancels itself", base: "traps", edits: []edit{set("items[0].cancels", `["trap"]`)},
			want: []string{
				"items[0].cancels entry 'trap' is the item itself: an item never cancels its own kind",
				"items[0].cancels is not for a hidden item, which never changes which moves either player may make"}},
		{name: "a hidden item that does all four", base: "traps",
			edits: append([]edit{set("items[0]", `{"id": "trap", "kill": "pass", "slide": true, "cancels": ["ice"], "chaos": true, "hidden": true}`)}, orbOfTraps...),
			want: []string{
				"items[0].slide is not for a hidden item, which never changes which moves either player may make",
				"items[0].kill 'pass' is not for a hidden item, which never changes which moves either player may make: write 'enter' or 'end'",
				"items[0].chaos is not for a hidden item, which never changes which moves either player may make",
				"items[0].cancels is not for a hidden item, which never changes which moves either player may make"}},
		{name: "an ill-formed kill beside a slide", base: "traps", edits: []edit{set("items[0].kill", `1`), set("items[0].slide", `true`)},
			want: []string{
				"items[0].kill must be one of ('enter', 'pass', 'end'), got 1",
				"items[0].slide is not for a hidden item, which never changes which moves either player may make"}},

		// Who may put one down, and who may take it away.
		{name: "ice cancelling a trap", base: "traps", edits: []edit{set("items[1].cancels", `["trap"]`)},
			want: []string{"items[1].cancels entry 'trap' is a hidden item: cancelling it would show the other player where it lies"}},
		{name: "two hidden items cancelling each other", base: "traps",
			edits: []edit{set("items[0].cancels", `["mine"]`), set("items[2]", `{"id": "mine", "kill": "enter", "hidden": true, "cancels": ["trap"]}`)},
			want: []string{
				"items[0].cancels is not for a hidden item, which never changes which moves either player may make",
				"items[2].cancels is not for a hidden item, which never changes which moves either player may make",
				"items[0].cancels entry 'mine' is a hidden item: cancelling it would show the other player where it lies",
				"items[2].cancels entry 'trap' is a hidden item: cancelling it would show the other player where it lies"}},
		{name: "traps at the start", base: "traps", edits: []edit{set("setup.items[1]", `{"item": "trap", "squares": ["b3", "e4"]}`)},
			want: []string{"setup.items[1].item 'trap' is a hidden item: nobody put it down, so it never lies on the board at the start"}},
		{name: "a trap left by a death", base: "traps", edits: []edit{set("pieces[0].on_death", `{"item": "trap"}`)},
			want: []string{"pieces[0].on_death.item 'trap' is a hidden item: a death leaves only an item both players see"}},
		{name: "an undeclared item at the start or left by a death", base: "traps",
			edits: []edit{set("setup.items[1]", `{"item": "mine", "squares": ["b3"]}`), set("pieces[0].on_death", `{"item": "mine"}`)},
			want: []string{
				"setup.items[1].item 'mine' is not a declared item",
				"pieces[0].on_death.item 'mine' is not a declared item"}},

		// Games with check.
		{name: "traps under checkmate", base: "traps", edits: []edit{set("rules.win", `"checkmate"`)},
			want: []string{
				"items is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"resources is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.market is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
	}
}()

func TestSchema42(t *testing.T) { runCases(t, schema42Cases) }
