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

// itemRemoval is what taking items out of a file takes with them: every
// key that names one of them, so that the file left is valid.
type itemRemoval struct {
	ops []Op
	// orbs are the items with chaos that went because rules.chaos did,
	// beside the items asked for.
	orbs []string
	// also says what else went, in words, for a part's description: the
	// cards and chaos effects, and the keys of pieces that went whole.
	// Entries of other lists (cancels, immune, after_move.items) go
	// unsaid: without the item they named nothing.
	also []string
}

// removeItems takes the items of the given ids out of the file, with
// every setup.items entry that places them, every market card and chaos
// effect that puts them down, every items[].cancels, statuses[].immune
// and pieces[].after_move.items entry naming them and every
// pieces[].on_death leaving them. A list left empty goes with its key,
// the market or rules.chaos with its last card or effect, and their
// counts (open, offer) shrink to the entries left. Where rules.chaos goes
// (every effect put a removed item, or noChaos: the chaos part), the
// items with chaos, which need it, go too. The ops on an array come the
// last entry first, so that the indices hold.
func (f *ruleFile) removeItems(ids []string, noChaos bool) itemRemoval {
	gone := slices.Clone(ids)
	named := func(id any) bool { s, _ := id.(string); return slices.Contains(gone, s) }
	puts := func(e map[string]any) bool { eff, _ := e["effect"].(map[string]any); return named(eff["item"]) }

	chaos, hasChaos := f.rules["chaos"].(map[string]any)
	effects := objects(chaos, "effects")
	chaosGoes := hasChaos && (noChaos || len(effects) > 0 && !slices.ContainsFunc(effects, func(e map[string]any) bool { return !puts(e) }))
	var r itemRemoval
	if chaosGoes {
		for _, it := range f.items() {
			if id, _ := it["id"].(string); it["chaos"] == true && !slices.Contains(gone, id) {
				r.orbs = append(r.orbs, id)
			}
		}
		gone = append(gone, r.orbs...)
	}

	items := f.items()
	if ops, left := removeEntries("/items", "/items", len(items), func(i int) bool { return named(items[i]["id"]) }); left == 0 {
		r.ops = append(r.ops, ops...)
	} else {
		// Item by item, the last first: a kept item's cancels are edited
		// before any item before it goes.
		for i := len(items) - 1; i >= 0; i-- {
			if named(items[i]["id"]) {
				r.ops = append(r.ops, opRemove(pointer("items", i)))
				continue
			}
			cancels := stringsOf(items[i]["cancels"])
			path := pointer("items", i, "cancels")
			ops, _ := removeEntries(path, path, len(cancels), func(j int) bool { return named(cancels[j]) })
			r.ops = append(r.ops, ops...)
		}
	}
	placed := f.itemPlacements()
	ops, _ := removeEntries("/setup/items", "/setup/items", len(placed), func(i int) bool { return named(placed[i]["item"]) })
	r.ops = append(r.ops, ops...)

	for i, st := range objects(f.root, "statuses") {
		immune := stringsOf(st["immune"])
		path := pointer("statuses", i, "immune")
		ops, _ := removeEntries(path, path, len(immune), func(j int) bool { return named(immune[j]) })
		r.ops = append(r.ops, ops...)
	}

	market, _ := f.rules["market"].(map[string]any)
	r.removeEntriesPutting(market, puts, "market", "cards", "open", "the shop", "card")
	switch {
	case chaosGoes:
		r.ops = append(r.ops, opRemove("/rules/chaos"))
		switch {
		case noChaos: // the part says so itself
		case len(r.orbs) > 0:
			r.also = append(r.also, "chaos with the items that offer it ("+strings.Join(r.orbs, ", ")+")")
		default:
			r.also = append(r.also, "chaos")
		}
	case hasChaos:
		r.removeEntriesPutting(chaos, puts, "chaos", "effects", "offer", "chaos", "chaos effect")
	}

	// The pieces' keys last, so that the description names the cards and
	// effects first.
	for i, pc := range f.pieces {
		id, _ := pc["id"].(string)
		if od, _ := pc["on_death"].(map[string]any); od != nil && named(od["item"]) {
			r.ops = append(r.ops, opRemove(pointer("pieces", i, "on_death")))
			r.also = append(r.also, id+"'s on_death")
		}
		am, _ := pc["after_move"].(map[string]any)
		laid := stringsOf(am["items"])
		ops, left := removeEntries(pointer("pieces", i, "after_move", "items"), pointer("pieces", i, "after_move"), len(laid),
			func(j int) bool { return named(laid[j]) })
		r.ops = append(r.ops, ops...)
		if len(laid) > 0 && left == 0 {
			r.also = append(r.also, id+"'s after_move")
		}
	}
	return r
}

