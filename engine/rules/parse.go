package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
)

// Problem is one thing wrong with a rule file. Path is where it is
// ("pieces[1]", "rules.promotion.to"), empty for file-wide problems; Text is
// the whole line as validate prints it.
type Problem struct {
	Path string
	Text string
}

func (p Problem) String() string { return p.Text }

// Parse decodes and checks a rule file. It returns the decoded spec (nil only
// when the bytes are not a JSON object at all) and every problem found; the
// file is valid when the list is empty.
//
// Problems come in the reference's two passes: first the shape (unknown
// keys, wrong types, values outside their list or range, missing keys) in
// document order, then the schema-version lines, then the agreement between
// the parts, family by family. The agreement pass skips every check whose
// inputs were ill-formed, so one mistake gives one line.
func Parse(data []byte) (*Spec, []Problem) {
	root, err := decodeTree(data)
	if err != nil {
		return nil, []Problem{{Text: err.Error()}}
	}
	w := &shaper{version: declaredVersion(root)}
	pruned, _ := w.walk(root, specShape, "", "")
	problems := append(w.problems, w.versionProblems()...)

	spec, err := fill(pruned)
	if err != nil {
		// The shape pass admits only values the types can hold, so this is
		// a bug here rather than in the file; say so instead of panicking.
		return nil, append(problems, Problem{Text: "internal error reading the checked file: " + err.Error()})
	}
	c := newChecker(spec, pruned, w.bad)
	c.run()
	normalize(spec)
	return spec, append(problems, c.problems...)
}

// ParseFile reads and parses the rule file at path. The error is for the
// file itself (missing, a directory, too large, unreadable); problems with
// its content come back as Problems.
func ParseFile(path string) (*Spec, []Problem, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	spec, problems := Parse(data)
	return spec, problems, nil
}

// ReadFile reads a rule file's bytes, refusing a directory or a file
// larger than MaxFileSize before it is all read.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read rule file: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cannot read rule file: %w", err)
	}
	if info.IsDir() {
		return nil, fmt.Errorf("cannot read rule file %s: it is a directory", path)
	}
	// Read one byte past the cap so a file that grows while read, or a
	// special file with no size, is still refused rather than read whole.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read rule file: %w", err)
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("cannot read rule file %s: it is larger than %d bytes (1 MiB); a rule file is a few kilobytes", path, MaxFileSize)
	}
	return data, nil
}

// declaredVersion is the file's schema_version when well formed, the latest
// when absent, and 0 when it is ill-formed (then no version line is given: the
// shape pass reports the version itself).
func declaredVersion(root *node) int {
	v := root.get("schema_version")
	if v == nil {
		return LatestVersion
	}
	if !v.isInteger() {
		return 0
	}
	n, err := strconv.Atoi(v.text)
	if err != nil || n < 1 || n > LatestVersion {
		return 0
	}
	return n
}

// fill turns the pruned, well-formed tree into the typed Spec.
func fill(pruned *node) (*Spec, error) {
	var buf bytes.Buffer
	pruned.encode(&buf)
	var s Spec
	if err := json.Unmarshal(buf.Bytes(), &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// normalize writes schema 27-28's rules.simultaneous.rest as what schema 29
// says it means, "rest": 1 on every piece that moves for a player, so the
// engine reads one spelling.
func normalize(s *Spec) {
	if s.Rules.Simultaneous == nil || !s.Rules.Simultaneous.Rest {
		return
	}
	skip := map[string]bool{}
	for _, g := range s.Rules.Portals {
		skip[g.Piece] = true
	}
	for _, n := range s.Rules.NPCs {
		skip[n.Piece] = true
	}
	for i := range s.Pieces {
		p := &s.Pieces[i]
		if p.Rest == 0 && !skip[p.ID] {
			p.Rest = 1
		}
	}
}
