package engine

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"balancefarm/engine/rules"
)

var updateFamilies = flag.Bool("update-families", false, "rewrite testdata/families.txt from the table")

// familyBase is a small game with none of the families: pawns that
// promote, knights, a rook and a royal king on each side.
const familyBase = `{
  "schema_version": 31,
  "name": "family base",
  "board": {"width": 8, "height": 8},
  "pieces": [
    {"id": "P", "value": 1, "moves": [
      {"kind": "slide", "vectors": [[0, 1]], "range": 1, "mode": "move"},
      {"kind": "leap", "vectors": [[1, 1]], "symmetry": "lateral", "mode": "capture"}]},
    {"id": "N", "value": 3, "moves": [{"kind": "leap", "vectors": [[1, 2]], "symmetry": "dihedral8"}]},
    {"id": "R", "value": 5, "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}]},
    {"id": "K", "value": 0, "royal": true, "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]}
  ],
  "setup": {"mirror": true, "placements": [
    {"piece": "P", "squares": ["b2", "c2", "f2", "g2"]},
    {"piece": "N", "squares": ["b1", "g1"]},
    {"piece": "R", "squares": ["a1", "h1"]},
    {"piece": "K", "squares": ["e1"]}]},
  "rules": {"promotion": {"piece": "P", "rank": "last", "to": ["R", "N"]}, "max_plies": 200}
}`

