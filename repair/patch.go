package repair

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	jsonpatch "github.com/evanphx/json-patch/v5"
)

// Op is one RFC 6902 operation. Value is raw JSON so that false, 0 and ""
// survive (an omitempty any would drop them); a remove has none.
type Op struct {
	Op    string          `json:"op"`
	Path  string          `json:"path"`
	Value json.RawMessage `json:"value,omitempty"`
}

// Edit is one small change to a rule file: what kind of change it is,
// what it does in words, and the JSON patch that makes it.
type Edit struct {
	// Kind groups edits for the ablation table: the key it changes
	// (max_plies, stalemate, vector_added, setup_added, ...).
	Kind string `json:"kind"`
	// Target is what it changes, such as "rules.max_plies" or
	// "pieces[H].moves[1]".
	Target string `json:"target"`
	Desc   string `json:"description"`
	Patch  []Op   `json:"patch"`
	// Distance is how far the edit moves the game from the file (1, a
	// limit changed, to 5, something added or taken away; classify), and
	// ChangesGame whether it changes what the game is.
	Distance    int  `json:"distance"`
	ChangesGame bool `json:"changes_game,omitempty"`

	value, from int // a limit's new and old values (limit.edit), 0 for other edits
}

// value marshals v for an Op; every value handed in is plain JSON data.
func value(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("repair: unmarshalable patch value %T: %v", v, err))
	}
	return b
}

func opAdd(path string, v any) Op     { return Op{Op: "add", Path: path, Value: value(v)} }
func opReplace(path string, v any) Op { return Op{Op: "replace", Path: path, Value: value(v)} }
func opRemove(path string) Op         { return Op{Op: "remove", Path: path} }

// pointer joins path parts into a JSON pointer, escaping ~ and / as
// RFC 6901 asks.
func pointer(parts ...any) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteByte('/')
		switch p := p.(type) {
		case int:
			b.WriteString(strconv.Itoa(p))
		case string:
			b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(p))
		default:
			panic(fmt.Sprintf("repair: pointer part %T", p))
		}
	}
	return b.String()
}

// PatchJSON is the edits' operations as one RFC 6902 document.
func PatchJSON(edits ...Edit) ([]byte, error) {
	var ops []Op
	for _, e := range edits {
		ops = append(ops, e.Patch...)
	}
	return json.Marshal(ops)
}

// Apply applies the edits' patches to a rule file, in order, and returns
// the patched file indented as people write rule files.
func Apply(data []byte, edits ...Edit) ([]byte, error) {
	doc, err := PatchJSON(edits...)
	if err != nil {
		return nil, err
	}
	p, err := jsonpatch.DecodePatch(doc)
	if err != nil {
		return nil, fmt.Errorf("repair: patch: %w", err)
	}
	out, err := p.Apply(data)
	if err != nil {
		return nil, fmt.Errorf("repair: applying patch: %w", err)
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, out, "", "  "); err != nil {
		return nil, fmt.Errorf("repair: patched file: %w", err)
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// conflict reports whether two edits touch the same part of the file
// (one op's path lies within another's, or both change one array, whose
// indices the first would shift), so that combining them would make one
// undo or break the other.
func conflict(a, b Edit) bool {
	for _, x := range a.Patch {
		for _, y := range b.Patch {
			px, py := scope(x.Path), scope(y.Path)
			if within(x.Path, py) || within(y.Path, px) {
				return true
			}
		}
	}
	return false
}

// scope is what an op's path claims: the path itself, or the whole array
// when it names an element (an index or "-").
func scope(path string) string {
	i := strings.LastIndexByte(path, '/')
	last := path[i+1:]
	if _, err := strconv.Atoi(last); err == nil || last == "-" {
		return path[:i]
	}
	return path
}

func within(p, q string) bool { return p == q || strings.HasPrefix(p, q+"/") }
