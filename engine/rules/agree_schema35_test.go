package rules

import "testing"

// Schema 35's keys (SCHEMA-35.md): each accepted form, each refusal in the
// addendum's words, and each key refused under schema 34 with the version
// to declare. Most rows edit fog-of-war chess on five by five or the hidden
// king (testdata/valid). The language adds no agreement check of its own
// here: the accepted rows below are the combinations that might look like
// contradictions and are not (SCHEMA-35.md, Readings).

var v35 = set("schema_version", `35`)

var schema35Cases = func() []agreeCase {
	return []agreeCase{
		// Accepted forms.
		{name: "fog-of-war chess", base: "fog"},
		{name: "hidden king", base: "hiddenking"},
		{name: "sees written out", base: "fog", edits: []edit{set("rules.sight", `{"sees": "reach"}`)}},
		{name: "hidden written false", base: "fog", edits: []edit{set("pieces[1].hidden", `false`)}},
		{name: "sight and hidden with no version declared", base: "fog", edits: []edit{del("schema_version"), set("pieces[5].hidden", `true`)}},
		{name: "every piece hidden, under sight", base: "fog", edits: []edit{set("pieces[0].hidden", `true`), set("pieces[1].hidden", `true`),
			set("pieces[2].hidden", `true`), set("pieces[3].hidden", `true`), set("pieces[4].hidden", `true`), set("pieces[5].hidden", `true`)}},
		{name: "a hidden pawn promoting to pieces in sight", base: "fog", edits: []edit{set("pieces[0].hidden", `true`)}},
		{name: "a pawn promoting to a hidden queen", base: "fog", edits: []edit{set("pieces[4].hidden", `true`)}},
		{name: "a hidden kind to run out of", base: "hiddenking", edits: []edit{set("pieces[1].hidden", `true`), set("rules.extinction", `{"pieces": ["N"]}`)}},
		{name: "a hidden piece to reach", base: "hiddenking", edits: []edit{set("rules.reach", `{"piece": "K", "squares": ["c5"]}`)}},
		{name: "a hidden piece to touch", base: "hiddenking", edits: []edit{set("rules.touch", `{"piece": "K", "squares": ["c3"]}`)}},
		{name: "a hidden piece on a die face", base: "dice", edits: []edit{v35, set("pieces[5].hidden", `true`)}},
		{name: "a hidden king under checkmate", base: "hiddenking", edits: []edit{set("rules.win", `"checkmate"`)}},
		{name: "sight under checkmate", edits: []edit{v35, set("rules.sight", `{}`)}},
		{name: "sight in rounds", base: "rounds", edits: []edit{v35, set("rules.sight", `{}`)}},
		{name: "hidden pieces with seats", base: "seats", edits: []edit{v35, set("pieces[1].hidden", `true`)}},

		// Version gating.
		{name: "fog-of-war chess under 34", base: "fog", edits: []edit{set("schema_version", `34`)},
			want: []string{`the spec uses rules.sight, added in schema 35; declare "schema_version": 35 to use it`}},
		{name: "hidden king under 29", base: "hiddenking", edits: []edit{set("schema_version", `29`)},
			want: []string{`the spec uses pieces.hidden, added in schema 35; declare "schema_version": 35 to use it`}},
		{name: "both keys under 1", base: "hiddenking", edits: []edit{set("schema_version", `1`), set("rules.sight", `{}`)},
			want: []string{`the spec uses pieces.hidden, rules.sight, added in schema 35; declare "schema_version": 35 to use it`}},
		{name: "a version line beside an older one", base: "fog", edits: []edit{set("schema_version", `33`),
			set("rules.hazards", `[{"pieces": ["N"], "chance": 0.25}]`)},
			want: []string{
				`the spec uses rules.hazards, added in schema 34; declare "schema_version": 34 to use it`,
				`the spec uses rules.sight, added in schema 35; declare "schema_version": 35 to use it`}},
		{name: "hidden written false under 34", base: "five", edits: []edit{set("schema_version", `34`), set("pieces[0].hidden", `false`)},
			want: []string{`the spec uses pieces.hidden, added in schema 35; declare "schema_version": 35 to use it`}},

		// The shape of rules.sight.
		{name: "sight as true", base: "fog", edits: []edit{set("rules.sight", `true`)},
			want: []string{"rules.sight must be an object, got True"}},
		{name: "sight as a word", base: "fog", edits: []edit{set("rules.sight", `"reach"`)},
			want: []string{"rules.sight must be an object, got 'reach'"}},
		{name: "sees another way", base: "fog", edits: []edit{set("rules.sight.sees", `"attacks"`)},
			want: []string{"rules.sight.sees must be one of ('reach',), got 'attacks'"}},
		{name: "sees as a list", base: "fog", edits: []edit{set("rules.sight.sees", `["reach"]`)},
			want: []string{"rules.sight.sees must be one of ('reach',), got ['reach']"}},
		{name: "sight of another key", base: "fog", edits: []edit{set("rules.sight.radius", `2`)},
			want: []string{"rules.sight has unknown keys: radius"}},

		// The shape of pieces[].hidden.
		{name: "hidden as a word", base: "hiddenking", edits: []edit{set("pieces[4].hidden", `"yes"`)},
			want: []string{"pieces[4].hidden must be true or false, got 'yes'"}},
		{name: "hidden as a number", base: "hiddenking", edits: []edit{set("pieces[4].hidden", `1`)},
			want: []string{"pieces[4].hidden must be true or false, got 1"}},
		{name: "hidden as a list of seats", base: "hiddenking", edits: []edit{set("pieces[4].hidden", `[0]`)},
			want: []string{"pieces[4].hidden must be true or false, got [0]"}},
	}
}()

func TestSchema35(t *testing.T) { runCases(t, schema35Cases) }

// TestHiddenFilledFromFile: the typed Spec holds rules.sight and
// pieces[].hidden as written, and SeesOrDefault gives the addendum's
// default.
func TestHiddenFilledFromFile(t *testing.T) {
	spec, problems := Parse(apply(t, "fog"))
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	if s := spec.Rules.Sight; s == nil || s.Sees != "" || s.SeesOrDefault() != SightReach {
		t.Errorf("fog-of-war sight: %+v", s)
	}
	for _, p := range spec.Pieces {
		if p.Hidden {
			t.Errorf("fog-of-war piece %s hidden", p.ID)
		}
	}

	spec, problems = Parse(apply(t, "hiddenking", set("rules.sight", `{"sees": "reach"}`)))
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	if s := spec.Rules.Sight; s == nil || s.Sees != SightReach || s.SeesOrDefault() != SightReach {
		t.Errorf("sees written out: %+v", s)
	}
	var hidden []string
	for _, p := range spec.Pieces {
		if p.Hidden {
			hidden = append(hidden, p.ID)
		}
	}
	if len(hidden) != 1 || hidden[0] != "K" {
		t.Errorf("hidden pieces %v, want [K]", hidden)
	}

	spec, problems = Parse(apply(t, "hiddenking", del("pieces[4].hidden")))
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problemLines(problems))
	}
	if spec.Rules.Sight != nil || spec.Pieces[4].Hidden {
		t.Errorf("neither key written: sight %+v, king hidden %v", spec.Rules.Sight, spec.Pieces[4].Hidden)
	}
}
