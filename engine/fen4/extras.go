package fen4

import (
	"fmt"
	"strings"
)

// enPassantKey is the extra chess.com writes when en passant is played.
const enPassantKey = "enPassant"

// readExtras reads field 7, {'key':value,...}. A value runs to the next ','
// or '}' outside parentheses and quotes, so tuples and quoted strings may
// hold commas.
func (p *Position) readExtras(s string) error {
	fail := func(item int, format string, args ...any) error {
		return &Error{Field: 7, Name: fieldNames[7], Item: item, Msg: fmt.Sprintf(format, args...)}
	}
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return fail(0, "%q is not {'key':value,...}", s)
	}
	body := s[1 : len(s)-1]
	seenEnPassant := false
	for item := 1; body != ""; item++ {
		if body[0] != '\'' {
			return fail(item, "a key is quoted, as in 'enPassant'")
		}
		end := strings.IndexByte(body[1:], '\'')
		if end < 0 {
			return fail(item, "the key's quote is not closed")
		}
		key := body[1 : 1+end]
		body = body[2+end:]
		if key == "" {
			return fail(item, "empty key")
		}
		if body == "" || body[0] != ':' {
			return fail(item, "key %q is not followed by ':'", key)
		}
		n, err := valueLength(body[1:])
		if err != nil {
			return fail(item, "key %q: %v", key, err)
		}
		value := body[1 : 1+n]
		body = body[1+n:]
		if value == "" {
			return fail(item, "key %q has no value", key)
		}
		if body != "" {
			if body[0] != ',' || len(body) == 1 {
				return fail(item, "key %q: its value is not followed by ',' and another key", key)
			}
			body = body[1:]
		}
		if key != enPassantKey {
			p.Extras = append(p.Extras, Extra{Key: key, Value: value})
			continue
		}
		if seenEnPassant {
			return fail(item, "a second %q", key)
		}
		seenEnPassant = true
		if err := p.readEnPassant(value); err != nil {
			return fail(item, "%v", err)
		}
	}
	return nil
}

// SplitValues splits a list of values at the commas outside parentheses
// and quotes ("'a':(1,2),'b':3" is "'a':(1,2)" and "'b':3"), refusing
// unbalanced parentheses and quotes: the body of FEN4's extras field.
func SplitValues(s string) ([]string, error) {
	var out []string
	for s != "" {
		n, err := valueLength(s)
		if err != nil {
			return nil, err
		}
		out = append(out, s[:n])
		if s = s[n:]; s != "" {
			s = s[1:] // the comma
		}
	}
	return out, nil
}

// valueLength is the length of the value at the start of s: up to a ','
// outside parentheses and quotes, or the end of s.
func valueLength(s string) (int, error) {
	depth, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				return 0, fmt.Errorf("')' without '('")
			}
			depth--
		case c == ',' && depth == 0:
			return i, nil
		}
	}
	if quoted {
		return 0, fmt.Errorf("a quote is not closed")
	}
	if depth > 0 {
		return 0, fmt.Errorf("'(' is not closed")
	}
	return len(s), nil
}

// readEnPassant reads ('target:pawn',”,”,”) in seat order, an empty
// string for a seat without en passant.
func (p *Position) readEnPassant(v string) error {
	if len(v) < 2 || v[0] != '(' || v[len(v)-1] != ')' {
		return fmt.Errorf("%q is not a tuple of four quoted entries", v)
	}
	entries := strings.Split(v[1:len(v)-1], ",")
	if len(entries) != 4 {
		return fmt.Errorf("%d entries, want 4 (red, blue, yellow, green)", len(entries))
	}
	for seat, e := range entries {
		if len(e) < 2 || e[0] != '\'' || e[len(e)-1] != '\'' {
			return fmt.Errorf("entry %d, %q, is not quoted", seat+1, e)
		}
		e = e[1 : len(e)-1]
		if e == "" {
			continue
		}
		target, pawn, ok := strings.Cut(e, ":")
		if !ok {
			return fmt.Errorf("entry %d, %q, is not 'skipped:pawn' (as 'j3:j4')", seat+1, e)
		}
		t, err := ParseSquare(target)
		if err != nil {
			return fmt.Errorf("entry %d: %v", seat+1, err)
		}
		q := NoSquare
		if pawn != "" {
			if q, err = ParseSquare(pawn); err != nil {
				return fmt.Errorf("entry %d: %v", seat+1, err)
			}
		}
		p.EnPassant[seat] = EnPassant{Target: t, Pawn: q}
	}
	return nil
}

// extrasText writes field 7, or "" when there is nothing to write.
func (p Position) extrasText() string {
	var entries []string
	for _, e := range p.Extras {
		entries = append(entries, "'"+e.Key+"':"+e.Value)
	}
	anySet := false
	var seats [4]string
	for s, e := range p.EnPassant {
		if e.Set() {
			anySet = true
			seats[s] = SquareName(e.Target) + ":"
			if e.Pawn != NoSquare {
				seats[s] += SquareName(e.Pawn)
			}
		}
	}
	if anySet {
		entries = append(entries, "'"+enPassantKey+"':('"+strings.Join(seats[:], "','")+"')")
	}
	if len(entries) == 0 {
		return ""
	}
	return "{" + strings.Join(entries, ",") + "}"
}
