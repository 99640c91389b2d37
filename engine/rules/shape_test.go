package rules

import (
	"fmt"
	"strings"
	"testing"
)

// The shape pass: unknown keys, wrong types, values outside their list or
// range, missing required keys, and keys newer than the declared version.

var shapeUnknownKeysCases = func() []agreeCase {
	return []agreeCase{
		{name: "top level", edits: []edit{set("colour", `"red"`)},
			want: []string{"the spec has unknown keys: colour"}},
		{name: "several in document order", edits: []edit{set("board.tint", `1`), set("board.glow", `2`)},
			want: []string{"board has unknown keys: tint, glow"}},
		{name: "on a move condition", edits: []edit{set("pieces[0].moves[0].condition", `{"first_move": true, "weather": "rain"}`)},
			want: []string{"pieces[0].moves[0].condition has unknown keys: weather"}},
		{name: "in rules", edits: []edit{set("rules.castle", `true`)},
			want: []string{"rules has unknown keys: castle"}},
		{name: "in provenance", edits: []edit{set("provenance", `{"author": "me", "editor": "you"}`)},
			want: []string{"provenance has unknown keys: editor"}},
		{name: "in a portal group", base: "portals", edits: []edit{set("rules.portals[0].colour", `"green"`)},
			want: []string{"rules.portals[0] has unknown keys: colour"}},
		{name: "appearance of an undeclared piece", edits: []edit{set("appearance", `{"K": "king", "X": "ghost"}`)},
			want: []string{"appearance key 'X' is not a declared piece"}},
		{name: "appearance and provenance accepted",
			edits: []edit{set("appearance", `{"K": ["king-white", "king-black"], "P": "pawn"}`),
				set("provenance", `{"added": "2024-02-29", "author": "a", "exhibit": "b", "history": "c", "origin": "d", "parents": ["chess"], "preview": "e", "source": "f", "theme": "g", "year": "1990"}`)}},
	}
}()

func TestShapeUnknownKeys(t *testing.T) { runCases(t, shapeUnknownKeysCases) }

var shapeTypesCases = func() []agreeCase {
	return []agreeCase{
		{name: "number for a string", edits: []edit{set("name", `5`)},
			want: []string{"name must be a string, got 5"}},
		{name: "number for a piece id", edits: []edit{set("pieces[0].id", `1`)},
			want: []string{"pieces[0].id must be a string, got 1"}},
		{name: "string for an integer", edits: []edit{set("board.width", `"5"`)},
			want: []string{"board.width must be an integer, got '5'"}},
		{name: "fraction for an integer", edits: []edit{set("board.width", `5.0`)},
			want: []string{"board.width must be an integer, got 5.0"}},
		{name: "string for a number", edits: []edit{set("pieces[1].value", `"3"`)},
			want: []string{"pieces[1].value must be a number, got '3'"}},
		{name: "string for a boolean", edits: []edit{set("pieces[5].royal", `"yes"`)},
			want: []string{"pieces[5].royal must be true or false, got 'yes'"}},
		{name: "object for a list", edits: []edit{set("pieces[0].moves", `{}`)},
			want: []string{"pieces[0].moves must be a list, got {}"}},
		{name: "list for an object", edits: []edit{set("board", `[5, 5]`)},
			want: []string{"board must be an object, got [5, 5]"}},
		{name: "null", edits: []edit{set("rules.castling", `null`)},
			want: []string{"rules.castling must be an object, got None"}},
		{name: "boolean for an integer", edits: []edit{set("rules.max_plies", `true`)},
			want: []string{"rules.max_plies must be an integer, got True"}},
		{name: "quote in a value", edits: []edit{set("board.lattice", `"it's"`)},
			want: []string{`board.lattice must be one of ('square', 'hex'), got "it's"`}},
	}
}()

func TestShapeTypes(t *testing.T) { runCases(t, shapeTypesCases) }

