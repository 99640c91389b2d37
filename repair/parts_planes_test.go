package repair

import (
	"slices"
	"testing"

	"balancefarm/measure"
)

// TestPlanesParts: the parts schemas 37 to 41 add, found in a small file
// written for them (FindParts reads the JSON only).
func TestPlanesParts(t *testing.T) {
	const file = `{
  "name": "parts", "board": {"width": 4, "height": 4},
  "pieces": [
    {"id": "P", "moves": [], "upgrades": {"pieces": ["N"], "statuses": ["hat"]}},
    {"id": "N", "moves": [], "upgrades": {"statuses": ["hat"]}},
    {"id": "I", "moves": [], "neutral": {}}],
  "setup": {"placements": [], "neutral": [{"piece": "I", "squares": ["a1"]}],
    "items": [{"item": "orb", "squares": ["b2"]}]},
  "items": [{"id": "orb", "chaos": true, "consumed": true, "gain": {"coins": 1}}, {"id": "fire", "kill": "enter"}],
  "resources": [{"name": "coins"}],
  "rules": {
    "on_capture": {"gain": ["exp"]},
    "market": {"resource": "coins", "open": 2, "cards": [
      {"name": "a", "price": 1, "effect": {"gain": {"coins": 1}}},
      {"name": "b", "price": 1, "effect": {"gain": {"coins": 2}}}]},
    "chaos": {"offer": 1, "effects": [
      {"name": "x", "effect": {"gain": {"coins": 1}}},
      {"name": "y", "effect": {"gain": {"coins": 2}}}]}}}`
	parts, err := FindParts([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Part{}
	for _, p := range parts {
		got[p.Name] = p
	}
	cases := []struct {
		name  string
		kind  string
		paths []string // every op's path, in order
	}{
		{"shop", "market", []string{"/rules/market"}},
		{"card a", "card", []string{"/rules/market/cards/0", "/rules/market/open"}},
		{"card b", "card", []string{"/rules/market/cards/1", "/rules/market/open"}},
		{"chaos", "chaos", []string{"/items/0", "/setup/items", "/rules/chaos"}},
		{"chaos effect x", "chaos_effect", []string{"/rules/chaos/effects/0"}},
		// The orb offers chaos without its gain: it stays.
		{"resources", "resources", []string{"/items/0/gain", "/resources"}},
		{"experience", "on_capture", []string{"/rules/on_capture"}},
		{"upgrade P N", "upgrade", []string{"/pieces/0/upgrades/pieces"}},
		// A status upgrade is one part over every piece that offers it.
		{"upgrade hat", "upgrade", []string{"/pieces/0/upgrades/statuses", "/pieces/1/upgrades"}},
		{"neutral I", "neutral", []string{"/setup/neutral"}},
	}
	for _, c := range cases {
		p, ok := got[c.name]
		if !ok {
			t.Errorf("no part %q among %v", c.name, slices.Sorted(func(yield func(string) bool) {
				for k := range got {
					if !yield(k) {
						return
					}
				}
			}))
			continue
		}
		var paths []string
		for _, op := range p.Patch {
			paths = append(paths, op.Path)
		}
		if p.Kind != c.kind || !slices.Equal(paths, c.paths) {
			t.Errorf("%s: kind %s, paths %v; want %s, %v", c.name, p.Kind, paths, c.kind, c.paths)
		}
	}
}

// refsFile names its items in every place schemas 38 to 42 let a file
// name one: fire in statuses' immune, a wizard's after_move and a
// bomber's on_death; ice in fire's cancels, a card and after_move; mud in
// fire's and ice's cancels and a chaos effect; the hidden trap in a card,
// a chaos effect and an immune; the orb offers chaos.
const refsFile = `{
  "schema_version": 42, "name": "references", "board": {"width": 6, "height": 6},
  "pieces": [
    {"id": "P", "value": 1, "moves": [{"kind": "slide", "vectors": [[0, 1]], "range": 1, "mode": "move"},
      {"kind": "leap", "vectors": [[1, 1]], "symmetry": "lateral", "mode": "capture"}]},
    {"id": "K", "royal": true, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]},
    {"id": "W", "value": 3, "moves": [{"kind": "leap", "vectors": [[1, 1]], "symmetry": "rotate4"}],
      "after_move": {"items": ["fire", "ice"], "on": "empty"}},
    {"id": "S", "value": 2, "moves": [{"kind": "leap", "vectors": [[1, 0]], "symmetry": "rotate4"}],
      "on_death": {"item": "fire"}}],
  "items": [
    {"id": "fire", "kill": "enter", "cancels": ["ice", "mud"]},
    {"id": "ice", "slide": true, "cancels": ["mud"]},
    {"id": "mud", "kill": "enter"},
    {"id": "trap", "kill": "end", "consumed": true, "hidden": true},
    {"id": "orb", "chaos": true, "consumed": true}],
  "statuses": [
    {"name": "hat", "immune": ["fire", "trap"]},
    {"name": "cold", "immune": ["ice"], "frozen": true}],
  "resources": [{"name": "gold", "start": 1, "max": 20, "income": {"amount": 1}}],
  "setup": {"mirror": true,
    "placements": [{"piece": "P", "squares": ["a2", "b2", "c2", "d2", "e2", "f2"]}, {"piece": "W", "squares": ["c1"]},
      {"piece": "K", "squares": ["d1"]}, {"piece": "S", "squares": ["e1"]}],
    "items": [{"item": "orb", "squares": ["c3"]}, {"item": "ice", "squares": ["d3"]}]},
  "rules": {"win": "royal_capture", "max_plies": 200,
    "market": {"resource": "gold", "open": 3, "cards": [
      {"name": "Trap", "price": 2, "effect": {"item": "trap", "on": "unoccupied"}},
      {"name": "Ice", "price": 2, "effect": {"item": "ice", "on": "empty"}},
      {"name": "Hat", "price": 3, "effect": {"status": "hat", "on": "own"}}]},
    "chaos": {"effects": [
      {"name": "trap", "effect": {"item": "trap", "on": "empty"}},
      {"name": "mud", "effect": {"item": "mud", "on": "empty"}},
      {"name": "riches", "effect": {"gain": {"gold": 2}}}]}}}`

// chaosItemsFile has chaos whose every effect puts ice down, and a card
// that puts an orb down.
const chaosItemsFile = `{
  "schema_version": 42, "name": "chaos of ice", "board": {"width": 6, "height": 6},
  "pieces": [
    {"id": "P", "value": 1, "moves": [{"kind": "slide", "vectors": [[0, 1]], "range": 1, "mode": "move"},
      {"kind": "leap", "vectors": [[1, 1]], "symmetry": "lateral", "mode": "capture"}]},
    {"id": "K", "royal": true, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]}],
  "items": [{"id": "ice", "slide": true}, {"id": "orb", "chaos": true, "consumed": true}],
  "resources": [{"name": "gold", "start": 1, "max": 20, "income": {"amount": 1}}],
  "setup": {"mirror": true,
    "placements": [{"piece": "P", "squares": ["a2", "b2", "c2", "d2", "e2", "f2"]}, {"piece": "K", "squares": ["d1"]}],
    "items": [{"item": "orb", "squares": ["c3"]}]},
  "rules": {"win": "royal_capture", "max_plies": 200,
    "market": {"resource": "gold", "open": 2, "cards": [
      {"name": "Ice", "price": 2, "effect": {"item": "ice", "on": "empty"}},
      {"name": "Orb", "price": 2, "effect": {"item": "orb", "on": "empty"}}]},
    "chaos": {"offer": 1, "effects": [
      {"name": "ice", "effect": {"item": "ice", "on": "empty"}},
      {"name": "ices", "effect": {"item": "ice", "on": "unoccupied"}}]}}}`

// TestItemReferences: an item's part takes out every key that names the
// item, and nothing else, and leaves a file the engine loads.
func TestItemReferences(t *testing.T) {
	cases := []struct {
		file, part string
		ops        []string // each op, as opString writes it, in order
		desc       string
	}{
		{refsFile, "item trap", []string{"remove /items/3", "remove /statuses/0/immune/1",
			"remove /rules/market/cards/0", "add /rules/market/open 2", "remove /rules/chaos/effects/0", "add /rules/chaos/offer 2"},
			"no trap items, nor the card Trap and the chaos effect trap"},
		{refsFile, "item ice", []string{"remove /items/1", "remove /items/0/cancels/0", "remove /setup/items/1",
			"remove /statuses/1/immune", "remove /rules/market/cards/1", "add /rules/market/open 2", "remove /pieces/2/after_move/items/1"},
			"no ice items, nor the card Ice"},
		{refsFile, "item mud", []string{"remove /items/2", "remove /items/1/cancels", "remove /items/0/cancels/1",
			"remove /rules/chaos/effects/1", "add /rules/chaos/offer 2"},
			"no mud items, nor the chaos effect mud"},
		{refsFile, "item fire", []string{"remove /items/0", "remove /statuses/0/immune/0",
			"remove /pieces/2/after_move/items/0", "remove /pieces/3/on_death"},
			"no fire items, nor S's on_death"},
		{refsFile, "item orb", []string{"remove /items/4", "remove /setup/items/0"}, "no orb items"},
		{refsFile, "items", []string{"remove /items", "remove /setup/items", "remove /statuses/0/immune", "remove /statuses/1/immune",
			"remove /rules/market/cards/1", "remove /rules/market/cards/0", "add /rules/market/open 1",
			"remove /rules/chaos/effects/1", "remove /rules/chaos/effects/0", "add /rules/chaos/offer 1",
			"remove /pieces/2/after_move", "remove /pieces/3/on_death"},
			"no items (fire, ice, mud, trap, orb), nor the cards Trap and Ice, the chaos effects trap and mud, W's after_move and S's on_death"},
		{refsFile, "chaos", []string{"remove /items/4", "remove /setup/items/0", "remove /rules/chaos"},
			"no chaos effects, nor the items that offer them (orb)"},
		// Every chaos effect puts ice down: chaos goes with it, and the
		// orb, which needs chaos, with its card.
		{chaosItemsFile, "item ice", []string{"remove /items", "remove /setup/items", "remove /rules/market", "remove /rules/chaos"},
			"no ice items, nor the shop and chaos with the items that offer it (orb)"},
		{chaosItemsFile, "item orb", []string{"remove /items/1", "remove /setup/items", "remove /rules/market/cards/1", "add /rules/market/open 1"},
			"no orb items, nor the card Orb"},
		{chaosItemsFile, "chaos", []string{"remove /items/1", "remove /setup/items", "remove /rules/market/cards/1",
			"add /rules/market/open 1", "remove /rules/chaos"},
			"no chaos effects, nor the items that offer them (orb), nor the card Orb"},
	}
	for _, c := range cases {
		parts, err := FindParts([]byte(c.file))
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(parts, func(p Part) bool { return p.Name == c.part })
		if i < 0 {
			t.Errorf("no part %q", c.part)
			continue
		}
		p := parts[i]
		var ops []string
		for _, op := range p.Patch {
			ops = append(ops, opString(op))
		}
		if !slices.Equal(ops, c.ops) {
			t.Errorf("%s: ops\n%q\nwant\n%q", c.part, ops, c.ops)
		}
		if p.Desc != c.desc {
			t.Errorf("%s: description %q, want %q", c.part, p.Desc, c.desc)
		}
		out, err := Apply([]byte(c.file), p.edit())
		if err != nil {
			t.Errorf("%s: %v", c.part, err)
			continue
		}
		if _, err := measure.Load("without.json", out); err != nil {
			t.Errorf("%s: the file without it is refused: %v", c.part, err)
		}
	}
}

// opString writes an op as "remove PATH" or "add PATH VALUE".
func opString(op Op) string {
	if op.Value == nil {
		return op.Op + " " + op.Path
	}
	return op.Op + " " + op.Path + " " + string(op.Value)
}

// TestSeedItemParts: every item part of the three-planes seed, the items
// part and the chaos part leave a file the front end and the engine
// accept (Parts loads each), saying what else went.
func TestSeedItemParts(t *testing.T) {
	f, err := measure.Read("../rulesets/seeds/three-planes.json")
	if err != nil {
		t.Fatal(err)
	}
	kept, refused, err := Parts(f)
	if err != nil {
		t.Fatal(err)
	}
	descs := map[string]string{}
	for _, r := range kept {
		descs[r.Part.Name] = r.Part.Desc
	}
	want := []struct{ part, desc string }{
		{"item coin", "no coin items"},
		{"item fire", "no fire items, nor the card fire, the chaos effect fire and S's on_death"},
		{"item ice", "no ice items, nor the card ice and the chaos effect ice"},
		{"item orb", "no orb items"},
		{"item trap", "no trap items, nor the card trap and the chaos effect trap"},
		{"items", "no items (coin, fire, ice, orb, trap), nor the cards fire, ice and trap, " +
			"the chaos effects fire, ice and trap, S's on_death and W's after_move"},
		{"chaos", "no chaos effects, nor the items that offer them (orb)"},
	}
	for _, w := range want {
		desc, ok := descs[w.part]
		switch {
		case !ok:
			t.Errorf("%s: not kept; refused: %v", w.part, refused)
		case desc != w.desc:
			t.Errorf("%s: description %q, want %q", w.part, desc, w.desc)
		}
	}
}
