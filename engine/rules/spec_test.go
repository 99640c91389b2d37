package rules

import (
	"reflect"
	"testing"
)

// The typed Spec holds what the file says, and its accessors give the
// reference's defaults for what it leaves out.

func TestSpecFilledFromFile(t *testing.T) {
	data := apply(t, "five",
		set("schema_version", `27`),
		set("rules.promotion", `[{"piece": "P", "to_by_player": {"0": ["Q"], "1": ["R", "N"]}, "mandatory": false}, {"piece": "N", "rank": 3, "to": ["Q"]}]`),
		set("rules.repetition_draw", `"never"`),
		set("rules.reach", `{"squares": ["c3"], "mirror": "rotate"}`),
		set("rules.extinction", `{"pieces": ["Q", "R"], "per_type": "own"}`),
		set("rules.drops", `{"stock": {"N": "unlimited", "B": 2}}`),
		set("appearance", `{"K": ["king-w", "king-b"], "P": "pawn"}`),
		set("pieces[0].facing", `{"axes": 2, "turns": false}`),
		set("setup.placements[0].facing", `"backward"`),
	)
	spec, problems := Parse(data)
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	r := &spec.Rules
	if spec.Version() != 27 || r.WinOrDefault() != WinCheckmate || r.StalemateOrDefault() != "draw" || r.CheckmateOrDefault() != "loss" {
		t.Errorf("version/win defaults: %d %s %s %s", spec.Version(), r.WinOrDefault(), r.StalemateOrDefault(), r.CheckmateOrDefault())
	}
	if r.MaxPliesOrDefault() != 200 || r.NoProgressOrDefault() != 100 || r.RepetitionOrDefault() != 0 {
		t.Errorf("clocks: %d %d %d", r.MaxPliesOrDefault(), r.NoProgressOrDefault(), r.RepetitionOrDefault())
	}
	if len(r.Promotion) != 2 || r.Promotion[0].IsMandatory() || !r.Promotion[1].IsMandatory() {
		t.Fatalf("promotion: %+v", r.Promotion)
	}
	if got := r.Promotion[0].Targets(1); !reflect.DeepEqual(got, []string{"R", "N"}) {
		t.Errorf("targets for player 1: %v", got)
	}
	if got := r.Promotion[1].Targets(0); !reflect.DeepEqual(got, []string{"Q"}) {
		t.Errorf("targets for player 0: %v", got)
	}
	if got := r.Promotion[1].Zone(spec.Board); len(got) != 5 || got[0] != (Square{0, 3}) {
		t.Errorf("rank 3 zone: %v", got)
	}
	if got := r.Promotion[0].Zone(spec.Board); len(got) != 5 || got[0] != (Square{0, 4}) {
		t.Errorf("default zone: %v", got)
	}
	if m := r.Reach.MirrorOrDefault(); !m.Rotate || r.Reach.ResultOrDefault() != "win" || r.Reach.OnOrDefault() != "arrive" {
		t.Errorf("reach: %+v %s %s", m, r.Reach.ResultOrDefault(), r.Reach.OnOrDefault())
	}
	if e := r.Extinction; !e.PerType.Own || e.MinCountOrDefault() != 1 || e.ResultOrDefault() != "loss" || !reflect.DeepEqual(e.Pieces.IDs, []string{"Q", "R"}) {
		t.Errorf("extinction: %+v", e)
	}
	if d := r.Drops; !d.Stock["N"].Unlimited || d.Stock["B"].Count != 2 || !d.FillsFromCaptures() {
		t.Errorf("drops: %+v", d)
	}
	if got := spec.Appearance["K"].Names; !reflect.DeepEqual(got, []string{"king-w", "king-b"}) {
		t.Errorf("appearance: %v", got)
	}
	p := &spec.Pieces[0]
	if p.DisplayName() != "pawn" || p.PieceValue() != 1 || p.Facing.TurnsOrDefault() || p.Facing.InitialOrDefault() != FaceForward {
		t.Errorf("pawn: %+v", p)
	}
	m := &p.Moves[1]
	if m.RangeOrDefault() != 1 || m.MinRangeOrDefault() != 1 || m.ModeOrDefault() != ModeCapture || m.SymmetryOrDefault() != SymLateral || m.ScreenOrDefault() != "any" {
		t.Errorf("pawn capture: %+v", m)
	}
	if spec.Setup.Placements[0].Facing != FaceBackward || !spec.Setup.Mirrored() || spec.Setup.Rotated() {
		t.Errorf("setup: %+v", spec.Setup)
	}
}

func TestSpecPortalsAndCaptures(t *testing.T) {
	spec, problems := Parse(apply(t, "portals",
		del("rules.portals[0].orange"), del("rules.portals[0].blue"), del("rules.portals[0].moved_by"), del("rules.portals[0].no_straight_back"),
		set("rules.portals[0].ends", `[{"at": "a3", "to": 1, "enter": [1]}, {"at": "c3", "to": 2}, {"at": "e3"}]`),
		set("rules.portals[0].kind", `"fold"`)))
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	g := &spec.Rules.Portals[0]
	if !g.IsFold() || g.movedByAnyone() || !reflect.DeepEqual(g.Ends[0].EnterOrDefault(), []int{1}) || !reflect.DeepEqual(g.Ends[1].EnterOrDefault(), []int{0, 1}) || g.Ends[2].To != nil {
		t.Errorf("portal group: %+v", g)
	}
	spec, problems = Parse(apply(t, "five",
		set("rules.strike", `{"position": "home", "immune": ["K"]}`),
		set("rules.contacts", `{"links": [{"mover": "N", "onto": "B", "onto_to": "N"}], "position": "swap", "immune": ["K"]}`),
		set("rules.explode_on_capture", `{"by": ["Q"]}`)))
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	r := &spec.Rules
	if r.Strike.EffectOrDefault() != "capture" || r.Strike.PositionOrDefault() != "home" || r.Contacts.PositionOrDefault() != "swap" ||
		r.ExplodeOnCapture.RadiusOrDefault() != 1 || r.ExplodeOnCapture.Of != nil || len(r.ExplodeOnCapture.By) != 1 {
		t.Errorf("capture rules: %+v %+v %+v", r.Strike, r.Contacts, r.ExplodeOnCapture)
	}
}

