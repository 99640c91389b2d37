package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/protocol"
	"balancefarm/search"
	"balancefarm/tablestore"
)

// measure finds the learned table kept beside a rule file for its exact
// bytes and plays its top rung with it, saying so; -tables none, another
// top rung and an edited file measure without it; a bad table file stops
// that file with the table's name.
func TestMeasurePlaysKeptTable(t *testing.T) {
	data, err := os.ReadFile("../../rulesets/chess.json")
	if err != nil {
		t.Fatal(err)
	}
	cents := make([]int, 64)
	for sq := range cents {
		cents[sq] = 4 * (sq/8 - 3) // knights forward
	}
	spec, err := search.WithTable("ab:n60", []search.TableRow{{ID: "N", Cents: cents}})
	if err != nil {
		t.Fatal(err)
	}
	// A made-up check: the test is of the store's use, not of a gain.
	table := &tablestore.Table{Schema: tablestore.Schema, File: "chess.json", FileHash: protocol.HashRuleFile(data), Spec: spec,
		Learned: tablestore.Learned{Spec: "ab:n20", Games: 100},
		Check:   tablestore.Check{Against: "ab:n60", Pairs: 1, Wins: 2, Elo: 400, EloLo: 10, EloHi: 1000}}
	dir := t.TempDir()
	file := filepath.Join(dir, "chess.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := tablestore.ForFile(file).Write(table); err != nil {
		t.Fatal(err)
	}
	short := search.ShortSpec(spec)
	measureIt := func(t *testing.T, file string, args ...string) (int, string, string) {
		out := filepath.Join(t.TempDir(), "reports")
		args = append([]string{"measure", "-state", filepath.Join(t.TempDir(), "state"), "-out", out, "-workers", "2",
			"-players", "random,ab:n60", "-games", "2", "-precision", "0", "-metrics-addr", "", "-progress", "off", "-no-fail"}, append(args, file)...)
		var stdout, stderr bytes.Buffer
		code := dispatch(args, &stdout, &stderr)
		return code, out, stderr.String()
	}
	t.Run("kept table", func(t *testing.T) {
		code, out, errs := measureIt(t, file)
		if code != 0 || !strings.Contains(errs, "the top rung plays "+short) {
			t.Fatalf("exit %d; stderr does not say the top rung plays %s:\n%s", code, short, errs)
		}
		var rep struct {
			Ladder   []string `json:"ladder"`
			TopTable string   `json:"top_table"`
		}
		js, err := os.ReadFile(filepath.Join(out, "chess.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(js, &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Ladder) != 2 || rep.Ladder[1] != spec || !strings.Contains(rep.TopTable, "chess.table") {
			t.Errorf("the JSON report's ladder %q and table %q are not the table's", rep.Ladder, rep.TopTable)
		}
		games, err := os.ReadFile(filepath.Join(out, "chess.pgn"))
		if err != nil || !strings.Contains(string(games), spec) {
			t.Errorf("the game records do not name the whole spec (%v)", err)
		}
		for _, page := range []string{"chess.md", "chess.html"} {
			text, err := os.ReadFile(filepath.Join(out, page))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(text), short) || strings.Contains(string(text), "N@") || !strings.Contains(string(text), "learned table kept") {
				t.Errorf("%s does not name the top rung %s, and the table, alone", page, short)
			}
		}
	})
	t.Run("none", func(t *testing.T) {
		code, _, errs := measureIt(t, file, "-tables", "none")
		if code != 0 || strings.Contains(errs, "learned table") {
			t.Errorf("exit %d; -tables none still read the table:\n%s", code, errs)
		}
	})
	t.Run("other top rung", func(t *testing.T) {
		code, _, errs := measureIt(t, file, "-players", "random,ab:n40")
		if code != 0 || !strings.Contains(errs, "is for ab:n60, not this ladder's top rung ab:n40") {
			t.Errorf("exit %d; want the table passed over, saying why:\n%s", code, errs)
		}
	})
	t.Run("edited file", func(t *testing.T) {
		edited := filepath.Join(dir, "edited.json")
		if err := os.WriteFile(edited, append(bytes.Clone(data), '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := measureIt(t, edited)
		if code != 0 || strings.Contains(errs, "learned table") {
			t.Errorf("exit %d; an edited file played its old table:\n%s", code, errs)
		}
	})
	t.Run("bad table", func(t *testing.T) {
		bad := t.TempDir()
		if err := os.WriteFile(filepath.Join(bad, "chess.table"), []byte(`{"schema": 1}`), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := measureIt(t, file, "-tables", bad)
		if code != 1 || !strings.Contains(errs, filepath.Join(bad, "chess.table")) || !strings.Contains(errs, "file_sha256") {
			t.Errorf("exit %d; want the bad table refused by name:\n%s", code, errs)
		}
	})
}