var shapeRangesAndListsCases = func() []agreeCase {
	return []agreeCase{
		{name: "width over", edits: []edit{set("board.width", `17`)},
			want: []string{"board.width must be from 2 to 16, got 17"}},
		{name: "value over", edits: []edit{set("pieces[1].value", `100.5`)},
			want: []string{"pieces[1].value must be from 0 to 100, got 100.5"}},
		{name: "schema version over", edits: []edit{set("schema_version", `46`)},
			want: []string{"schema_version must be from 1 to 45, got 46"}},
		{name: "speed zero", base: "rounds", edits: []edit{set("pieces[1].speed", `0`)},
			want: []string{"pieces[1].speed must be at least 1, got 0: omit it for 0, the slowest"}},
		{name: "rest five", edits: []edit{set("pieces[1].rest", `5`)},
			want: []string{"pieces[1].rest must be from 1 to 4, got 5: omit it for 0, a piece that never rests"}},
		{name: "huge integer", edits: []edit{set("rules.max_plies", `99999999999999999999999`)},
			want: []string{"rules.max_plies must be from 2 to 10000, got 99999999999999999999999"}},
		{name: "huge number", edits: []edit{set("pieces[1].value", `1e400`)},
			want: []string{"pieces[1].value must be from 0 to 100, got 1e400"}},
		{name: "enum", edits: []edit{set("board.lattice", `"triangle"`)},
			want: []string{"board.lattice must be one of ('square', 'hex'), got 'triangle'"}},
		{name: "integer enum", edits: []edit{set("setup.placements[0].player", `2`)},
			want: []string{"setup.placements[0].player must be one of (0, 1), got 2"}},
		{name: "one-value enum", base: "portals", edits: []edit{set("rules.portals[0].kind", `"warp"`)},
			want: []string{"rules.portals[0].kind must be one of ('fold',), got 'warp'"}},
		{name: "spy false", base: "rounds", edits: []edit{set("pieces[1].spy", `false`)},
			want: []string{"pieces[1].spy must be true, got False: leave it out for an ordinary piece"}},
		{name: "no pieces", edits: []edit{set("pieces", `[]`)},
			want: []string{"pieces must have 1 to 24 entries, got 0"}},
		{name: "too many moves", edits: []edit{set("pieces[1].moves", `[`+strings.Repeat(`{"kind": "leap", "vectors": [[1, 2]]},`, 12)+`{"kind": "leap", "vectors": [[2, 1]]}]`)},
			want: []string{"pieces[1].moves must have at most 12 entries, got 13"}},
		{name: "long id", edits: []edit{set("pieces[1].id", `"KNT"`)},
			want: []string{"pieces[1].id must be 1 to 2 characters, got 'KNT'"}},
		{name: "empty name", edits: []edit{set("name", `""`)},
			want: []string{"name must be at least 1 character, got ''"}},
		{name: "blank name", edits: []edit{set("name", `"  "`)},
			want: []string{"name must not be blank, got '  '"}},
		{name: "empty square list", edits: []edit{set("setup.placements[0].squares", `[]`)},
			want: []string{"setup.placements[0].squares must have at least 1 entry, got 0"}},
		{name: "long ramp", edits: []edit{set("rules.turn", `{"moves": 2, "ramp": [1, 1, 1, 1, 1, 1, 1, 1, 1]}`)},
			want: []string{"rules.turn.ramp must have 1 to 8 entries, got 9"}},
		{name: "two ends", base: "portals", edits: []edit{del("rules.portals[0].orange"), del("rules.portals[0].blue"),
			del("rules.portals[0].moved_by"), del("rules.portals[0].no_straight_back"),
			set("rules.portals[0].ends", `[{"at": "b3", "to": 1}, {"at": "d3", "to": 0}]`)},
			want: []string{"rules.portals[0].ends must have 3 to 8 entries, got 2"}},
		{name: "short vector", edits: []edit{set("pieces[1].moves[0].vectors", `[[1, 2], [1]]`)},
			want: []string{"pieces[1].moves[0].vectors[1] must be a pair [dx, dy], got [1]"}},
		{name: "long vector step", edits: []edit{set("pieces[1].moves[0].vectors", `[[9, 2]]`)},
			want: []string{"pieces[1].moves[0].vectors[0][0] must be from -8 to 8, got 9"}},
		{name: "listed twice", edits: []edit{set("pieces[1].captures", `["P", "B", "P"]`)},
			want: []string{"pieces[1].captures entry 'P' is listed twice"}},
		{name: "bad date", edits: []edit{set("provenance", `{"added": "2024-02-30"}`)},
			want: []string{"provenance.added must be a day written YYYY-MM-DD, got '2024-02-30'"}},
		{name: "drawing pair of three", edits: []edit{set("appearance", `{"K": ["a", "b", "c"]}`)},
			want: []string{"appearance.K must have exactly 2 entries, got 3"}},
	}
}()

