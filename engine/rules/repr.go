package rules

import (
	"fmt"
	"strings"
	"unicode"
)

// Messages quote values the way the reference's validator does, which is
// Python's repr: 'text' in single quotes, True/False/None, [1, 2] and
// {'k': 1}. These helpers produce that spelling from Go values and nodes.

// maxReprLen caps how much of an offending value a message repeats.
const maxReprLen = 60

// quote is a string as Python's repr writes it.
func quote(s string) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == rune(q):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case !unicode.IsPrint(r):
			if r > 0xffff {
				fmt.Fprintf(&b, `\U%08x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// repr is a node as Python's repr would print the value json.loads makes of
// it, shortened when long.
func repr(n *node) string {
	var b strings.Builder
	writeRepr(&b, n)
	s := b.String()
	if len(s) > maxReprLen {
		cut := maxReprLen
		for cut > 0 && !utf8RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

func utf8RuneStart(c byte) bool { return c&0xc0 != 0x80 }

func writeRepr(b *strings.Builder, n *node) {
	if b.Len() > maxReprLen*2 { // the rest would be cut anyway
		return
	}
	switch n.kind {
	case nullNode:
		b.WriteString("None")
	case boolNode:
		if n.b {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case numberNode:
		b.WriteString(n.text)
	case stringNode:
		b.WriteString(quote(n.text))
	case listNode:
		b.WriteByte('[')
		for i, k := range n.kids {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, k)
		}
		b.WriteByte(']')
	case objectNode:
		b.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quote(k))
			b.WriteString(": ")
			writeRepr(b, n.kids[i])
		}
		b.WriteByte('}')
	}
}

// tuple is a list of quoted choices as Python prints a tuple:
// ('a', 'b'), or ('a',) for one.
func tuple(items []string) string {
	if len(items) == 1 {
		return "(" + items[0] + ",)"
	}
	return "(" + strings.Join(items, ", ") + ")"
}

// quoteAll quotes every string.
func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
}

// vecRepr writes a vector as the file does: [1, 2].
func vecRepr(v Vector) string { return fmt.Sprintf("[%d, %d]", v[0], v[1]) }
