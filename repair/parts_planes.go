package repair

import (
	"fmt"
	"slices"
	"strings"
)

// The parts of schemas 37 to 41: the shop and each card, chaos and each
// chaos effect, experience from captures, each upgrade a piece offers,
// and each neutral piece.

// marketPart: the shop as a whole.
func marketPart(f *ruleFile) []Part {
	if _, ok := f.rules["market"]; !ok {
		return nil
	}
	return []Part{{Name: "shop", Desc: "no shop: coins buy nothing", Patch: []Op{opRemove("/rules/market")}}}
}

// cardParts: each card of the shop, where there are two or more; the
// number unlocked at the start shrinks with the deck where it must.
func cardParts(f *ruleFile) []Part {
	return entryParts(f.rules, "market", "cards", "open", "card %s", "the shop has no %s card")
}

// entryParts is a part for each named entry of rules.OBJ.LIST, where there
// are two or more; the object's count key (default 3), which may not
// exceed the list, shrinks with it where it must.
func entryParts(rules map[string]any, obj, list, count, name, desc string) []Part {
	o, _ := rules[obj].(map[string]any)
	entries := objects(o, list)
	if len(entries) < 2 {
		return nil
	}
	n := 3
	if v, ok := intOf(o[count]); ok {
		n = v
	}
	var out []Part
	for i, e := range entries {
		id, _ := e["name"].(string)
		ops := []Op{opRemove(pointer("rules", obj, list, i))}
		if n > len(entries)-1 {
			ops = append(ops, opAdd(pointer("rules", obj, count), len(entries)-1))
		}
		out = append(out, Part{Name: fmt.Sprintf(name, id), Desc: fmt.Sprintf(desc, id), Patch: ops})
	}
	return out
}

// chaosPart: chaos as a whole, with the items that offer it (they need
// it) and what names them.
func chaosPart(f *ruleFile) []Part {
	if _, ok := f.rules["chaos"]; !ok {
		return nil
	}
	r := f.removeItems(nil, true)
	desc := "no chaos effects"
	if len(r.orbs) > 0 {
		desc += ", nor the items that offer them (" + strings.Join(r.orbs, ", ") + ")"
	}
	return []Part{{Name: "chaos", Desc: r.nor(desc), Patch: r.ops}}
}

// chaosEffectParts: each chaos effect, where there are two or more; the
// offer shrinks with the list where it must.
func chaosEffectParts(f *ruleFile) []Part {
	return entryParts(f.rules, "chaos", "effects", "offer", "chaos effect %s", "chaos never offers %s")
}

// upgradeParts: each upgrade the pieces offer. A kind to become is one
// piece's upgrade; a status to gain is one part over every piece that
// offers it, as a designer lists "the rest pick from" once. A piece's
// last option takes its upgrades key with it.
func upgradeParts(f *ruleFile) []Part {
	var out []Part
	pieces, _ := f.root["pieces"].([]any)
	type offer struct {
		id  string
		ops []Op // removes this status from this piece's options
	}
	byStatus := map[string][]offer{}
	var statusOrder []string
	removal := func(i int, key string, j, inList, total int) []Op {
		switch {
		case total == 1:
			return []Op{opRemove(pointer("pieces", i, "upgrades"))}
		case inList == 1:
			return []Op{opRemove(pointer("pieces", i, "upgrades", key))}
		default:
			return []Op{opRemove(pointer("pieces", i, "upgrades", key, j))}
		}
	}
	for i := range pieces {
		pc, _ := pieces[i].(map[string]any)
		up, _ := pc["upgrades"].(map[string]any)
		if up == nil {
			continue
		}
		id, _ := pc["id"].(string)
		kinds, statuses := stringsOf(up["pieces"]), stringsOf(up["statuses"])
		total := len(kinds) + len(statuses)
		for j, name := range kinds {
			out = append(out, Part{Name: fmt.Sprintf("upgrade %s %s", id, name),
				Desc:  fmt.Sprintf("%s is never upgraded into %s", id, name),
				Patch: removal(i, "pieces", j, len(kinds), total)})
		}
		for j, name := range statuses {
			if _, seen := byStatus[name]; !seen {
				statusOrder = append(statusOrder, name)
			}
			byStatus[name] = append(byStatus[name], offer{id, removal(i, "statuses", j, len(statuses), total)})
		}
	}
	for _, name := range statusOrder {
		offers := byStatus[name]
		var ops []Op
		ids := make([]string, len(offers))
		for k, o := range offers {
			ops = append(ops, o.ops...)
			ids[k] = o.id
		}
		out = append(out, Part{Name: "upgrade " + name,
			Desc:  fmt.Sprintf("no piece is upgraded to gain %s (%s offered it)", name, strings.Join(ids, ", ")),
			Patch: ops})
	}
	return out
}

// neutralParts: each neutral piece, taken off the board (its kind stays
// declared).
func neutralParts(f *ruleFile) []Part {
	setup, _ := f.root["setup"].(map[string]any)
	entries := objects(setup, "neutral")
	var out []Part
	seen := []string{}
	for _, e := range entries {
		id, _ := e["piece"].(string)
		if slices.Contains(seen, id) {
			continue
		}
		seen = append(seen, id)
		var idx []int
		for i, o := range entries {
			if p, _ := o["piece"].(string); p == id {
				idx = append(idx, i)
			}
		}
		var ops []Op
		if len(idx) == len(entries) {
			ops = []Op{opRemove("/setup/neutral")}
		} else {
			for _, i := range slices.Backward(idx) {
				ops = append(ops, opRemove(pointer("setup", "neutral", i)))
			}
		}
		out = append(out, Part{Name: "neutral " + id, Desc: fmt.Sprintf("no neutral %s on the board", id), Patch: ops})
	}
	return out
}
