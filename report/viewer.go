package report

import (
	"encoding/json"
	"fmt"
	"html/template"
)

// viewerData is what the page needs for its diagrams and replay viewer.
type viewerData struct {
	StartSVG string
	// StartPanel is the start's purses and market in words, Legend what
	// the marks on the cells mean; both empty outside the planes family.
	StartPanel string
	Legend     string
	Symbols    string // the hidden SVG of piece symbols the diagrams use
	Groups     []exampleGroup
	Games      bool
	Data       template.JS // the frames, as JSON
	Script     template.JS
}

type exampleGroup struct {
	Flag, Why string
	Games     []exampleView
}

type exampleView struct {
	ExampleGame
	SVG   string
	Panel string // the final position's purses and market
}

// replayGame is one game's frames for the script: the start as symbol
// numbers per cell (-1 empty), then per ply the cells that changed.
type replayGame struct {
	Start  []int      `json:"start"`
	Deltas [][][2]int `json:"deltas"`
	// In a game of the planes family: the distinct marks (SVG), the
	// distinct layers of them, the one each position shows, and the
	// distinct purses and market in words with the one each shows.
	MarkParts []string `json:"mark_parts,omitempty"`
	Marks     [][]int  `json:"marks,omitempty"`
	MarkAt    []int    `json:"mark_at,omitempty"`
	Panel     []string `json:"panel,omitempty"`
	PanelAt   []int    `json:"panel_at,omitempty"`
}

// viewer lays out the start diagram and the example games.
func (r *Report) viewer() (*viewerData, error) {
	v := &viewerData{}
	if r.board == nil || len(r.board.Cells) == 0 {
		return v, nil
	}
	var all [][]Frame
	if len(r.start) > 0 {
		all = append(all, []Frame{r.start})
	}
	for _, ex := range r.Examples {
		for _, g := range ex.Games {
			all = append(all, g.Frames)
		}
	}
	tokens, sym := tokensOf(all...)
	v.Symbols = pieceSymbols(r.board, tokens)
	l := layoutOf(r.board)
	extras := []*Extras{r.startExtras}
	for _, ex := range r.Examples {
		for _, g := range ex.Games {
			extras = append(extras, g.Extras...)
		}
	}
	lg := legendOf(extras...)
	v.Legend = lg.Text()
	if len(r.start) > 0 {
		v.StartSVG = boardSVG(r.board, l, r.start, sym, marksSVG(l, lg, r.startExtras), "board-start", "start position")
		v.StartPanel = r.startExtras.PanelText()
	}
	data := struct {
		Cell    float64               `json:"cell"`
		Centers [][2]float64          `json:"centers"`
		Games   map[string]replayGame `json:"games"`
	}{cellSize, l.centers, map[string]replayGame{}}
	seen := map[int]bool{}
	for _, ex := range r.Examples {
		grp := exampleGroup{Flag: ex.Flag, Why: ex.Why}
		for _, g := range ex.Games {
			if seen[g.Round] || len(g.Frames) == 0 {
				continue // one viewer per game, under the first flag it shows
			}
			seen[g.Round] = true
			id := fmt.Sprintf("game-%d", g.Round)
			final := g.Frames[len(g.Frames)-1]
			var finalExtras *Extras
			if len(g.Extras) == len(g.Frames) {
				finalExtras = g.Extras[len(g.Extras)-1]
			}
			svg := boardSVG(r.board, l, final, sym, marksSVG(l, lg, finalExtras), "board-"+id, "final position of game "+fmt.Sprint(g.Round))
			grp.Games = append(grp.Games, exampleView{g, svg, finalExtras.PanelText()})
			rg := framesOf(g.Frames, sym)
			if len(g.Extras) == len(g.Frames) {
				rg.MarkParts, rg.Marks, rg.MarkAt = marksStates(l, lg, g.Extras)
				var panels interned[string]
				for _, x := range g.Extras {
					text := x.PanelText()
					rg.PanelAt = append(rg.PanelAt, panels.index(text, text))
				}
				rg.Panel = panels.values
			}
			data.Games[id] = rg
		}
		if len(grp.Games) > 0 {
			v.Groups = append(v.Groups, grp)
		}
	}
	v.Games = len(v.Groups) > 0
	js, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("report: viewer data: %v", err)
	}
	v.Data = template.JS(js) // json.Marshal escapes <, > and &
	v.Script = template.JS(replayScript)
	return v, nil
}