func familyBaseSpec(t *testing.T) *rules.Spec {
	t.Helper()
	var s rules.Spec
	if err := json.Unmarshal([]byte(familyBase), &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// withRules merges a fragment of rules keys into the spec's rules (a key
// already there, drops say, keeps what the fragment does not set).
func withRules(fragment string) func(t *testing.T, s *rules.Spec) {
	return func(t *testing.T, s *rules.Spec) {
		t.Helper()
		if err := json.Unmarshal([]byte(fragment), &s.Rules); err != nil {
			t.Fatalf("%s: %v", fragment, err)
		}
	}
}

func piece(s *rules.Spec, id string) *rules.Piece {
	for i := range s.Pieces {
		if s.Pieces[i].ID == id {
			return &s.Pieces[i]
		}
	}
	panic("no piece " + id)
}

// addFamily gives the base game one family, in a form that loads alone.
// The rook is the piece the facing goes on and the piece castling, reach
// and touch name, so the refusals about a piece with a facing apply.
var addFamily = [numFamilies]func(t *testing.T, s *rules.Spec){
	famDrops:          withRules(`{"drops": {}}`),
	famNoMate:         withRules(`{"drops": {"no_mate": ["N"]}}`),
	famNoMateKey:      withRules(`{"drops": {"no_mate": []}}`),
	famNoDoubled:      withRules(`{"drops": {"no_doubled": ["P"]}}`),
	famEitherFace:     withRules(`{"drops": {"either_face": true}}`),
	famPromoteOnEntry: withRules(`{"drops": {}, "promote_on_entry": true}`),
	famSymmetricDrops: withRules(`{"drops": {"choose_facing": true}}`),
	famCapture:        withRules(`{"explode_on_capture": {}}`),
	famTerritory:      withRules(`{"territory": {"mode": "permanent"}}`),
	famRounds:         withRules(`{"simultaneous": {}, "win": "royal_capture"}`),
	famTurn:           withRules(`{"turn": {"moves": 1, "ramp": [1, 1]}}`),
	famLongTurns:      withRules(`{"turn": {"moves": 2}}`),
	famRest:           func(t *testing.T, s *rules.Spec) { piece(s, "N").Rest = 1 },
	famNPCs:           withRules(`{"npcs": [{"piece": "N", "route": ["d4"]}]}`),
	famPortals: func(t *testing.T, s *rules.Spec) {
		s.Pieces = append(s.Pieces, rules.Piece{ID: "O", Moves: []rules.Move{{Kind: rules.KindLeap, Vectors: []rules.Vector{{1, 0}}, Symmetry: rules.SymRotate4, Mode: "move"}}})
		withRules(`{"portals": [{"piece": "O", "orange": "a4", "blue": "h5"}]}`)(t, s)
	},
	famFacing:        func(t *testing.T, s *rules.Spec) { piece(s, "R").Facing = &rules.Facing{Axes: 2} },
	famTouch:         withRules(`{"touch": {"piece": "R", "squares": ["d4"]}}`),
	famEntry:         withRules(`{"entry": [{"squares": ["d4"], "pieces": ["K"]}]}`),
	famCounting:      withRules(`{"counting": {"none_of": ["P"], "moves": 64}}`),
	famPromotionRest: func(t *testing.T, s *rules.Spec) { s.Rules.Promotion[0].Rest = 1 },
	famCastling:      withRules(`{"castling": {"king": "K", "rook": "R"}}`),
	famEnPassant:     withRules(`{"en_passant": true}`),
	famExtinction:    withRules(`{"extinction": {"pieces": ["R"]}}`),
	famReach:         withRules(`{"reach": {"piece": "R", "squares": ["d8"]}}`),
	famSeats: func(t *testing.T, s *rules.Spec) {
		off := false
		s.Setup.Mirror = &off
		s.Seats = []rules.Seat{{Name: "white", Army: rules.Army{Turn: rules.ArmyAsWritten}}, {Name: "black", Army: rules.Army{Turn: rules.ArmyReflectRanks}}}
	},
	famBoards: func(t *testing.T, s *rules.Spec) {
		s.Boards = []rules.BoardDef{{Name: "A"}, {Name: "B"}}
		for i := range s.Setup.Placements {
			for j, sq := range s.Setup.Placements[i].Squares {
				s.Setup.Placements[i].Squares[j] = "A:" + sq
			}
		}
		withRules(`{"vertical": {}}`)(t, s)
	},
	famCells: withRules(`{"cells": {"squares": ["a1"]}}`),
	famChance: withRules(`{"dice": {"faces": [{"name": "N", "pieces": ["N"]}, {"name": "K", "pieces": ["K", "R", "P"]}]},
		"hazards": [{"pieces": ["N"], "chance": 0.25}]}`),
	famHidden: withRules(`{"sight": {}, "win": "royal_capture"}`),
	famPlanes: func(t *testing.T, s *rules.Spec) {
		withRules(`{"win": "royal_capture"}`)(t, s)
		s.Resources = []rules.Resource{{Name: "coins", Income: &rules.Income{Amount: 1}}}
		s.Items = []rules.Item{{ID: "coin", Gain: map[string]int{"coins": 1}, Consumed: true}}
		s.Setup.Items = []rules.ItemPlacement{{Item: "coin", Squares: []string{"d5"}}}
	},
	famPriority: withRules(`{"priority": [{"when": "in_check", "moves": "royal"}]}`),
	famServed: func(t *testing.T, s *rules.Spec) {
		// Each pawn needs a target behind it: a2 and h2 serve the rooks,
		// b2 and g2 the knights.
		s.Rules.Promotion[0].Served = true
		s.Setup.Placements[0].Squares = []string{"a2", "b2", "g2", "h2"}
	},
}

// TestFamilyAlone: each family, added to the base game alone, is present
// and loads, unless a limit row of its own refuses it alone (seats, which
// the engine does not play at all yet), in that row's words.
func TestFamilyAlone(t *testing.T) {
	for id, f := range families {
		s := familyBaseSpec(t)
		addFamily[id](t, s)
		if !f.present(s) {
			t.Errorf("%s: not present after it was added", f.name)
		}
		want := ""
		for _, row := range refusals {
			if row.a == familyID(id) && row.limit != nil && want == "" {
				if why := row.limit(s); why != "" {
					want = "not supported yet: " + why
				}
			}
		}
		_, err := Load(s)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s alone: %v", f.name, err)
		case want != "" && (err == nil || err.Error() != want):
			t.Errorf("%s alone: Load said %v, want %q", f.name, err, want)
		}
	}
	s := familyBaseSpec(t)
	for id, f := range families {
		if f.present(s) {
			t.Errorf("the base game has %s", families[id].name)
		}
	}
}

// pairErr is what Load says of the base game with families a and b, and
// what the table alone says of it.
func pairErr(t *testing.T, a, b familyID) (load, table error) {
	s := familyBaseSpec(t)
	addFamily[a](t, s)
	addFamily[b](t, s)
	table = checkFamilies(s)
	_, load = Load(s)
	return load, table
}

// TestFamilyPairsRefused: for every pair row, the base game with both
// families is refused with exactly the row's reason; and for every pair
// of families, Load refuses it exactly when the table does, in the same
// words.
func TestFamilyPairsRefused(t *testing.T) {
	for _, row := range refusals {
		if row.limit != nil {
			continue
		}
		err, _ := pairErr(t, row.a, row.b)
		if want := "not supported yet: " + row.reason; err == nil || err.Error() != want {
			t.Errorf("%s beside %s: Load said %v, want %q", families[row.a].name, families[row.b].name, err, want)
		}
	}
	for a := range families {
		for b := a + 1; b < len(families); b++ {
			load, table := pairErr(t, familyID(a), familyID(b))
			loadRefused := load != nil && strings.HasPrefix(load.Error(), "not supported yet")
			if loadRefused != (table != nil) || loadRefused && load.Error() != table.Error() {
				t.Errorf("%s beside %s: Load said %v, the table %v", families[a].name, families[b].name, load, table)
			}
		}
	}
}

// TestFamilyLimits: each limit row refuses a file past it, in its words,
// and nothing else in the table refuses that file.
func TestFamilyLimits(t *testing.T) {
	cases := []struct {
		name   string
		change func(t *testing.T, s *rules.Spec)
		want   string
	}{
		{"a mirrored bent move on a facing piece", func(t *testing.T, s *rules.Spec) {
			r := piece(s, "R")
			r.Facing = &rules.Facing{Axes: 2}
			r.Moves = append(r.Moves, rules.Move{Kind: rules.KindBent, Vectors: []rules.Vector{{1, 0}}, Then: []rules.Vector{{1, 1}}, Symmetry: rules.SymLateral})
		}, "pieces[2].moves[1]: a bent move of symmetry lateral on a piece with a facing"},
		{"too many ways of pointing", func(t *testing.T, s *rules.Spec) {
			for i := 0; i < 6; i++ {
				s.Pieces = append(s.Pieces, rules.Piece{ID: fmt.Sprintf("F%d", i), Facing: &rules.Facing{Axes: 4},
					Moves: []rules.Move{{Kind: rules.KindLeap, Vectors: []rules.Vector{{0, 1}}}}})
			}
		}, "pieces[].facing: 28 kinds counting each way a piece points, at most 24"},
		{"entry beside a hop", func(t *testing.T, s *rules.Spec) {
			addFamily[famEntry](t, s)
			n := piece(s, "N")
			n.Moves = append(n.Moves, rules.Move{Kind: rules.KindHop, Vectors: []rules.Vector{{0, 1}}, Symmetry: rules.SymRotate4})
		}, "rules.entry beside a hop or sweep (pieces[1].moves[1])"},
		{"promote_on_entry without drops", withRules(`{"promote_on_entry": true}`), "rules.promote_on_entry without rules.drops"},
		{"seventeen npcs entries", func(t *testing.T, s *rules.Spec) {
			for i := 0; i <= maxWildEntries; i++ {
				s.Rules.NPCs = append(s.Rules.NPCs, rules.NPC{Piece: "N", Route: []string{fmt.Sprintf("%c4", 'a'+i%8)}})
			}
		}, "more than 16 rules.npcs entries"},
		{"cells without seats", addFamily[famCells], "rules.cells without seats"},
		{"cells under checkmate", func(t *testing.T, s *rules.Spec) {
			addFamily[famSeats](t, s)
			addFamily[famCells](t, s)
		}, "rules.cells with rules.win 'checkmate'"},
		{"cells beside en passant", func(t *testing.T, s *rules.Spec) {
			addFamily[famSeats](t, s)
			addFamily[famCells](t, s)
			withRules(`{"win": "royal_capture", "en_passant": true}`)(t, s)
		}, "rules.cells with rules.en_passant"},
		{"a hop reaching across", func(t *testing.T, s *rules.Spec) {
			addFamily[famBoards](t, s)
			withRules(`{"across": {}}`)(t, s)
			n := piece(s, "N")
			n.Moves = append(n.Moves, rules.Move{Kind: rules.KindHop, Vectors: []rules.Vector{{0, 1}}, Symmetry: rules.SymRotate4})
		}, "boards: across on a hop move (pieces[1].moves[1])"},
		{"five seats", func(t *testing.T, s *rules.Spec) {
			addFamily[famSeats](t, s)
			for _, name := range []string{"c", "d", "e"} {
				s.Seats = append(s.Seats, rules.Seat{Name: name, Army: rules.Army{Turn: rules.ArmyAsWritten}})
			}
		}, "more than 4 seats"},
		{"sight under checkmate", withRules(`{"sight": {}}`), "rules.sight or hidden pieces under rules.win 'checkmate'"},
		{"hidden pieces with hazards", func(t *testing.T, s *rules.Spec) {
			piece(s, "K").Hidden = true
			withRules(`{"win": "royal_capture", "hazards": [{"pieces": ["N"], "chance": 0.5}]}`)(t, s)
		}, "rules.sight or hidden pieces with rules.hazards"},
		{"sight with drops from captures", withRules(`{"sight": {}, "win": "royal_capture", "drops": {}}`), "rules.sight or hidden pieces with drops from captures"},
		{"items under checkmate", func(t *testing.T, s *rules.Spec) {
			addFamily[famPlanes](t, s)
			s.Rules.Win = rules.WinCheckmate
		}, "items, resources or afterlives under rules.win 'checkmate'"},
		{"items with a check limit", func(t *testing.T, s *rules.Spec) {
			addFamily[famPlanes](t, s)
			withRules(`{"check_limit": 3}`)(t, s)
		}, "items, resources or afterlives with rules.forbid_check or rules.check_limit"},
		{"afterlives with transfer", func(t *testing.T, s *rules.Spec) {
			addFamily[famBoards](t, s)
			addFamily[famPlanes](t, s)
			s.Rules.Vertical = nil
			withRules(`{"transfer": {}}`)(t, s)
		}, "items, resources or afterlives with rules.transfer or rules.across"},
		{"items with a sweep", func(t *testing.T, s *rules.Spec) {
			addFamily[famPlanes](t, s)
			r := piece(s, "R")
			r.Moves = append(r.Moves, rules.Move{Kind: rules.KindSweep, Vectors: []rules.Vector{{0, 1}}})
		}, "items, resources or afterlives with a sweep"},
		{"items with a move across", func(t *testing.T, s *rules.Spec) {
			addFamily[famBoards](t, s)
			addFamily[famPlanes](t, s)
			r := piece(s, "R")
			r.Moves[0].Across = &rules.Across{Mode: rules.ModeCapture}
		}, "items, resources or afterlives with a move across"},
		{"seats with a check limit", func(t *testing.T, s *rules.Spec) {
			addFamily[famSeats](t, s)
			withRules(`{"check_limit": 3}`)(t, s)
		}, "seats with rules.check_limit"},
	}
	hit := map[int]bool{}
	for _, c := range cases {
		s := familyBaseSpec(t)
		c.change(t, s)
		if _, err := Load(s); err == nil || err.Error() != "not supported yet: "+c.want {
			t.Errorf("%s: Load said %v, want %q", c.name, err, c.want)
		}
		for i, row := range refusals {
			if row.limit != nil && row.limit(s) == c.want {
				hit[i] = true
			}
		}
	}
	for i, row := range refusals {
		if row.limit != nil && !hit[i] {
			t.Errorf("limit row %d (%s) has no case", i, row.about)
		}
	}
}

// TestSeatsKeyRefused: a file with seats is refused with the first
// family the engine does not play beside them, whatever else it has; the
// seats' own keys load.
func TestSeatsKeyRefused(t *testing.T) {
	cases := []struct {
		name   string
		change func(t *testing.T, s *rules.Spec)
		want   string // "" loads
	}{
		{"seats", addFamily[famSeats], ""},
		{"priority", addFamily[famPriority], ""},
		{"seats with priority", func(t *testing.T, s *rules.Spec) {
			addFamily[famSeats](t, s)
			addFamily[famPriority](t, s)
		}, ""},
		{"seats with priority and drops", func(t *testing.T, s *rules.Spec) {
			addFamily[famSeats](t, s)
			addFamily[famDrops](t, s)
			withRules(`{"priority": [{"when": "always", "moves": "capture"}]}`)(t, s)
		}, "seats with rules.drops"},
		{"seats with rounds", func(t *testing.T, s *rules.Spec) {
			addFamily[famSeats](t, s)
			addFamily[famRounds](t, s)
		}, "seats with rules.simultaneous"},
	}
	for _, c := range cases {
		s := familyBaseSpec(t)
		c.change(t, s)
		_, err := Load(s)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: Load said %v, want it to load", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: Load said %v, want %q", c.name, err, c.want)
		}
	}
}

