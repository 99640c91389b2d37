package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/measure"
)

// TestRepairCommand runs coordinator repair on a canary with the smallest
// budgets (two fast players, a few games, no equal-strength games): it
// measures the file, screens the candidates together, halves them,
// confirms two, and writes the report and each confirmed file, valid,
// with its own verdict. It takes about two seconds.
func TestRepairCommand(t *testing.T) {
	out := t.TempDir()
	args := []string{"repair", "-state", filepath.Join(t.TempDir(), "state"), "-out", out, "-progress", "off",
		"-players", "random,ab:d1", "-games", "4", "-precision", "0",
		"-screen-players", "random,ab:d1", "-screen-games", "2", "-screen-precision", "0",
		"-max-candidates", "8", "-pairs-of", "-1", "-confirm", "2",
		"../../rulesets/canaries/no-winner.json"}
	var stdout, stderr bytes.Buffer
	status := dispatch(args, &stdout, &stderr)
	if status != 0 && status != exitNotViable {
		t.Fatalf("status %d\n%s%s", status, stdout.String(), stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(out, "no-winner-repair.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Original struct {
			Verdict string   `json:"verdict"`
			Raised  []string `json:"raised"`
		} `json:"original"`
		Measurements int `json:"measurements"`
		Games        int `json:"games"`
		Candidates   []struct {
			ID    string `json:"id"`
			File  string `json:"file"`
			Rungs []struct {
				Rung string `json:"rung"`
			} `json:"rungs"`
		} `json:"candidates"`
		Flags []struct {
			Flag string `json:"flag"`
		} `json:"flags"`
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	if res.Original.Verdict == "viable" || len(res.Original.Raised) == 0 || len(res.Flags) == 0 {
		t.Fatalf("no-winner measured %s with raised %v and %d flags to repair", res.Original.Verdict, res.Original.Raised, len(res.Flags))
	}
	// The file, the control, 8 screened, a third of them, 2 confirmed.
	if len(res.Candidates) != 8 || res.Measurements != 1+1+8+3+2 || res.Games == 0 {
		t.Errorf("%d candidates, %d measurements, %d games; want 8 and 15", len(res.Candidates), res.Measurements, res.Games)
	}
	confirmed := 0
	for _, c := range res.Candidates {
		if c.File == "" {
			continue
		}
		confirmed++
		if _, err := measure.Read(filepath.Join(out, c.File)); err != nil {
			t.Errorf("%s: %v", c.File, err)
		}
		rep, err := os.ReadFile(filepath.Join(out, strings.TrimSuffix(c.File, ".json")+"-report.json"))
		if err != nil || !bytes.Contains(rep, []byte(`"verdict"`)) {
			t.Errorf("%s: no report with a verdict beside it (%v)", c.File, err)
		}
	}
	if confirmed != 2 {
		t.Errorf("%d confirmed files, want 2", confirmed)
	}
	// The file's own report is measure's: the games each raised flag
	// links to come with it.
	own, err := os.ReadFile(filepath.Join(out, "no-winner.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Flags []struct {
			Name string `json:"name"`
		} `json:"flags"`
		Examples []struct {
			Flag  string            `json:"flag"`
			Games []json.RawMessage `json:"games"`
		} `json:"examples"`
	}
	if err := json.Unmarshal(own, &rep); err != nil {
		t.Fatal(err)
	}
	withGames := map[string]bool{}
	for _, e := range rep.Examples {
		withGames[e.Flag] = len(e.Games) > 0
	}
	for _, f := range rep.Flags {
		if !withGames[f.Name] {
			t.Errorf("the file's report has no example games for its flag %s", f.Name)
		}
	}
	if !strings.Contains(stdout.String(), "games in") {
		t.Errorf("repair did not say how many games it played:\n%s", stdout.String())
	}
}
