package rules

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// The shape pass: every key known, every value of its type and in its list
// or range, every required key present, every key as old as the declared
// schema version. It reports in document order, records the paths of
// ill-formed values so the agreement pass can skip what depends on them, and
// returns a pruned copy of the tree holding only well-formed values (an
// ill-formed list entry becomes null so the other entries keep their index).

// maxListed is how many unknown keys one line names before "and N more".
const maxListed = 20

type shaper struct {
	version  int // the declared schema version, 0 when it is itself ill-formed
	problems []Problem
	bad      []string
	newer    map[int][]string // version -> keys needing it, in document order
}

func (w *shaper) report(path, text string) {
	w.problems = append(w.problems, Problem{Path: path, Text: text})
}

// fail reports a problem that makes the value at path unusable.
func (w *shaper) fail(path, text string) {
	w.report(path, text)
	w.markBad(path)
}

func (w *shaper) markBad(path string) { w.bad = append(w.bad, path) }

// needs records that a key or value in the file needs schema version v.
func (w *shaper) needs(v int, label string) {
	if w.version == 0 || v <= w.version {
		return
	}
	if w.newer == nil {
		w.newer = map[int][]string{}
	}
	for _, l := range w.newer[v] {
		if l == label {
			return
		}
	}
	w.newer[v] = append(w.newer[v], label)
}

// versionProblems are the reference's "declare schema_version" lines, one per
// version needed, oldest first.
func (w *shaper) versionProblems() []Problem {
	versions := make([]int, 0, len(w.newer))
	for v := range w.newer {
		versions = append(versions, v)
	}
	sort.Ints(versions)
	var out []Problem
	for _, v := range versions {
		out = append(out, Problem{
			Path: "schema_version",
			Text: fmt.Sprintf("the spec uses %s, added in schema %d; declare \"schema_version\": %d to use it",
				strings.Join(w.newer[v], ", "), v, v),
		})
	}
	return out
}

// join extends a path by an object key.
func join(path, key string) string {
	key = keyText(key)
	if path == "" {
		return key
	}
	return path + "." + key
}

// keyText is a key as a path or message shows it: plain when it is a
// word, quoted otherwise, so a key from the file never breaks a line or
// reads as path syntax.
func keyText(key string) string {
	if key == "" {
		return quote(key)
	}
	for _, r := range key {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return quote(key)
		}
	}
	return key
}

// index extends a path by a list index.
func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// subject is how a message names the value at path.
func subject(path string) string {
	if path == "" {
		return "the spec"
	}
	return path
}

// walk checks n against s. path names n in messages ("pieces[1].moves");
// vpath names it in version lines, without list indices ("pieces.moves").
// It returns the pruned value and whether n itself is well formed.
func (w *shaper) walk(n *node, s *shape, path, vpath string) (*node, bool) {
	switch s.t {
	case tObject:
		return w.walkObject(n, s, path, vpath)
	case tMap:
		return w.walkMap(n, s, path, vpath)
	case tList:
		return w.walkList(n, s, path, vpath)
	case tUnion:
		return w.walkUnion(n, s, path, vpath)
	}
	if text := scalarProblem(n, s, w.version); text != "" {
		w.fail(path, subject(path)+" "+text)
		return nil, false
	}
	if s.t == tPair {
		return w.walkPair(n, path)
	}
	if s.enumSince != nil && n.kind == stringNode {
		if v := s.enumSince[n.text]; v != 0 {
			w.needs(v, fmt.Sprintf("%s %q", s.sinceLabel, n.text))
		}
	}
	return n, true
}

