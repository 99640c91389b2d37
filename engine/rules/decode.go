package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxFileSize is the largest rule file accepted, in bytes. Real games are a
// few kilobytes; the cap keeps a pasted mistake from costing real memory.
const MaxFileSize = 1 << 20

// maxDepth is how deeply a file may nest lists and objects. Schema 29 needs
// about seven levels (rules.portals[0].carries.orange[0]); refusing far
// beyond that keeps the tree builder's recursion bounded.
const maxDepth = 64

// nodeKind is the JSON type of a decoded value.
type nodeKind uint8

const (
	nullNode nodeKind = iota
	boolNode
	numberNode
	stringNode
	listNode
	objectNode
)

// node is one decoded JSON value. Unlike encoding/json's generic values it
// keeps object keys in document order, and the duplicate keys it dropped
// with where they were, so problems can be reported in document order.
type node struct {
	kind nodeKind
	text string // a string's value, or a number's literal as written
	b    bool
	keys []string // object keys in document order, first occurrence only
	kids []*node  // object values (parallel to keys) or list elements
	dups []dupKey // object keys that appeared again, in document order
}

// get is an object's value for key, nil when absent or n is not an object.
func (n *node) get(key string) *node {
	if n == nil || n.kind != objectNode {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.kids[i]
		}
	}
	return nil
}

// set replaces or appends an object member.
func (n *node) set(key string, v *node) {
	for i, k := range n.keys {
		if k == key {
			n.kids[i] = v
			return
		}
	}
	n.keys = append(n.keys, key)
	n.kids = append(n.kids, v)
}

// remove deletes an object member, if present.
func (n *node) remove(key string) {
	for i, k := range n.keys {
		if k == key {
			n.keys = append(n.keys[:i:i], n.keys[i+1:]...)
			n.kids = append(n.kids[:i:i], n.kids[i+1:]...)
			return
		}
	}
}

// dupKey is a repeated object key and where it was repeated.
type dupKey struct {
	key       string
	line, col int
}

// isInteger reports whether a number was written as an integer (no fraction
// or exponent), which is what the reference's "integer" means.
func (n *node) isInteger() bool {
	return n.kind == numberNode && !strings.ContainsAny(n.text, ".eE")
}

// encode writes n back as compact JSON.
func (n *node) encode(buf *bytes.Buffer) {
	switch n.kind {
	case nullNode:
		buf.WriteString("null")
	case boolNode:
		buf.WriteString(strconv.FormatBool(n.b))
	case numberNode:
		buf.WriteString(n.text)
	case stringNode:
		b, _ := json.Marshal(n.text)
		buf.Write(b)
	case listNode:
		buf.WriteByte('[')
		for i, k := range n.kids {
			if i > 0 {
				buf.WriteByte(',')
			}
			k.encode(buf)
		}
		buf.WriteByte(']')
	case objectNode:
		buf.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			b, _ := json.Marshal(k)
			buf.Write(b)
			buf.WriteByte(':')
			n.kids[i].encode(buf)
		}
		buf.WriteByte('}')
	}
}

// decodeError is a file that is not one JSON object; it ends decoding.
type decodeError struct{ text string }

func (e *decodeError) Error() string { return e.text }

// decodeTree decodes data into a tree, or says in one line why it cannot.
// It checks, in order: size, emptiness, UTF-8, nesting depth (before any
// recursion), JSON syntax (encoding/json's own scanner, for its wording),
// then builds the tree from input known to be valid.
func decodeTree(data []byte) (*node, error) {
	if len(data) > MaxFileSize {
		return nil, &decodeError{fmt.Sprintf("the file is %d bytes; a rule file may be at most %d bytes (1 MiB)", len(data), MaxFileSize)}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &decodeError{"the file is empty: a rule file is one JSON object"}
	}
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, size := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		line, col := position(data, off)
		return nil, &decodeError{fmt.Sprintf("the file is not valid UTF-8: bad byte 0x%02x at line %d, column %d", data[off], line, col)}
	}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return nil, &decodeError{"the file starts with a UTF-8 byte order mark; save it without one"}
	}
	if off := tooDeep(data); off >= 0 {
		line, col := position(data, off)
		return nil, &decodeError{fmt.Sprintf("the file nests lists and objects more than %d deep (line %d, column %d); a rule file needs far fewer", maxDepth, line, col)}
	}
	if !json.Valid(data) {
		return nil, syntaxError(data)
	}
	b := &builder{data: data}
	b.space()
	root := b.value()
	if root.kind != objectNode {
		return nil, &decodeError{fmt.Sprintf("the file must be one JSON object, got %s", typeName(root))}
	}
	return root, nil
}

