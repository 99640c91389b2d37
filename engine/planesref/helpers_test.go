package planesref

import (
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

func intp(n int) *int { return &n }

func vecs(vs ...[2]int) []rules.Vector {
	var out []rules.Vector
	for _, v := range vs {
		out = append(out, rules.Vector(v))
	}
	return out
}

// army is the pieces every test game declares.
func army() []rules.Piece {
	king := []rules.Move{{Kind: rules.KindLeap, Vectors: vecs([2]int{1, 0}, [2]int{1, 1}), Symmetry: rules.SymRotate4}}
	return []rules.Piece{
		{ID: "K", Royal: true, Moves: king},
		{ID: "Q", Moves: []rules.Move{{Kind: rules.KindSlide, Vectors: vecs([2]int{1, 0}, [2]int{1, 1}), Symmetry: rules.SymRotate4}}},
		{ID: "R", Moves: []rules.Move{{Kind: rules.KindSlide, Vectors: vecs([2]int{1, 0}), Symmetry: rules.SymRotate4}}},
		{ID: "B", Moves: []rules.Move{{Kind: rules.KindSlide, Vectors: vecs([2]int{1, 1}), Symmetry: rules.SymRotate4}}},
		{ID: "N", Moves: []rules.Move{{Kind: rules.KindLeap, Vectors: vecs([2]int{1, 2}), Symmetry: rules.SymDihedral8}}},
		{ID: "P", Moves: []rules.Move{
			{Kind: rules.KindSlide, Vectors: vecs([2]int{0, 1}), Range: intp(1), Mode: rules.ModeMove},
			{Kind: rules.KindSlide, Vectors: vecs([2]int{0, 1}), Range: intp(2), MinRange: intp(2), Mode: rules.ModeMove,
				Condition: &rules.Condition{FirstMove: true}},
			{Kind: rules.KindLeap, Vectors: vecs([2]int{1, 1}), Symmetry: rules.SymLateral, Mode: rules.ModeCapture}}},
		// The cannon: slides to move, hops one screen to capture.
		{ID: "C", Moves: []rules.Move{
			{Kind: rules.KindSlide, Vectors: vecs([2]int{1, 0}), Symmetry: rules.SymRotate4, Mode: rules.ModeMove},
			{Kind: rules.KindHop, Vectors: vecs([2]int{1, 0}), Symmetry: rules.SymRotate4, Mode: rules.ModeCapture}}},
		// The xiangqi horse: a lame knight.
		{ID: "H", Moves: []rules.Move{{Kind: rules.KindLame, Vectors: vecs([2]int{1, 2}), Symmetry: rules.SymDihedral8}}},
	}
}

// spec is an 8 by 8 game on boards (none: one board) with the pieces
// placed as "w:R@E:a1 b:N@E:a5", no mirror, rules.win none; edit changes
// it further.
func spec(boards string, placed string, edit ...func(*rules.Spec)) *rules.Spec {
	no := false
	s := &rules.Spec{Name: "test", Board: rules.Board{Width: 8, Height: 8}, Pieces: army(),
		Setup: rules.Setup{Mirror: &no}, Rules: rules.Rules{Win: rules.WinNone}}
	for _, b := range strings.Fields(boards) {
		s.Boards = append(s.Boards, rules.BoardDef{Name: b})
	}
	for _, f := range strings.Fields(placed) {
		who, rest, _ := strings.Cut(f, ":")
		id, sq, _ := strings.Cut(rest, "@")
		player := 0
		if who == "b" {
			player = 1
		}
		s.Setup.Placements = append(s.Setup.Placements, rules.Placement{Piece: id, Player: player, Squares: []string{sq}})
	}
	for _, e := range edit {
		e(s)
	}
	return s
}

// withItems declares items and lays them: "fire@a4 coin@a4 coin@a4".
func withItems(items []rules.Item, laid string) func(*rules.Spec) {
	return func(s *rules.Spec) {
		s.Items = items
		for _, f := range strings.Fields(laid) {
			id, sq, _ := strings.Cut(f, "@")
			s.Setup.Items = append(s.Setup.Items, rules.ItemPlacement{Item: id, Squares: []string{sq}})
		}
	}
}

func afterlives(entries ...rules.Afterlife) func(*rules.Spec) {
	return func(s *rules.Spec) { s.Rules.Afterlife = entries }
}

func resources(rs ...rules.Resource) func(*rules.Spec) {
	return func(s *rules.Spec) { s.Resources = rs }
}

// after is the position after moves from s's start.
func after(t *testing.T, s *rules.Spec, moves []string) *Position {
	t.Helper()
	p, err := New(s)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	for _, m := range moves {
		if p, err = p.Play(m); err != nil {
			t.Fatalf("Play: %v", err)
		}
	}
	return p
}

// pieces is a Board map written "w:R@E:a5 b:N@H:a5".
func pieces(placed string) map[string]string {
	out := map[string]string{}
	for _, f := range strings.Fields(placed) {
		pc, sq, _ := strings.Cut(f, "@")
		out[sq] = pc
	}
	return out
}

// lying is an Items map written "coin@a4=3 fire@b2=1".
func lying(laid string) map[string]map[string]int {
	out := map[string]map[string]int{}
	for _, f := range strings.Fields(laid) {
		id, rest, _ := strings.Cut(f, "@")
		sq, n, _ := strings.Cut(rest, "=")
		if out[sq] == nil {
			out[sq] = map[string]int{}
		}
		out[sq][id] = int(n[0] - '0')
	}
	return out
}