func TestShapeRangesAndLists(t *testing.T) { runCases(t, shapeRangesAndListsCases) }

var shapeUnionsCases = func() []agreeCase {
	return []agreeCase{
		{name: "repetition word", edits: []edit{set("rules.repetition_draw", `"sometimes"`)},
			want: []string{"rules.repetition_draw must be an integer from 2 to 10 or 'never', got 'sometimes'"}},
		{name: "repetition over", edits: []edit{set("rules.repetition_draw", `11`)},
			want: []string{"rules.repetition_draw must be an integer from 2 to 10 or 'never', got 11"}},
		{name: "repetition never", edits: []edit{set("rules.repetition_draw", `"never"`)}},
		{name: "rank word", edits: []edit{set("rules.promotion.rank", `"first"`)},
			want: []string{"rules.promotion.rank must be 'last' or a rank index (an integer, at least 0), got 'first'"}},
		{name: "promotion number", edits: []edit{set("rules.promotion", `5`)},
			want: []string{"rules.promotion must be an object or a list of objects, got 5"}},
		{name: "promotion list", edits: []edit{set("rules.promotion", `[{"piece": "P", "to": ["Q"]}, {"piece": "N", "rank": 4, "to": ["B", "X"]}]`)},
			want: []string{"rules.promotion[1].to entry 'X' is not a declared piece"}},
		{name: "reach mirror", edits: []edit{set("rules.reach", `{"squares": ["c5"], "mirror": "flip"}`)},
			want: []string{"rules.reach.mirror must be true, false or 'rotate', got 'flip'"}},
		{name: "extinction pieces", edits: []edit{set("rules.extinction", `{"pieces": "all"}`)},
			want: []string{"rules.extinction.pieces must be 'any' or a list of piece ids, got 'all'"}},
		{name: "per type", edits: []edit{set("rules.extinction", `{"pieces": ["Q", "R"], "per_type": "mine"}`)},
			want: []string{"rules.extinction.per_type must be true, false or 'own', got 'mine'"}},
		{name: "stock zero", edits: []edit{set("rules.drops", `{"stock": {"N": 0}}`)},
			want: []string{"rules.drops.stock.N must be an integer from 1 to 32 or 'unlimited', got 0"}},
		{name: "drawing number", edits: []edit{set("appearance", `{"K": 5}`)},
			want: []string{"appearance.K must be a drawing's name or a pair of names, one per player, got 5"}},
	}
}()

func TestShapeUnions(t *testing.T) { runCases(t, shapeUnionsCases) }

var shapeMissingKeysCases = func() []agreeCase {
	return []agreeCase{
		{name: "piece id", edits: []edit{del("pieces[1].id")},
			want: []string{"pieces[1] is missing required key: id"}},
		{name: "piece id and moves", edits: []edit{del("pieces[1].id"), del("pieces[1].moves")},
			want: []string{"pieces[1] is missing required keys: id, moves"}},
		{name: "board", edits: []edit{del("board")},
			want: []string{"the spec is missing required key: board"}},
		{name: "portal piece", base: "portals", edits: []edit{del("rules.portals[0].piece")},
			want: []string{"rules.portals[0] is missing required key: piece"}},
	}
}()

