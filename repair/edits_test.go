package repair

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"balancefarm/measure"
	"balancefarm/stats"
)

// small is a five by five game with a royal king, a rook, pawns that
// promote, and a mirrored setup: most edit families apply to it.
const small = `{
  "schema_version": 29,
  "name": "small",
  "board": {"width": 5, "height": 5},
  "pieces": [
    {"id": "P", "name": "pawn", "value": 1, "moves": [
      {"kind": "slide", "vectors": [[0, 1]], "range": 1, "mode": "move"},
      {"kind": "leap", "vectors": [[1, 1]], "symmetry": "lateral", "mode": "capture"}]},
    {"id": "R", "name": "rook", "value": 5, "moves": [{"kind": "slide", "vectors": [[1, 0]], "symmetry": "rotate4"}]},
    {"id": "K", "name": "king", "value": 0, "royal": true,
     "moves": [{"kind": "leap", "vectors": [[1, 0], [1, 1]], "symmetry": "rotate4"}]}
  ],
  "setup": {"mirror": true, "placements": [
    {"piece": "P", "squares": ["a2", "b2"]},
    {"piece": "R", "squares": ["a1"]},
    {"piece": "K", "squares": ["c1"]}]},
  "rules": {"promotion": {"piece": "P", "rank": 4, "to": ["R"]}, "max_plies": 100}
}`

