package rules

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

// A test file is a base file plus edits, each setting or deleting the value
// at a problem-style path ("pieces[1].stamina", "rules.promotion.to"). Edits
// keep key order, so problems come out in the order a person would read.

// edit sets path to the JSON value, or deletes it when value is "-".
type edit struct{ path, value string }

// del is an edit that deletes a key or list entry.
func del(path string) edit { return edit{path, "-"} }

// set is an edit that sets a key or list entry to a JSON value.
func set(path, value string) edit { return edit{path, value} }

// base files for the table tests.
var bases = map[string]string{
	"five":       "testdata/valid/five-by-five.json",
	"portals":    "testdata/valid/five-by-five-portals.json",
	"hex":        "testdata/valid/hexagon.json",
	"rounds":     "testdata/valid/rounds.json",
	"seats":      "testdata/valid/four-seats.json",
	"alice":      "testdata/valid/alice.json",
	"boards":     "testdata/valid/two-boards.json",
	"dice":       "testdata/valid/dice-chess.json",
	"hazards":    "testdata/valid/hazards.json",
	"fog":        "testdata/valid/fog-of-war.json",
	"hiddenking": "testdata/valid/hidden-king.json",
	"planes":     "testdata/valid/planes.json",
	"statuses":   "testdata/valid/statuses.json",
	"market":     "testdata/valid/market.json",
	"powers":     "testdata/valid/powers.json",
	"actions":    "testdata/valid/actions.json",
	"chaos":      "testdata/valid/chaos.json",
	"traps":      "testdata/valid/traps.json",
	"fifty":      "testdata/valid/fifty.json",
	"size":       "testdata/valid/size.json",
	"grow":       "testdata/valid/grow.json",
}

func loadBase(t testing.TB, name string) *node {
	t.Helper()
	data, err := os.ReadFile(bases[name])
	if err != nil {
		t.Fatal(err)
	}
	root, err := decodeTree(data)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// parseJSONValue decodes one JSON value of any kind.
func parseJSONValue(t testing.TB, text string) *node {
	t.Helper()
	root, err := decodeTree([]byte(`{"v": ` + text + `}`))
	if err != nil {
		t.Fatalf("bad edit value %s: %v", text, err)
	}
	return root.get("v")
}

// apply makes the edits to a copy of the base file and returns its JSON.
func apply(t testing.TB, baseName string, edits ...edit) []byte {
	t.Helper()
	root := loadBase(t, baseName)
	for _, e := range edits {
		segs := splitPath(e.path)
		parent := root
		for _, seg := range segs[:len(segs)-1] {
			var next *node
			if seg.key != "" {
				next = parent.get(seg.key)
				if next == nil {
					next = &node{kind: objectNode}
					parent.set(seg.key, next)
				}
			} else {
				if parent.kind != listNode || seg.index >= len(parent.kids) {
					t.Fatalf("edit %s: no entry %d", e.path, seg.index)
				}
				next = parent.kids[seg.index]
			}
			parent = next
		}
		last := segs[len(segs)-1]
		switch {
		case last.key != "" && e.value == "-":
			if parent.get(last.key) == nil {
				t.Fatalf("edit %s: nothing to delete", e.path)
			}
			parent.remove(last.key)
		case last.key != "":
			parent.set(last.key, parseJSONValue(t, e.value))
		case e.value == "-":
			parent.kids = append(parent.kids[:last.index:last.index], parent.kids[last.index+1:]...)
		case last.index == len(parent.kids):
			parent.kids = append(parent.kids, parseJSONValue(t, e.value))
		default:
			parent.kids[last.index] = parseJSONValue(t, e.value)
		}
	}
	var buf bytes.Buffer
	root.encode(&buf)
	return buf.Bytes()
}

// check parses data and compares the problem lines with want, exactly.
func check(t *testing.T, data []byte, want []string) {
	t.Helper()
	_, problems := Parse(data)
	got := problemLines(problems)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		var b strings.Builder
		for _, g := range got {
			b.WriteString("\t\t" + strconv.Quote(g) + ",\n")
		}
		t.Errorf("got %d lines:\n%swant %d:\n\t\t%s", len(got), b.String(), len(want), strings.Join(want, "\n\t\t"))
	}
}

// agreeCase is one table row: a base file, edits, and the exact lines.
type agreeCase struct {
	name  string
	base  string
	edits []edit
	want  []string // nil: the file is valid
}

func runCases(t *testing.T, cases []agreeCase) {
	t.Helper()
	seen := map[string]bool{}
	for _, tc := range cases {
		if seen[tc.name] {
			t.Fatalf("duplicate case name %q", tc.name)
		}
		seen[tc.name] = true
		t.Run(tc.name, func(t *testing.T) {
			base := tc.base
			if base == "" {
				base = "five"
			}
			check(t, apply(t, base, tc.edits...), tc.want)
		})
	}
}

// allCases is every table row, for FuzzParse's seed corpus.
func allCases() [][]agreeCase {
	return [][]agreeCase{
		agreeWrapCases,
		agreeNPCsCases,
		agreePortalsCases,
		agreeStrikeCases,
		agreeContactsCases,
		agreeDropsCases,
		agreeExplodeCases,
		agreeBoardCases,
		agreeMovesCases,
		agreePiecesCases,
		agreeFacingCases,
		agreeSetupCases,
		agreeSimultaneousCases,
		agreeRoundsCases,
		agreeWinCases,
		agreePromotionCases,
		agreeEnPassantAndCastlingCases,
		agreeCheckRulesCases,
		agreeTerritoryTurnObstaclesCases,
		agreeGoalsCases,
		agreeExtinctionCases,
		agreePromoteOnEntryCases,
		shapeUnknownKeysCases,
		shapeTypesCases,
		shapeRangesAndListsCases,
		shapeUnionsCases,
		shapeMissingKeysCases,
		shapeDocumentOrderCases,
		versionGatingCases,
		schema30Cases,
		schema31Cases,
		schema32Cases,
		schema33Cases,
		schema34Cases,
		schema35Cases,
		schema36Cases,
		schema37Cases,
		schema38Cases,
		schema39Cases,
		schema40Cases,
		schema41Cases,
		schema42Cases,
		schema43Cases,
		schema44Cases,
		schema45Cases,
		enumListsCases,
	}
}
