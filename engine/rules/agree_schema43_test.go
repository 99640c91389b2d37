package rules

import "testing"

// Schema 43's key (SCHEMA-43.md): each accepted form, each refusal in the
// addendum's words, and the key refused under schema 42 with the version
// to declare. The rows edit five by five with FIDE's count
// (testdata/valid/fifty.json).

var schema43Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "fifty moves as FIDE counts them", base: "fifty"},
		{name: "fifty with no version declared", base: "fifty", edits: []edit{del("schema_version")}},
		{name: "two pieces whose moves reset", base: "fifty", edits: []edit{set("rules.no_progress_resets.pieces", `["P", "K"]`)}},
		{name: "the count left as the language's", base: "fifty", edits: []edit{del("rules.no_progress_resets"), set("schema_version", `42`)}},

		// Version gating.
		{name: "resets under 42", base: "fifty", edits: []edit{set("schema_version", `42`)},
			want: []string{`the spec uses rules.no_progress_resets, added in schema 43; declare "schema_version": 43 to use it`}},
		{name: "resets of an undeclared piece under 42", base: "fifty",
			edits: []edit{set("schema_version", `42`), set("rules.no_progress_resets.pieces", `["X"]`)},
			want: []string{
				`the spec uses rules.no_progress_resets, added in schema 43; declare "schema_version": 43 to use it`,
				"rules.no_progress_resets.pieces entry 'X' is not a declared piece"}},

		// The shapes.
		{name: "no pieces", base: "fifty", edits: []edit{set("rules.no_progress_resets", `{}`)},
			want: []string{"rules.no_progress_resets is missing required key: pieces"}},
		{name: "an empty list", base: "fifty", edits: []edit{set("rules.no_progress_resets.pieces", `[]`)},
			want: []string{"rules.no_progress_resets.pieces must have at least 1 entry, got 0"}},
		{name: "a piece twice", base: "fifty", edits: []edit{set("rules.no_progress_resets.pieces", `["P", "P"]`)},
			want: []string{"rules.no_progress_resets.pieces entry 'P' is listed twice"}},
		{name: "a list for the object", base: "fifty", edits: []edit{set("rules.no_progress_resets", `["P"]`)},
			want: []string{"rules.no_progress_resets must be an object, got ['P']"}},
		{name: "captures written out", base: "fifty", edits: []edit{set("rules.no_progress_resets.captures", `false`)},
			want: []string{"rules.no_progress_resets has unknown keys: captures"}},

		// The pieces.
		{name: "an undeclared piece", base: "fifty", edits: []edit{set("rules.no_progress_resets.pieces", `["P", "X"]`)},
			want: []string{"rules.no_progress_resets.pieces entry 'X' is not a declared piece"}},
	}
}()

func TestSchema43(t *testing.T) { runCases(t, schema43Cases) }
