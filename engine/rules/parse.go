package rules

import (
	"bytes"
	"encoding/json"
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
// PLACEHOLDER: strict decoding only, until the shape and agreement passes land.
func Parse(data []byte) (*Spec, []Problem) {
	var s Spec
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, []Problem{{Text: err.Error()}}
	}
	return &s, nil
}