func (w *shaper) walkObject(n *node, s *shape, path, vpath string) (*node, bool) {
	if n.kind != objectNode {
		w.fail(path, fmt.Sprintf("%s must be an object, got %s", subject(path), repr(n)))
		return nil, false
	}
	known := make(map[string]*field, len(s.fields))
	for i := range s.fields {
		known[s.fields[i].name] = &s.fields[i]
	}
	var unknown []string
	for _, k := range n.keys {
		if known[k] == nil {
			unknown = append(unknown, keyText(k))
		}
	}
	if len(unknown) > maxListed {
		unknown = append(unknown[:maxListed], fmt.Sprintf("and %d more", len(unknown)-maxListed))
	}
	dupAt := map[string]*dupKey{} // the first repeat of each repeated key
	for i := range n.dups {
		if dupAt[n.dups[i].key] == nil {
			dupAt[n.dups[i].key] = &n.dups[i]
		}
	}
	out := &node{kind: objectNode}
	reportedUnknown := false
	for i, k := range n.keys {
		f := known[k]
		if f == nil {
			if !reportedUnknown {
				reportedUnknown = true
				w.report(path, fmt.Sprintf("%s has unknown keys: %s", subject(path), strings.Join(unknown, ", ")))
			}
			continue
		}
		kpath, kvpath := join(path, k), join(vpath, k)
		if d := dupAt[k]; d != nil {
			w.fail(kpath, fmt.Sprintf("%s has duplicate key %s (again at line %d, column %d); a key may appear only once",
				subject(path), quote(k), d.line, d.col))
		}
		w.needs(f.since, kvpath)
		if f.until != 0 && w.version > f.until {
			w.fail(kpath, removedKeyText(kvpath, f.until))
		}
		v, ok := w.walk(n.kids[i], f.s, kpath, kvpath)
		if ok && dupAt[k] == nil {
			out.keys = append(out.keys, k)
			out.kids = append(out.kids, v)
		}
	}
	var missing []string
	for _, f := range s.fields {
		if f.required && n.get(f.name) == nil && (f.unless == "" || n.get(f.unless) == nil) {
			missing = append(missing, f.name)
			w.markBad(join(path, f.name))
		}
	}
	if len(missing) == 1 {
		w.report(path, fmt.Sprintf("%s is missing required key: %s", subject(path), missing[0]))
	} else if len(missing) > 1 {
		w.report(path, fmt.Sprintf("%s is missing required keys: %s", subject(path), strings.Join(missing, ", ")))
	}
	return out, true
}

// removedKeyText words a key the declared version no longer has. The one
// such key is schema 27-28's rules.simultaneous.rest.
func removedKeyText(vpath string, last int) string {
	text := fmt.Sprintf("%s was dropped after schema %d", vpath, last)
	if vpath == "rules.simultaneous.rest" {
		text += `: write "rest": 1 on every piece instead, or declare "schema_version": 28`
	}
	return text
}

func (w *shaper) walkMap(n *node, s *shape, path, vpath string) (*node, bool) {
	if n.kind != objectNode {
		w.fail(path, fmt.Sprintf("%s must be an object, got %s", subject(path), repr(n)))
		return nil, false
	}
	out := &node{kind: objectNode}
	dupAt := map[string]bool{}
	for _, d := range n.dups {
		if !dupAt[d.key] {
			dupAt[d.key] = true
			w.fail(join(path, d.key), fmt.Sprintf("%s has duplicate key %s (again at line %d, column %d); a key may appear only once",
				subject(path), quote(d.key), d.line, d.col))
		}
	}
	for i, k := range n.keys {
		v, ok := w.walk(n.kids[i], s.elem, join(path, k), join(vpath, k))
		if ok && !dupAt[k] {
			out.keys = append(out.keys, k)
			out.kids = append(out.kids, v)
		}
	}
	return out, true
}

func (w *shaper) walkList(n *node, s *shape, path, vpath string) (*node, bool) {
	if n.kind != listNode {
		w.fail(path, fmt.Sprintf("%s must be a list, got %s", subject(path), repr(n)))
		return nil, false
	}
	if text := lengthProblem(len(n.kids), s.minLen, s.maxLen, "entry", "entries"); text != "" {
		w.fail(path, subject(path)+" "+text)
	}
	out := &node{kind: listNode}
	seen := map[string]bool{}
	for i, kid := range n.kids {
		v, ok := w.walk(kid, s.elem, index(path, i), vpath)
		if !ok {
			v = &node{kind: nullNode}
		} else if s.unique && (kid.kind == stringNode || kid.kind == numberNode) {
			key := fmt.Sprint(kid.kind, kid.text)
			if seen[key] {
				w.report(path, fmt.Sprintf("%s entry %s is listed twice", subject(path), repr(kid)))
			}
			seen[key] = true
		}
		out.kids = append(out.kids, v)
	}
	return out, true
}

