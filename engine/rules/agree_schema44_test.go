package rules

import "testing"

// Schema 44's key (SCHEMA-44.md): each accepted form, each refusal in the
// addendum's words, and the key refused under schema 43 with the version
// to declare. The rows edit growing pieces on six by six
// (testdata/valid/size.json): statuses[0] is big, the status with size.

var schema44Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "growing pieces", base: "size"},
		{name: "growing pieces with no version declared", base: "size", edits: []edit{del("schema_version")}},
		{name: "a size that does not stack", base: "size", edits: []edit{del("statuses[0].stack")}},
		{name: "a size sold only", base: "size", edits: []edit{del("pieces[0].upgrades")}},
		{name: "a size given only by an upgrade", base: "size",
			edits: []edit{set("rules.market.cards[0].effect", `{"item": "fire", "on": "empty"}`)}},
		{name: "a larger piece that is also frozen", base: "size", edits: []edit{set("statuses[0].frozen", `true`)}},

		// Version gating.
		{name: "size under 43", base: "size", edits: []edit{set("schema_version", `43`)},
			want: []string{`the spec uses statuses.size, added in schema 44; declare "schema_version": 44 to use it`}},
		{name: "a wearing size under 43", base: "size",
			edits: []edit{set("schema_version", `43`), set("statuses[0].wears_off", `"turn"`)},
			want: []string{
				`the spec uses statuses.size, added in schema 44; declare "schema_version": 44 to use it`,
				"statuses[0].wears_off is not for a status with size: a larger piece shrinks only when it dies"}},

		// The shape.
		{name: "size written false", base: "size", edits: []edit{set("statuses[0].size", `false`)},
			want: []string{"statuses[0].size must be true, got False: leave it out for a status that takes no more room"}},
		{name: "size as a count", base: "size", edits: []edit{set("statuses[0].size", `2`)},
			want: []string{"statuses[0].size must be true, got 2: leave it out for a status that takes no more room"}},
		{name: "a status that does nothing under 44", base: "size", edits: []edit{set("statuses[2]", `{"name": "idle"}`)},
			want: []string{"statuses[2] does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income, upgrade, hazard, portal, extra_move, forced or size, or name it in rules.on_capture, pieces[].upgrades, pieces[].raises, setup.statuses, rules.market.cards or rules.chaos.effects"}},

		// What a status with size may not be.
		{name: "two statuses with size", base: "size", edits: []edit{set("statuses[2]", `{"name": "huge", "size": true}`)},
			want: []string{"statuses[2].size is statuses[0]'s too: one status counts the squares a piece covers"}},
		{name: "a size that wears off", base: "size", edits: []edit{set("statuses[0].wears_off", `"turn"`)},
			want: []string{"statuses[0].wears_off is not for a status with size: a larger piece shrinks only when it dies"}},
		{name: "a size in the setup", base: "size",
			edits: []edit{set("setup.statuses", `[{"status": "big", "squares": ["d1"]}, {"status": "seasoned", "squares": ["a1"]}]`)},
			want:  []string{"setup.statuses[0].status 'big' has size: a piece starts on one square and grows when it gains the status"}},
	}
}()

func TestSchema44(t *testing.T) { runCases(t, schema44Cases) }
