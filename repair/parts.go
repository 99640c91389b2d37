package repair

import (
	"fmt"
	"slices"
	"strings"

	"balancefarm/measure"
)

// A part of a game is a rule or a component a designer would switch off
// whole (castling, drops, an item kind, a resource's income), as opposed
// to an edit, which tunes one. Each part is a removal written as a JSON
// patch, like every edit; the ablation (ablate.go) measures the game
// without each.

// Part is one part of a game and the patch that removes it.
type Part struct {
	// Name names the part in the report: "castling", "item fire".
	Name string `json:"name"`
	// Kind is the finder that found it (partFinders).
	Kind string `json:"kind"`
	// Desc says what the game is without it.
	Desc  string `json:"description"`
	Patch []Op   `json:"patch"`
}

func (p Part) edit() Edit { return Edit{Kind: p.Kind, Target: p.Name, Desc: p.Desc, Patch: p.Patch} }

// partFinder finds the parts of one kind a file has.
type partFinder struct {
	kind string
	find func(f *ruleFile) []Part
}

// partFinders lists every kind of part, in the order the report lists
// parts that move the first mover's score alike. A later schema's parts
// (a shop, chaos effects, upgrades) are each one more row.
var partFinders = []partFinder{
	{"castling", switchPart("castling", "castling", "no castling")},
	{"en_passant", switchPart("en_passant", "en passant", "no en passant")},
	{"drops", switchPart("drops", "drops", "captured pieces are never dropped back")},
	{"promotion", promotionParts},
	{"explode_on_capture", switchPart("explode_on_capture", "explosions", "a capture explodes nothing")},
	{"item", itemParts},
	{"items", allItemsPart},
	{"income", incomeParts},
	{"resources", resourcesPart},
	{"afterlife", switchPart("afterlife", "afterlife", "a piece that dies is removed from the game")},
	{"after_capture", switchPart("after_capture", "after_capture", "a piece that captures stays where it captured")},
	{"presence", presenceParts},
	{"market", marketPart},
	{"card", cardParts},
	{"chaos", chaosPart},
	{"chaos_effect", chaosEffectParts},
	{"on_capture", switchPart("on_capture", "experience", "a capture gives no status (so no upgrades)")},
	{"upgrade", upgradeParts},
	{"neutral", neutralParts},
}

// PartKinds are the kinds of part FindParts looks for, in its order.
func PartKinds() []string {
	out := make([]string, len(partFinders))
	for i, pf := range partFinders {
		out[i] = pf.kind
	}
	return out
}

// FindParts lists the parts of a rule file, in partFinders' order. It
// does not check that the file without a part is valid: Parts does.
func FindParts(data []byte) ([]Part, error) {
	f, err := decode(data)
	if err != nil {
		return nil, err
	}
	var out []Part
	for _, pf := range partFinders {
		for _, p := range pf.find(f) {
			p.Kind = pf.kind
			out = append(out, p)
		}
	}
	return out, nil
}

// Removed is a part with the file that lacks it, compiled.
type Removed struct {
	Part Part
	File *measure.File
}

// Parts lists orig's parts whose removal leaves a file the engine accepts
// (measure.Load, as every file the farm takes), each with that file, and
// says why each other part was dropped.
func Parts(orig *measure.File) ([]Removed, []Refused, error) {
	parts, err := FindParts(orig.Data)
	if err != nil {
		return nil, nil, err
	}
	var out []Removed
	var refused []Refused
	seen := map[string]string{orig.Hash: "the original"}
	for i, p := range parts {
		id := fmt.Sprintf("p%02d", i+1)
		c, r := buildAs(orig, stemOf(orig.Label)+"-without-"+id+".json", p.Name, seen, p.edit())
		if r != nil {
			r.Edit = p.Name + ": " + r.Edit
			refused = append(refused, *r)
			continue
		}
		out = append(out, Removed{Part: p, File: c.File})
	}
	return out, refused, nil
}

// switchPart is a finder for a rules key that is a part when it is set
// (anything but false): removing the key switches it off.
func switchPart(key, name, desc string) func(f *ruleFile) []Part {
	return func(f *ruleFile) []Part {
		if v, ok := f.rules[key]; !ok || v == false {
			return nil
		}
		return []Part{{Name: name, Desc: desc, Patch: []Op{opRemove(pointer("rules", key))}}}
	}
}

// promotionParts: promotion as a whole, and each of its entries where
// there are two or more.
func promotionParts(f *ruleFile) []Part {
	v, ok := f.rules["promotion"]
	if !ok {
		return nil
	}
	whole := Part{Name: "promotion", Desc: "no piece promotes", Patch: []Op{opRemove("/rules/promotion")}}
	if f.rules["en_passant"] == true {
		// En passant is defined against the promoting piece.
		whole.Desc += ", and so no en passant"
		whole.Patch = append(whole.Patch, opRemove("/rules/en_passant"))
	}
	out := []Part{whole}
	list, _ := v.([]any)
	if len(list) < 2 {
		return out
	}
	for i, x := range list {
		m, _ := x.(map[string]any)
		piece, _ := m["piece"].(string)
		out = append(out, Part{Name: fmt.Sprintf("promotion of %s (entry %d)", piece, i),
			Desc:  fmt.Sprintf("%s never promotes by rules.promotion[%d]", piece, i),
			Patch: []Op{opRemove(pointer("rules", "promotion", i))}})
	}
	return out
}

