package report

import (
	"fmt"
	"html/template"
	"math"
	"sort"
	"strings"
)

// cellSize is a square's side in the diagrams, in SVG units.
const cellSize = 40.0

// layout places a board's cells for drawing.
type layout struct {
	w, h    float64      // the drawing's size, margins included
	centers [][2]float64 // per cell
	shapes  []string     // per cell: an SVG element drawing it (its fill left to the caller)
	labels  []string     // file and rank names around the board
}

// layoutOf lays out squares in rows, the first rank at the bottom, or hex
// cells (flat side up) in upright files, r growing upwards.
func layoutOf(b *Board) layout {
	var l layout
	const margin = 18.0
	if !b.Hex {
		l.w, l.h = float64(b.Width)*cellSize+margin, float64(b.Height)*cellSize+margin
		for _, c := range b.Cells {
			x, y := margin+float64(c.File)*cellSize, float64(b.Height-1-c.Rank)*cellSize
			l.centers = append(l.centers, [2]float64{x + cellSize/2, y + cellSize/2})
			l.shapes = append(l.shapes, fmt.Sprintf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f"`, x, y, cellSize, cellSize))
		}
		for f := 0; f < b.Width; f++ {
			l.labels = append(l.labels, fmt.Sprintf(`<text x="%.1f" y="%.1f" class="coord">%c</text>`, margin+(float64(f)+0.5)*cellSize, l.h-4, 'a'+f))
		}
		for r := 0; r < b.Height; r++ {
			l.labels = append(l.labels, fmt.Sprintf(`<text x="%.1f" y="%.1f" class="coord">%d</text>`, margin/2, float64(b.Height-1-r)*cellSize+cellSize/2+4, r+1))
		}
		return l
	}
	// Flat side up: each file q is an upright column and r runs up it,
	// so the first player's forward step [0,1] points up the page.
	size := cellSize / math.Sqrt(3) // hex radius: flat-to-flat is cellSize
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	raw := make([][2]float64, len(b.Cells))
	for i, c := range b.Cells {
		x := 1.5 * size * float64(c.File)
		y := -cellSize * (float64(c.Rank) + float64(c.File)/2)
		raw[i] = [2]float64{x, y}
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	pad := cellSize/2 + 2
	l.w, l.h = maxX-minX+2*pad, maxY-minY+2*pad
	for i := range b.Cells {
		cx, cy := raw[i][0]-minX+pad, raw[i][1]-minY+pad
		l.centers = append(l.centers, [2]float64{cx, cy})
		var pts []string
		for k := range 6 {
			a := float64(k) * math.Pi / 3
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", cx+size*math.Cos(a), cy+size*math.Sin(a)))
		}
		l.shapes = append(l.shapes, `<polygon points="`+strings.Join(pts, " ")+`"`)
	}
	return l
}

// chessGlyphs are the chess symbols, drawn solid in either player's
// colour, for the pieces whose id and name are chess's: a "runner" with
// id R is no rook, and gets its letter.
var chessGlyphs = map[string]struct{ name, glyph string }{
	"K": {"king", "♚"}, "Q": {"queen", "♛"}, "R": {"rook", "♜"},
	"B": {"bishop", "♝"}, "N": {"knight", "♞"}, "P": {"pawn", "♟"},
}

// glyphOf is the chess symbol for a piece id of a board, if it has one.
// A board that names no pieces (an older report's) takes the letters.
func glyphOf(b *Board, id string) (string, bool) {
	g, ok := chessGlyphs[id]
	if !ok {
		return "", false
	}
	if b != nil && b.Names != nil && !strings.EqualFold(strings.TrimSpace(b.Names[id]), g.name) {
		return "", false
	}
	return g.glyph, true
}

// pieceSymbols defines one <symbol> per piece token seen, in a hidden
// SVG the diagrams share; ids are pc-0, pc-1, ... in tokens' order.
func pieceSymbols(board *Board, tokens []string) string {
	var b strings.Builder
	b.WriteString(`<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>`)
	for i, t := range tokens {
		owner, id := t[:1], t[1:]
		fill, stroke, text := "#fff", "#222", "#222"
		switch owner {
		case "1":
			fill, stroke, text = "#222", "#222", "#fff"
		case "2":
			fill, stroke, text = "#e8a33d", "#6b4a10", "#222"
		}
		fmt.Fprintf(&b, `<symbol id="pc-%d" viewBox="0 0 40 40">`, i)
		if board != nil && board.Body != "" && id == board.Body {
			// A larger piece's other square: a shade of its owner's
			// colour, no letter, so the piece reads as one over its squares.
			fmt.Fprintf(&b, `<rect x="3" y="3" width="34" height="34" rx="8" fill="%s" fill-opacity="0.55" stroke="%s" stroke-width="1.5" stroke-dasharray="4 3"/>`, fill, stroke)
		} else if g, ok := glyphOf(board, id); ok && owner != "2" {
			fmt.Fprintf(&b, `<text x="20" y="33" text-anchor="middle" font-size="34" fill="%s" stroke="%s" stroke-width="1.2">%s</text>`, fill, stroke, g)
		} else {
			size := 18
			if len([]rune(id)) > 2 {
				size = 12
			}
			fmt.Fprintf(&b, `<circle cx="20" cy="20" r="15" fill="%s" stroke="%s" stroke-width="1.5"/>`, fill, stroke)
			fmt.Fprintf(&b, `<text x="20" y="%d" text-anchor="middle" font-size="%d" font-family="sans-serif" font-weight="bold" fill="%s">%s</text>`,
				20+size*7/20, size, text, template.HTMLEscapeString(id))
		}
		b.WriteString(`</symbol>`)
	}
	b.WriteString(`</defs></svg>`)
	return b.String()
}

// boardSVG draws a position: cells chequered (walls dark), then the
// pieces as uses of the shared symbols, in a group the replay viewer
// redraws.
func boardSVG(b *Board, l layout, f Frame, sym map[string]int, marks, id, title string) string {
	var s strings.Builder
	fmt.Fprintf(&s, `<svg class="board" id="%s" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" role="img" aria-label="%s">`,
		id, l.w, l.h, l.w, l.h, template.HTMLEscapeString(title))
	for i, c := range b.Cells {
		fill := "#f0d9b5"
		switch {
		case c.Wall:
			fill = "#555"
		case b.Hex && ((c.File-c.Rank)%3+3)%3 == 1:
			fill = "#d9b48a"
		case b.Hex && ((c.File-c.Rank)%3+3)%3 == 2:
			fill = "#e8c9a0"
		case !b.Hex && (c.File+c.Rank)%2 == 0:
			fill = "#b58863"
		}
		fmt.Fprintf(&s, `%s fill="%s"><title>%s</title></%s>`, l.shapes[i], fill, c.Name, shapeTag(l.shapes[i]))
	}
	s.WriteString(strings.Join(l.labels, ""))
	s.WriteString(`<g class="pieces">`)
	s.WriteString(piecesSVG(l, f, sym))
	s.WriteString(`</g>`)
	if marks != "" {
		// Items and statuses over the pieces, in a group of their own the
		// replay viewer redraws too.
		s.WriteString(`<g class="marks">` + marks + `</g>`)
	}
	s.WriteString(`</svg>`)
	return s.String()
}

func shapeTag(shape string) string {
	if strings.HasPrefix(shape, "<rect") {
		return "rect"
	}
	return "polygon"
}

// piecesSVG places a frame's pieces.
func piecesSVG(l layout, f Frame, sym map[string]int) string {
	var s strings.Builder
	for i, t := range f {
		if len(t) < 2 || i >= len(l.centers) {
			continue
		}
		c := l.centers[i]
		fmt.Fprintf(&s, `<use href="#pc-%d" x="%.1f" y="%.1f" width="%.0f" height="%.0f"/>`, sym[t], c[0]-cellSize/2, c[1]-cellSize/2, cellSize, cellSize)
	}
	return s.String()
}

// tokensOf lists every piece token of the frames, sorted, with each one's
// symbol number.
func tokensOf(frames ...[]Frame) ([]string, map[string]int) {
	seen := map[string]bool{}
	for _, fs := range frames {
		for _, f := range fs {
			for _, t := range f {
				if len(t) >= 2 {
					seen[t] = true
				}
			}
		}
	}
	var out []string
	for t := range seen {
		out = append(out, t)
	}
	sort.Strings(out)
	idx := make(map[string]int, len(out))
	for i, t := range out {
		idx[t] = i
	}
	return out, idx
}