func TestGeometry(t *testing.T) {
	sizes := map[string]int{SymNone: 1, SymLateral: 2, SymRotate4: 4, SymDihedral8: 8, SymRotate6: 6, SymDihedral12: 12}
	for sym, want := range sizes {
		if got := len(ExpandVectors([]Vector{{1, 2}}, sym)); got != want {
			t.Errorf("%s of [1, 2]: %d images, want %d", sym, got, want)
		}
	}
	if got := ExpandVectors([]Vector{{1, 0}}, SymRotate6); !reflect.DeepEqual(got, []Vector{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}) {
		t.Errorf("hex neighbours: %v", got)
	}
	if got := ExpandVectors([]Vector{{1, 0}, {0, 1}}, SymRotate4); len(got) != 4 {
		t.Errorf("rook directions dedupe: %v", got)
	}
	hexagon := Board{Width: 7, Height: 7, Lattice: LatticeHex, Shape: ShapeHexagon}
	if n := len(hexagon.Cells()); n != 37 {
		t.Errorf("hexagon of side 4 has %d cells, want 37", n)
	}
	for _, sq := range hexagon.Cells() {
		if !hexagon.Contains(hexagon.Reflect(sq, true)) {
			t.Errorf("%s turned half round leaves the hexagon", sq)
		}
	}
	for name, ok := range map[string]bool{"a1": true, "p16": true, "q1": false, "a0": false, "a17": false, "a01": false, "A1": false, "a": false, "a1x": false} {
		if sq, got := ParseSquare(name); got != ok || (ok && sq.String() != name) {
			t.Errorf("ParseSquare(%q) = %v, %v", name, sq, got)
		}
	}
	if v := ReflectVector(Vector{1, 2}, false); v != (Vector{1, -2}) {
		t.Errorf("mirrored vector %v", v)
	}
	if v := ReflectVector(Vector{1, 2}, true); v != (Vector{-1, -2}) {
		t.Errorf("rotated vector %v", v)
	}
}

// The hex mirror is a symmetry of the lattice: neighbours stay neighbours,
// a hexagon maps onto itself, and twice is the identity.
func TestHexMirror(t *testing.T) {
	for _, rotate := range []bool{false, true} {
		for _, v := range ExpandVectors([]Vector{{1, 0}}, SymRotate6) {
			if m := ReflectHexVector(v, rotate); stepLength(m, true) != 1 || ReflectHexVector(m, rotate) != v {
				t.Errorf("rotate %v: neighbour %v mirrors to %v", rotate, v, m)
			}
		}
		for _, n := range []int{3, 7, 11} {
			b := Board{Width: n, Height: n, Lattice: LatticeHex, Shape: ShapeHexagon}
			for _, sq := range b.Cells() {
				m := b.Reflect(sq, rotate)
				if !b.Contains(m) || b.Reflect(m, rotate) != sq {
					t.Errorf("%d-hexagon, rotate %v: %v mirrors to %v", n, rotate, sq, m)
				}
				for _, v := range ExpandVectors([]Vector{{1, 0}}, SymRotate6) {
					if w := sq.Add(v); b.Contains(w) && b.Reflect(w, rotate) != b.Reflect(sq, rotate).Add(ReflectHexVector(v, rotate)) {
						t.Errorf("%d-hexagon: the step %v from %v does not mirror to the mirrored step", n, v, sq)
					}
				}
			}
		}
	}
	// The mirror keeps left and right and turns forward into backward.
	if m := ReflectHexVector(Vector{1, 0}, false); m != (Vector{1, 0}) {
		t.Errorf("[1,0] mirrors to %v", m)
	}
	if m := ReflectHexVector(Vector{0, 1}, false); m != (Vector{1, -1}) {
		t.Errorf("[0,1] mirrors to %v", m)
	}
}

func TestQuoting(t *testing.T) {
	cases := map[string]string{
		"plain":         `'plain'`,
		"it's":          `"it's"`,
		`say "hi" it's`: `'say "hi" it\'s'`,
		"tab\there":     `'tab\there'`,
		"nul\x00":       `'nul\x00'`,
		`back\slash`:    `'back\\slash'`,
	}
	for in, want := range cases {
		if got := quote(in); got != want {
			t.Errorf("quote(%q) = %s, want %s", in, got, want)
		}
	}
	if got := keyText("a b"); got != `'a b'` {
		t.Errorf("keyText: %s", got)
	}
	// A key with a newline cannot break a problem onto two lines.
	check(t, apply(t, "five", set("rules.drops", `{"stock": {"N\nX": 1}}`)), []string{`rules.drops.stock key 'N\nX' is not a declared piece`})
}