// objects is a list of JSON objects at key of m, nil where there is none.
func objects(m map[string]any, key string) []map[string]any {
	list, _ := m[key].([]any)
	var out []map[string]any
	for _, x := range list {
		o, _ := x.(map[string]any)
		out = append(out, o)
	}
	return out
}

func (f *ruleFile) items() []map[string]any { return objects(f.root, "items") }

func (f *ruleFile) itemPlacements() []map[string]any {
	setup, _ := f.root["setup"].(map[string]any)
	return objects(setup, "items")
}

// removeItems is the ops that take the items of the given ids out of the
// file, with every setup.items entry that places them: the whole list
// where none is left (the language wants one item at least), else each
// entry, the last first so that the indices hold.
func (f *ruleFile) removeItems(ids []string) []Op {
	var ops []Op
	remove := func(list []map[string]any, path string, goes func(map[string]any) bool) {
		var idx []int
		for i, o := range list {
			if goes(o) {
				idx = append(idx, i)
			}
		}
		if len(idx) == 0 {
			return
		}
		if len(idx) == len(list) {
			ops = append(ops, opRemove(path))
			return
		}
		for _, i := range slices.Backward(idx) {
			ops = append(ops, opRemove(fmt.Sprintf("%s/%d", path, i)))
		}
	}
	named := func(key string) func(map[string]any) bool {
		return func(o map[string]any) bool { id, _ := o[key].(string); return slices.Contains(ids, id) }
	}
	remove(f.items(), "/items", named("id"))
	remove(f.itemPlacements(), "/setup/items", named("item"))
	return ops
}

func (f *ruleFile) itemIDs() []string {
	var ids []string
	for _, it := range f.items() {
		id, _ := it["id"].(string)
		ids = append(ids, id)
	}
	return ids
}

// itemParts: each kind of item, taken off the board with its entry.
func itemParts(f *ruleFile) []Part {
	var out []Part
	for _, id := range f.itemIDs() {
		out = append(out, Part{Name: "item " + id, Desc: fmt.Sprintf("no %s items", id), Patch: f.removeItems([]string{id})})
	}
	return out
}

// allItemsPart: every item, where there are two kinds or more (with one,
// it is that item's part).
func allItemsPart(f *ruleFile) []Part {
	ids := f.itemIDs()
	if len(ids) < 2 {
		return nil
	}
	return []Part{{Name: "items", Desc: "no items (" + strings.Join(ids, ", ") + ")", Patch: f.removeItems(ids)}}
}

// incomeParts: each resource's income, so that it is earned by items
// only.
func incomeParts(f *ruleFile) []Part {
	var out []Part
	for i, r := range objects(f.root, "resources") {
		if _, ok := r["income"]; !ok {
			continue
		}
		name, _ := r["name"].(string)
		out = append(out, Part{Name: "income of " + name, Desc: fmt.Sprintf("no income of %s: it is earned by items only", name),
			Patch: []Op{opRemove(pointer("resources", i, "income"))}})
	}
	return out
}

// resourcesPart: every resource, with the items' gain of them; an item
// that did nothing but gain goes too (the language wants an item to do
// something).
func resourcesPart(f *ruleFile) []Part {
	res := objects(f.root, "resources")
	if len(res) == 0 {
		return nil
	}
	var names []string
	for _, r := range res {
		n, _ := r["name"].(string)
		names = append(names, n)
	}
	var ops []Op
	var gainOnly []string
	for i, it := range f.items() {
		if _, ok := it["gain"]; !ok {
			continue
		}
		_, kills := it["kill"]
		if slides := it["slide"] == true; kills || slides {
			// Its gain goes; the item stays, so the indices hold.
			ops = append(ops, opRemove(pointer("items", i, "gain")))
			continue
		}
		id, _ := it["id"].(string)
		gainOnly = append(gainOnly, id)
	}
	ops = append(ops, f.removeItems(gainOnly)...)
	ops = append(ops, opRemove("/resources"))
	desc := "no resources (" + strings.Join(names, ", ") + ")"
	if len(gainOnly) > 0 {
		desc += ", nor the items that only gave them (" + strings.Join(gainOnly, ", ") + ")"
	}
	return []Part{{Name: "resources", Desc: desc, Patch: ops}}
}

// presenceParts: each rules.presence entry, where there are two or more
// (the only one is how the game is won).
func presenceParts(f *ruleFile) []Part {
	list := objects(f.rules, "presence")
	if len(list) < 2 {
		return nil
	}
	var out []Part
	for i, p := range list {
		result, _ := p["result"].(string)
		if result == "" {
			result = "loss"
		}
		who := "the whole army"
		if ps := stringsOf(p["pieces"]); len(ps) > 0 {
			who = strings.Join(ps, ", ")
		}
		where := ""
		if bs := stringsOf(p["boards"]); len(bs) > 0 {
			where = " on " + strings.Join(bs, ", ")
		}
		out = append(out, Part{Name: fmt.Sprintf("presence %d", i),
			Desc:  fmt.Sprintf("no %s for a player without %s%s", result, who, where),
			Patch: []Op{opRemove(pointer("rules", "presence", i))}})
	}
	return out
}