// TestFamilyReadingsDiffer: the families that read one key two ways differ
// on the files that tell them apart, as the refusals always did: an empty
// no_mate is refused beside portals but not beside symmetric drops, a ramp
// of single moves beside wild pieces but not beside a promotion rest.
func TestFamilyReadingsDiffer(t *testing.T) {
	cases := []struct {
		name      string
		add       []familyID
		change    func(t *testing.T, s *rules.Spec)
		refusedBy string // "" plays
	}{
		{"empty no_mate beside portals", []familyID{famPortals}, withRules(`{"drops": {"no_mate": []}}`), "rules.drops.no_mate beside rules.portals"},
		{"empty no_mate beside choose_facing", []familyID{famSymmetricDrops}, withRules(`{"drops": {"no_mate": []}}`), ""},
		{"ramp of ones beside wild pieces", []familyID{famNPCs, famTurn}, nil, "rules.npcs with turns of several moves, rounds or rest"},
		{"ramp of ones beside a promotion rest", []familyID{famPromotionRest, famTurn}, nil, ""},
	}
	for _, c := range cases {
		s := familyBaseSpec(t)
		for _, id := range c.add {
			addFamily[id](t, s)
		}
		if c.change != nil {
			c.change(t, s)
		}
		_, err := Load(s)
		switch {
		case c.refusedBy == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.refusedBy != "" && (err == nil || err.Error() != "not supported yet: "+c.refusedBy):
			t.Errorf("%s: Load said %v, want %q", c.name, err, c.refusedBy)
		}
	}
}

