package tablestore

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/protocol"
	"balancefarm/search"
)

// example is a valid table of a made-up file: a row for the knights of
// an 8×8 board, 1 centipawn a square up from a1.
func example(t *testing.T, file string) *Table {
	t.Helper()
	cents := make([]int, 64)
	for i := range cents {
		cents[i] = 2 * (i%8 - 4)
	}
	spec, err := search.WithTable("ab:n10000", []search.TableRow{{ID: "N", Cents: cents}})
	if err != nil {
		t.Fatal(err)
	}
	return &Table{Schema: Schema, File: file, FileHash: protocol.HashRuleFile([]byte(file)), Spec: spec,
		Learned: Learned{Spec: "ab:n2000", Games: 3000, Seed: 1000, Positions: 245878, LossBefore: 0.477, LossAfter: 0.472},
		Check:   Check{Against: "ab:n10000", Pairs: 200, Seed: 1001, Wins: 150, Draws: 140, Losses: 110, Elo: 35, EloLo: 5, EloHi: 66}}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Table)
		want string // "" for valid
	}{
		{"valid", func(*Table) {}, ""},
		{"schema", func(x *Table) { x.Schema = 2 }, "schema 2"},
		{"hash", func(x *Table) { x.FileHash = "abc" }, "file_sha256"},
		{"spec", func(x *Table) { x.Spec = "zz:1" }, "spec:"},
		{"no rows", func(x *Table) { x.Spec = "ab:n10000" }, "carries no table rows"},
		{"against", func(x *Table) { x.Check.Against = "ab:n2000" }, "check.against"},
		{"games", func(x *Table) { x.Learned.Games = 0 }, "learned.games"},
		{"counts", func(x *Table) { x.Check.Wins = 500 }, "check: 200 pairs"},
		{"outside", func(x *Table) { x.Check.Elo = 90 }, "not an estimate inside"},
		{"no gain", func(x *Table) { x.Check.Elo, x.Check.EloLo = 10, -20 }, "not above zero"},
		{"several", func(x *Table) { x.Schema, x.Learned.Games = 0, 0 }, "learned.games"},
	} {
		x := example(t, "chess.json")
		tc.edit(x)
		err := x.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one mentioning %q", tc.name, err, tc.want)
		}
		// What Validate refuses, Read refuses too, and Encode will not
		// write.
		data, _ := jsonOf(x)
		if _, rerr := Read(bytes.NewReader(data)); (rerr == nil) != (tc.want == "") {
			t.Errorf("%s: Read gave %v", tc.name, rerr)
		}
		if _, eerr := x.Encode(); (eerr == nil) != (tc.want == "") {
			t.Errorf("%s: Encode gave %v", tc.name, eerr)
		}
	}
}

func TestReadRefuses(t *testing.T) {
	good, err := example(t, "chess.json").Encode()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, data, want string
	}{
		{"empty", "", "EOF"},
		{"not json", "spec: ab", "invalid character"},
		{"unknown field", strings.Replace(string(good), `"schema"`, `"colour": 1, "schema"`, 1), "unknown field"},
		{"two values", string(good) + "{}", "more than one"},
		{"huge", `{"file": "` + strings.Repeat("x", MaxBytes) + `"}`, "over"},
	} {
		if _, err := Read(strings.NewReader(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tc.name, err, tc.want)
		}
	}
	x, err := Read(bytes.NewReader(good))
	if err != nil || x.Spec != example(t, "chess.json").Spec {
		t.Fatalf("the encoded table reads back as %+v, %v", x, err)
	}
}

