package rules

import (
	"strings"
	"testing"
)

// Schema 41's keys (SCHEMA-41.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 40 with the version
// to declare. The rows edit orbs of chaos (testdata/valid/chaos.json).

// sixteenStatuses is chaos.json's three statuses and thirteen more.
var sixteenStatuses = `[{"name": "shield", "immune": ["fire"]}, {"name": "stunned", "frozen": true, "wears_off": "turn"}, {"name": "berserk", "forced": true}, ` +
	strings.TrimPrefix(manyStatuses(13), "[")

var schema41Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "orbs of chaos", base: "chaos"},
		{name: "orbs with no version declared", base: "chaos", edits: []edit{del("schema_version")}},
		{name: "the default offer and a single jump", base: "chaos", edits: []edit{del("rules.chaos.offer"), del("pieces[0].jumps.max"),
			del("pieces[0].jumps.symmetry"), set("rules.chaos.effects[2].effect", `{"item": "fire", "on": "unoccupied", "count": 1}`)}},
		{name: "an offer of every effect", base: "chaos", edits: []edit{set("rules.chaos.offer", `4`)}},
		{name: "sixteen statuses", base: "chaos", edits: []edit{set("statuses", sixteenStatuses)}},

		// Version gating.
		{name: "chaos under 40", base: "chaos", edits: []edit{set("schema_version", `40`)},
			want: []string{`the spec uses pieces.jumps, items.chaos, statuses.forced, rules.chaos, added in schema 41; declare "schema_version": 41 to use it`}},

		// The shapes.
		{name: "offers out of range", base: "chaos", edits: []edit{set("rules.chaos.offer", `9`)},
			want: []string{"rules.chaos.offer must be from 1 to 8, got 9"}},
		{name: "no effects", base: "chaos", edits: []edit{set("rules.chaos.effects", `[]`)},
			want: []string{"rules.chaos.effects must have 1 to 16 entries, got 0"}},
		{name: "effects of the wrong form", base: "chaos", edits: []edit{set("rules.chaos.effects[0]", `{"name": "shieldofgoldx1"}`),
			set("rules.chaos.effects[1].effect", `{"status": "stunned", "on": "self"}`)},
			want: []string{
				"rules.chaos.effects[0].name must be 1 to 12 characters, got 'shieldofgoldx1'",
				"rules.chaos.effects[0] is missing required key: effect",
				"rules.chaos.effects[1].effect.on must be one of ('own', 'enemy', 'any', 'unoccupied', 'empty'), got 'self'"}},
		{name: "chaos written false", base: "chaos", edits: []edit{set("items[0].chaos", `false`)},
			want: []string{"items[0].chaos must be true, got False: leave it out for an item that offers nothing"}},
		{name: "forced written false", base: "chaos", edits: []edit{set("statuses[2].forced", `false`)},
			want: []string{"statuses[2].forced must be true, got False: leave it out for a status that forces nothing"}},
		{name: "jumps of the wrong form", base: "chaos", edits: []edit{set("pieces[0].jumps", `{"max": 3}`),
			set("pieces[1].jumps", `{"vectors": [], "symmetry": "mirror"}`)},
			want: []string{
				"pieces[0].jumps.max must be from 1 to 2, got 3",
				"pieces[0].jumps is missing required key: vectors",
				"pieces[1].jumps.vectors must have at least 1 entry, got 0",
				"pieces[1].jumps.symmetry must be one of ('none', 'lateral', 'rotate4', 'dihedral8', 'rotate6', 'dihedral12'), got 'mirror'"}},

		// Chaos.
		{name: "fewer effects than the offer", base: "chaos", edits: []edit{set("rules.chaos.offer", `5`)},
			want: []string{"rules.chaos.effects has 4, fewer than the offer, 5: an offer draws that many distinct effects"}},
		{name: "fewer effects than the default offer", base: "chaos", edits: []edit{del("rules.chaos.offer"),
			set("rules.chaos.effects", `[{"name": "riches", "effect": {"gain": {"coins": 2}}}, {"name": "stun", "effect": {"status": "stunned", "on": "enemy"}}]`)},
			want: []string{"rules.chaos.effects has 2, fewer than the offer, 3 when left out: an offer draws that many distinct effects"}},
		{name: "effect names not words and repeated", base: "chaos", edits: []edit{set("rules.chaos.effects[0].name", `"big fire"`),
			set("rules.chaos.effects[3].name", `"stun"`), set("rules.chaos.effects[2].name", `"1fire"`)},
			want: []string{
				"rules.chaos.effects[0].name 'big fire' must be letters and digits, starting with a letter",
				"rules.chaos.effects[2].name '1fire' must be letters and digits, starting with a letter",
				"rules.chaos.effects[3].name 'stun' is rules.chaos.effects[1]'s name too: each effect needs its own"}},
		{name: "effects giving nothing or two things", base: "chaos", edits: []edit{set("rules.chaos.effects[0].effect", `{}`),
			set("rules.chaos.effects[1].effect", `{"status": "stunned", "on": "enemy", "gain": {"coins": 1}}`)},
			want: []string{
				"rules.chaos.effects[0].effect gives nothing: give it a status, an item or a gain",
				"rules.chaos.effects[1].effect writes status and gain: a chaos effect is exactly one of them"}},
		{name: "effects naming what is not declared", base: "chaos", edits: []edit{set("rules.chaos.effects[0].effect.status", `"cursed"`),
			set("rules.chaos.effects[2].effect.item", `"ice"`), set("rules.chaos.effects[3].effect.gain", `{"gems": 1}`)},
			want: []string{
				"rules.chaos.effects[0].effect.status 'cursed' is not a declared status",
				"rules.chaos.effects[2].effect.item 'ice' is not a declared item",
				"rules.chaos.effects[3].effect.gain key 'gems' is not a declared resource"}},
		{name: "effects on the wrong targets", base: "chaos", edits: []edit{del("rules.chaos.effects[0].effect.on"),
			set("rules.chaos.effects[1].effect.on", `"empty"`), set("rules.chaos.effects[2].effect.on", `"own"`)},
			want: []string{
				"rules.chaos.effects[0].effect needs on for a status: 'own', 'enemy' or 'any' piece",
				"rules.chaos.effects[1].effect.on 'empty' is not a target for a status: 'own', 'enemy' or 'any' piece",
				"rules.chaos.effects[2].effect.on 'own' is not a target for an item: 'unoccupied' or 'empty' square"}},
		{name: "a gain with a target and a count", base: "chaos", edits: []edit{set("rules.chaos.effects[3].effect", `{"gain": {"coins": 2}, "on": "own", "count": 2}`)},
			want: []string{
				"rules.chaos.effects[3].effect.on is not for a gain: the chooser gets it",
				"rules.chaos.effects[3].effect.count is not for a gain: the effect gives what its gain says"}},
		{name: "counts above the stack", base: "chaos", edits: []edit{set("rules.chaos.effects[1].effect.count", `2`)},
			want: []string{"rules.chaos.effects[1].effect.count 2 is more than the stack of 'stunned', 1 when left out: a piece carries no more"}},
		{name: "chaos items with no rules.chaos", base: "chaos", edits: []edit{del("rules.chaos")},
			want: []string{"items[0].chaos needs rules.chaos: the effects it offers"}},
		{name: "an item that does nothing under 41", base: "chaos", edits: []edit{del("items[0].chaos")},
			want: []string{"items[0] does nothing: give it kill, slide, a gain or chaos"}},
		{name: "a status that does nothing under 41", base: "chaos", edits: []edit{set("statuses[0]", `{"name": "shield"}`),
			set("rules.chaos.effects[0].effect.status", `"stunned"`)},
			want: []string{"statuses[0] does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income, upgrade, hazard, portal, extra_move or forced, or name it in rules.on_capture, pieces[].upgrades, pieces[].raises, setup.statuses, rules.market.cards or rules.chaos.effects"}},
		{name: "a status given only by a chaos effect", base: "chaos", edits: []edit{set("statuses[0]", `{"name": "shield"}`)}},

		// Jumps.
		{name: "jumps longer than a step", base: "chaos", edits: []edit{set("pieces[0].jumps.vectors", `[[1, 0], [2, 0], [0, 0], [1, -2]]`)},
			want: []string{
				"pieces[0].jumps.vectors entry [2, 0] is not a one-step direction: a jump is over the next square",
				"pieces[0].jumps.vectors entry [0, 0] is not a one-step direction: a jump is over the next square",
				"pieces[0].jumps.vectors entry [1, -2] is not a one-step direction: a jump is over the next square"}},
		{name: "jumps of a hex symmetry on a square board", base: "chaos", edits: []edit{set("pieces[0].jumps.symmetry", `"rotate6"`)},
			want: []string{"pieces[0].jumps.symmetry 'rotate6' is for a hex lattice; this board is square"}},

		// Games with check.
		{name: "chaos under checkmate", base: "chaos", edits: []edit{set("rules.win", `"checkmate"`), set("pieces[2].royal", `true`)},
			want: []string{
				"items is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"resources is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.presence is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"statuses is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"setup.statuses is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"pieces[0].jumps is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.chaos is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
	}
}()

func TestSchema41(t *testing.T) { runCases(t, schema41Cases) }
