package repair

import (
	"fmt"
	"maps"
	"slices"
)

// placement is one setup entry as the generators read it.
type placement struct {
	index   int
	piece   string
	player  int
	squares []string
	raw     map[string]any
}

type setup struct {
	mirror bool
	rotate bool
	places []placement
}

func (f *ruleFile) setup() (*setup, bool) {
	s, ok := f.root["setup"].(map[string]any)
	if !ok || f.width <= 0 || f.width > 26 || f.height <= 0 {
		return nil, false
	}
	out := &setup{mirror: s["mirror"] != false, rotate: s["orientation"] == "rotate"}
	list, _ := s["placements"].([]any)
	for i, p := range list {
		m, ok := p.(map[string]any)
		if !ok {
			return nil, false
		}
		pl := placement{index: i, raw: m, squares: stringsOf(m["squares"])}
		pl.piece, _ = m["piece"].(string)
		pl.player, _ = intOf(m["player"])
		out.places = append(out.places, pl)
	}
	return out, len(out.places) > 0
}

// reflect is where the second player's copy of a square stands.
func (f *ruleFile) reflect(s *setup, sq string) (string, bool) {
	x, y, ok := parseSquare(sq)
	if !ok || x >= f.width || y >= f.height {
		return "", false
	}
	if s.rotate {
		x = f.width - 1 - x
	}
	return square(x, f.height-1-y), true
}

// occupied is every square a piece starts on, both players'.
func (f *ruleFile) occupied(s *setup) map[string]bool {
	occ := map[string]bool{}
	for _, p := range s.places {
		for _, sq := range p.squares {
			occ[sq] = true
			if s.mirror {
				if r, ok := f.reflect(s, sq); ok {
					occ[r] = true
				}
			}
		}
	}
	return occ
}

func (f *ruleFile) royal(id string) bool {
	for i, p := range f.pieces {
		if f.pieceID(i) == id {
			return p["royal"] == true
		}
	}
	return false
}

// freeNear is an empty square beside sq (same rank first), whose mirror
// image, when the setup mirrors, is empty and another square.
func (f *ruleFile) freeNear(s *setup, occ map[string]bool, sq string, mirrored bool) (string, bool) {
	x, y, ok := parseSquare(sq)
	if !ok {
		return "", false
	}
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nx, ny := x+d[0], y+d[1]
		if nx < 0 || ny < 0 || nx >= f.width || ny >= f.height {
			continue
		}
		n := square(nx, ny)
		if occ[n] {
			continue
		}
		if mirrored {
			r, ok := f.reflect(s, n)
			if !ok || r == n || occ[r] {
				continue
			}
		}
		return n, true
	}
	return "", false
}

// setupEdits adds or removes one piece of a kind on each side, keeping
// the setup symmetric.
func setupEdits(f *ruleFile) []Edit {
	s, ok := f.setup()
	if !ok {
		return nil
	}
	var out []Edit
	occ := f.occupied(s)
	for _, p := range s.places {
		if s.mirror || p.player == 0 {
			if e, ok := f.setupRemove(s, p); ok {
				out = append(out, e)
			}
			if e, ok := f.setupAdd(s, occ, p); ok {
				out = append(out, e)
			}
		}
	}
	return out
}

// twin is the second player's placement of p's piece in a setup that
// does not mirror.
func (s *setup) twin(p placement) (placement, bool) {
	for _, q := range s.places {
		if q.piece == p.piece && q.player != p.player {
			return q, true
		}
	}
	return placement{}, false
}

func (f *ruleFile) setupRemove(s *setup, p placement) (Edit, bool) {
	if len(p.squares) < 2 {
		return Edit{}, false
	}
	last := len(p.squares) - 1
	e := Edit{Kind: "setup_removed", Target: fmt.Sprintf("setup.placements[%d]", p.index),
		Desc:  fmt.Sprintf("one %s fewer a side (%s and its mirror image)", p.piece, p.squares[last]),
		Patch: []Op{opRemove(pointer("setup", "placements", p.index, "squares", last))}}
	if s.mirror {
		return e, true
	}
	q, ok := s.twin(p)
	r, rok := f.reflect(s, p.squares[last])
	k := slices.Index(q.squares, r)
	if !ok || !rok || k < 0 || len(q.squares) < 2 {
		return Edit{}, false
	}
	e.Patch = append(e.Patch, opRemove(pointer("setup", "placements", q.index, "squares", k)))
	return e, true
}

func (f *ruleFile) setupAdd(s *setup, occ map[string]bool, p placement) (Edit, bool) {
	if len(p.squares) == 0 || f.royal(p.piece) {
		return Edit{}, false
	}
	sq, ok := f.freeNear(s, occ, p.squares[0], true)
	if !ok {
		return Edit{}, false
	}
	r, _ := f.reflect(s, sq)
	e := Edit{Kind: "setup_added", Target: fmt.Sprintf("setup.placements[%d]", p.index),
		Desc:  fmt.Sprintf("one more %s a side (%s and %s)", p.piece, sq, r),
		Patch: []Op{opAdd(pointer("setup", "placements", p.index, "squares", "-"), sq)}}
	if s.mirror {
		return e, true
	}
	q, ok := s.twin(p)
	if !ok {
		return Edit{}, false
	}
	e.Patch = append(e.Patch, opAdd(pointer("setup", "placements", q.index, "squares", "-"), r))
	return e, true
}