func TestShapeMissingKeys(t *testing.T) { runCases(t, shapeMissingKeysCases) }

var shapeDocumentOrderCases = func() []agreeCase {
	return []agreeCase{
		{name: "shape problems in document order, then agreement",
			edits: []edit{
				set("rules.max_plies", `1`),
				set("pieces[1].stamina", `2`),
				set("setup.placements[1].squares", `["f1"]`),
				set("board.width", `"5"`),
			},
			want: []string{
				"board.width must be an integer, got '5'",
				"pieces[1] has unknown keys: stamina",
				"rules.max_plies must be from 2 to 10000, got 1",
			}},
		{name: "unknown key and off-board square both reported",
			edits: []edit{set("pieces[1].stamina", `2`), set("setup.placements[1].squares", `["f1"]`)},
			want: []string{
				"pieces[1] has unknown keys: stamina",
				"setup.placements[1].squares entry 'f1' is not a square on this board",
			}},
		{name: "an ill-formed move skips what reads it, not the rest",
			edits: []edit{set("pieces[2].moves[0].kind", `"teleport"`), set("rules.promotion.to", `["Q", "A"]`)},
			want: []string{
				"pieces[2].moves[0].kind must be one of ('slide', 'leap', 'hop', 'lame', 'sweep'), got 'teleport'",
				"rules.promotion.to entry 'A' is not a declared piece",
			}},
	}
}()

func TestShapeDocumentOrder(t *testing.T) { runCases(t, shapeDocumentOrderCases) }

func TestShapeDuplicateKeys(t *testing.T) {
	data := string(apply(t, "five"))
	// The repeated key is reported where it is repeated; the compact file
	// is one line, so the column is the byte offset plus one.
	dup := strings.Replace(data, `"name":"knight"`, `"name":"knight","name":"horse"`, 1)
	col := strings.Index(dup, `"name":"horse"`) + 1
	check(t, []byte(dup), []string{fmt.Sprintf("pieces[1] has duplicate key 'name' (again at line 1, column %d); a key may appear only once", col)})
	// A repeated id leaves the piece's id unknown, so nothing that names
	// the piece is checked against it.
	dupID := strings.Replace(data, `"id":"N"`, `"id":"N","id":"Q"`, 1)
	col = strings.Index(dupID, `"id":"Q"`) + 1
	check(t, []byte(dupID), []string{fmt.Sprintf("pieces[1] has duplicate key 'id' (again at line 1, column %d); a key may appear only once", col)})
	multiline := "{\n  \"name\": \"a\",\n  \"name\": \"b\"\n}"
	check(t, []byte(multiline), []string{
		"the spec has duplicate key 'name' (again at line 3, column 3); a key may appear only once",
		"the spec is missing required keys: board, pieces, setup",
	})
}

