package search

import (
	"fmt"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"testing"

	"balancefarm/engine"
)

const rulesPkg = "balancefarm/engine/rules"

// TestOnlyEngineReadsRules: the players, the self-play glue and the
// reports read the compiled game; the engine is the one reader of the
// rule file's own types.
func TestOnlyEngineReadsRules(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the dependencies: %v", err)
	}
	cmd := exec.Command(goBin, "list", "-deps", "-f", `{{.ImportPath}} {{join .Imports " "}}`,
		"balancefarm/search", "balancefarm/selfplay", "balancefarm/report")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[0] == "balancefarm/engine" || fields[0] == rulesPkg {
			continue
		}
		if slices.Contains(fields[1:], rulesPkg) {
			t.Errorf("%s imports %s; read the compiled *engine.Game instead", fields[0], rulesPkg)
		}
	}
}

// TestEngineAPIHidesRules: no exported method of Game or Position takes
// or returns a rules type, however deeply nested.
func TestEngineAPIHidesRules(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var mentions func(reflect.Type) string
	mentions = func(ty reflect.Type) string {
		if seen[ty] {
			return ""
		}
		seen[ty] = true
		if ty.PkgPath() == rulesPkg {
			return ty.String()
		}
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
			return mentions(ty.Elem())
		case reflect.Map:
			if s := mentions(ty.Key()); s != "" {
				return s
			}
			return mentions(ty.Elem())
		case reflect.Struct:
			for i := range ty.NumField() {
				if f := ty.Field(i); f.IsExported() {
					if s := mentions(f.Type); s != "" {
						return s
					}
				}
			}
		case reflect.Func:
			for i := range ty.NumIn() {
				if s := mentions(ty.In(i)); s != "" {
					return s
				}
			}
			for i := range ty.NumOut() {
				if s := mentions(ty.Out(i)); s != "" {
					return s
				}
			}
		}
		return ""
	}
	for _, ty := range []reflect.Type{reflect.TypeFor[*engine.Game](), reflect.TypeFor[*engine.Position]()} {
		for i := range ty.NumMethod() {
			m := ty.Method(i)
			if s := mentions(m.Type); s != "" {
				t.Errorf("%s.%s mentions %s", ty, m.Name, s)
			}
		}
	}
}

// TestNoHalfMatchedCapabilities guards the optional capabilities the
// engine does not have yet (the others are asserted at compile time in
// engineplay.go): a position method named like one of theirs must come
// with the whole interface, signatures included, or the players would
// silently go without it.
func TestNoHalfMatchedCapabilities(t *testing.T) {
	pos := reflect.TypeFor[enginePos]()
	for _, iface := range []reflect.Type{
		reflect.TypeFor[claimsCounter](),
		reflect.TypeFor[roundPosition[engine.Move]](),
	} {
		var have []string
		for i := range iface.NumMethod() {
			if _, ok := pos.MethodByName(iface.Method(i).Name); ok {
				have = append(have, iface.Method(i).Name)
			}
		}
		if len(have) > 0 && !pos.Implements(iface) {
			t.Errorf("enginePos has %v of %s but does not implement it: fix the signatures, then assert it at compile time in engineplay.go",
				have, iface)
		}
	}
}

// lonePieceFEN is a position holding one piece on an otherwise empty
// board, written in the engine's notation (NOTATION.md).
func lonePieceFEN(g *engine.Game, kind, owner, sq int) string {
	id := g.PieceID(kind)
	byCase := true
	seen := map[string]bool{}
	for k := range g.NumKinds() {
		up := strings.ToUpper(g.PieceID(k))
		if seen[up] || up == strings.ToLower(g.PieceID(k)) {
			byCase = false
		}
		seen[up] = true
	}
	var tok string
	switch {
	case byCase && owner == 0:
		tok = strings.ToUpper(id)
	case byCase:
		tok = strings.ToLower(id)
	case owner == 0:
		tok = "(" + id + ")"
	default:
		tok = "{" + id + "}"
	}
	if byCase && len(id) > 1 {
		tok = "(" + tok + ")"
	}
	var b strings.Builder
	for r := g.Height() - 1; r >= 0; r-- {
		empty := 0
		for f := range g.Width() {
			s := r*g.Width() + f
			if s != sq {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
			}
			empty = 0
			b.WriteString(tok)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if owner == 1 {
		side = "b"
	}
	return b.String() + " " + side + " - - 0 1"
}

// TestEvalMobilityMatchesEngine places each kind of each player alone on
// each square it may stand on and compares the squares the evaluation
// credits it with reaching (its quiet destinations) with the engine's
// legal moves from there. Lines a condition limits (first_move, from_rank)
// are left out by the evaluation, so where the square has one the
// evaluation's squares need only be among the engine's.
func TestEvalMobilityMatchesEngine(t *testing.T) {
	for _, file := range []string{"torus.json", "chess.json", "xiangqi.json"} {
		t.Run(file, func(t *testing.T) {
			g := loadGame(t, file)
			tab := buildEvalTables(g)
			checked := 0
			for kind := range g.NumKinds() {
				for pl := 0; pl < 2; pl++ {
					for sq := range g.NumSquares() {
						if !g.CanStand(pl, kind, sq) {
							continue
						}
						fen := lonePieceFEN(g, kind, pl, sq)
						p, err := g.ParseFEN(fen)
						if err != nil {
							t.Fatalf("%s: %v", fen, err)
						}
						var engineTo []int
						for _, m := range p.LegalMoves(nil) {
							if !slices.Contains(engineTo, m.To()) {
								engineTo = append(engineTo, m.To())
							}
						}
						slices.Sort(engineTo)
						evalTo := destinations(tab.kinds[kind].rays[pl][sq])
						slices.Sort(evalTo)
						conditional := false
						for _, l := range g.Lines(pl, kind, sq) {
							conditional = conditional || l.FirstMove || l.Conditional
						}
						subset := true
						for _, s := range evalTo {
							subset = subset && slices.Contains(engineTo, s)
						}
						if !subset || !conditional && !slices.Equal(evalTo, engineTo) {
							t.Errorf("%s (%s of player %d on %s): evaluation reaches %v, engine moves to %v",
								fen, g.PieceID(kind), pl, g.SquareName(sq), evalTo, engineTo)
						}
						checked++
					}
				}
			}
			t.Logf("%d piece placements", checked)
		})
	}
}