// compensationEdits gives one player an extra piece of a kind they start
// with, beside one of theirs: the second player, against a first mover's
// edge, or the first, against the second's. A mirrored setup is written
// out for both players first, since the language has no other way to
// make the armies differ.
func compensationEdits(f *ruleFile) []Edit {
	s, ok := f.setup()
	if !ok {
		return nil
	}
	occ := f.occupied(s)
	var out []Edit
	for _, player := range []int{1, 0} {
		var explicit []any
		if s.mirror {
			explicit = f.explicit(s)
		}
		seen := map[string]bool{}
		for _, p := range s.places {
			if seen[p.piece] || f.royal(p.piece) || len(p.squares) == 0 {
				continue
			}
			// The copy on this player's side, and where it is in the
			// patched list.
			index, squares := p.index, p.squares
			if s.mirror {
				index = 2*p.index + player
				squares = stringsOf(explicit[index].(map[string]any)["squares"])
			} else if p.player != player {
				continue
			}
			sq, ok := f.freeNear(s, occ, squares[0], false)
			if !ok {
				continue
			}
			seen[p.piece] = true
			e := Edit{Kind: "compensation", Target: "setup",
				Desc: fmt.Sprintf("player %d (the %s mover) gets an extra %s on %s", player, order(player), p.piece, sq)}
			if s.mirror {
				placed := slices.Clone(explicit)
				m := maps.Clone(placed[index].(map[string]any))
				m["squares"] = append(slices.Clone(squares), sq)
				placed[index] = m
				e.Patch = []Op{opReplace("/setup/mirror", false), opReplace("/setup/placements", placed)}
				if _, ok := f.root["setup"].(map[string]any)["mirror"]; !ok {
					e.Patch[0] = opAdd("/setup/mirror", false)
				}
			} else {
				e.Patch = []Op{opAdd(pointer("setup", "placements", index, "squares", "-"), sq)}
			}
			out = append(out, e)
			if len(seen) == 2 {
				break
			}
		}
	}
	return out
}

func order(player int) string {
	if player == 0 {
		return "first"
	}
	return "second"
}

// explicit writes a mirrored setup's placements out for both players:
// entry 2k is placement k for the first player, 2k+1 its mirror image.
func (f *ruleFile) explicit(s *setup) []any {
	var out []any
	for _, p := range s.places {
		a := maps.Clone(p.raw)
		a["player"] = 0
		b := maps.Clone(p.raw)
		b["player"] = 1
		var rs []string
		for _, sq := range p.squares {
			r, ok := f.reflect(s, sq)
			if !ok {
				r = sq
			}
			rs = append(rs, r)
		}
		a["squares"], b["squares"] = slices.Clone(p.squares), rs
		out = append(out, a, b)
	}
	return out
}

// boardEdits lengthens the board by a rank or two: more moves before the
// armies meet or a race ends. What names the far end moves with it: goal
// squares on the last rank, a promotion rank given as the last index,
// and, in a setup that does not mirror, the second player's pieces in the
// upper half.
func boardEdits(f *ruleFile) []Edit {
	if f.width <= 0 || f.width > 26 || f.height <= 1 {
		return nil
	}
	if _, ok := f.root["board"].(map[string]any)["height"]; !ok {
		return nil
	}
	var out []Edit
	for _, grow := range []int{1, 2} {
		h := f.height + grow
		if h > 16 {
			break
		}
		shift := func(sqs []string, from int) []string {
			var moved []string
			for _, s := range sqs {
				x, y, ok := parseSquare(s)
				if ok && y >= from {
					s = square(x, y+grow)
				}
				moved = append(moved, s)
			}
			return moved
		}
		e := Edit{Kind: "board", Target: "board.height", Desc: fmt.Sprintf("the board %d ranks long (was %d)", h, f.height),
			Patch: []Op{opReplace("/board/height", h)}}
		if r, ok := f.rules["reach"].(map[string]any); ok {
			e.Patch = append(e.Patch, opReplace("/rules/reach/squares", shift(stringsOf(r["squares"]), f.height-1)))
		}
		if p, ok := f.rules["promotion"].(map[string]any); ok {
			if n, ok := intOf(p["rank"]); ok && n == f.height-1 {
				e.Patch = append(e.Patch, opReplace("/rules/promotion/rank", h-1))
			}
		}
		if s, ok := f.setup(); ok && !s.mirror {
			for _, p := range s.places {
				if p.player == 1 {
					e.Patch = append(e.Patch, opReplace(pointer("setup", "placements", p.index, "squares"), shift(p.squares, f.height/2)))
				}
			}
		}
		out = append(out, e)
	}
	return out
}
