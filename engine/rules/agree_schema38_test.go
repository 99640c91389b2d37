package rules

import (
	"fmt"
	"strings"
	"testing"
)

// Schema 38's keys (SCHEMA-38.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 37 with the version
// to declare. Most rows edit a market on six by six
// (testdata/valid/market.json); the rows without resources edit five by
// five.

var v38 = set("schema_version", `38`)

// oneBoard38 is five by five under schema 38, won by taking the king, so
// the market may stand in it.
var oneBoard38 = []edit{v38, set("rules.win", `"royal_capture"`)}

// manyCards is n cards named c1, c2, ..., each a gain of one gold.
func manyCards(n int) string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(`{"name": "c%d", "price": 1, "effect": {"gain": {"gold": 1}}}`, i+1)
	}
	return "[" + strings.Join(out, ", ") + "]"
}

var schema38Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "a market on six by six", base: "market"},
		{name: "a market with no version declared", base: "market", edits: []edit{del("schema_version")}},
		{name: "fixed prices and every card open", base: "market", edits: []edit{set("rules.market.step", `0`), set("rules.market.open", `6`)}},
		{name: "open left out with fewer cards than its default", base: "market", edits: []edit{del("rules.market.open"), del("rules.market.step"),
			set("rules.market.cards", `[{"name": "Tithe", "price": 0, "effect": {"gain": {"gold": 1}}}]`)}},
		{name: "32 cards and 32 open", base: "market", edits: []edit{set("rules.market.cards", manyCards(32)), set("rules.market.open", `32`)}},
		{name: "the largest counts and prices", base: "market", edits: []edit{set("statuses[1].stack", `15`), set("items[1].stack", `15`),
			set("rules.market.cards[1]", `{"name": "Stun15", "price": 1000, "effect": {"status": "stunned", "count": 15, "on": "any"}}`),
			set("rules.market.cards[4].effect.count", `15`), set("rules.market.step", `100`),
			set("rules.market.cards[5].effect.gain", `{"gold": 100}`)}},
		{name: "a card's status of the default stack, count written 1", base: "market", edits: []edit{set("rules.market.cards[2].effect.count", `1`)}},
		{name: "hazards at the edges", base: "market", edits: []edit{set("statuses[2].hazard", `0.001`), set("statuses[1].hazard", `0.999`)}},
		{name: "a mark only a card gives", base: "market", edits: []edit{set("statuses[3]", `{"name": "marked"}`),
			set("rules.market.cards[0].effect.status", `"marked"`)}},
		{name: "a market beside royal_capture", base: "market", edits: []edit{set("rules.win", `"royal_capture"`), set("pieces[3].royal", `true`)}},

		// Version gating.
		{name: "a market under 37", base: "market", edits: []edit{set("schema_version", `37`)},
			want: []string{`the spec uses statuses.hazard, rules.market, added in schema 38; declare "schema_version": 38 to use it`}},
		{name: "a market under 36", base: "market", edits: []edit{set("schema_version", `36`)},
			want: []string{
				`the spec uses statuses, added in schema 37; declare "schema_version": 37 to use it`,
				`the spec uses statuses.hazard, rules.market, added in schema 38; declare "schema_version": 38 to use it`}},
		{name: "a market under 1", base: "market", edits: []edit{set("schema_version", `1`), del("statuses"), del("items"), del("setup.items"),
			del("rules.presence"), set("rules.market.cards", manyCards(3))},
			want: []string{
				`the spec uses resources, added in schema 36; declare "schema_version": 36 to use it`,
				`the spec uses rules.market, added in schema 38; declare "schema_version": 38 to use it`}},

		// The shape of rules.market and statuses[].hazard.
		{name: "a market as a list", base: "market", edits: []edit{set("rules.market", `["gold"]`)},
			want: []string{"rules.market must be an object, got ['gold']"}},
		{name: "a market without resource and cards", base: "market", edits: []edit{set("rules.market", `{"open": 1}`)},
			want: []string{"rules.market is missing required keys: resource, cards"}},
		{name: "a market of another key", base: "market", edits: []edit{set("rules.market.deck", `6`)},
			want: []string{"rules.market has unknown keys: deck"}},
		{name: "open and step out of range", base: "market", edits: []edit{set("rules.market.open", `0`), set("rules.market.step", `101`)},
			want: []string{
				"rules.market.open must be from 1 to 32, got 0",
				"rules.market.step must be from 0 to 100, got 101"}},
		{name: "open over and step under", base: "market", edits: []edit{set("rules.market.open", `33`), set("rules.market.step", `-1`)},
			want: []string{
				"rules.market.open must be from 1 to 32, got 33",
				"rules.market.step must be from 0 to 100, got -1"}},
		{name: "no cards", base: "market", edits: []edit{set("rules.market.cards", `[]`)},
			want: []string{"rules.market.cards must have 1 to 32 entries, got 0"}},
		{name: "33 cards", base: "market", edits: []edit{set("rules.market.cards", manyCards(33))},
			want: []string{"rules.market.cards must have 1 to 32 entries, got 33"}},
		{name: "cards without their keys", base: "market", edits: []edit{set("rules.market.cards[0]", `{}`),
			set("rules.market.cards[1]", `{"name": "Stun", "price": 3}`)},
			want: []string{
				"rules.market.cards[0] is missing required keys: name, price, effect",
				"rules.market.cards[1] is missing required key: effect"}},
		{name: "card names empty and too long, prices out of range", base: "market", edits: []edit{set("rules.market.cards[0].name", `""`),
			set("rules.market.cards[1].name", `"Stunstunstun1"`), set("rules.market.cards[2].price", `-1`), set("rules.market.cards[3].price", `1001`),
			set("rules.market.cards[4].price", `1.5`)},
			want: []string{
				"rules.market.cards[0].name must be 1 to 12 characters, got ''",
				"rules.market.cards[1].name must be 1 to 12 characters, got 'Stunstunstun1'",
				"rules.market.cards[2].price must be from 0 to 1000, got -1",
				"rules.market.cards[3].price must be from 0 to 1000, got 1001",
				"rules.market.cards[4].price must be an integer, got 1.5"}},
		{name: "effects of the wrong form", base: "market", edits: []edit{set("rules.market.cards[0].effect", `"shield"`),
			set("rules.market.cards[1].effect.count", `0`), set("rules.market.cards[2].effect.count", `16`),
			set("rules.market.cards[3].effect.on", `"square"`), set("rules.market.cards[4].effect.piece", `"P"`),
			set("rules.market.cards[5].effect.gain", `{"gold": 0, "gems": 101}`)},
			want: []string{
				"rules.market.cards[0].effect must be an object, got 'shield'",
				"rules.market.cards[1].effect.count must be from 1 to 15, got 0",
				"rules.market.cards[2].effect.count must be from 1 to 15, got 16",
				"rules.market.cards[3].effect.on must be one of ('own', 'enemy', 'any', 'unoccupied', 'empty'), got 'square'",
				"rules.market.cards[4].effect has unknown keys: piece",
				"rules.market.cards[5].effect.gain.gold must be from 1 to 100, got 0",
				"rules.market.cards[5].effect.gain.gems must be from 1 to 100, got 101"}},
		{name: "hazards out of range and too fine", base: "market", edits: []edit{set("statuses[0].hazard", `0`), set("statuses[1].hazard", `1`),
			set("statuses[2].hazard", `0.0005`)},
			want: []string{
				"statuses[0].hazard must be above 0 and below 1, got 0",
				"statuses[1].hazard must be above 0 and below 1, got 1",
				"statuses[2].hazard must have at most 3 decimal places, got 0.0005"}},
		{name: "a hazard as a word", base: "market", edits: []edit{set("statuses[2].hazard", `"high"`)},
			want: []string{"statuses[2].hazard must be a number, got 'high'"}},

		// The market's resource and open.
		{name: "a market without resources", edits: with(oneBoard38,
			set("rules.market", `{"resource": "gold", "cards": [{"name": "Tithe", "price": 1, "effect": {"gain": {"gold": 1}}}]}`)),
			want: []string{
				"rules.market needs resources: the game has none to pay with",
				"rules.market.cards[0].effect.gain key 'gold' is not a declared resource"}},
		{name: "an undeclared market resource", base: "market", edits: []edit{set("rules.market.resource", `"Gold"`)},
			want: []string{"rules.market.resource 'Gold' is not a declared resource"}},
		{name: "open above the cards", base: "market", edits: []edit{set("rules.market.open", `7`)},
			want: []string{"rules.market.open 7 is more than its 6 cards: no more cards than the deck holds can be unlocked"}},

		// The cards.
		{name: "card names", base: "market", edits: []edit{set("rules.market.cards[1].name", `"Shield"`), set("rules.market.cards[2].name", `"2curse"`),
			set("rules.market.cards[3].name", `"Fire wall"`), set("rules.market.cards[4].name", `"shield"`)},
			want: []string{
				"rules.market.cards[1].name 'Shield' is rules.market.cards[0]'s name too: each card needs its own",
				"rules.market.cards[2].name '2curse' must be letters and digits, starting with a letter",
				"rules.market.cards[3].name 'Fire wall' must be letters and digits, starting with a letter"}},
		{name: "effects that give nothing", base: "market", edits: []edit{set("rules.market.cards[0].effect", `{}`),
			set("rules.market.cards[1].effect", `{"on": "any"}`)},
			want: []string{
				"rules.market.cards[0].effect gives nothing: give it a status, an item or a gain",
				"rules.market.cards[1].effect gives nothing: give it a status, an item or a gain"}},
		{name: "effects of two and three kinds", base: "market", edits: []edit{
			set("rules.market.cards[0].effect", `{"status": "shield", "item": "fire", "on": "own"}`),
			set("rules.market.cards[5].effect", `{"status": "shield", "item": "fire", "gain": {"gold": 1}}`)},
			want: []string{
				"rules.market.cards[0].effect writes status and item: a card has exactly one effect",
				"rules.market.cards[5].effect writes status, item and gain: a card has exactly one effect"}},
		{name: "undeclared statuses, items and resources", base: "market", edits: []edit{set("rules.market.cards[0].effect.status", `"Shield"`),
			set("rules.market.cards[3].effect.item", `"ice"`), set("rules.market.cards[5].effect.gain", `{"gold": 1, "gems": 1, "Gold": 2}`)},
			want: []string{
				"rules.market.cards[0].effect.status 'Shield' is not a declared status",
				"rules.market.cards[3].effect.item 'ice' is not a declared item",
				"rules.market.cards[5].effect.gain key 'Gold' is not a declared resource",
				"rules.market.cards[5].effect.gain key 'gems' is not a declared resource"}},
		{name: "card statuses and items with none declared", base: "market", edits: []edit{del("statuses"), del("items"), del("setup.items")},
			want: []string{
				"rules.market.cards[0].effect.status 'shield' is not a declared status",
				"rules.market.cards[1].effect.status 'stunned' is not a declared status",
				"rules.market.cards[2].effect.status 'cursed' is not a declared status",
				"rules.market.cards[3].effect.item 'fire' is not a declared item",
				"rules.market.cards[4].effect.item 'coin' is not a declared item"}},
		{name: "counts above the stack", base: "market", edits: []edit{set("rules.market.cards[0].effect.count", `2`),
			set("rules.market.cards[1].effect.count", `3`), set("rules.market.cards[3].effect.count", `2`), set("rules.market.cards[4].effect.count", `3`)},
			want: []string{
				"rules.market.cards[0].effect.count 2 is more than the stack of 'shield', 1 when left out: a piece carries no more",
				"rules.market.cards[1].effect.count 3 is more than the stack of 'stunned', 2: a piece carries no more",
				"rules.market.cards[3].effect.count 2 is more than the stack of 'fire', 1 when left out: no more of it lie on a square",
				"rules.market.cards[4].effect.count 3 is more than the stack of 'coin', 2: no more of it lie on a square"}},
		{name: "targets left out", base: "market", edits: []edit{del("rules.market.cards[0].effect.on"), del("rules.market.cards[3].effect.on")},
			want: []string{
				"rules.market.cards[0].effect needs on for a status: 'own', 'enemy' or 'any' piece",
				"rules.market.cards[3].effect needs on for an item: 'unoccupied' or 'empty' square"}},
		{name: "targets that do not fit the effect", base: "market", edits: []edit{set("rules.market.cards[0].effect.on", `"empty"`),
			set("rules.market.cards[3].effect.on", `"enemy"`)},
			want: []string{
				"rules.market.cards[0].effect.on 'empty' is not a target for a status: 'own', 'enemy' or 'any' piece",
				"rules.market.cards[3].effect.on 'enemy' is not a target for an item: 'unoccupied' or 'empty' square"}},
		{name: "a gain with a target and a count", base: "market", edits: []edit{set("rules.market.cards[5].effect.on", `"own"`),
			set("rules.market.cards[5].effect.count", `2`)},
			want: []string{
				"rules.market.cards[5].effect.on is not for a gain: the buyer gets it",
				"rules.market.cards[5].effect.count is not for a gain: the card gives what its gain says"}},

		// Statuses under schema 38.
		{name: "a status that does nothing under 38", base: "market", edits: []edit{set("statuses[3]", `{"name": "ghost"}`)},
			want: []string{"statuses[3] does nothing and nothing gives it: give it frozen, wears_off, immune, afterlife, income, upgrade or hazard, or name it in rules.on_capture, pieces[].upgrades, setup.statuses or rules.market.cards"}},

		// Games with check.
		{name: "a market under checkmate", base: "market", edits: []edit{set("rules.win", `"checkmate"`), set("pieces[3].royal", `true`)},
			want: []string{
				"items is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"resources is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.presence is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"statuses is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.market is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
		{name: "a market under the default win", base: "market", edits: []edit{del("rules.win"), del("rules.presence"), del("statuses"),
			del("items"), del("setup.items"), set("rules.market.cards", manyCards(3)), set("pieces[3].royal", `true`)},
			want: []string{
				"resources is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'",
				"rules.market is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'"}},
	}
}()

