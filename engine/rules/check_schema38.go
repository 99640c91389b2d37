package rules

import (
	"fmt"
	"sort"
	"strings"
)

// The agreement checks of the keys schema 38 added (SCHEMA-38.md):
// rules.market. A status's hazard is a shape only; what it changes in the
// schema-37 checks (a status with a hazard does something, a card gives
// its status) is in checkStatusEntries and namedStatuses.

// checkMarket runs the schema-38 checks in the addendum's order.
func (c *checker) checkMarket() {
	mk := c.s.Rules.Market
	if mk == nil || c.badAt["rules.market"] {
		return
	}
	c.checkMarketResource(mk)
	if c.ok("rules.market.open", "rules.market.cards") && mk.Open > len(mk.Cards) {
		c.add("rules.market.open", "rules.market.open %d is more than its %d cards: no more cards than the deck holds can be unlocked", mk.Open, len(mk.Cards))
	}
	refs := c.effectRefs()
	first := map[string]int{}
	for k, card := range mk.Cards {
		cp := index("rules.market.cards", k)
		np := cp + ".name"
		switch j, dup := first[card.Name]; {
		case !c.ok(np):
		case !boardNameOK(card.Name): // read as an item's id is
			c.add(np, "%s %s must be letters and digits, starting with a letter", np, quote(card.Name))
		case dup:
			c.add(np, "%s %s is rules.market.cards[%d]'s name too: each card needs its own", np, quote(card.Name), j)
		default:
			first[card.Name] = k
		}
		ep := cp + ".effect"
		if c.ok(ep) {
			c.checkCardEffect(ep, &card.Effect, refs, cardWords)
		}
	}
	c.checkMarketWin()
}

// effectWords are what a card effect's refusals call its owner: a
// market card, or a chaos effect (schema 41).
type effectWords struct {
	one   string // why one effect only
	gets  string // who gets a gain
	gives string // what gives the gain
}

var cardWords = effectWords{one: "a card has exactly one effect", gets: "the buyer gets it", gives: "the card gives what its gain says"}

// declaredRefs are the statuses, items and resources an effect may name.
type declaredRefs struct {
	items, statuses, resources       map[string]int
	itemsOK, statusesOK, resourcesOK bool
}

func (c *checker) effectRefs() declaredRefs {
	var r declaredRefs
	r.items, r.itemsOK = c.declaredItems()
	r.statuses, r.statusesOK = c.declaredStatuses()
	r.resources, r.resourcesOK = c.declaredResources()
	return r
}

// checkCardEffect: an effect gives exactly one of a status, an item or a
// gain, each declared, a status or an item on its target, at most its
// stack.
func (c *checker) checkCardEffect(ep string, e *CardEffect, r declaredRefs, w effectWords) {
	var kinds []string
	for _, key := range []string{"status", "item", "gain"} {
		if c.written(ep + "." + key) {
			kinds = append(kinds, key)
		}
	}
	switch {
	case len(kinds) == 0:
		c.add(ep, "%s gives nothing: give it a status, an item or a gain", ep)
		return
	case len(kinds) > 1:
		c.add(ep, "%s writes %s: %s", ep, andList(kinds), w.one)
		return
	}
	switch kinds[0] {
	case "status":
		if r.statusesOK && c.statusRef(ep+".status", ep+".status", e.Status, r.statuses) {
			i := r.statuses[e.Status]
			c.cardCount(ep, e, quote(e.Status), c.s.Statuses[i].Stack, c.ok(index("statuses", i)+".stack"), "a piece carries no more")
		}
		c.cardTarget(ep, e, "a status", []string{TargetOwn, TargetEnemy, TargetAny}, "piece")
	case "item":
		if i, ok := r.items[e.Item]; r.itemsOK && !ok {
			c.add(ep+".item", "%s.item %s is not a declared item", ep, quote(e.Item))
		} else if r.itemsOK {
			c.cardCount(ep, e, quote(e.Item), c.s.Items[i].Stack, c.ok(index("items", i)+".stack"), "no more of it lie on a square")
		}
		c.cardTarget(ep, e, "an item", []string{TargetUnoccupied, TargetEmpty}, "square")
	case "gain":
		if r.resourcesOK {
			c.gainRefs(ep+".gain", e.Gain, r.resources)
		}
		if c.written(ep + ".on") {
			c.add(ep+".on", "%s.on is not for a gain: %s", ep, w.gets)
		}
		if c.written(ep + ".count") {
			c.add(ep+".count", "%s.count is not for a gain: %s", ep, w.gives)
		}
	}
}

// checkMarketResource: the market needs resources, and its resource is
// one of them.
func (c *checker) checkMarketResource(mk *Market) {
	if c.s.Resources == nil && !c.badAt["resources"] {
		c.add("rules.market", "rules.market needs resources: the game has none to pay with")
		return
	}
	resources, ok := c.declaredResources()
	if !ok || !c.ok("rules.market.resource") {
		return
	}
	if _, declared := resources[mk.Resource]; !declared {
		c.add("rules.market.resource", "rules.market.resource %s is not a declared resource", quote(mk.Resource))
	}
}

// cardCount: a card's count is at most the stack of what it gives (stack
// as written, 0 when left out).
func (c *checker) cardCount(ep string, e *CardEffect, what string, stack int, stackOK bool, why string) {
	if !stackOK || e.Count == 0 {
		return
	}
	switch {
	case stack == 0 && e.Count > 1:
		c.add(ep+".count", "%s.count %d is more than the stack of %s, 1 when left out: %s", ep, e.Count, what, why)
	case stack != 0 && e.Count > stack:
		c.add(ep+".count", "%s.count %d is more than the stack of %s, %d: %s", ep, e.Count, what, stack, why)
	}
}

// cardTarget: a status or an item names its target, one of the values
// for it.
func (c *checker) cardTarget(ep string, e *CardEffect, what string, values []string, target string) {
	words := make([]string, len(values))
	for i, v := range values {
		words[i] = quote(v)
	}
	choices := strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
	switch {
	case !c.written(ep + ".on"):
		c.add(ep, "%s needs on for %s: %s %s", ep, what, choices, target)
	case !contains(values, e.On):
		c.add(ep+".on", "%s.on %s is not a target for %s: %s %s", ep, quote(e.On), what, choices, target)
	}
}

// gainRefs reports each key of a gain that is not a declared resource,
// in sorted order.
func (c *checker) gainRefs(path string, gain map[string]int, resources map[string]int) {
	names := make([]string, 0, len(gain))
	for name := range gain {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if _, ok := resources[name]; !ok {
			c.add(path, "%s key %s is not a declared resource", path, quote(name))
		}
	}
}

// andList words keys as "a and b" or "a, b and c".
func andList(keys []string) string {
	if len(keys) == 1 {
		return keys[0]
	}
	return fmt.Sprintf("%s and %s", strings.Join(keys[:len(keys)-1], ", "), keys[len(keys)-1])
}

// checkMarketWin: the market is for games without check, as the rest of
// the planes family. (A hazard stands in statuses, refused there.)
func (c *checker) checkMarketWin() {
	if !c.ok("rules.win") || c.s.Rules.WinOrDefault() != WinCheckmate {
		return
	}
	if c.written("rules.market") {
		c.add("rules.market", "rules.market is for a game without check: rules.win must be 'royal_capture', 'annihilation' or 'none'")
	}
}