// removeEntriesPutting takes out of rules.OBJ.LIST (the market's cards,
// chaos's effects) the entries that put a removed item down: OBJ whole
// where none is left, else each entry, with the count key (default 3),
// which may not exceed the list, shrunk to the entries left where it
// would. whole and entry name them in the description.
func (r *itemRemoval) removeEntriesPutting(o map[string]any, puts func(map[string]any) bool, obj, list, count, whole, entry string) {
	entries := objects(o, list)
	ops, left := removeEntries(pointer("rules", obj, list), pointer("rules", obj), len(entries), func(i int) bool { return puts(entries[i]) })
	if len(ops) == 0 {
		return
	}
	r.ops = append(r.ops, ops...)
	if left == 0 {
		r.also = append(r.also, whole)
		return
	}
	n := 3
	if v, ok := intOf(o[count]); ok {
		n = v
	}
	if n > left {
		r.ops = append(r.ops, opAdd(pointer("rules", obj, count), left))
	}
	var names []string
	for _, e := range entries {
		if puts(e) {
			name, _ := e["name"].(string)
			names = append(names, name)
		}
	}
	if len(names) == 1 {
		r.also = append(r.also, "the "+entry+" "+names[0])
	} else {
		r.also = append(r.also, "the "+entry+"s "+inWords(names))
	}
}

// removeEntries is the ops that take the picked ones of the list's n
// entries at path out: the key whole (the list, or the object it is a key
// of) where none is left, else each entry, the last first so that the
// indices hold; and how many entries are left.
func removeEntries(path, whole string, n int, picked func(i int) bool) ([]Op, int) {
	var idx []int
	for i := range n {
		if picked(i) {
			idx = append(idx, i)
		}
	}
	switch len(idx) {
	case 0:
		return nil, n
	case n:
		return []Op{opRemove(whole)}, 0
	}
	var ops []Op
	for _, i := range slices.Backward(idx) {
		ops = append(ops, opRemove(fmt.Sprintf("%s/%d", path, i)))
	}
	return ops, n - len(idx)
}

// inWords lists names as a sentence does: "a", "a and b", "a, b and c".
func inWords(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// nor is a part's description with what else went: "no trap items, nor
// the card trap and the chaos effect trap".
func (r itemRemoval) nor(desc string) string {
	if len(r.also) == 0 {
		return desc
	}
	return desc + ", nor " + inWords(r.also)
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
		r := f.removeItems([]string{id}, false)
		out = append(out, Part{Name: "item " + id, Desc: r.nor(fmt.Sprintf("no %s items", id)), Patch: r.ops})
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
	r := f.removeItems(ids, false)
	return []Part{{Name: "items", Desc: r.nor("no items (" + strings.Join(ids, ", ") + ")"), Patch: r.ops}}
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
		// An item that kills, slides or offers chaos does something
		// without its gain.
		if _, kills := it["kill"]; kills || it["slide"] == true || it["chaos"] == true {
			// Its gain goes; the item stays, so the indices hold.
			ops = append(ops, opRemove(pointer("items", i, "gain")))
			continue
		}
		id, _ := it["id"].(string)
		gainOnly = append(gainOnly, id)
	}
	r := f.removeItems(gainOnly, false)
	ops = append(ops, r.ops...)
	ops = append(ops, opRemove("/resources"))
	desc := "no resources (" + strings.Join(names, ", ") + ")"
	if len(gainOnly) > 0 {
		desc = r.nor(desc + ", nor the items that only gave them (" + strings.Join(gainOnly, ", ") + ")")
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