// familyTable prints the table: the families, a grid of families ×
// families, every pair's verdict, and the limits. Each pair is the base
// game with both families (a part, no_mate say, brings its family): the
// table refuses it, or Load plays it, or it is a file the language itself
// forbids, in Load's words.
func familyTable(t *testing.T) string {
	var cell [numFamilies][numFamilies]string
	for a := range families {
		for b := a + 1; b < len(families); b++ {
			load, table := pairErr(t, familyID(a), familyID(b))
			switch {
			case table != nil:
				cell[a][b] = "refused: " + strings.TrimPrefix(table.Error(), "not supported yet: ")
			case load != nil:
				cell[a][b] = "invalid: " + load.Error()
			default:
				cell[a][b] = "plays"
			}
			cell[b][a] = cell[a][b]
		}
	}
	var b strings.Builder
	b.WriteString("# The families × families table of families.go; go test ./engine/ -run TestFamilyTable -update-families rewrites it.\n\nfamilies:\n")
	for id, f := range families {
		fmt.Fprintf(&b, "%3d  %s\n", id, f.name)
	}
	b.WriteString("\ngrid (x refused, . plays, i invalid):\n     ")
	for j := range families {
		fmt.Fprintf(&b, "%3d", j)
	}
	b.WriteString("\n")
	for i := range families {
		fmt.Fprintf(&b, "%3d  ", i)
		for j := range families {
			switch {
			case i == j:
				b.WriteString("  -")
			case strings.HasPrefix(cell[i][j], "refused"):
				b.WriteString("  x")
			case strings.HasPrefix(cell[i][j], "invalid"):
				b.WriteString("  i")
			default:
				b.WriteString("  .")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\npairs:\n")
	for i := range families {
		for j := i + 1; j < len(families); j++ {
			fmt.Fprintf(&b, "%s × %s: %s\n", families[i].name, families[j].name, cell[i][j])
		}
	}
	b.WriteString("\nlimits of one family (refused past them):\n")
	for _, row := range refusals {
		if row.limit != nil {
			fmt.Fprintf(&b, "%s: %s\n", families[row.a].name, row.about)
		}
	}
	return b.String()
}

// TestFamilyTable prints the table and holds it to testdata/families.txt,
// so a change to the table shows in review.
func TestFamilyTable(t *testing.T) {
	got := familyTable(t)
	t.Log("\n" + got)
	path := filepath.Join("testdata", "families.txt")
	if *updateFamilies {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s is not the table in families.go; rerun with -update-families and review the difference", path)
	}
}

// TestRefusalsOnlyInFamilies: no engine source but families.go calls
// unsupported or writes "not supported yet", so the table stays the one
// place a refusal is written.
func TestRefusalsOnlyInFamilies(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	scanned := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") || name == "families.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		scanned++
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "unsupported" {
					t.Errorf("%s: unsupported called outside families.go", fset.Position(n.Pos()))
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					break
				}
				if s, err := strconv.Unquote(n.Value); err == nil && strings.Contains(s, "not supported yet") {
					t.Errorf("%s: %q written outside families.go", fset.Position(n.Pos()), s)
				}
			}
			return true
		})
	}
	if scanned < 10 {
		t.Errorf("scanned only %d engine files", scanned)
	}
}
