package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAblateCommand runs coordinator ablate with the smallest settings
// (two fast players, four games, no equal-strength games) on the
// first-mover-race canary, which has no part, and on a small game of
// items and coins with six: the file and each part are measured and the
// report opens with its sentence. Each takes a second or two.
func TestAblateCommand(t *testing.T) {
	tests := []struct {
		file, stem string
		parts      []string
		summary    string
	}{
		{"../../rulesets/canaries/first-mover-race.json", "first-mover-race", nil, "has no part to remove"},
		{"../../repair/testdata/coins.json", "coins",
			[]string{"item trap", "item coin", "item gem", "items", "income of coins", "resources"}, "first mover's score"},
	}
	for _, tc := range tests {
		out := t.TempDir()
		args := []string{"ablate", "-state", filepath.Join(t.TempDir(), "state"), "-out", out, "-progress", "off",
			"-players", "random,ab:d1", "-games", "4", "-precision", "0", tc.file}
		var stdout, stderr bytes.Buffer
		if status := dispatch(args, &stdout, &stderr); status != 0 {
			t.Fatalf("%s: status %d\n%s%s", tc.file, status, stdout.String(), stderr.String())
		}
		data, err := os.ReadFile(filepath.Join(out, tc.stem+"-ablation.json"))
		if err != nil {
			t.Fatal(err)
		}
		var a struct {
			Summary  string `json:"summary"`
			Measured int    `json:"measurements"`
			Games    int    `json:"games"`
			Original struct {
				Verdict string `json:"verdict"`
			} `json:"original"`
			Parts []struct {
				Part struct {
					Name string `json:"name"`
				} `json:"part"`
				Measurement struct {
					Verdict string `json:"verdict"`
					Games   int    `json:"games"`
				} `json:"measurement"`
			} `json:"parts"`
		}
		if err := json.Unmarshal(data, &a); err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, p := range a.Parts {
			got[p.Part.Name] = true
			if p.Measurement.Verdict == "" || p.Measurement.Games == 0 {
				t.Errorf("%s without %s: verdict %q after %d games", tc.file, p.Part.Name, p.Measurement.Verdict, p.Measurement.Games)
			}
		}
		for _, name := range tc.parts {
			if !got[name] {
				t.Errorf("%s: no row for %s in %v", tc.file, name, got)
			}
		}
		if len(a.Parts) != len(tc.parts) || a.Measured != 1+len(tc.parts) || a.Games == 0 || a.Original.Verdict == "" {
			t.Errorf("%s: %d rows, %d measurements, %d games, verdict %q; want %d rows and %d measurements",
				tc.file, len(a.Parts), a.Measured, a.Games, a.Original.Verdict, len(tc.parts), 1+len(tc.parts))
		}
		if !strings.Contains(a.Summary, tc.summary) || !strings.Contains(stdout.String(), a.Summary) {
			t.Errorf("%s: summary %q (want %q), not on stdout:\n%s", tc.file, a.Summary, tc.summary, stdout.String())
		}
		for _, ext := range []string{".md", ".html"} {
			page, err := os.ReadFile(filepath.Join(out, tc.stem+"-ablation"+ext))
			if err != nil || !bytes.Contains(page, []byte("Ablation of")) {
				t.Errorf("%s: %s-ablation%s missing or without its title (%v)", tc.file, tc.stem, ext, err)
			}
		}
	}
}
