package report

import (
	"bytes"
	"strings"
	"testing"
)

func TestFiguresRoundTrip(t *testing.T) {
	ours := []*Report{
		measuredAs(t, "chess", 0.13, 0.52, 0.01),
		measuredAs(t, "shatranj", 0.55, 0.50, 0.02),
		measuredAs(t, "crazyhouse", 0.01, 0.51, 0.01),
		measuredAs(t, "makruk", 0.68, 0.45, 0.03),
	}
	theirs := []*Report{
		measuredAs(t, "chess", 0.40, 0.55, 0.01),
		measuredAs(t, "shatranj", 0.70, 0.51, 0.01),
		measuredAs(t, "crazyhouse", 0.05, 0.56, 0.01),
		measuredAs(t, "makruk", 0.65, 0.47, 0.01),
	}
	// A report whose draw rate was not assessed keeps an empty cell.
	for i := range ours[2].Checks {
		ours[2].Checks[i].Assessed = false
	}
	var buf bytes.Buffer
	if err := WriteFigures(&buf, ours); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "crazyhouse,not_viable,200,,,,0.51,0.5,0.52\n") {
		t.Errorf("figures table:\n%s", buf.String())
	}
	back, err := ReadFigures(&buf)
	if err != nil {
		t.Fatal(err)
	}
	direct, err := Compare(ours, theirs, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	viaTable, err := Compare(back, theirs, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	var a, b strings.Builder
	if err := direct.WriteMarkdown(&a, "x", "y"); err != nil {
		t.Fatal(err)
	}
	if err := viaTable.WriteMarkdown(&b, "x", "y"); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("the comparison read back from the table differs:\n%s\nagainst\n%s", b.String(), a.String())
	}
}

func TestReadFiguresRefusals(t *testing.T) {
	const head = "file,verdict,games,draw,draw_low,draw_high,first_mover,first_mover_low,first_mover_high\n"
	for _, c := range []struct {
		name, table string
		want        []string
	}{
		{"empty", "", []string{"no header"}},
		{"wrong header", "file,verdict\nchess,viable\n", []string{"line 1: the header must be"}},
		{"short row", head + "chess,viable,100\n", []string{"line 2: 3 cells, want 9"}},
		{"every problem of a row", head + "a/chess,,x,0.5,0.6,0.7,1.5,0.4,0.6\n",
			[]string{"without a folder", "no verdict", `games "x"`, "draw: want low <= estimate <= high", `first_mover "1.5"`}},
		{"problems on two lines", head + "chess,viable,-1,,,,0.5,0.4,0.6\nshogi,viable,10,nan,0,1,,,\n",
			[]string{`line 2: games "-1"`, `line 3: draw "nan"`}},
		{"low above the estimate", head + "chess,viable,10,0.1,0.1001,0.2,,,\n", []string{"draw: want low <= estimate <= high"}},
		{"half an interval", head + "chess,viable,10,0.1,,0.2,,,\n", []string{`draw_low ""`}},
		{"twice", head + "chess,viable,10,,,,,,\nchess.json,viable,10,,,,,,\n", []string{"line 3: chess is already on line 2"}},
		{"broken quote", head + "\"chess,viable\n", []string{"line 2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadFigures(strings.NewReader(c.table))
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
	// Float noise a report carries at an interval's end is evened out.
	rs, err := ReadFigures(strings.NewReader(head + "horde,viable,10,0,8.673617379884035e-19,0.008,0.4,0.3,0.5\n"))
	if err != nil || rs[0].Checks[0].Value.Lo != 0 {
		t.Errorf("float noise: %v, %+v", err, rs)
	}
	huge := strings.NewReader(head + strings.Repeat("x", maxFiguresBytes))
	if _, err := ReadFigures(huge); err == nil || !strings.Contains(err.Error(), "not a figures table") {
		t.Errorf("huge table: %v", err)
	}
}

// FuzzReadFigures: any input is read or refused with an error, and a table
// read is written back to one that reads the same.
func FuzzReadFigures(f *testing.F) {
	f.Add("file,verdict,games,draw,draw_low,draw_high,first_mover,first_mover_low,first_mover_high\nchess,viable,172,0.128,0.086,0.186,0.471,0.401,0.541\n")
	f.Add("file,verdict,games,draw,draw_low,draw_high,first_mover,first_mover_low,first_mover_high\nshogi,viable,198,,,,0.5,0.4,0.6\n\"x\ny\",v,1,0,0,0,0,0,0\n")
	f.Add("\"")
	f.Fuzz(func(t *testing.T, table string) {
		rs, err := ReadFigures(strings.NewReader(table))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WriteFigures(&buf, rs); err != nil {
			t.Fatal(err)
		}
		again, err := ReadFigures(&buf)
		if err != nil {
			t.Fatalf("a table written from a read one is refused: %v\n%s", err, buf.String())
		}
		if len(again) != len(rs) {
			t.Fatalf("%d rows read back from %d", len(again), len(rs))
		}
		for i := range rs {
			if again[i].Name != rs[i].Name || again[i].Verdict != rs[i].Verdict || again[i].Scope.Games != rs[i].Scope.Games {
				t.Fatalf("row %d read back as %+v from %+v", i, again[i], rs[i])
			}
		}
	})
}
