package repair

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// Every edit is drawn from the rule language's own keys (schema 29), so a
// designer reads it as a change to their file, not as a new game. Each
// generator looks at the file as decoded JSON and proposes edits; none
// checks that its edit makes a valid file: Candidates compiles every
// patched file and keeps only those the engine accepts.

// ruleFile is a rule file decoded for the generators.
type ruleFile struct {
	root          map[string]any
	rules         map[string]any // nil when the file has no rules object
	pieces        []map[string]any
	width, height int
}

func decode(data []byte) (*ruleFile, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var root map[string]any
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("repair: rule file: %w", err)
	}
	if root == nil {
		return nil, fmt.Errorf("repair: rule file is not a JSON object")
	}
	f := &ruleFile{root: root}
	f.rules, _ = root["rules"].(map[string]any)
	if ps, ok := root["pieces"].([]any); ok {
		for _, p := range ps {
			m, _ := p.(map[string]any)
			f.pieces = append(f.pieces, m)
		}
	}
	if b, ok := root["board"].(map[string]any); ok {
		f.width, _ = intOf(b["width"])
		f.height, _ = intOf(b["height"])
	}
	return f, nil
}

func intOf(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(n.String())
	return i, err == nil
}

// setRule is the op that sets rules.key, creating the rules object when
// the file has none.
func (f *ruleFile) setRule(key string, v any) Op {
	if f.rules == nil {
		return opAdd("/rules", map[string]any{key: v})
	}
	return opAdd(pointer("rules", key), v)
}

func (f *ruleFile) ruleInt(key string, def int) int {
	if n, ok := intOf(f.rules[key]); ok {
		return n
	}
	return def
}

func (f *ruleFile) pieceID(i int) string {
	if id, ok := f.pieces[i]["id"].(string); ok {
		return id
	}
	return strconv.Itoa(i)
}

// generator proposes edits of one family.
type generator struct {
	name string
	gen  func(f *ruleFile) []Edit
}

// generators lists every family, in the order Generate interleaves them.
var generators = []generator{
	{"numbers", numberEdits},
	{"switches", switchEdits},
	{"reach", reachEdits},
	{"promotion", promotionEdits},
	{"range", rangeEdits},
	{"captures", captureEdits},
	{"vectors", vectorEdits},
	{"setup", setupEdits},
	{"compensation", compensationEdits},
	{"board", boardEdits},
}

// Generate proposes every edit of the file, round robin over the families
// so that a cap on the count keeps some of each kind.
func Generate(data []byte) ([]Edit, error) {
	f, err := decode(data)
	if err != nil {
		return nil, err
	}
	lists := make([][]Edit, len(generators))
	for i, g := range generators {
		lists[i] = g.gen(f)
		for j := range lists[i] {
			classify(&lists[i][j])
		}
	}
	var out []Edit
	for k := 0; ; k++ {
		added := false
		for _, l := range lists {
			if k < len(l) {
				out = append(out, l[k])
				added = true
			}
		}
		if !added {
			return out, nil
		}
	}
}

