package rules

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
)

// SourcePos is a place in a rule file's text: line and column from 1,
// the column counted in bytes as Go's scanner counts them.
type SourcePos struct {
	Line, Column int
}

// Locator finds where the keys a problem names stand in the file's text,
// so a tool can print "file:line:col: problem" as Go's compilers do.
type Locator struct {
	data []byte
	at   map[string]int // a value's path ("pieces[0].moves[1].kind") -> its offset
}

// maxLocated bounds the paths a Locator keeps: a huge file is located in
// its first part only, never at the cost of memory.
const maxLocated = 1 << 16

// NewLocator reads the paths of data's values, as far as it is JSON.
func NewLocator(data []byte) *Locator {
	l := &Locator{data: data, at: map[string]int{}}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	l.walk(dec, "")
	return l
}

// walk reads one value at path (its first token not yet read) and records
// where it starts; false when the text ends or is not JSON.
func (l *Locator) walk(dec *json.Decoder, path string) bool {
	if len(l.at) >= maxLocated {
		return false
	}
	start := l.skipSpace(int(dec.InputOffset()))
	tok, err := dec.Token()
	if err != nil {
		return false
	}
	if path != "" {
		l.at[path] = start
	}
	switch tok {
	case json.Delim('{'):
		for dec.More() {
			keyTok, err := dec.Token()
			if err != nil {
				return false
			}
			key, ok := keyTok.(string)
			if !ok {
				return false
			}
			child := key
			if path != "" {
				child = path + "." + key
			}
			if !l.walk(dec, child) {
				return false
			}
		}
		_, err := dec.Token()
		return err == nil
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if !l.walk(dec, path+"["+strconv.Itoa(i)+"]") {
				return false
			}
		}
		_, err := dec.Token()
		return err == nil
	}
	return true
}

// skipSpace is the offset of the first byte at or after off that is not
// JSON white space or the separator before a value.
func (l *Locator) skipSpace(off int) int {
	for off < len(l.data) {
		switch l.data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// problemPath is the path a problem's line begins with, when it begins
// with one: "pieces[0].moves[0].kind must be ...".
var problemPath = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])*(\.[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])*)*`)

// Locate is where the problem's path stands in the file: the value it
// names, or failing that the nearest enclosing value the file has (a key
// the file lacks is placed at the object that should hold it); ok false
// when the problem names no path of the file.
func (l *Locator) Locate(problem string) (SourcePos, bool) {
	path := problemPath.FindString(problem)
	for path != "" {
		if off, ok := l.at[path]; ok {
			return l.pos(off), true
		}
		path = parentPath(path)
	}
	return SourcePos{}, false
}

// parentPath is the path of the value holding path's: "a.b[2]" -> "a.b",
// "a.b" -> "a", "a" -> "".
func parentPath(path string) string {
	for i := len(path) - 1; i > 0; i-- {
		switch path[i] {
		case '.':
			return path[:i]
		case '[':
			return path[:i]
		}
	}
	return ""
}

func (l *Locator) pos(off int) SourcePos {
	line := 1 + bytes.Count(l.data[:off], []byte("\n"))
	col := off + 1
	if nl := bytes.LastIndexByte(l.data[:off], '\n'); nl >= 0 {
		col = off - nl
	}
	return SourcePos{Line: line, Column: col}
}
