package engine

import (
	"fmt"
	"slices"
	"strings"

	"balancefarm/engine/rules"
)

// A served promotion (rules.promotion.served, schema 32) ties each
// promoting piece to the target kind standing behind it on its file at the
// start. The tie belongs to the piece, not to a square (a pawn changes
// file when it captures), so Load gives each promoting piece of the setup
// a kind of its own, one per target it can serve: a copy of the piece with
// the same moves and value, promoting to its one target only. A copy's id
// is the piece's id and the target's first character ("PS" for a pawn
// serving the sun), or the piece's first character and a digit where that
// is taken; the notation writes it like any id. Every rule naming the
// piece (captures lists, points) names its copies too.

// expandServed rewrites a spec with served promotions into the plain spec
// Load compiles: the copies declared, the setup's promoting pieces
// replaced by their copies, and one promotion rule per copy. A spec
// without served promotions comes back as it is.
func expandServed(s *rules.Spec) (*rules.Spec, error) {
	if !servedPromotion(s) {
		return s, nil
	}
	out := *s
	out.Pieces = slices.Clone(s.Pieces)
	out.Rules.Promotion = nil
	out.Setup.Placements = slices.Clone(s.Setup.Placements)
	out.Seats = slices.Clone(s.Seats)
	taken := map[string]bool{}
	for _, p := range s.Pieces {
		taken[p.ID] = true
	}
	for i, pr := range s.Rules.Promotion {
		if !pr.Served {
			out.Rules.Promotion = append(out.Rules.Promotion, pr)
			continue
		}
		base := pieceIndex(s, pr.Piece)
		if base < 0 {
			return nil, bad("rules.promotion[%d].piece '%s' is not a declared piece", i, pr.Piece)
		}
		targets := pr.Targets(0)
		copies := map[string]string{} // target id -> the copy's id
		copyOf := func(t string) string {
			if id, ok := copies[t]; ok {
				return id
			}
			id := servedID(pr.Piece, t, taken)
			taken[id] = true
			copies[t] = id
			c := s.Pieces[base]
			c.ID = id
			c.Name = c.DisplayName() + " serving " + t
			c.PromotedFrom = ""
			out.Pieces = append(out.Pieces, c)
			rule := pr
			rule.Piece, rule.To, rule.ToByPlayer, rule.Served = id, []string{t}, nil, false
			out.Rules.Promotion = append(out.Rules.Promotion, rule)
			return id
		}
		var err error
		if out.Setup.Placements, err = serveArmy(out.Setup.Placements, rules.Up, pr.Piece, targets, copyOf); err != nil {
			return nil, fmt.Errorf("setup.placements: %w", err)
		}
		for si := range out.Seats {
			st := &out.Seats[si]
			if st.Army.Turn != "" {
				continue
			}
			placed, err := serveArmy(st.Army.Placements, st.Forward, pr.Piece, targets, copyOf)
			if err != nil {
				return nil, fmt.Errorf("seats[%d].army: %w", si, err)
			}
			st.Army = rules.Army{Placements: placed}
		}
		// The piece itself keeps an ordinary rule, in case one stands
		// anywhere without a copy (none does in a valid file).
		plain := pr
		plain.Served = false
		out.Rules.Promotion = append(out.Rules.Promotion, plain)
		for _, t := range targets {
			id, ok := copies[t]
			if !ok {
				continue
			}
			for j := range out.Pieces {
				if caps := out.Pieces[j].Captures; caps != nil && slices.Contains(caps, pr.Piece) {
					out.Pieces[j].Captures = append(slices.Clone(caps), id)
				}
			}
			if ge := out.Rules.GameEnd; ge != nil && ge.Points != nil {
				if v, ok := ge.Points.Capture[pr.Piece]; ok {
					pts := *ge.Points
					pts.Capture = map[string]int{id: v}
					for k, v := range ge.Points.Capture {
						pts.Capture[k] = v
					}
					end := *ge
					end.Points = &pts
					out.Rules.GameEnd = &end
				}
			}
		}
	}
	return &out, nil
}

// pieceIndex is the index of the piece with that id, -1 if none.
func pieceIndex(s *rules.Spec, id string) int {
	for i, p := range s.Pieces {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// servedID is a free id for the copy of piece serving target: the piece's
// id and the target's first character, else the piece's first character
// and a digit.
func servedID(piece, target string, taken map[string]bool) string {
	if id := piece[:1] + target[:1]; len(piece) == 1 && !taken[id] {
		return id
	}
	for d := '1'; d <= '9'; d++ {
		if id := piece[:1] + string(d); !taken[id] {
			return id
		}
	}
	return piece // every id taken: the plain piece, promoting anywhere
}

// serveArmy replaces the army's pieces of kind id by the copies serving
// the target behind each (looking back against forward along its file,
// the first target met), as copyOf names them.
func serveArmy(army []rules.Placement, forward, id string, targets []string, copyOf func(string) string) ([]rules.Placement, error) {
	// A square may name its board ("A:a2"); a cell holds two pieces.
	type spot struct {
		board string
		sq    rules.Square
	}
	read := func(name string) (spot, bool) {
		board, local, found := strings.Cut(name, ":")
		if !found {
			board, local = "", name
		}
		sq, ok := rules.ParseSquare(local)
		return spot{board, sq}, ok
	}
	kind := map[spot][]string{}
	for _, pl := range army {
		for _, name := range pl.Squares {
			if at, ok := read(name); ok {
				kind[at] = append(kind[at], pl.Piece)
			}
		}
	}
	back := map[string]rules.Vector{rules.Up: {0, -1}, rules.Down: {0, 1}, rules.Left: {1, 0}, rules.Right: {-1, 0}}[forward]
	var out []rules.Placement
	for _, pl := range army {
		if pl.Piece != id {
			out = append(out, pl)
			continue
		}
		for _, name := range pl.Squares {
			from, ok := read(name)
			if !ok {
				return nil, fmt.Errorf("%q is not a square", name)
			}
			served := ""
			for at, n := from.sq.Add(back), 0; n < 64 && served == ""; at, n = at.Add(back), n+1 {
				for _, t := range kind[spot{from.board, at}] {
					if served == "" && slices.Contains(targets, t) {
						served = t
					}
				}
			}
			if served == "" {
				return nil, fmt.Errorf("the %s on %s serves no piece", id, name)
			}
			c := pl
			c.Piece, c.Squares = copyOf(served), []string{name}
			out = append(out, c)
		}
	}
	return out, nil
}