// sweep is a number halved and doubled within [lo, hi], leaving out the
// current value.
func sweep(cur, lo, hi int) []int {
	var out []int
	for _, v := range []int{cur / 2, cur * 2} {
		v = min(max(v, lo), hi)
		if v != cur && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// limit is a numeric limit of the game that a repair sweeps: its key in
// rules, its default and range in the language, and its edit in words.
type limit struct {
	key         string
	def, lo, hi int
	words       string
}

// limits are the limits numberEdits steps once each way and the sweep
// (sweep.go) takes on to their bounds.
var limits = []limit{
	{"max_plies", 400, 2, 10000, "the game stops as a draw after %d plies (was %d)"},
	{"no_progress_draw", 100, 2, 1000, "a draw after %d plies without a capture or promotion (was %d)"},
}

// edit sets the limit to v in f, whose value is cur.
func (l limit) edit(f *ruleFile, v, cur int) Edit {
	e := Edit{Kind: l.key, Target: "rules." + l.key, Desc: fmt.Sprintf(l.words, v, cur), Patch: []Op{f.setRule(l.key, v)}, value: v, from: cur}
	classify(&e)
	return e
}

// numberEdits steps the game's limits once each way (max_plies,
// no_progress_draw, the sweep takes them further), and changes
// check_limit, repetition_draw and territory's win_at.
func numberEdits(f *ruleFile) []Edit {
	var out []Edit
	for _, l := range limits {
		cur := f.ruleInt(l.key, l.def)
		for _, v := range sweep(cur, l.lo, l.hi) {
			out = append(out, l.edit(f, v, cur))
		}
		if _, set := f.rules[l.key]; set && cur != l.def {
			// Left out, the limit is the language's default: what a
			// designer who set it by mistake meant.
			out = append(out, Edit{Kind: l.key, Target: "rules." + l.key, value: l.def, from: cur, Distance: distLimit,
				Desc:  fmt.Sprintf("%s left out: the default, %d (was %d)", l.key, l.def, cur),
				Patch: []Op{opRemove(pointer("rules", l.key))}})
		}
	}
	if cl, ok := intOf(f.rules["check_limit"]); ok {
		for _, v := range []int{cl - 1, cl + 1} {
			if v >= 1 && v <= 20 {
				out = append(out, Edit{Kind: "check_limit", Target: "rules.check_limit",
					Desc: fmt.Sprintf("%d checks win (was %d)", v, cl), Patch: []Op{f.setRule("check_limit", v)}})
			}
		}
		out = append(out, Edit{Kind: "check_limit", Target: "rules.check_limit", Desc: "checks no longer win",
			Patch: []Op{opRemove("/rules/check_limit")}})
	} else if f.hasRoyal() {
		out = append(out, Edit{Kind: "check_limit", Target: "rules.check_limit", Desc: "three checks win",
			Patch: []Op{f.setRule("check_limit", 3)}})
	}
	switch rd := f.rules["repetition_draw"]; rd {
	case "never":
		out = append(out, Edit{Kind: "repetition_draw", Target: "rules.repetition_draw",
			Desc: "a threefold repetition draws (was never)", Patch: []Op{f.setRule("repetition_draw", 3)}})
	default:
		out = append(out, Edit{Kind: "repetition_draw", Target: "rules.repetition_draw",
			Desc: "no draw by repetition", Patch: []Op{f.setRule("repetition_draw", "never")}})
	}
	if t, ok := f.rules["territory"].(map[string]any); ok {
		if w, ok := intOf(t["win_at"]); ok && w > 0 {
			for _, v := range []int{w * 3 / 4, w * 5 / 4} {
				if v > 0 && v != w {
					out = append(out, Edit{Kind: "win_at", Target: "rules.territory.win_at",
						Desc:  fmt.Sprintf("claiming %d squares wins (was %d)", v, w),
						Patch: []Op{opReplace("/rules/territory/win_at", v)}})
				}
			}
		}
	}
	return out
}

func (f *ruleFile) hasRoyal() bool {
	for _, p := range f.pieces {
		if p["royal"] == true {
			return true
		}
	}
	return false
}

// switchEdits turns rules on and off or to another of their values:
// win, stalemate, castling, en_passant, must_capture and the forbid_*
// rules.
func switchEdits(f *ruleFile) []Edit {
	var out []Edit
	choices := []struct {
		key, def string
		values   []string
	}{
		{"win", "checkmate", []string{"checkmate", "royal_capture", "annihilation", "none"}},
		{"stalemate", "draw", []string{"draw", "loss", "win"}},
	}
	for _, c := range choices {
		cur, ok := f.rules[c.key].(string)
		if !ok {
			cur = c.def
		}
		for _, v := range c.values {
			if v != cur {
				out = append(out, Edit{Kind: c.key, Target: "rules." + c.key,
					Desc: fmt.Sprintf("%s: %s (was %s)", c.key, v, cur), Patch: []Op{f.setRule(c.key, v)}})
			}
		}
	}
	if _, ok := f.rules["castling"]; ok {
		out = append(out, Edit{Kind: "castling", Target: "rules.castling", Desc: "no castling",
			Patch: []Op{opRemove("/rules/castling")}})
	}
	if f.rules["en_passant"] == true {
		out = append(out, Edit{Kind: "en_passant", Target: "rules.en_passant", Desc: "no en passant",
			Patch: []Op{opRemove("/rules/en_passant")}})
	} else if _, ok := f.rules["promotion"]; ok {
		out = append(out, Edit{Kind: "en_passant", Target: "rules.en_passant", Desc: "en passant allowed",
			Patch: []Op{f.setRule("en_passant", true)}})
	}
	for _, key := range []string{"must_capture", "forbid_check", "forbid_immobility"} {
		if f.rules[key] == true {
			out = append(out, Edit{Kind: key, Target: "rules." + key, Desc: key + " off",
				Patch: []Op{opRemove(pointer("rules", key))}})
		} else {
			out = append(out, Edit{Kind: key, Target: "rules." + key, Desc: key + " on",
				Patch: []Op{f.setRule(key, true)}})
		}
	}
	return out
}

// square names file and rank (0-based) the way the language writes them.
func square(file, rank int) string { return string(rune('a'+file)) + strconv.Itoa(rank+1) }

// parseSquare reads an algebraic square; ok is false for anything else.
func parseSquare(s string) (file, rank int, ok bool) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil || r < 1 {
		return 0, 0, false
	}
	return int(s[0] - 'a'), r - 1, true
}

func stringsOf(v any) []string {
	if ss, ok := v.([]string); ok {
		return ss
	}
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// reachEdits changes the race: the goal squares moved one rank nearer the
// first player's start (closer for both, by the rule's mirroring), grown
// by that rank, made safe, or the goal removed; a file without one gets
// a race to the far rank.
func reachEdits(f *ruleFile) []Edit {
	var out []Edit
	r, ok := f.rules["reach"].(map[string]any)
	if !ok {
		if f.width > 0 && f.width <= 26 && f.height > 1 {
			var far []string
			for x := range f.width {
				far = append(far, square(x, f.height-1))
			}
			out = append(out, Edit{Kind: "reach", Target: "rules.reach", Desc: "reaching the far rank with any piece wins",
				Patch: []Op{f.setRule("reach", map[string]any{"squares": far})}})
		}
		return out
	}
	out = append(out, Edit{Kind: "reach", Target: "rules.reach", Desc: "no goal squares", Patch: []Op{opRemove("/rules/reach")}})
	squares := stringsOf(r["squares"])
	var moved, grown []string
	grown = append(grown, squares...)
	for _, s := range squares {
		x, y, ok := parseSquare(s)
		if !ok || y == 0 {
			moved = nil
			break
		}
		moved = append(moved, square(x, y-1))
		if n := square(x, y-1); !slices.Contains(grown, n) {
			grown = append(grown, n)
		}
	}
	if len(moved) == len(squares) && len(moved) > 0 {
		out = append(out,
			Edit{Kind: "reach", Target: "rules.reach.squares", Desc: fmt.Sprintf("goal squares one rank nearer: %v", moved),
				Patch: []Op{opReplace("/rules/reach/squares", moved)}},
			Edit{Kind: "reach", Target: "rules.reach.squares", Desc: fmt.Sprintf("goal grown by the rank before it: %v", grown),
				Patch: []Op{opReplace("/rules/reach/squares", grown)}})
	}
	if r["safe"] == true {
		out = append(out, Edit{Kind: "reach", Target: "rules.reach.safe", Desc: "a goal need not be safe",
			Patch: []Op{opRemove("/rules/reach/safe")}})
	} else if r["on"] != "leave" {
		out = append(out, Edit{Kind: "reach", Target: "rules.reach.safe", Desc: "a goal counts only where the arriving piece cannot be taken",
			Patch: []Op{opAdd("/rules/reach/safe", true)}})
	}
	return out
}

// promotionEdits moves a promotion rank one nearer or farther.
func promotionEdits(f *ruleFile) []Edit {
	var out []Edit
	var rules []map[string]any
	var paths []string
	switch p := f.rules["promotion"].(type) {
	case map[string]any:
		rules, paths = append(rules, p), append(paths, "/rules/promotion")
	case []any:
		for i, x := range p {
			if m, ok := x.(map[string]any); ok {
				rules, paths = append(rules, m), append(paths, pointer("rules", "promotion", i))
			}
		}
	}
	for i, p := range rules {
		if _, ok := p["ranks"]; ok {
			continue
		}
		if _, ok := p["squares"]; ok {
			continue
		}
		cur := f.height - 1
		if n, ok := intOf(p["rank"]); ok {
			cur = n
		}
		for _, v := range []int{cur - 1, cur + 1} {
			if v >= 1 && v < f.height {
				out = append(out, Edit{Kind: "promotion", Target: "rules.promotion.rank",
					Desc:  fmt.Sprintf("%v promotes on rank index %d (was %d)", p["piece"], v, cur),
					Patch: []Op{opAdd(paths[i]+"/rank", v)}})
			}
		}
	}
	return out
}

// moves lists a piece's move objects with their pointers.
func (f *ruleFile) moves(i int) ([]map[string]any, []string) {
	list, _ := f.pieces[i]["moves"].([]any)
	var ms []map[string]any
	var ps []string
	for j, m := range list {
		if mm, ok := m.(map[string]any); ok {
			ms, ps = append(ms, mm), append(ps, pointer("pieces", i, "moves", j))
		}
	}
	return ms, ps
}

// rangeEdits shortens or lengthens a slide's or hop's range by one, and
// limits an unlimited one to two squares.
func rangeEdits(f *ruleFile) []Edit {
	var out []Edit
	for i := range f.pieces {
		ms, ps := f.moves(i)
		for j, m := range ms {
			if k := m["kind"]; k != "slide" && k != "hop" {
				continue
			}
			r, _ := intOf(m["range"])
			lo, ok := intOf(m["min_range"])
			if !ok {
				lo = 1
			}
			target := fmt.Sprintf("pieces[%s].moves[%d].range", f.pieceID(i), j)
			var vals []int
			if r == 0 {
				vals = []int{max(2, lo)}
			} else {
				vals = []int{r - 1, r + 1}
			}
			for _, v := range vals {
				if v >= lo && v >= 1 && v <= 16 && v != r {
					out = append(out, Edit{Kind: "range", Target: target,
						Desc:  fmt.Sprintf("%s's move %d reaches %d squares (was %s)", f.pieceID(i), j, v, rangeWords(r)),
						Patch: []Op{opAdd(ps[j]+"/range", v)}})
				}
			}
		}
	}
	return out
}

func rangeWords(r int) string {
	if r == 0 {
		return "unlimited"
	}
	return strconv.Itoa(r)
}

// captureEdits lets a piece that may take nothing (or only some pieces)
// take anything, lets a move-only or capture-only move do both, and
// drops a move's condition (first_move, region, from_rank): each widens
// what the piece does.
func captureEdits(f *ruleFile) []Edit {
	var out []Edit
	for i, p := range f.pieces {
		id := f.pieceID(i)
		if _, ok := p["captures"]; ok {
			out = append(out, Edit{Kind: "captures", Target: fmt.Sprintf("pieces[%s].captures", id),
				Desc: id + " may capture any piece", Patch: []Op{opRemove(pointer("pieces", i, "captures"))}})
		}
		ms, ps := f.moves(i)
		for j, m := range ms {
			if mode, ok := m["mode"].(string); ok && mode != "both" {
				out = append(out, Edit{Kind: "mode", Target: fmt.Sprintf("pieces[%s].moves[%d].mode", id, j),
					Desc:  fmt.Sprintf("%s's move %d both moves and captures (was %s only)", id, j, mode),
					Patch: []Op{opRemove(ps[j] + "/mode")}})
			}
			if _, ok := m["condition"]; ok {
				out = append(out, Edit{Kind: "condition", Target: fmt.Sprintf("pieces[%s].moves[%d].condition", id, j),
					Desc:  fmt.Sprintf("%s's move %d may be made anywhere, any time (condition dropped)", id, j),
					Patch: []Op{opRemove(ps[j] + "/condition")}})
			}
		}
	}
	return out
}

// widenPool is the vectors tried as a one-vector widening: orthogonal,
// diagonal, backward and the knight's jump. Each move gets the first
// few it does not list already.
var widenPool = [][2]int{{1, 0}, {0, 1}, {1, 1}, {0, -1}, {1, -1}, {1, 2}}

const widenPerMove = 3

// vectorEdits trims a move by one vector (or a piece by one move) and
// widens one by a vector it lacks.
func vectorEdits(f *ruleFile) []Edit {
	var out []Edit
	for i := range f.pieces {
		id := f.pieceID(i)
		ms, ps := f.moves(i)
		if len(ms) > 1 {
			for j := range ms {
				out = append(out, Edit{Kind: "move_removed", Target: fmt.Sprintf("pieces[%s].moves[%d]", id, j),
					Desc: fmt.Sprintf("%s loses its move %d", id, j), Patch: []Op{opRemove(ps[j])}})
			}
		}
		for j, m := range ms {
			vs, _ := m["vectors"].([]any)
			have := map[[2]int]bool{}
			for k, v := range vs {
				pair, ok := vectorOf(v)
				if ok {
					sym, _ := m["symmetry"].(string)
					for _, img := range images(pair, sym) {
						have[img] = true
					}
				}
				if len(vs) > 1 {
					out = append(out, Edit{Kind: "vector_removed", Target: fmt.Sprintf("pieces[%s].moves[%d].vectors", id, j),
						Desc:  fmt.Sprintf("%s's move %d loses vector %v", id, j, pair),
						Patch: []Op{opRemove(fmt.Sprintf("%s/vectors/%d", ps[j], k))}})
				}
			}
			if m["kind"] != "slide" && m["kind"] != "leap" || vs == nil {
				continue
			}
			added := 0
			for _, v := range widenPool {
				if have[v] || added == widenPerMove {
					continue
				}
				added++
				out = append(out, Edit{Kind: "vector_added", Target: fmt.Sprintf("pieces[%s].moves[%d].vectors", id, j),
					Desc:  fmt.Sprintf("%s's move %d gains vector %v", id, j, v),
					Patch: []Op{opAdd(ps[j]+"/vectors/-", []int{v[0], v[1]})}})
			}
		}
	}
	return out
}

// images are the vectors a symmetry makes of v on a square board, so that
// a widening never adds a vector the move already has as an image.
func images(v [2]int, symmetry string) [][2]int {
	out := [][2]int{v}
	switch symmetry {
	case "lateral":
		out = append(out, [2]int{-v[0], v[1]})
	case "rotate4", "dihedral8":
		for r := v; len(out) < 4; {
			r = [2]int{-r[1], r[0]}
			out = append(out, r)
		}
		if symmetry == "dihedral8" {
			for _, w := range out[:4] {
				out = append(out, [2]int{-w[0], w[1]})
			}
		}
	}
	return out
}

func vectorOf(v any) ([2]int, bool) {
	list, ok := v.([]any)
	if !ok || len(list) != 2 {
		return [2]int{}, false
	}
	a, ok1 := intOf(list[0])
	b, ok2 := intOf(list[1])
	return [2]int{a, b}, ok1 && ok2
}
