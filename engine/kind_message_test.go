package engine

import "testing"

// TestLoadBadKindListsTheVersionsKinds: a spec that reaches Load with an
// unknown move kind is told the kinds of its own schema version, in the
// front end's words, so a schema-29 spec never hears of bent.
func TestLoadBadKindListsTheVersionsKinds(t *testing.T) {
	cases := []struct {
		version int
		want    string
	}{
		{29, "pieces[1].moves[0].kind must be one of ('slide', 'leap', 'hop', 'lame', 'sweep'), got 'teleport'"},
		{30, "pieces[1].moves[0].kind must be one of ('slide', 'leap', 'hop', 'lame', 'sweep', 'bent'), got 'teleport'"},
	}
	for _, tc := range cases {
		s := chessSpec(t)
		version := tc.version
		s.SchemaVersion = &version
		s.Pieces[1].Moves[0].Kind = "teleport"
		_, err := Load(s)
		if err == nil || err.Error() != tc.want {
			t.Errorf("schema %d: got %v, want %s", tc.version, err, tc.want)
		}
	}
}