func TestSchema38(t *testing.T) { runCases(t, schema38Cases) }

// TestMarketFilledFromFile: the typed Spec holds the market as written,
// and the accessors give the addendum's defaults (a step written 0 is 0).
func TestMarketFilledFromFile(t *testing.T) {
	cases := []struct {
		name       string
		edits      []edit
		open, step int
	}{
		{"as written", nil, 3, 1},
		{"left out", []edit{del("rules.market.open"), del("rules.market.step")}, 3, 1},
		{"a step of 0", []edit{set("rules.market.step", `0`), set("rules.market.open", `6`)}, 6, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			spec, problems := Parse(apply(t, "market", tc.edits...))
			if len(problems) != 0 {
				t.Fatalf("problems: %v", problemLines(problems))
			}
			mk := spec.Rules.Market
			if mk == nil || mk.Resource != "gold" || len(mk.Cards) != 6 {
				t.Fatalf("market: %+v", mk)
			}
			if mk.OpenOrDefault() != tc.open || mk.StepOrDefault() != tc.step {
				t.Errorf("open %d step %d, want %d and %d", mk.OpenOrDefault(), mk.StepOrDefault(), tc.open, tc.step)
			}
			stun, coins, tithe := mk.Cards[1], mk.Cards[4], mk.Cards[5]
			if stun.Name != "Stun" || stun.Price != 3 || stun.Effect.Status != "stunned" || stun.Effect.CountOrDefault() != 2 || stun.Effect.On != TargetAny {
				t.Errorf("Stun: %+v", stun)
			}
			if coins.Effect.Item != "coin" || coins.Effect.CountOrDefault() != 2 || coins.Effect.On != TargetUnoccupied {
				t.Errorf("Coins: %+v", coins)
			}
			if tithe.Effect.Gain["gold"] != 3 || tithe.Effect.On != "" || tithe.Effect.CountOrDefault() != 1 {
				t.Errorf("Tithe: %+v", tithe)
			}
			if h := spec.Statuses[2]; h.Name != "cursed" || h.HazardThousandths() != 250 || spec.Statuses[0].Hazard != 0 {
				t.Errorf("statuses: %+v", spec.Statuses)
			}
		})
	}
}
