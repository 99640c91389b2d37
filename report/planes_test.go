package report

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// planesExtras are the extras of a 2 by 2 board's positions: coins
// (stacked) and fire on the cells, a stunned and a hatted piece, purses and
// a market of three cards, one locked.
func planesExtras(coins int, stunned int) *Extras {
	return &Extras{
		Items:    []Mark{{Cell: 1, ID: "coin", Count: coins}, {Cell: 1, ID: "fire", Count: 1}, {Cell: 3, ID: "frost", Count: 1}},
		Statuses: []Mark{{Cell: 0, ID: "stunned", Count: stunned}, {Cell: 0, ID: "hat", Count: 1}},
		Purses:   []Purse{{Resource: "coins", Held: [2]int{5, 3}}},
		Market:   []Card{{Name: "hat", Price: 2, Unlocked: true}, {Name: "stun", Price: 4, Unlocked: true}, {Name: "gold", Price: 1}},
	}
}

// The legend gives each item and status a label of its own, the first
// letter where it is free, and says what the marks mean.
func TestLegendLabels(t *testing.T) {
	lg := legendOf(nil, planesExtras(2, 1), &Extras{Items: []Mark{{ID: "f"}, {ID: "fi"}}})
	tests := []struct{ key, want string }{
		{"i:coin", "c"},
		{"i:fire", "f"},
		{"i:frost", "fr"}, // "f" is fire's
		{"i:f", "f4"},     // every prefix of "f" taken: its id and its place
		{"i:fi", "fi"},
		{"s:stunned", "s"},
		{"s:hat", "h"},
	}
	for _, tc := range tests {
		if got := lg.label[tc.key]; got != tc.want {
			t.Errorf("label of %s: %q, want %q", tc.key, got, tc.want)
		}
	}
	text := legendOf(planesExtras(1, 1)).Text()
	for _, want := range []string{"c coin, f fire, fr frost", "s stunned, h hat", "blue tags", "red badges", "counts a stack"} {
		if !strings.Contains(text, want) {
			t.Errorf("legend %q lacks %q", text, want)
		}
	}
	if got := legendOf(&Extras{Purses: []Purse{{Resource: "coins"}}}).Text(); got != "" {
		t.Errorf("a legend without marks: %q", got)
	}
}

