package farm_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"
)

func TestTallies(t *testing.T) {
	res := func(p0, p1 string, winner int) protocol.Result {
		r := map[int]string{0: protocol.ResultFirstWins, 1: protocol.ResultSecondWins, -1: protocol.ResultDraw}[winner]
		return protocol.Result{JobIdentity: protocol.JobIdentity{P0: p0, P1: p1}, Winner: winner, Result: r, Plies: 10}
	}
	results := []protocol.Result{
		res("a", "b", 0), res("b", "a", 0), // each wins moving first
		res("a", "b", -1), res("b", "a", 1), // a draw, then a wins moving second
		res("a", "c", 1), // c wins moving second
	}
	got := farm.Tallies(results)
	want := []farm.Tally{
		{A: "a", B: "b", Games: 4, WinsA: 2, WinsB: 1, Draws: 1, FirstMoverWins: 2, SecondMoverWins: 1, MeanPlies: 10},
		{A: "a", B: "c", Games: 1, WinsB: 1, SecondMoverWins: 1, MeanPlies: 10},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("tally %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	var buf bytes.Buffer
	farm.WriteTallies(&buf, results)
	if !strings.Contains(buf.String(), "a vs b") {
		t.Errorf("table:\n%s", &buf)
	}
}

func TestProgressLines(t *testing.T) {
	var buf bytes.Buffer
	v, err := farm.NewProgressView(&buf, "lines", 10*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	p := v.Track("one.json", 10)
	p(2, 10) // already recorded when tracking began
	time.Sleep(20 * time.Millisecond)
	p(6, 10)
	time.Sleep(30 * time.Millisecond)
	p(10, 10)
	v.Close()
	out := buf.String()
	if !strings.Contains(out, "one.json: 6 games of at most 10") || !strings.Contains(out, "games/s") || !strings.Contains(out, "one.json: 10 games played") {
		t.Errorf("progress lines:\n%s", out)
	}
	if _, err := farm.NewProgressView(&buf, "sparkles", time.Second); err == nil {
		t.Error("unknown mode accepted")
	}
}

func TestNewLogger(t *testing.T) {
	tests := []struct {
		format, level string
		ok            bool
		want          string
	}{
		{"json", "info", true, `"batch":"b1"`},
		{"auto", "info", true, `"batch":"b1"`}, // a buffer is not a terminal
		{"console", "info", true, "batch=b1"},
		{"xml", "info", false, ""},
		{"json", "loud", false, ""},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		log, err := farm.NewLogger(&buf, tt.format, tt.level, "test")
		if (err == nil) != tt.ok {
			t.Errorf("%s/%s: err %v", tt.format, tt.level, err)
			continue
		}
		if !tt.ok {
			continue
		}
		log.Info().Str("batch", "b1").Msg("hello")
		if !strings.Contains(buf.String(), tt.want) {
			t.Errorf("%s: %q lacks %q", tt.format, buf.String(), tt.want)
		}
	}
}
