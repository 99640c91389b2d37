package repair

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"balancefarm/measure"
)

// TestFindParts lists the parts of small files and of classics: each is
// found in the finders' order, and each removal leaves a file the engine
// accepts.
func TestFindParts(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"../rulesets/canaries/first-mover-race.json", nil},
		{"../rulesets/chess.json", []string{"castling", "en passant", "promotion"}},
		{"../rulesets/minishogi.json", []string{"drops", "promotion", "promotion of P (entry 0)", "promotion of S (entry 1)",
			"promotion of B (entry 2)", "promotion of R (entry 3)"}},
		{"../rulesets/atomic.json", []string{"castling", "en passant", "promotion", "explosions"}},
		{"testdata/planes.json", []string{"promotion", "item fire", "item ice", "item coin", "items", "income of coins", "resources",
			"afterlife", "after_capture", "presence 0", "presence 1"}},
		// One presence entry is how the game is won, not a part; one
		// item kind alone has no "items" part beside its own.
		{"testdata/coins.json", []string{"item trap", "item coin", "item gem", "items", "income of coins", "resources"}},
	}
	for _, tc := range tests {
		f, err := measure.Read(tc.file)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		parts, err := FindParts(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		var names []string
		for _, p := range parts {
			names = append(names, p.Name)
		}
		if !slices.Equal(names, tc.want) {
			t.Errorf("%s: parts %q, want %q", tc.file, names, tc.want)
		}
		kept, refused, err := Parts(f)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if len(kept) != len(tc.want) || len(refused) != 0 {
			t.Errorf("%s: %d parts kept, refused %v; want all %d kept", tc.file, len(kept), refused, len(tc.want))
		}
		for _, r := range kept {
			if r.File.Hash == f.Hash || !strings.Contains(r.File.Label, "-without-") {
				t.Errorf("%s: %s: file %s is the original or misnamed", tc.file, r.Part.Name, r.File.Label)
			}
		}
	}
}

// TestPartPatches applies parts' patches and reads what is left: an item
// goes with its placements, the resources with the items' gain of them
// (an item that only gave them goes whole), promotion with the en
// passant that needs it.
func TestPartPatches(t *testing.T) {
	tests := []struct {
		file, part string
		absent     []string
		present    map[string]any
	}{
		{"testdata/coins.json", "item coin", []string{"/items/2", "/setup/items/2"},
			map[string]any{"/items/0/id": "trap", "/items/1/id": "gem", "/setup/items/0/item": "trap", "/setup/items/1/item": "gem"}},
		{"testdata/coins.json", "resources", []string{"/resources", "/items/0/gain", "/items/1", "/setup/items/1"},
			map[string]any{"/items/0/id": "trap", "/items/0/kill": "enter", "/setup/items/0/item": "trap"}},
		{"testdata/coins.json", "income of coins", []string{"/resources/0/income"},
			map[string]any{"/resources/0/name": "coins", "/resources/1/name": "gems"}},
		{"testdata/planes.json", "items", []string{"/items", "/setup/items"},
			map[string]any{"/setup/placements/0/piece": "P", "/resources/0/name": "coins"}},
		{"testdata/planes.json", "presence 1", []string{"/rules/presence/1"},
			map[string]any{"/rules/presence/0/boards/0": "Earth"}},
		{"../rulesets/chess.json", "promotion", []string{"/rules/promotion", "/rules/en_passant"},
			map[string]any{"/rules/castling/king": "K"}},
	}
	for _, tc := range tests {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		parts, err := FindParts(data)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(parts, func(p Part) bool { return p.Name == tc.part })
		if i < 0 {
			t.Errorf("%s: no part %q", tc.file, tc.part)
			continue
		}
		out, err := Apply(data, parts[i].edit())
		if err != nil {
			t.Fatalf("%s: %s: %v", tc.file, tc.part, err)
		}
		var doc any
		if err := json.Unmarshal(out, &doc); err != nil {
			t.Fatal(err)
		}
		for _, ptr := range tc.absent {
			if v, ok := at(doc, ptr); ok {
				t.Errorf("%s without %s: %s is still %v", tc.file, tc.part, ptr, v)
			}
		}
		for ptr, want := range tc.present {
			if v, ok := at(doc, ptr); !ok || v != want {
				t.Errorf("%s without %s: %s is %v, want %v", tc.file, tc.part, ptr, v, want)
			}
		}
	}
}

// TestPartsRefused: a part whose removal the engine refuses is left out
// with the front end's reason: with promote_on_entry, dobutsu needs both
// its drops and its promotion.
func TestPartsRefused(t *testing.T) {
	data, err := os.ReadFile("../rulesets/dobutsu.json")
	if err != nil {
		t.Fatal(err)
	}
	data, err = Apply(data, Edit{Patch: []Op{opAdd("/rules/promote_on_entry", true)}})
	if err != nil {
		t.Fatal(err)
	}
	f, err := measure.Load("dobutsu.json", data)
	if err != nil {
		t.Fatal(err)
	}
	kept, refused, err := Parts(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 0 || len(refused) != 2 {
		t.Fatalf("kept %v, refused %v; want drops and promotion refused", kept, refused)
	}
	for i, want := range []string{"drops: ", "promotion: "} {
		if r := refused[i]; !strings.HasPrefix(r.Edit, want) || !strings.Contains(r.Reason, "promote_on_entry requires") {
			t.Errorf("refused %v, want %s with the front end's reason", r, want)
		}
	}
}