// The marks drawn on the cells: one tag per item, a badge per status, a
// count after the label of a stack, a title naming each in full.
func TestMarksSVG(t *testing.T) {
	b := &Board{Width: 2, Height: 2, Cells: []Cell{{"a1", 0, 0, false}, {"b1", 1, 0, false}, {"a2", 0, 1, false}, {"b2", 1, 1, false}}}
	l := layoutOf(b)
	tests := []struct {
		name      string
		x         *Extras
		want, not []string
	}{
		{"none", nil, nil, []string{"<g"}},
		{"single coin", planesExtras(1, 1),
			[]string{`<g class="item"><title>coin</title>`, `>c</text>`, `<title>fire</title>`, `>f</text>`, `>fr</text>`,
				`<g class="status"><title>stunned</title>`, `>s</text>`, `>h</text>`},
			[]string{"×"}},
		{"stacks", planesExtras(3, 2),
			[]string{`<title>coin ×3</title>`, `>c3</text>`, `<title>stunned ×2</title>`, `>s2</text>`},
			[]string{`>c</text>`, `>s</text>`}},
		{"purses alone", &Extras{Purses: []Purse{{Resource: "coins", Held: [2]int{1, 2}}}}, nil, []string{"<g"}},
	}
	for _, tc := range tests {
		lg := legendOf(tc.x)
		svg := marksSVG(l, lg, tc.x)
		for _, w := range tc.want {
			if !strings.Contains(svg, w) {
				t.Errorf("%s: marks lack %s in\n%s", tc.name, w, svg)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(svg, n) {
				t.Errorf("%s: marks have %s in\n%s", tc.name, n, svg)
			}
		}
	}
	// Two tags on one cell stand side by side, not on each other.
	svg := marksSVG(l, legendOf(planesExtras(1, 1)), planesExtras(1, 1))
	if strings.Count(svg, `<rect x="59.0" y="66.0"`) != 1 || !strings.Contains(svg, `<rect x="70.0" y="66.0"`) {
		t.Errorf("coin and fire on b1 are not side by side:\n%s", svg)
	}
}

// The purses and the market in words, under a diagram and in Markdown.
func TestPanelText(t *testing.T) {
	tests := []struct {
		x    *Extras
		want string
	}{
		{nil, ""},
		{&Extras{}, ""},
		{planesExtras(1, 1), "Purses: coins 5 (first) / 3 (second). Market: on sale hat 2, stun 4; locked gold 1."},
		{&Extras{Market: []Card{{Name: "gold", Price: 1}}}, "Market: on sale nothing; locked gold 1."},
		{&Extras{Market: []Card{{Name: "gold", Price: 1}, {Name: "hat", Price: 3}}, Unlocking: 1},
			"Market: 1 of the cards to be drawn at random and put on sale; locked gold 1, hat 3."},
		{&Extras{Market: []Card{{Name: "gold", Price: 1, Unlocked: true}, {Name: "hat", Price: 3}}, Unlocking: 1},
			"Market: 1 of the cards to be drawn at random and put on sale; on sale gold 1; locked hat 3."},
		{&Extras{Purses: []Purse{{"coins", [2]int{0, 0}}, {"wood", [2]int{2, 7}}}}, "Purses: coins 0 (first) / 0 (second), wood 2 (first) / 7 (second)."},
	}
	for _, tc := range tests {
		if got := tc.x.PanelText(); got != tc.want {
			t.Errorf("panel %q, want %q", got, tc.want)
		}
	}
}

// planesInput is gamesInput with the planes family's extras on the start
// and on every position of the example game.
func planesInput(t *testing.T) Input {
	in := gamesInput(t)
	in.StartExtras = planesExtras(1, 1)
	g := &in.Examples[0].Games[0]
	g.Extras = []*Extras{planesExtras(1, 1), planesExtras(2, 1), planesExtras(3, 2)}
	return in
}

// The page draws the marks on the start and the final diagram, writes the
// purses and market under them and the legend, and hands the viewer a
// marks layer and a panel per ply; the Markdown says the same in words.
func TestPlanesReport(t *testing.T) {
	r, err := New(planesInput(t))
	if err != nil {
		t.Fatal(err)
	}
	page, err := r.HTML()
	if err != nil {
		t.Fatal(err)
	}
	checkHTML(t, page, 10)
	html := string(page)
	for _, want := range []string{
		`<g class="marks"><g class="item"><title>coin</title>`, // the start
		`<title>coin ×3</title>`,                               // the final position
		`<figcaption class="panel">Purses: coins 5 (first) / 3 (second). Market: on sale hat 2, stun 4; locked gold 1.</figcaption>`,
		`<p class="panel">Purses: coins 5`,
		`<p class="legend">Marks: items lying on a square`,
		`"mark_at":[0,1,2]`, `"panel":["Purses`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	md := string(r.Markdown())
	if want := "Start position: Items: b1 coin, b1 fire, b2 frost. Statuses: a1 stunned, a1 hat. Purses: coins 5 (first) / 3 (second). Market: on sale hat 2, stun 4; locked gold 1.\n"; !strings.Contains(md, want) {
		t.Errorf("Markdown lacks %q in\n%s", want, md)
	}
	// Without extras nothing of them is written.
	plain, err := New(gamesInput(t))
	if err != nil {
		t.Fatal(err)
	}
	page, _ = plain.HTML()
	for _, not := range []string{`class="marks"`, `class="panel"`, `class="legend"`, `"mark_at"`} {
		if strings.Contains(string(page), not) {
			t.Errorf("a page without extras has %s", not)
		}
	}
	if strings.Contains(string(plain.Markdown()), "Start position:") {
		t.Errorf("Markdown without extras names a start position")
	}
}

// The replay viewer's marks and panel run in a real browser: the final
// position has no marks, so the script makes the marks layer itself, and
// shows the final ply's panel. Skipped without Chromium, as
// TestReplayViewerInBrowser.
func TestPlanesViewerInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	bin := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		t.Skip("no Chromium installed")
	}
	in := planesInput(t)
	in.Examples[0].Games[0].Extras[2] = &Extras{Purses: []Purse{{Resource: "coins", Held: [2]int{9, 8}}}}
	dir := t.TempDir()
	r, err := Write(dir, in)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--dump-dom", "file://"+filepath.Join(dir, r.Name+".html"))
	cmd.Env = append(os.Environ(), "HOME="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	dom := string(out)
	game := dom[strings.Index(dom, `id="game-7"`):]
	for _, want := range []string{
		"after ply 2 of 2", // the script ran to its end
		`<g class="marks"></g>`,
		`<p class="panel">Purses: coins 9 (first) / 8 (second).</p>`,
	} {
		if !strings.Contains(game, want) {
			t.Errorf("the game's viewer after its script lacks %q", want)
		}
	}
}