var versionGatingCases = func() []agreeCase {
	return []agreeCase{
		{name: "beats before 26", base: "rounds", edits: []edit{set("schema_version", `25`), set("pieces[1].beats", `["P"]`)},
			want: []string{`the spec uses pieces.beats, rules.simultaneous, added in schema 26; declare "schema_version": 26 to use it`}},
		{name: "one line per version, oldest first", base: "rounds",
			edits: []edit{set("schema_version", `26`), set("pieces[0].rest", `2`), set("pieces[1].speed", `1`),
				set("pieces[2].spy", `true`), set("rules.simultaneous.swap", `"collision"`), set("rules.simultaneous.both", `"score"`)},
			want: []string{
				`the spec uses pieces.spy, rules.simultaneous.swap, rules.simultaneous.both, added in schema 27; declare "schema_version": 27 to use it`,
				`the spec uses pieces.speed, added in schema 28; declare "schema_version": 28 to use it`,
				`the spec uses pieces.rest, added in schema 29; declare "schema_version": 29 to use it`,
				"rules.simultaneous.both 'score' requires rules.scoring: a shared ending goes to the player ahead under it",
				"rules.promotion.to promotes to the spy 'B': nothing may bring a spy back",
			}},
		{name: "reach on before 18", edits: []edit{set("schema_version", `17`), set("rules.reach", `{"squares": ["c5"], "on": "leave"}`)},
			want: []string{`the spec uses rules.reach.on, added in schema 18; declare "schema_version": 18 to use it`}},
		{name: "per_type own before 27", edits: []edit{set("schema_version", `26`), set("rules.extinction", `{"pieces": ["Q", "R"], "per_type": "own"}`)},
			want: []string{`the spec uses rules.extinction.per_type "own", added in schema 27; declare "schema_version": 27 to use it`}},
		{name: "per_type true before 27", edits: []edit{set("schema_version", `26`), set("rules.extinction", `{"pieces": ["Q", "R"], "per_type": true}`)}},
		{name: "fold before 24", base: "portals", edits: []edit{set("schema_version", `23`), set("rules.portals[0].kind", `"fold"`)},
			want: []string{`the spec uses rules.portals.kind, added in schema 24; declare "schema_version": 24 to use it`}},
		{name: "carries before 21", base: "portals", edits: []edit{set("schema_version", `20`), set("rules.portals[0].carries", `{"orange": ["P"]}`)},
			want: []string{`the spec uses rules.portals.carries, rules.portals.carries.orange, added in schema 21; declare "schema_version": 21 to use it`}},
		{name: "simultaneous rest in 27", base: "rounds", edits: []edit{set("schema_version", `27`), set("rules.simultaneous.rest", `true`)}},
		{name: "simultaneous rest in 28", base: "rounds", edits: []edit{set("schema_version", `28`), set("rules.simultaneous.rest", `true`)}},
		{name: "simultaneous rest in 29", base: "rounds", edits: []edit{set("rules.simultaneous.rest", `true`)},
			want: []string{`rules.simultaneous.rest was dropped after schema 28: write "rest": 1 on every piece instead, or declare "schema_version": 28`}},
		{name: "simultaneous rest in 26", base: "rounds", edits: []edit{set("schema_version", `26`), set("rules.simultaneous.rest", `true`)},
			want: []string{`the spec uses rules.simultaneous.rest, added in schema 27; declare "schema_version": 27 to use it`}},
		{name: "undated keys since 1", edits: []edit{set("schema_version", `1`), set("rules.npcs", `[{"piece": "N", "route": ["a3", "b3", "c3"]}]`)}},
		{name: "ill-formed version gives no version lines", base: "rounds", edits: []edit{set("schema_version", `"26"`), set("pieces[0].rest", `2`)},
			want: []string{"schema_version must be an integer, got '26'"}},
	}
}()

func TestVersionGating(t *testing.T) { runCases(t, versionGatingCases) }

// TestSimultaneousRestMeansRestOne: schema 27-28's rules.simultaneous.rest is
// read as "rest": 1 on every piece, so the engine sees one spelling.
func TestSimultaneousRestMeansRestOne(t *testing.T) {
	spec, problems := Parse(apply(t, "rounds", set("schema_version", `27`), set("rules.simultaneous.rest", `true`), set("pieces[1].rest", `2`)))
	if len(problems) != 1 || !strings.Contains(problems[0].Text, "pieces.rest, added in schema 29") {
		t.Fatalf("problems: %v", problems)
	}
	for _, p := range spec.Pieces {
		want := 1
		if p.ID == "N" {
			want = 2
		}
		if p.Rest != want {
			t.Errorf("piece %s rest %d, want %d", p.ID, p.Rest, want)
		}
	}
}
