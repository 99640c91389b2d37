package rules

import "testing"

// Schema 31's key (SCHEMA-31.md): rules.counting valid where it is meant,
// each refusal in the reference's words, and refused under schema 30 with
// the version to declare.

var v31 = set("schema_version", `31`)

const makrukCount = `{"none_of": ["P"], "moves": 64, "bare": [{"piece": "R", "count": 2, "moves": 8}, {"piece": "R", "moves": 16}, {"piece": "B", "count": 2, "moves": 22}, {"piece": "N", "count": 2, "moves": 32}, {"piece": "B", "moves": 44}, {"piece": "N", "moves": 64}], "bare_moves": 64}`

var schema31Cases = func() []agreeCase {
	return []agreeCase{
		{name: "counting under 30", edits: []edit{set("schema_version", `30`), set("rules.counting", makrukCount)},
			want: []string{`the spec uses rules.counting, added in schema 31; declare "schema_version": 31 to use it`}},
		{name: "counting", edits: []edit{v31, set("rules.counting", makrukCount)}},
		{name: "counting board only", edits: []edit{v31, set("rules.counting", `{"none_of": ["P", "N"], "moves": 10}`)}},
		{name: "counting bare only", edits: []edit{v31, set("rules.counting", `{"none_of": ["P"], "bare": [{"piece": "R", "moves": 16}], "bare_from": "zero"}`)}},
		{name: "counting without limits", edits: []edit{v31, set("rules.counting", `{"none_of": ["P"]}`)},
			want: []string{"rules.counting could never apply: it has no moves, bare or bare_moves, so no count has a limit"}},
		{name: "counting bare_from", edits: []edit{v31, set("rules.counting", `{"none_of": ["P"], "moves": 64, "bare_from": "one"}`)},
			want: []string{"rules.counting.bare_from must be one of ('pieces', 'zero'), got 'one'"}},
		{name: "counting none_of empty", edits: []edit{v31, set("rules.counting", `{"none_of": [], "moves": 64}`)},
			want: []string{"rules.counting.none_of must have 1 to 24 entries, got 0"}},
		{name: "counting moves too many", edits: []edit{v31, set("rules.counting", `{"none_of": ["P"], "moves": 501}`)},
			want: []string{"rules.counting.moves must be from 1 to 500, got 501"}},
		{name: "counting undeclared", edits: []edit{v31, set("rules.counting", `{"none_of": ["X"], "moves": 64, "bare": [{"piece": "Y", "moves": 8}]}`)},
			want: []string{"rules.counting.none_of entry 'X' is not a declared piece", "rules.counting.bare[0].piece 'Y' is not a declared piece"}},
		{name: "counting royal", edits: []edit{v31, set("rules.counting", `{"none_of": ["K"], "moves": 64, "bare": [{"piece": "K", "moves": 8}]}`)},
			want: []string{
				"rules.counting.none_of entry 'K' is royal: a royal piece stays on the board, so the count could never run",
				"rules.counting.bare[0].piece 'K' is royal: the limit is read from the stronger army's other pieces"}},
	}
}()

func TestSchema31(t *testing.T) { runCases(t, schema31Cases) }