// framesOf encodes frames as a start and per-ply changes.
func framesOf(frames []Frame, sym map[string]int) replayGame {
	code := func(t string) int {
		if n, ok := sym[t]; ok {
			return n
		}
		return -1
	}
	rg := replayGame{Start: make([]int, len(frames[0])), Deltas: [][][2]int{}}
	for i, t := range frames[0] {
		rg.Start[i] = code(t)
	}
	for k := 1; k < len(frames); k++ {
		d := [][2]int{}
		for i, t := range frames[k] {
			if i >= len(frames[k-1]) || frames[k-1][i] != t {
				d = append(d, [2]int{i, code(t)})
			}
		}
		rg.Deltas = append(rg.Deltas, d)
	}
	return rg
}

// replayScript steps through the example games. It uses neither "<" nor
// "&" so that the page stays well-formed XML, and loads nothing.
const replayScript = `
(function () {
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var NS = "http://www.w3.org/2000/svg", C = data.cell;
  document.querySelectorAll(".game").forEach(function (el) {
    var g = data.games[el.id];
    if (!g) { return; }
    var frames = [g.start.slice()];
    g.deltas.forEach(function (d) {
      var f = frames[frames.length - 1].slice();
      d.forEach(function (c) { f[c[0]] = c[1]; });
      frames.push(f);
    });
    var layer = el.querySelector("g.pieces"), moves = el.querySelectorAll(".mv"), label = el.querySelector(".ply");
    var marks = el.querySelector("g.marks"), panel = el.querySelector(".panel");
    if (g.marks) {
      if (!marks) {
        marks = document.createElementNS(NS, "g");
        marks.setAttribute("class", "marks");
        layer.parentNode.appendChild(marks);
      }
    }
    var ply = frames.length - 1;
    function show(n) {
      ply = Math.max(0, Math.min(frames.length - 1, n));
      while (layer.firstChild) { layer.removeChild(layer.firstChild); }
      frames[ply].forEach(function (s, i) {
        if (s === -1) { return; }
        var u = document.createElementNS(NS, "use"), c = data.centers[i];
        u.setAttribute("href", "#pc-" + s);
        u.setAttribute("x", c[0] - C / 2);
        u.setAttribute("y", c[1] - C / 2);
        u.setAttribute("width", C);
        u.setAttribute("height", C);
        layer.appendChild(u);
      });
      if (g.marks) {
        marks.innerHTML = g.marks[g.mark_at[ply]].map(function (i) { return g.mark_parts[i]; }).join("");
      }
      if (g.panel) { if (panel) { panel.textContent = g.panel[g.panel_at[ply]]; } }
      moves.forEach(function (m) { m.classList.toggle("now", Number(m.dataset.ply) === ply); });
      label.textContent = ply === 0 ? "start position" : "after ply " + ply + " of " + (frames.length - 1);
    }
    el.querySelector(".first").onclick = function () { show(0); };
    el.querySelector(".prev").onclick = function () { show(ply - 1); };
    el.querySelector(".next").onclick = function () { show(ply + 1); };
    el.querySelector(".last").onclick = function () { show(frames.length - 1); };
    moves.forEach(function (m) { m.onclick = function () { show(Number(m.dataset.ply)); }; });
    el.addEventListener("keydown", function (e) {
      if (e.key === "ArrowLeft") { show(ply - 1); e.preventDefault(); }
      if (e.key === "ArrowRight") { show(ply + 1); e.preventDefault(); }
      if (e.key === "Home") { show(0); e.preventDefault(); }
      if (e.key === "End") { show(frames.length - 1); e.preventDefault(); }
    });
    show(ply);
  });
})();
`
