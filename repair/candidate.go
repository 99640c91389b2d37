package repair

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"balancefarm/measure"
)

// Candidate is a variant of the file: the edits that make it and the
// patched file, compiled and checked as every file the farm takes.
type Candidate struct {
	// ID is the candidate's label in the reports: c01, c02, ... for
	// single edits, c01+c05 for a pair.
	ID    string
	Edits []Edit
	File  *measure.File
}

// Size is how big a change the candidate is: its edits, then their
// operations, for ranking the smallest first.
func (c *Candidate) Size() (edits, ops int) {
	for _, e := range c.Edits {
		ops += len(e.Patch)
	}
	return len(c.Edits), ops
}

// Desc is the candidate's edits in words.
func (c *Candidate) Desc() string {
	var parts []string
	for _, e := range c.Edits {
		parts = append(parts, e.Desc)
	}
	return strings.Join(parts, "; and ")
}

// Refused is an edit whose patched file the front end or the cost check
// refused, with the first line of why.
type Refused struct {
	Edit   string `json:"edit"`
	Reason string `json:"reason"`
}

// candidateLabel is a candidate's file label: the original's stem with
// the candidate's id, so that its reports are named after both.
func candidateLabel(orig, id string) string {
	stem := strings.TrimSuffix(filepath.Base(orig), filepath.Ext(orig))
	return stem + "-repair-" + strings.ReplaceAll(id, "+", "-") + ".json"
}

// build patches, compiles and checks one candidate (measure.Load: the
// engine's front end and the start-position cost check). A patched file
// identical to one already seen (by hash) is refused as a duplicate.
func build(orig *measure.File, id string, seen map[string]string, edits ...Edit) (*Candidate, *Refused) {
	return buildAs(orig, candidateLabel(orig.Label, id), id, seen, edits...)
}

// buildAs is build with the patched file labelled label.
func buildAs(orig *measure.File, label, id string, seen map[string]string, edits ...Edit) (*Candidate, *Refused) {
	c := &Candidate{ID: id, Edits: edits}
	data, err := Apply(orig.Data, edits...)
	if err != nil {
		return nil, &Refused{Edit: c.Desc(), Reason: err.Error()}
	}
	f, err := measure.Load(label, data)
	if err != nil {
		return nil, &Refused{Edit: c.Desc(), Reason: measure.Lines(err)[0]}
	}
	if other, ok := seen[f.Hash]; ok {
		return nil, &Refused{Edit: c.Desc(), Reason: "the same file as " + other}
	}
	if f.Hash == orig.Hash {
		return nil, &Refused{Edit: c.Desc(), Reason: "changes nothing"}
	}
	seen[f.Hash] = id
	c.File = f
	return c, nil
}

// Candidates builds one candidate per edit, at most limit of them (0: no
// limit), keeping those the engine accepts and saying why each other was
// refused.
func Candidates(orig *measure.File, edits []Edit, limit int) ([]*Candidate, []Refused) {
	var out []*Candidate
	var refused []Refused
	seen := map[string]string{orig.Hash: "the original"}
	for _, e := range edits {
		if limit > 0 && len(out) == limit {
			break
		}
		c, r := build(orig, fmt.Sprintf("c%02d", len(out)+len(refused)+1), seen, e)
		if r != nil {
			refused = append(refused, *r)
			continue
		}
		out = append(out, c)
	}
	return out, refused
}

// Pairs combines two single-edit candidates at a time: each of fixers
// with every other single, then every two of top; edits that touch the
// same part of the file are not combined, and at most limit pairs are
// kept (0: all), in that order.
func Pairs(orig *measure.File, fixers, top, singles []*Candidate, limit int) []*Candidate {
	var out []*Candidate
	seen := map[string]string{orig.Hash: "the original"}
	for _, c := range singles {
		seen[c.File.Hash] = c.ID
	}
	tried := map[[2]*Candidate]bool{}
	try := func(a, b *Candidate) {
		if a == b || tried[[2]*Candidate{a, b}] || tried[[2]*Candidate{b, a}] || limit > 0 && len(out) == limit {
			return
		}
		tried[[2]*Candidate{a, b}] = true
		if len(a.Edits) != 1 || len(b.Edits) != 1 || conflict(a.Edits[0], b.Edits[0]) {
			return
		}
		if c, r := build(orig, a.ID+"+"+b.ID, seen, a.Edits[0], b.Edits[0]); r == nil {
			out = append(out, c)
		}
	}
	for _, a := range fixers {
		for _, b := range singles {
			try(a, b)
		}
	}
	for i, a := range top {
		for _, b := range top[i+1:] {
			try(a, b)
		}
	}
	return out
}

// Extend adds one more edit to base: every edit Generate proposes for
// base's own patched file, so that an edit which depends on the first
// (the board lengthened with the goal the first edit added) is made
// right. The combined patch applies base's operations, then the new
// edit's. At most limit are built (0: all); seen (hash to id) keeps
// files already measured out and gains the new ones.
func Extend(orig *measure.File, base *Candidate, seen map[string]string, limit int) []*Candidate {
	edits, err := Generate(base.File.Data)
	if err != nil {
		return nil
	}
	var out []*Candidate
	for i, e := range edits {
		if limit > 0 && len(out) == limit {
			break
		}
		all := append(slices.Clone(base.Edits), e)
		if c, r := build(orig, fmt.Sprintf("%s+x%02d", base.ID, i+1), seen, all...); r == nil {
			out = append(out, c)
		}
	}
	return out
}
