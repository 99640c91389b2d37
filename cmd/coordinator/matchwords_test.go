package main

import (
	"bytes"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"balancefarm/protocol"
)

func TestGatherWords(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"no word flags", []string{"-a", "ab:d1", "f.json"}, []string{"-a", "ab:d1", "f.json"}},
		{"cutechess's words", []string{"-resign", "movecount=3", "score=600", "-draw", "movenumber=40", "movecount=8", "score=10", "f.json"},
			[]string{"-resign", "movecount=3 score=600", "-draw", "movenumber=40 movecount=8 score=10", "f.json"}},
		{"a path first", []string{"-openings", "book.epd", "order=random", "f.json"}, []string{"-openings", "book.epd order=random", "f.json"}},
		{"two dashes", []string{"--resign", "movecount=3", "score=600"}, []string{"--resign", "movecount=3 score=600"}},
		{"the value in the flag", []string{"-resign=movecount=3", "score=600"}, []string{"-resign=movecount=3", "score=600"}},
		{"a flag ends the words", []string{"-resign", "movecount=3", "-pairs", "4"}, []string{"-resign", "movecount=3", "-pairs", "4"}},
		{"after --", []string{"--", "-resign", "movecount=3", "score=600"}, []string{"--", "-resign", "movecount=3", "score=600"}},
		{"last", []string{"f.json", "-draw"}, []string{"f.json", "-draw"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := gatherWords(tt.args, wordFlags); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("gatherWords(%q) = %q, want %q", tt.args, got, tt.want)
			}
		})
	}
}

func TestParseAdjudication(t *testing.T) {
	tests := []struct {
		name, resign, draw string
		want               protocol.Adjudication
		err                string // a substring of the error, "" none
	}{
		{"off", "", "", protocol.Adjudication{}, ""},
		{"both", "movecount=3 score=600", "movenumber=40 movecount=8 score=10",
			protocol.Adjudication{ResignMoveCount: 3, ResignScore: 600, DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10}, ""},
		{"any order", "score=600 movecount=3", "", protocol.Adjudication{ResignMoveCount: 3, ResignScore: 600}, ""},
		{"missing key", "movecount=3", "", protocol.Adjudication{}, "-resign: needs score=N"},
		{"draw missing its move number", "", "movecount=8 score=10", protocol.Adjudication{}, "-draw: needs movenumber=N"},
		{"unknown key", "movecount=3 score=600 twosided=true", "", protocol.Adjudication{}, `unknown key "twosided"`},
		{"not key=value", "3 600", "", protocol.Adjudication{}, `"3" is not key=value`},
		{"no value", "movecount= score=600", "", protocol.Adjudication{}, "movecount has no value"},
		{"twice", "movecount=3 movecount=4 score=1", "", protocol.Adjudication{}, "movecount given twice"},
		{"not a number", "movecount=three score=600", "", protocol.Adjudication{}, "movecount=three is not a whole number of at least 1"},
		{"zero moves", "", "movenumber=40 movecount=0 score=10", protocol.Adjudication{}, "movecount=0 is not a whole number of at least 1"},
		{"negative score", "movecount=3 score=-600", "", protocol.Adjudication{}, "score=-600 is not a whole number of at least 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseAdjudication(tt.resign, tt.draw)
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("error %v, want %q", err, tt.err)
			}
			if err == nil && got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// A match with cutechess's -resign or -draw has games adjudicated so and
// says how many; one without has none; bad words are a usage error.
func TestMatchAdjudication(t *testing.T) {
	const file = "../../rulesets/five-by-five.json"
	tests := []struct {
		name  string
		flags []string
		line  string // a pattern of the adjudication line, "" for none
	}{
		{"off", nil, ""},
		{"resign", []string{"-resign", "movecount=1", "score=300"}, `^adjudicated: ([1-8]) of 8 games \(([1-8]) by resignation, 0 drawn\)$`},
		{"draw", []string{"-draw", "movenumber=2", "movecount=2", "score=30"}, `^adjudicated: ([1-8]) of 8 games \(0 by resignation, ([1-8]) drawn\)$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"match", "-state", filepath.Join(t.TempDir(), "state"), "-a", "ab:d2", "-b", "ab:d1", "-pairs", "4", "-workers", "1"}, tt.flags...)
			if status := dispatch(append(args, file), &stdout, &stderr); status != 0 {
				t.Fatalf("status %d\n%s%s", status, stdout.String(), stderr.String())
			}
			got := ""
			for _, l := range strings.Split(stdout.String(), "\n") {
				if strings.HasPrefix(l, "adjudicated:") {
					got = l
				}
			}
			if tt.line == "" {
				if got != "" {
					t.Errorf("adjudication off, yet %q", got)
				}
				return
			}
			m := regexp.MustCompile(tt.line).FindStringSubmatch(got)
			if m == nil || m[1] != m[2] {
				t.Errorf("adjudication line %q, want one matching %s\n%s", got, tt.line, stdout.String())
			}
		})
	}
	var stdout, stderr bytes.Buffer
	status := dispatch([]string{"match", "-state", filepath.Join(t.TempDir(), "state"), "-resign", "movecount=3", file}, &stdout, &stderr)
	if status != exitUsage || !strings.Contains(stderr.String(), "coordinator match: -resign: needs score=N") {
		t.Errorf("status %d, want %d with the missing word named\n%s", status, exitUsage, stderr.String())
	}
}
