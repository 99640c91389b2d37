package repair

import (
	"slices"
	"testing"
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
  "items": [{"id": "orb", "chaos": true, "consumed": true}, {"id": "fire", "kill": "enter"}],
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
		{"experience", "on_capture", []string{"/rules/on_capture"}},
		{"upgrade P N", "upgrade", []string{"/pieces/0/upgrades/pieces"}},
		{"upgrade P hat", "upgrade", []string{"/pieces/0/upgrades/statuses"}},
		{"upgrade N hat", "upgrade", []string{"/pieces/1/upgrades"}},
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
