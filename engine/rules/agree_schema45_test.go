package rules

import "testing"

// Schema 45's key (SCHEMA-45.md): each accepted form, each refusal in the
// addendum's words, and the key refused under schema 44 with the version
// to declare. The rows edit growing pieces by choice on six by six
// (testdata/valid/grow.json): statuses[0] is big, the status with size
// whose growth its owner chooses.

var schema45Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "growing pieces by choice", base: "grow"},
		{name: "growing by choice with no version declared", base: "grow", edits: []edit{del("schema_version")}},
		{name: "growing in the fixed order", base: "grow", edits: []edit{del("statuses[0].grow")}},
		{name: "a growth chosen on a card of count one", base: "grow", edits: []edit{set("rules.market.cards[0].effect.count", `1`)}},
		{name: "a growth chosen by an upgrade only", base: "grow",
			edits: []edit{set("rules.market.cards[0].effect", `{"item": "fire", "on": "empty"}`)}},

		// Version gating.
		{name: "grow under 44", base: "grow", edits: []edit{set("schema_version", `44`)},
			want: []string{`the spec uses statuses.grow, added in schema 45; declare "schema_version": 45 to use it`}},

		// The shape.
		{name: "grow written true", base: "grow", edits: []edit{set("statuses[0].grow", `true`)},
			want: []string{"statuses[0].grow must be one of ('choice',), got True"}},
		{name: "grow of another word", base: "grow", edits: []edit{set("statuses[0].grow", `"fixed"`)},
			want: []string{"statuses[0].grow must be one of ('choice',), got 'fixed'"}},

		// What a growth by choice needs.
		{name: "grow without size", base: "grow", edits: []edit{set("statuses[1].grow", `"choice"`)},
			want: []string{"statuses[1].grow is for a status with size: a piece of one square grows into nothing"}},
		{name: "a card of two growths", base: "grow", edits: []edit{set("rules.market.cards[0].effect.count", `2`)},
			want: []string{"rules.market.cards[0].effect.count gives 2 of 'big', which grows where its owner chooses: a move names one square grown into"}},
		{name: "a growth sold for the enemy", base: "grow", edits: []edit{set("rules.market.cards[0].effect.on", `"enemy"`)},
			want: []string{"rules.market.cards[0].effect.on must be 'own' for 'big', which grows where its owner chooses: the player who gives it names the square"}},
		{name: "a growth sold for any piece", base: "grow", edits: []edit{set("rules.market.cards[0].effect.on", `"any"`)},
			want: []string{"rules.market.cards[0].effect.on must be 'own' for 'big', which grows where its owner chooses: the player who gives it names the square"}},
		{name: "a chaos growth for the enemy", base: "grow",
			edits: []edit{set("items[1]", `{"id": "orb", "chaos": true}`),
				set("rules.chaos", `{"offer": 1, "effects": [{"name": "swell", "effect": {"status": "big", "on": "enemy"}}]}`)},
			want: []string{"rules.chaos.effects[0].effect.on must be 'own' for 'big', which grows where its owner chooses: the player who gives it names the square"}},
		{name: "a raise that makes larger", base: "grow",
			edits: []edit{set("pieces[2].raises", `{"from": "Earth", "to": "Earth", "status": "big"}`)},
			want: []string{"pieces[2].raises needs boards: the game has one board",
				"pieces[2].raises.status 'big' grows where its owner chooses: a raise may give it to the other player's piece"}},
	}
}()

func TestSchema45(t *testing.T) { runCases(t, schema45Cases) }
