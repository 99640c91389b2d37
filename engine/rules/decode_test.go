package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bad input gets one clear problem, never a panic.
func TestDecodeRefusals(t *testing.T) {
	deep := strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)
	big := `{"name": "` + strings.Repeat("x", MaxFileSize) + `"}`
	cases := []struct {
		name, data, want string
	}{
		{"empty", "", "the file is empty: a rule file is one JSON object"},
		{"whitespace", " \n\t ", "the file is empty: a rule file is one JSON object"},
		{"invalid utf-8", "{\n  \"name\": \"caf\xe9\"\n}", "the file is not valid UTF-8: bad byte 0xe9 at line 2, column 15"},
		{"byte order mark", "\xef\xbb\xbf{}", "the file starts with a UTF-8 byte order mark; save it without one"},
		{"syntax error", "{\n  \"name\": \"a\",\n  \"board\" {}\n}", "the file is not valid JSON: invalid character '{' after object key (line 3, column 11)"},
		{"trailing comma", "{\"name\": \"a\",}", "the file is not valid JSON: invalid character '}' looking for beginning of object key string (line 1, column 14)"},
		{"cut short", "{\"name\": \"a\", \"board\": {", "the file is not valid JSON: the file ends before the JSON object does (line 1, column 25)"},
		{"a list", "[1, 2]", "the file must be one JSON object, got a list"},
		{"a number", "5", "the file must be one JSON object, got a number"},
		{"trailing data", "{} {}", "unexpected data after the JSON object at line 1, column 4"},
		{"trailing garbage", "{}\nx", "unexpected data after the JSON object at line 2, column 1"},
		{"deep nesting", `{"v": ` + deep + `}`, "the file nests lists and objects more than 64 deep (line 1, column 70); a rule file needs far fewer"},
		{"over 1 MiB", big, "the file is 1048588 bytes; a rule file may be at most 1048576 bytes (1 MiB)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			spec, problems := Parse([]byte(tc.data))
			if spec != nil {
				t.Errorf("want no spec for undecodable input")
			}
			if len(problems) != 1 || problems[0].Text != tc.want {
				t.Fatalf("got %q\nwant %q", problemLines(problems), tc.want)
			}
		})
	}
}

// A number where a string belongs, and nesting deep but allowed, are
// ordinary shape problems rather than decode failures.
func TestDecodeKeepsGoing(t *testing.T) {
	nested := `{"name": "x", "board": {"width": 5, "height": 5}, "pieces": [{"id": "K", "moves": [], "name": ` +
		strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}], "setup": {"placements": [{"piece": "K", "squares": ["a1"]}]}}`
	check(t, []byte(nested), []string{
		"pieces[0].name must be a string, got [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]...",
		"pieces[0].moves is empty: only a piece that starts in a player's hand (rules.drops.stock) or a portal nobody moves may have no moves",
	})
}

func TestParseFile(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, make([]byte, MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{
		{filepath.Join(dir, "missing.json"), "cannot read rule file: open " + filepath.Join(dir, "missing.json") + ": no such file or directory"},
		{dir, "cannot read rule file " + dir + ": it is a directory"},
		{big, "cannot read rule file " + big + ": it is larger than 1048576 bytes (1 MiB); a rule file is a few kilobytes"},
	}
	for _, tc := range cases {
		spec, problems, err := ParseFile(tc.path)
		if err == nil || err.Error() != tc.want || spec != nil || problems != nil {
			t.Errorf("ParseFile(%s): got %v, %v, %v; want error %q", tc.path, spec, problems, err, tc.want)
		}
	}
}

// Mistakes inside a literal are placed on the offending byte.
func TestDecodeLiteralPositions(t *testing.T) {
	cases := map[string]string{
		`{"a": tru}`:        "the file is not valid JSON: invalid character '}' in literal true (expecting 'e') (line 1, column 10)",
		`{"a": 1.}`:         "the file is not valid JSON: invalid character '}' after decimal point in numeric literal (line 1, column 9)",
		`{"a" : "x\q"}`:     "the file is not valid JSON: invalid character 'q' in string escape code (line 1, column 11)",
		"{\"a\": \"x\ny\"}": "the file is not valid JSON: invalid character '\\n' in string literal (line 1, column 9)",
		`{"a": [1 2]}`:      "the file is not valid JSON: invalid character '2' after array element (line 1, column 10)",
	}
	for data, want := range cases {
		_, problems := Parse([]byte(data))
		if len(problems) != 1 || problems[0].Text != want {
			t.Errorf("%s: got %q, want %q", data, problemLines(problems), want)
		}
	}
}

// Large files of repeated mistakes are read in one pass: each of these once
// took minutes through a quadratic step. The test checks the answers; a
// regression shows as a slow test run.
func TestLargeInputs(t *testing.T) {
	file := func(pieces, setup, rules string) []byte {
		return []byte(`{"name": "x", "board": {"width": 16, "height": 16}, "pieces": [` + pieces +
			`], "setup": {"placements": [` + setup + `]}, "rules": {` + rules + `}}`)
	}
	king := `{"id": "K", "royal": true, "moves": [{"kind": "leap", "vectors": [[1, 0]], "symmetry": "rotate4"}]}`
	cases := []struct {
		name     string
		data     []byte
		problems int
	}{
		{"repeated keys", []byte(`{"name": "x", ` + strings.Repeat(`"name": 1, `, 20000) + `"z": 1}`), 3},
		{"repeated placements", file(king, strings.Repeat(`{"piece": "K", "squares": ["a1", "b1"]}, `, 5000)+`{"piece": "K", "squares": ["c1"]}`,
			`"castling": {"king": "K", "rook": "K"}`), 9998},
		{"long chain", file(king, `{"piece": "K", "squares": ["a1"]}`,
			`"strike": {"effect": "demote", "position": "stay", "immune": ["K"], "chain": [`+strings.Repeat(`{"from": "K", "to": "K"}, `, 5000)+`{"from": "K", "to": "K"}]}`), 5002},
		{"many vectors", file(`{"id": "K", "royal": true, "moves": [{"kind": "leap", "vectors": [`+strings.Repeat(`[1, 2], `, 20000)+`[1, 1]]}]}`,
			`{"piece": "K", "squares": ["a1"]}`, ``), 0},
	}
	for _, tc := range cases {
		_, problems := Parse(tc.data)
		if len(problems) != tc.problems {
			t.Errorf("%s: %d problems, want %d; first: %v", tc.name, len(problems), tc.problems, problems[:min(3, len(problems))])
		}
	}
}