func TestDir(t *testing.T) {
	d := Dir(filepath.Join(t.TempDir(), "tables"))
	chess, shogi := example(t, "chess.json"), example(t, "rules/shogi.json")
	// No directory: no table, no error.
	if x, _, err := d.Find(chess.FileHash); x != nil || err != nil {
		t.Fatalf("missing directory: %v, %v", x, err)
	}
	for _, x := range []*Table{chess, shogi} {
		if _, err := d.Write(x); err != nil {
			t.Fatal(err)
		}
	}
	for _, x := range []*Table{chess, shogi} {
		got, path, err := d.Find(x.FileHash)
		if err != nil || got == nil || got.File != x.File || filepath.Dir(path) != string(d) {
			t.Errorf("%s: found %+v at %q, %v", x.File, got, path, err)
		}
	}
	if x, _, err := d.Find(protocol.HashRuleFile([]byte("other"))); x != nil || err != nil {
		t.Errorf("a file without a table: %v, %v", x, err)
	}
	// Rewriting replaces; other files in the directory are not tables.
	if _, err := d.Write(chess); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(string(d), "notes.md"), []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Find(chess.FileHash); err != nil {
		t.Errorf("after a rewrite: %v", err)
	}
	// Two tables for one file, and a bad table, are refused by name.
	data, _ := os.ReadFile(filepath.Join(string(d), "chess"+Ext))
	twin := filepath.Join(string(d), "chess-copy"+Ext)
	if err := os.WriteFile(twin, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Find(chess.FileHash); err == nil || !strings.Contains(err.Error(), "both tables") {
		t.Errorf("two tables of one file: %v", err)
	}
	if err := os.WriteFile(twin, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Find(shogi.FileHash); err == nil || !strings.Contains(err.Error(), "chess-copy.table") {
		t.Errorf("a bad table file: %v", err)
	}
	if err := os.Remove(twin); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Write(&Table{File: "x.json"}); err == nil {
		t.Error("an invalid table was written")
	}
	if ForFile("rulesets/chess.json") != Dir(filepath.Join("rulesets", DirName)) {
		t.Errorf("ForFile: %q", ForFile("rulesets/chess.json"))
	}
}

func TestFits(t *testing.T) {
	x := example(t, "chess.json")
	for _, tc := range []struct {
		spec string
		want bool
	}{
		{"ab:n10000", true},
		{"ab:n2000", false},
		{"ab:n10000e14", false},
		{"mcts:i200", false},
		{x.Spec, false}, // already carries a table
		{"uci:/bin/sf", false},
		{"nonsense", false},
	} {
		if got := x.Fits(tc.spec); got != tc.want {
			t.Errorf("Fits(%q) = %v, want %v", tc.spec, got, tc.want)
		}
	}
	var none *Table
	if none.Fits("ab:n10000") {
		t.Error("a nil table fits")
	}
}

func FuzzRead(f *testing.F) {
	good, _ := json0()
	f.Add(good)
	f.Add([]byte(`{"schema": 1}`))
	f.Add([]byte(`{"schema": 1, "spec": "ab:n10000:N@gggg", "check": {"pairs": -1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		// What is read is valid and writes back to bytes that read the
		// same.
		again, err := x.Encode()
		if err != nil {
			t.Fatalf("a table that read cannot be encoded: %v", err)
		}
		y, err := Read(bytes.NewReader(again))
		if err != nil || *y != *x {
			t.Fatalf("round trip: %+v, %v; want %+v", y, err, x)
		}
	})
}

// jsonOf is x's JSON without validation, for tables Encode refuses.
func jsonOf(x *Table) ([]byte, error) { return json.Marshal(x) }

// json0 is a valid table's bytes, the fuzz's seed.
func json0() ([]byte, error) {
	cents := make([]int, 64)
	spec, _ := search.WithTable("ab:n10000", []search.TableRow{{ID: "N", Cents: append(cents[:63:63], 8)}})
	x := &Table{Schema: Schema, File: "chess.json", FileHash: protocol.HashRuleFile(nil), Spec: spec,
		Learned: Learned{Spec: "ab:n2000", Games: 10}, Check: Check{Against: "ab:n10000", Pairs: 1, Wins: 2, Elo: 100, EloLo: 1, EloHi: 200}}
	return x.Encode()
}