// walkPair checks the two numbers of a [dx, dy] vector.
func (w *shaper) walkPair(n *node, path string) (*node, bool) {
	ok := true
	step := integer(-8, 8)
	for i, kid := range n.kids {
		if text := scalarProblem(kid, step, w.version); text != "" {
			w.fail(index(path, i), index(path, i)+" "+text)
			ok = false
		}
	}
	return n, ok
}

func (w *shaper) walkUnion(n *node, s *shape, path, vpath string) (*node, bool) {
	for _, alt := range s.alts {
		if !acceptsKind(alt, n.kind) {
			continue
		}
		switch alt.t {
		case tObject, tList, tMap:
			return w.walk(n, alt, path, vpath)
		}
		if scalarProblem(n, alt, w.version) != "" {
			break
		}
		if alt.since != 0 {
			w.needs(alt.since, alt.sinceLabel)
		}
		return n, true
	}
	w.fail(path, fmt.Sprintf("%s must be %s, got %s", subject(path), unionDesc(s, w.version), repr(n)))
	return nil, false
}

// unionDesc names a union's choices as a file of the given version has
// them: without the alternatives a later schema added.
func unionDesc(s *shape, version int) string {
	if s.descBefore == "" || version == 0 {
		return s.desc
	}
	for _, alt := range s.alts {
		if alt.since > version {
			return s.descBefore
		}
	}
	return s.desc
}

// acceptsKind reports whether a union alternative is the one for a JSON type.
func acceptsKind(s *shape, k nodeKind) bool {
	switch s.t {
	case tObject, tMap:
		return k == objectNode
	case tList, tPair:
		return k == listNode
	case tString:
		return k == stringNode
	case tInt, tNumber:
		return k == numberNode
	case tBool, tTrue:
		return k == boolNode
	case tEnum:
		if s.enumStr != nil {
			return k == stringNode
		}
		return k == numberNode
	}
	return false
}

// scalarProblem is what is wrong with a scalar (or a pair's outline), after
// the subject, or "" when nothing is. version is the file's schema version
// (0 when unknown): an enum's message lists only the values it has.
func scalarProblem(n *node, s *shape, version int) string {
	text := scalarText(n, s, version)
	if text != "" && s.hint != "" {
		text += ": " + s.hint
	}
	return text
}

func scalarText(n *node, s *shape, version int) string {
	switch s.t {
	case tPair:
		if n.kind != listNode || len(n.kids) != 2 {
			return "must be a pair [dx, dy], got " + repr(n)
		}
	case tString:
		if n.kind != stringNode {
			return "must be a string, got " + repr(n)
		}
		if s.notBlank && strings.TrimFunc(n.text, unicode.IsSpace) == "" && n.text != "" {
			return "must not be blank, got " + repr(n)
		}
		if text := lengthProblem(utf8.RuneCountInString(n.text), s.minLen, s.maxLen, "character", "characters"); text != "" {
			return text + ", got " + repr(n)
		}
		if s.date {
			if _, err := time.Parse("2006-01-02", n.text); err != nil {
				return "must be a day written YYYY-MM-DD, got " + repr(n)
			}
		}
	case tBool:
		if n.kind != boolNode {
			return "must be true or false, got " + repr(n)
		}
	case tTrue:
		if n.kind != boolNode || !n.b {
			return "must be true, got " + repr(n)
		}
	case tInt:
		if !n.isInteger() {
			return "must be an integer, got " + repr(n)
		}
		v, err := strconv.ParseInt(n.text, 10, 64)
		if err != nil || !inRange(float64(v), s) {
			return rangeText(s) + ", got " + repr(n)
		}
	case tNumber:
		if n.kind != numberNode {
			return "must be a number, got " + repr(n)
		}
		v, err := strconv.ParseFloat(n.text, 64)
		if err != nil || math.IsInf(v, 0) || !inRange(v, s) {
			return rangeText(s) + ", got " + repr(n)
		}
		if s.places > 0 && !hasPlaces(v, s.places) {
			return fmt.Sprintf("must have at most %d decimal places, got %s", s.places, repr(n))
		}
	case tEnum:
		if enumHas(n, s) {
			return ""
		}
		return fmt.Sprintf("must be one of %s, got %s", tuple(enumChoices(s, version)), repr(n))
	}
	return ""
}

