package report

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"
)

// Extras is what a position of the planes family (issue 34) holds beside
// its pieces: items on the cells, statuses on the pieces, the players'
// purses and the market. The diagrams draw the items and statuses as
// marks on the cells and write the purses and market under the board.
type Extras struct {
	Items    []Mark  `json:"items,omitempty"`
	Statuses []Mark  `json:"statuses,omitempty"`
	Purses   []Purse `json:"purses,omitempty"`
	Market   []Card  `json:"market,omitempty"`
	// Unlocking is how many cards are still to be drawn at random and
	// unlocked (the start's open cards, before the first move).
	Unlocking int `json:"unlocking,omitempty"`
	// Hands are the pieces each player holds in hand to drop (rules.drops),
	// by piece id, in the rule file's order; an unlimited stock is -1.
	Hands []Hand `json:"hands,omitempty"`
}

// Hand is how many pieces of one id each player holds: Held[0] the first
// mover's.
type Hand struct {
	ID   string `json:"id"`
	Held [2]int `json:"held"`
}

// Mark is Count of an item lying on a cell, or of a status on the piece
// standing there; Cell indexes Board.Cells.
type Mark struct {
	Cell  int    `json:"cell"`
	ID    string `json:"id"` // the item's id or the status's name
	Count int    `json:"count"`
}

// Purse is what each player holds of a resource: Held[0] the first mover.
type Purse struct {
	Resource string `json:"resource"`
	Held     [2]int `json:"held"`
}

// Card is a market card, its price now and whether it can be bought.
type Card struct {
	Name     string `json:"name"`
	Price    int    `json:"price"`
	Unlocked bool   `json:"unlocked"`
}

// empty reports whether there is nothing to show.
func (x *Extras) empty() bool {
	return x == nil || len(x.Items) == 0 && len(x.Statuses) == 0 && len(x.Purses) == 0 && len(x.Market) == 0
}

// legend names the marks: a short label per item id and per status name,
// distinct within each, the first letter where it is free.
type legend struct {
	items, statuses []string          // ids and names in the order first seen
	label           map[string]string // "i:" or "s:" + id -> its label
}

func legendOf(all ...*Extras) *legend {
	lg := &legend{label: map[string]string{}}
	add := func(kind string, ids *[]string, id string) {
		key := kind + id
		if _, ok := lg.label[key]; ok {
			return
		}
		taken := map[string]bool{}
		for _, other := range *ids {
			taken[lg.label[kind+other]] = true
		}
		*ids = append(*ids, id)
		for n := 1; n <= len(id); n++ {
			if l := id[:n]; !taken[l] {
				lg.label[key] = l
				return
			}
		}
		lg.label[key] = id + strconv.Itoa(len(*ids)) // an id that is a prefix of all the others'
	}
	for _, x := range all {
		if x == nil {
			continue
		}
		for _, m := range x.Items {
			add("i:", &lg.items, m.ID)
		}
		for _, m := range x.Statuses {
			add("s:", &lg.statuses, m.ID)
		}
	}
	return lg
}

// markText is a mark's label with its count when more than one.
func (lg *legend) markText(kind string, m Mark) string {
	t := lg.label[kind+m.ID]
	if m.Count > 1 {
		t += strconv.Itoa(m.Count)
	}
	return t
}

// Text says what the marks mean, for the page and the Markdown.
func (lg *legend) Text() string {
	var parts []string
	list := func(kind string, ids []string) string {
		var out []string
		for _, id := range ids {
			out = append(out, lg.label[kind+id]+" "+id)
		}
		return strings.Join(out, ", ")
	}
	if len(lg.items) > 0 {
		parts = append(parts, "items lying on a square are the blue tags at its foot ("+list("i:", lg.items)+")")
	}
	if len(lg.statuses) > 0 {
		parts = append(parts, "a piece's statuses are the red badges at its corner ("+list("s:", lg.statuses)+")")
	}
	if len(parts) == 0 {
		return ""
	}
	return "Marks: " + strings.Join(parts, "; ") + "; a number after a mark counts a stack."
}

// Mark sizes, in SVG units (a cell is 40): big enough to read where a
// wide board of several planes is drawn at half size.
const (
	itemMarkH   = 13.0
	statusMarkR = 7.0
	markFont    = 10
	markCharW   = 6.0 // the width a label's letter takes
)

// marksSVG draws x's items and statuses on the cells laid out by l: each
// item a tag along the cell's foot, each status a badge down its right
// side, in the order the marks are listed.
func marksSVG(l layout, lg *legend, x *Extras) string {
	return strings.Join(markParts(l, lg, x), "")
}

