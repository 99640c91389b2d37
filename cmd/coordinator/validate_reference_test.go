package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestValidateReferenceLines: validate prints, for each of the reference's
// mistakes (the front end's refusal fixtures, schema 29 but one), exactly
// the reference's lines; and a schema-30 file is told schema 30's kinds.
func TestValidateReferenceLines(t *testing.T) {
	const fixtures = "../../engine/rules/testdata/refused/"
	example, err := os.ReadFile("../../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	const bishopSlide = `"moves": [{"kind": "slide", "vectors": [[1, 1]]`
	if !bytes.Contains(example, []byte(bishopSlide)) || !bytes.Contains(example, []byte(`"schema_version": 29`)) {
		t.Fatal("five-by-five.json no longer has the bishop's slide this test edits")
	}
	schema30 := strings.Replace(string(example), bishopSlide, strings.Replace(bishopSlide, "slide", "teleport", 1), 1)
	schema30 = strings.Replace(schema30, `"schema_version": 29`, `"schema_version": 30`, 1)
	teleport30 := filepath.Join(t.TempDir(), "teleport-30.json")
	if err := os.WriteFile(teleport30, []byte(schema30), 0o644); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		file string
		want []string
	}{
		{fixtures + "unknown-key.json", []string{"pieces[1] has unknown keys: stamina"}},
		{fixtures + "bad-kind.json", []string{"pieces[2].moves[0].kind must be one of ('slide', 'leap', 'hop', 'lame', 'sweep'), got 'teleport'"}},
		{fixtures + "off-board.json", []string{"setup.placements[1].squares entry 'f1' is not a square on this board"}},
		{fixtures + "undeclared-target.json", []string{"rules.promotion.to entry 'A' is not a declared piece"}},
		{fixtures + "en-passant-alone.json", []string{"rules.en_passant requires rules.promotion: en passant is defined against the promoting piece, so there must be one"}},
		{fixtures + "portals-schema-18.json", []string{
			`the spec uses rules.portals, rules.portals.moved_by, added in schema 19; declare "schema_version": 19 to use it`,
			`the spec uses rules.portals.no_straight_back, added in schema 20; declare "schema_version": 20 to use it`,
		}},
		{teleport30, []string{"pieces[2].moves[0].kind must be one of ('slide', 'leap', 'hop', 'lame', 'sweep', 'bent'), got 'teleport'"}},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			var out, errOut bytes.Buffer
			if status := dispatch([]string{"validate", tc.file}, &out, &errOut); status != exitInvalid {
				t.Fatalf("status %d, want %d; out:\n%s", status, exitInvalid, out.String())
			}
			var want strings.Builder
			for _, line := range tc.want {
				want.WriteString(tc.file + ": " + line + "\n")
			}
			// The reference's words, each after the place in the file
			// that the problem names where validate can place it.
			if got := lineCol.ReplaceAllString(out.String(), ": "); got != want.String() {
				t.Errorf("got:\n%swant:\n%s", out.String(), want.String())
			}
		})
	}
}

// lineCol is validate's place in a file, ":LINE:COL: " after its name.
var lineCol = regexp.MustCompile(`(?m):[0-9]+:[0-9]+: `)