// position turns a byte offset into a 1-based line and column (in
// characters, as an editor counts them).
func position(data []byte, off int) (int, int) {
	off = min(off, len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return line, utf8.RuneCount(data[start:off]) + 1
}

// tooDeep is the offset of the first bracket that opens more than maxDepth
// levels, or -1. It skips strings, so brackets in text do not count.
func tooDeep(data []byte) int {
	depth := 0
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			if depth > maxDepth {
				return i
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return -1
}

// syntaxError words why data is not one JSON value, with line and column,
// using encoding/json's description of the first offending byte.
func syntaxError(data []byte) error {
	var se *json.SyntaxError
	if err := json.Unmarshal(data, &struct{}{}); !errors.As(err, &se) {
		return &decodeError{"the file is not valid JSON"}
	}
	off := int(se.Offset) - 1 // Offset counts the offending byte as read
	if strings.Contains(se.Error(), "after top-level value") {
		line, col := position(data, off)
		return &decodeError{fmt.Sprintf("unexpected data after the JSON object at line %d, column %d", line, col)}
	}
	msg := se.Error()
	if se.Offset >= int64(len(data)) && strings.HasPrefix(msg, "unexpected end") {
		off, msg = len(data), "the file ends before the JSON object does"
	}
	line, col := position(data, off)
	return &decodeError{fmt.Sprintf("the file is not valid JSON: %s (line %d, column %d)", msg, line, col)}
}

// builder reads a node tree from input that json.Valid accepted and whose
// depth tooDeep bounded, so it needs no error handling of its own.
type builder struct {
	data []byte
	pos  int
	// The position of the last offset turned into a line and column;
	// offsets are asked for in increasing order, so counting on from it
	// keeps a file of many repeated keys linear.
	lastOff, lastLine, lastCol int
}

// position is the line and column of an offset at or after the last one.
func (b *builder) position(off int) (int, int) {
	if b.lastLine == 0 {
		b.lastLine, b.lastCol = 1, 1
	}
	for b.lastOff < off {
		r, size := utf8.DecodeRune(b.data[b.lastOff:])
		if r == '\n' {
			b.lastLine, b.lastCol = b.lastLine+1, 1
		} else {
			b.lastCol++
		}
		b.lastOff += size
	}
	return b.lastLine, b.lastCol
}

func (b *builder) space() {
	for b.pos < len(b.data) {
		switch b.data[b.pos] {
		case ' ', '\t', '\r', '\n':
			b.pos++
		default:
			return
		}
	}
}

// value reads the value at pos and the space after it.
func (b *builder) value() *node {
	n := &node{}
	switch c := b.data[b.pos]; {
	case c == '{':
		n.kind = objectNode
		b.pos++
		b.space()
		seen := map[string]bool{}
		for b.data[b.pos] != '}' {
			at := b.pos
			key := b.str()
			b.space()
			b.pos++ // ':'
			b.space()
			v := b.value()
			if seen[key] {
				line, col := b.position(at)
				n.dups = append(n.dups, dupKey{key, line, col})
			} else {
				seen[key] = true
				n.keys = append(n.keys, key)
				n.kids = append(n.kids, v)
			}
			if b.data[b.pos] == ',' {
				b.pos++
				b.space()
			}
		}
		b.pos++
	case c == '[':
		n.kind = listNode
		b.pos++
		b.space()
		for b.data[b.pos] != ']' {
			n.kids = append(n.kids, b.value())
			if b.data[b.pos] == ',' {
				b.pos++
				b.space()
			}
		}
		b.pos++
	case c == '"':
		n.kind, n.text = stringNode, b.str()
	case c == 't':
		n.kind, n.b = boolNode, true
		b.pos += len("true")
	case c == 'f':
		n.kind = boolNode
		b.pos += len("false")
	case c == 'n':
		n.kind = nullNode
		b.pos += len("null")
	default:
		start := b.pos
		for b.pos < len(b.data) && strings.IndexByte("+-0123456789.eE", b.data[b.pos]) >= 0 {
			b.pos++
		}
		n.kind, n.text = numberNode, string(b.data[start:b.pos])
	}
	b.space()
	return n
}

// str reads a string literal at pos.
func (b *builder) str() string {
	start := b.pos
	b.pos++
	escaped := false
	for b.data[b.pos] != '"' {
		if b.data[b.pos] == '\\' {
			escaped = true
			b.pos++
		}
		b.pos++
	}
	b.pos++
	raw := b.data[start:b.pos]
	if !escaped {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	json.Unmarshal(raw, &s) // valid by json.Valid
	return s
}

// typeName is how a message names a value's JSON type.
func typeName(n *node) string {
	switch n.kind {
	case nullNode:
		return "null"
	case boolNode:
		return "a boolean"
	case numberNode:
		return "a number"
	case stringNode:
		return "a string"
	case listNode:
		return "a list"
	}
	return "an object"
}