// markParts is marksSVG one mark at a time, each an SVG group of its own.
func markParts(l layout, lg *legend, x *Extras) []string {
	if x == nil {
		return nil
	}
	var parts []string
	var s strings.Builder
	slot := map[int]float64{} // the next tag's x offset in a cell
	for _, m := range x.Items {
		if m.Cell < 0 || m.Cell >= len(l.centers) {
			continue
		}
		c, text := l.centers[m.Cell], lg.markText("i:", m)
		w := 4 + markCharW*float64(len(text))
		x0, y0 := c[0]-cellSize/2+1+slot[m.Cell], c[1]+cellSize/2-itemMarkH-1
		slot[m.Cell] += w + 1
		fmt.Fprintf(&s, `<g class="item"><title>%s</title><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="2" fill="#8fd3f4" stroke="#1b5e7a" stroke-width="0.8"/>`,
			template.HTMLEscapeString(markTitle(m)), x0, y0, w, itemMarkH)
		fmt.Fprintf(&s, `<text x="%.1f" y="%.1f" font-size="%d" font-family="sans-serif" text-anchor="middle" fill="#0b2e3c">%s</text></g>`,
			x0+w/2, y0+itemMarkH-3, markFont, template.HTMLEscapeString(text))
		parts = append(parts, s.String())
		s.Reset()
	}
	row := map[int]float64{}
	for _, m := range x.Statuses {
		if m.Cell < 0 || m.Cell >= len(l.centers) {
			continue
		}
		c, text := l.centers[m.Cell], lg.markText("s:", m)
		w := max(2*statusMarkR, 4+markCharW*float64(len(text)))
		x0, y0 := c[0]+cellSize/2-w-1, c[1]-cellSize/2+1+row[m.Cell]
		row[m.Cell] += 2*statusMarkR + 1
		fmt.Fprintf(&s, `<g class="status"><title>%s</title><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="%.1f" fill="#c0392b" stroke="#fff" stroke-width="0.8"/>`,
			template.HTMLEscapeString(markTitle(m)), x0, y0, w, 2*statusMarkR, statusMarkR)
		fmt.Fprintf(&s, `<text x="%.1f" y="%.1f" font-size="%d" font-family="sans-serif" text-anchor="middle" fill="#fff">%s</text></g>`,
			x0+w/2, y0+statusMarkR+3.5, markFont, template.HTMLEscapeString(text))
		parts = append(parts, s.String())
		s.Reset()
	}
	return parts
}

func markTitle(m Mark) string {
	if m.Count > 1 {
		return fmt.Sprintf("%s ×%d", m.ID, m.Count)
	}
	return m.ID
}

// PanelText is the purses and the market in words: what stands under a
// diagram, and the Markdown's line for a position.
func (x *Extras) PanelText() string {
	if x == nil {
		return ""
	}
	var parts []string
	if len(x.Hands) > 0 {
		parts = append(parts, "In hand: "+handText(x.Hands, 0)+" (first), "+handText(x.Hands, 1)+" (second).")
	}
	if len(x.Purses) > 0 {
		var ps []string
		for _, p := range x.Purses {
			ps = append(ps, fmt.Sprintf("%s %d (first) / %d (second)", p.Resource, p.Held[0], p.Held[1]))
		}
		parts = append(parts, "Purses: "+strings.Join(ps, ", ")+".")
	}
	if len(x.Market) > 0 {
		var open, locked []string
		for _, c := range x.Market {
			t := fmt.Sprintf("%s %d", c.Name, c.Price)
			if c.Unlocked {
				open = append(open, t)
			} else {
				locked = append(locked, t)
			}
		}
		m := "Market: on sale " + orNone(open)
		if x.Unlocking > 0 {
			// Before the draw, "on sale nothing" would read as a shop
			// that sells nothing.
			m = fmt.Sprintf("Market: %d of the cards to be drawn at random and put on sale", x.Unlocking)
			if len(open) > 0 {
				m += "; on sale " + strings.Join(open, ", ")
			}
		}
		if len(locked) > 0 {
			m += "; locked " + strings.Join(locked, ", ")
		}
		parts = append(parts, m+".")
	}
	return strings.Join(parts, " ")
}

// handText is what one player holds in hand, "N, P×2", or "nothing".
func handText(hands []Hand, player int) string {
	var held []string
	for _, h := range hands {
		switch n := h.Held[player]; {
		case n < 0:
			held = append(held, h.ID+"×∞")
		case n == 1:
			held = append(held, h.ID)
		case n > 1:
			held = append(held, fmt.Sprintf("%s×%d", h.ID, n))
		}
	}
	return orNone(held)
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "nothing"
	}
	return strings.Join(xs, ", ")
}

// itemsText lists the items and statuses by square, for the Markdown
// (which draws no diagram).
func (x *Extras) itemsText(b *Board) string {
	if x == nil || b == nil {
		return ""
	}
	name := func(cell int) string {
		if cell >= 0 && cell < len(b.Cells) {
			return b.Cells[cell].Name
		}
		return "?"
	}
	var parts []string
	for _, set := range []struct {
		what  string
		marks []Mark
	}{{"Items", x.Items}, {"Statuses", x.Statuses}} {
		var out []string
		for _, m := range set.marks {
			out = append(out, name(m.Cell)+" "+markTitle(m))
		}
		if len(out) > 0 {
			parts = append(parts, set.what+": "+strings.Join(out, ", ")+".")
		}
	}
	return strings.Join(parts, " ")
}

// marksStates are the distinct marks of a game's positions (parts, each
// one mark's SVG), its distinct layers as lists of parts, and which layer
// each position shows: the replay viewer's share of the extras. Items and
// statuses change far less often than the pieces, and a layer differs from
// the one before in a mark or two, so the page holds each mark once.
func marksStates(l layout, lg *legend, extras []*Extras) (parts []string, states [][]int, at []int) {
	var partSet interned[string]
	var stateSet interned[struct{}]
	for _, x := range extras {
		state := []int{} // a layer without marks is [], not null, to the script
		for _, svg := range markParts(l, lg, x) {
			state = append(state, partSet.index(svg, svg))
		}
		i := stateSet.index(fmt.Sprint(state), struct{}{})
		if i == len(states) {
			states = append(states, state)
		}
		at = append(at, i)
	}
	return partSet.values, states, at
}

// interned holds each distinct value once, in the order first seen.
type interned[V any] struct {
	at     map[string]int
	values []V
}

// index is the index of the value keyed key, added (as v) when new.
func (s *interned[V]) index(key string, v V) int {
	if i, ok := s.at[key]; ok {
		return i
	}
	if s.at == nil {
		s.at = map[string]int{}
	}
	s.at[key] = len(s.values)
	s.values = append(s.values, v)
	return len(s.values) - 1
}