func canary(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "rulesets", "canaries", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// at reads the value at a JSON pointer of a decoded document.
func at(doc any, ptr string) (any, bool) {
	for _, part := range strings.Split(ptr, "/")[1:] {
		switch d := doc.(type) {
		case map[string]any:
			v, ok := d[part]
			if !ok {
				return nil, false
			}
			doc = v
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(d) {
				return nil, false
			}
			doc = d[i]
		default:
			return nil, false
		}
	}
	return doc, true
}

// jsonOf is v as decoded JSON, for comparing with what at reads.
func jsonOf(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEditKinds checks one edit of each kind: that Generate proposes it,
// that its patch changes what it says (want at path; a nil want: the
// key is gone) and that the engine accepts the patched file.
func TestEditKinds(t *testing.T) {
	coin, race, none := canary(t, "coin-toss"), canary(t, "first-mover-race"), canary(t, "no-winner")
	chessData, err := os.ReadFile(filepath.Join("..", "rulesets", "chess.json"))
	if err != nil {
		t.Fatal(err)
	}
	chess := string(chessData)
	tests := []struct {
		file, kind, desc string
		path             string
		want             any
	}{
		{small, "max_plies", "after 50 plies", "/rules/max_plies", 50},
		{small, "max_plies", "after 200 plies", "/rules/max_plies", 200},
		{small, "no_progress_draw", "after 50 plies", "/rules/no_progress_draw", 50},
		{small, "check_limit", "three checks", "/rules/check_limit", 3},
		{small, "repetition_draw", "no draw", "/rules/repetition_draw", "never"},
		{none, "repetition_draw", "threefold", "/rules/repetition_draw", 3},
		{small, "win", "royal_capture", "/rules/win", "royal_capture"},
		{none, "win", "annihilation", "/rules/win", "annihilation"},
		{small, "stalemate", "loss", "/rules/stalemate", "loss"},
		{coin, "stalemate", "draw", "/rules/stalemate", "draw"},
		{chess, "en_passant", "no en passant", "/rules/en_passant", nil},
		{chess, "castling", "no castling", "/rules/castling", nil},
		{small, "must_capture", "on", "/rules/must_capture", true},
		{small, "forbid_check", "on", "/rules/forbid_check", true},
		{small, "forbid_immobility", "on", "/rules/forbid_immobility", true},
		{small, "reach", "far rank", "/rules/reach/squares", []string{"a5", "b5", "c5", "d5", "e5"}},
		{race, "reach", "no goal", "/rules/reach", nil},
		{race, "reach", "one rank nearer", "/rules/reach/squares", []string{"a4", "b4", "c4"}},
		{race, "reach", "grown", "/rules/reach/squares", []string{"a5", "b5", "c5", "a4", "b4", "c4"}},
		{race, "reach", "cannot be taken", "/rules/reach/safe", true},
		{small, "promotion", "rank index 3", "/rules/promotion/rank", 3},
		{small, "range", "R's move 0 reaches 2", "/pieces/1/moves/0/range", 2},
		{race, "range", "reaches 2", "/pieces/0/moves/0/range", 2},
		{small, "mode", "P's move 0 both", "/pieces/0/moves/0/mode", nil},
		{none, "captures", "K may capture", "/pieces/0/captures", nil},
		{coin, "condition", "H's move 0", "/pieces/0/moves/0/condition", nil},
		{small, "move_removed", "P loses its move 1", "/pieces/0/moves/1", nil},
		{small, "vector_removed", "K's move 0 loses vector [1 0]", "/pieces/2/moves/0/vectors", [][]int{{1, 1}}},
		{small, "vector_added", "P's move 0 gains vector [1 0]", "/pieces/0/moves/0/vectors", [][]int{{0, 1}, {1, 0}}},
		{small, "setup_removed", "one P fewer", "/setup/placements/0/squares", []string{"a2"}},
		{small, "setup_added", "one more R", "/setup/placements/1/squares", []string{"a1", "b1"}},
		{coin, "compensation", "player 1 (the second mover) gets an extra R", "/setup/placements/1/squares", []string{"b16", "c16"}},
		{small, "compensation", "player 1 (the second mover) gets an extra P", "/setup/placements/1/squares", []string{"a4", "b4", "a3"}},
		{small, "board", "6 ranks", "/board/height", 6},
		{race, "board", "7 ranks", "/rules/reach/squares", []string{"a7", "b7", "c7"}},
	}
	for _, tc := range tests {
		t.Run(tc.kind+"/"+tc.desc, func(t *testing.T) {
			edits, err := Generate([]byte(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			var e *Edit
			for i := range edits {
				if edits[i].Kind == tc.kind && strings.Contains(edits[i].Desc, tc.desc) {
					e = &edits[i]
					break
				}
			}
			if e == nil {
				t.Fatalf("no %s edit saying %q among %d", tc.kind, tc.desc, len(edits))
			}
			data, err := Apply([]byte(tc.file), *e)
			if err != nil {
				t.Fatal(err)
			}
			var doc any
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			got, ok := at(doc, tc.path)
			if tc.want == nil {
				if ok {
					t.Errorf("%s: %s still there: %v", e.Desc, tc.path, got)
				}
			} else if want := jsonOf(t, tc.want); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s = %v, want %v", e.Desc, tc.path, got, want)
			}
			if _, err := measure.Load("edited.json", data); err != nil {
				t.Errorf("%s: the engine refuses the edited file: %v", e.Desc, measure.Lines(err))
			}
		})
	}
}

// TestGenerateSkipsImages: a widening never adds a vector the move
// already has as an image of its symmetry (the rook's rotate4 [1,0]
// has [0,1] and [0,-1]).
func TestGenerateSkipsImages(t *testing.T) {
	edits, err := Generate([]byte(small))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		if e.Kind != "vector_added" || e.Target != "pieces[R].moves[0].vectors" {
			continue
		}
		for _, op := range e.Patch {
			if v := string(op.Value); v == "[0,1]" || v == "[0,-1]" || v == "[1,0]" {
				t.Errorf("%s adds an image the rook already has", e.Desc)
			}
		}
	}
}

// TestCandidates: each valid edit is one candidate with its own file; an
// edit the engine refuses is reported with the front end's reason, and
// none is measured twice.
func TestCandidates(t *testing.T) {
	data := []byte(canary(t, "no-winner"))
	orig, err := measure.Load("no-winner.json", data)
	if err != nil {
		t.Fatal(err)
	}
	edits, err := Generate(data)
	if err != nil {
		t.Fatal(err)
	}
	cands, refused := Candidates(orig, edits, 0)
	if len(cands)+len(refused) != len(edits) {
		t.Errorf("%d candidates and %d refused from %d edits", len(cands), len(refused), len(edits))
	}
	hashes := map[string]bool{orig.Hash: true}
	for _, c := range cands {
		if hashes[c.File.Hash] {
			t.Errorf("%s: the same file twice", c.ID)
		}
		hashes[c.File.Hash] = true
		if !strings.HasPrefix(c.File.Label, "no-winner-repair-") {
			t.Errorf("%s: label %q", c.ID, c.File.Label)
		}
	}
	var checkmate bool
	for _, r := range refused {
		if strings.Contains(r.Edit, "checkmate") && strings.Contains(r.Reason, "royal") {
			checkmate = true
		}
	}
	if !checkmate {
		t.Errorf("win by checkmate without a royal piece was not refused for it: %v", refused)
	}
	if capped, _ := Candidates(orig, edits, 3); len(capped) != 3 {
		t.Errorf("limit 3 gave %d candidates", len(capped))
	}

	// The coin toss's hunter without its first move has none at the
	// start: the game is lost before it begins, and is refused.
	data = []byte(canary(t, "coin-toss"))
	coin, err := measure.Load("coin-toss.json", data)
	if err != nil {
		t.Fatal(err)
	}
	edits, err = Generate(data)
	if err != nil {
		t.Fatal(err)
	}
	_, refused = Candidates(coin, edits, 0)
	over := false
	for _, r := range refused {
		if strings.Contains(r.Edit, "H loses its move 0") && strings.Contains(r.Reason, "over in its start position") {
			over = true
		}
	}
	if !over {
		t.Errorf("a game over at the start was not refused: %v", refused)
	}
}

// TestPairsOfFixers: a fixer is paired with every other single, the top
// among themselves, and the cap holds.
func TestPairsOfFixers(t *testing.T) {
	data := []byte(canary(t, "no-winner"))
	orig, err := measure.Load("no-winner.json", data)
	if err != nil {
		t.Fatal(err)
	}
	edits, err := Generate(data)
	if err != nil {
		t.Fatal(err)
	}
	singles, _ := Candidates(orig, edits, 0)
	var fixer *Candidate
	for _, c := range singles {
		if c.Edits[0].Kind == "captures" {
			fixer = c
		}
	}
	pairs := Pairs(orig, []*Candidate{fixer}, singles[:3], singles, 0)
	withFixer := 0
	for _, p := range pairs {
		if p.Edits[0].Desc == fixer.Edits[0].Desc || p.Edits[1].Desc == fixer.Edits[0].Desc {
			withFixer++
		}
	}
	// The captures edit touches only its own key, so it pairs with every
	// other single.
	if withFixer != len(singles)-1 {
		t.Errorf("the fixer is in %d pairs, want %d", withFixer, len(singles)-1)
	}
	if n := len(Pairs(orig, []*Candidate{fixer}, singles[:3], singles, 5)); n != 5 {
		t.Errorf("cap 5 gave %d pairs", n)
	}
}

// TestConflictAndPairs: two edits of one key or one array are not
// combined; others are, and a pair applies both.
func TestConflictAndPairs(t *testing.T) {
	tests := []struct {
		a, b Edit
		want bool
	}{
		{Edit{Patch: []Op{opAdd("/rules/max_plies", 1)}}, Edit{Patch: []Op{opAdd("/rules/max_plies", 2)}}, true},
		{Edit{Patch: []Op{opAdd("/rules/max_plies", 1)}}, Edit{Patch: []Op{opAdd("/rules/stalemate", "loss")}}, false},
		{Edit{Patch: []Op{opRemove("/rules/reach")}}, Edit{Patch: []Op{opAdd("/rules/reach/safe", true)}}, true},
		{Edit{Patch: []Op{opRemove("/pieces/0/moves/0/vectors/1")}}, Edit{Patch: []Op{opAdd("/pieces/0/moves/0/vectors/-", 1)}}, true},
		{Edit{Patch: []Op{opRemove("/pieces/0/moves/1")}}, Edit{Patch: []Op{opAdd("/pieces/0/moves/0/range", 2)}}, true},
		{Edit{Patch: []Op{opAdd("/pieces/0/moves/0/range", 2)}}, Edit{Patch: []Op{opAdd("/pieces/1/moves/0/range", 2)}}, false},
	}
	for i, tc := range tests {
		if got := conflict(tc.a, tc.b); got != tc.want {
			t.Errorf("case %d: conflict %v, want %v", i, got, tc.want)
		}
	}

	data := []byte(small)
	orig, err := measure.Load("small.json", data)
	if err != nil {
		t.Fatal(err)
	}
	edits, err := Generate(data)
	if err != nil {
		t.Fatal(err)
	}
	var pick []Edit
	for _, e := range edits {
		if e.Kind == "max_plies" || e.Kind == "stalemate" && strings.Contains(e.Desc, "loss") {
			pick = append(pick, e)
		}
	}
	singles, _ := Candidates(orig, pick, 0)
	pairs := Pairs(orig, nil, singles, singles, 0)
	// The max_plies edits (halved, doubled, left out) conflict; each
	// pairs with the stalemate one.
	if len(singles) != 4 || len(pairs) != 3 {
		t.Fatalf("%d pairs of %d singles, want 3 of 4", len(pairs), len(singles))
	}
	var doc any
	if err := json.Unmarshal(pairs[0].File.Data, &doc); err != nil {
		t.Fatal(err)
	}
	if v, _ := at(doc, "/rules/stalemate"); v != "loss" {
		t.Errorf("pair %s: stalemate %v", pairs[0].ID, v)
	}
	if _, ok := at(doc, "/rules/max_plies"); !ok || len(pairs[0].Edits) != 2 {
		t.Errorf("pair %s lost an edit", pairs[0].ID)
	}
}

// TestExtend: a second edit is drawn from the first edit's own file, so
// lengthening the board moves the goal the first edit added.
func TestExtend(t *testing.T) {
	data := []byte(canary(t, "no-winner"))
	orig, err := measure.Load("no-winner.json", data)
	if err != nil {
		t.Fatal(err)
	}
	edits, err := Generate(data)
	if err != nil {
		t.Fatal(err)
	}
	singles, _ := Candidates(orig, edits, 0)
	var race *Candidate
	for _, c := range singles {
		if c.Edits[0].Kind == "reach" {
			race = c
		}
	}
	seen := map[string]string{orig.Hash: "the original"}
	var longer *Candidate
	for _, c := range Extend(orig, race, seen, 0) {
		if len(c.Edits) != 2 || c.Edits[0].Kind != "reach" {
			t.Fatalf("%s: edits %v", c.ID, c.Edits)
		}
		if c.Edits[1].Kind == "board" && strings.Contains(c.Edits[1].Desc, "7 ranks") {
			longer = c
		}
	}
	if longer == nil {
		t.Fatal("no longer board among the extensions of the race")
	}
	var doc any
	if err := json.Unmarshal(longer.File.Data, &doc); err != nil {
		t.Fatal(err)
	}
	got, _ := at(doc, "/rules/reach/squares")
	if want := jsonOf(t, []string{"a7", "b7", "c7", "d7", "e7"}); !reflect.DeepEqual(got, want) {
		t.Errorf("goal %v on the longer board, want %v", got, want)
	}
	if again := Extend(orig, race, seen, 0); len(again) != 0 {
		t.Errorf("%d extensions measured twice", len(again))
	}
}

// badness is positive on a flag's bad side: above a rate's threshold,
// below depth's and the skill share's.
func TestBadness(t *testing.T) {
	cases := []struct {
		flag    string
		est, th float64
		bad     bool
	}{
		{stats.FlagDrawHeavy, 0.8, 0.75, true},
		{stats.FlagDrawHeavy, 0.5, 0.75, false},
		{stats.FlagDepthInsensitive, 0.6, 0.7, true},
		{stats.FlagLuckDominated, 0.1, 0.25, true},
		{stats.FlagLuckDominated, 0.9, 0.25, false},
		{stats.FlagOneSided, 0.3, 0.65, true},
	}
	for _, c := range cases {
		if got := badness(c.flag, c.est, c.th); (got > 0) != c.bad {
			t.Errorf("badness(%s, %g, %g) = %g, want bad %v", c.flag, c.est, c.th, got, c.bad)
		}
	}
}

// TestMarkdownSkipsExactSkillShare: "every check, before and after"
// leaves out a skill share exact on both sides (no chance), and keeps a
// measured one.
func TestMarkdownSkipsExactSkillShare(t *testing.T) {
	exact := stats.Interval{Est: 1, Lo: 1, Hi: 1, Method: stats.SkillExact}
	measured := stats.Interval{Est: 0.4, Lo: 0.2, Hi: 0.6, Method: stats.MethodFieller}
	draws := CheckValue{Name: stats.FlagDrawHeavy, State: stats.StateClear, Value: stats.Interval{Est: 0.3, Lo: 0.2, Hi: 0.4}}
	for _, c := range []struct {
		before, after stats.Interval
		listed        bool
	}{{exact, exact, false}, {measured, measured, true}} {
		luck := func(v stats.Interval) CheckValue {
			return CheckValue{Name: stats.FlagLuckDominated, State: stats.StateClear, Value: v}
		}
		res := &Result{Name: "x", Original: Rung{Checks: []CheckValue{draws, luck(c.before)}},
			Flags: []FlagRepair{{Flag: stats.FlagDrawHeavy, Suggestions: []Suggestion{{Candidate: "c01", Checks: []CheckValue{draws, luck(c.after)}}}}}}
		md := string(res.Markdown())
		if !strings.Contains(md, "- c01: draw_heavy") {
			t.Fatalf("no check line for c01:\n%s", md)
		}
		if got := strings.Contains(md, "; luck_dominated "); got != c.listed {
			t.Errorf("%s skill share listed %v, want %v", c.before.Method, got, c.listed)
		}
	}
}
