package rules

import "testing"

// TestLocate: each problem's path is found where the file writes it, a
// path the file lacks at the value that should hold it, and a line with
// no path of the file nowhere.
func TestLocate(t *testing.T) {
	src := "{\n  \"board\": {\"width\": 1, \"height\": 8},\n  \"pieces\": [\n    {\"id\": \"K\", \"moves\": [{\"kind\": \"leep\"}]}\n  ],\n  \"setup\": {}\n}\n"
	l := NewLocator([]byte(src))
	cases := []struct {
		problem string
		want    SourcePos
		ok      bool
	}{
		{"board.width must be from 2 to 16, got 1", SourcePos{2, 22}, true},
		{"pieces[0].moves[0].kind must be one of ('slide', 'leap'), got 'leep'", SourcePos{4, 36}, true},
		{"pieces[0] does nothing", SourcePos{4, 5}, true},
		{"setup.placements is required", SourcePos{6, 12}, true},
		{"rules.win is required", SourcePos{}, false},
		{"the spec uses items.hidden, added in schema 42", SourcePos{}, false},
	}
	for _, c := range cases {
		got, ok := l.Locate(c.problem)
		if ok != c.ok || got != c.want {
			t.Errorf("%q: %v %v, want %v %v", c.problem, got, ok, c.want, c.ok)
		}
	}
}

// FuzzLocate: any text, located with any problem, never panics.
func FuzzLocate(f *testing.F) {
	f.Add([]byte(`{"a": [1, {"b": 2}]}`), "a[1].b is wrong")
	f.Add([]byte(`{"a": `), "a")
	f.Add([]byte(`[[[[`), "x[0]")
	f.Fuzz(func(t *testing.T, data []byte, problem string) {
		if pos, ok := NewLocator(data).Locate(problem); ok && (pos.Line < 1 || pos.Column < 1) {
			t.Fatalf("position %v", pos)
		}
	})
}