func enumHas(n *node, s *shape) bool {
	if s.enumStr != nil {
		if n.kind != stringNode {
			return false
		}
		for _, e := range s.enumStr {
			if n.text == e {
				return true
			}
		}
		return false
	}
	if !n.isInteger() {
		return false
	}
	v, err := strconv.ParseInt(n.text, 10, 64)
	if err != nil {
		return false
	}
	for _, e := range s.enumInt {
		if v == e {
			return true
		}
	}
	return false
}

// enumChoices are the values a file of the given version may write, as a
// message lists them; version 0 (ill-formed) lists them all.
func enumChoices(s *shape, version int) []string {
	if s.enumStr != nil {
		var values []string
		for _, e := range s.enumStr {
			if version == 0 || s.enumSince[e] <= version {
				values = append(values, e)
			}
		}
		return quoteAll(values)
	}
	out := make([]string, len(s.enumInt))
	for i, e := range s.enumInt {
		out[i] = strconv.FormatInt(e, 10)
	}
	return out
}

func inRange(v float64, s *shape) bool {
	if s.open {
		return (!s.hasLo || v > s.lo) && (!s.hasHi || v < s.hi)
	}
	return (!s.hasLo || v >= s.lo) && (!s.hasHi || v <= s.hi)
}

// hasPlaces reports whether v is a whole number of 10^-places, as near
// as a float64 holds one (0.1 is not exactly a tenth).
func hasPlaces(v float64, places int) bool {
	scaled := v * math.Pow10(places)
	return math.Abs(scaled-math.Round(scaled)) < 1e-6
}

func rangeText(s *shape) string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	switch {
	case s.open && s.hasLo && s.hasHi:
		return fmt.Sprintf("must be above %s and below %s", f(s.lo), f(s.hi))
	case s.hasLo && s.hasHi:
		return fmt.Sprintf("must be from %s to %s", f(s.lo), f(s.hi))
	case s.hasLo:
		return "must be at least " + f(s.lo)
	case s.hasHi:
		return "must be at most " + f(s.hi)
	}
	return "must be a number"
}

// lengthProblem words a count outside [min, max] (-1: unbounded).
func lengthProblem(n, min, max int, one, many string) string {
	if min == 0 {
		min = -1 // a count is never below zero
	}
	unit := func(k int) string {
		if k == 1 {
			return one
		}
		return many
	}
	switch {
	case min >= 0 && max >= 0 && (n < min || n > max):
		if min == max {
			return fmt.Sprintf("must have exactly %d %s, got %d", min, unit(min), n)
		}
		if one == "character" {
			return fmt.Sprintf("must be %d to %d characters", min, max)
		}
		return fmt.Sprintf("must have %d to %d %s, got %d", min, max, many, n)
	case min >= 0 && n < min:
		if one == "character" {
			return fmt.Sprintf("must be at least %d %s", min, unit(min))
		}
		return fmt.Sprintf("must have at least %d %s, got %d", min, unit(min), n)
	case max >= 0 && n > max:
		if one == "character" {
			return fmt.Sprintf("must be at most %d %s", max, unit(max))
		}
		return fmt.Sprintf("must have at most %d %s, got %d", max, unit(max), n)
	}
	return ""
}
