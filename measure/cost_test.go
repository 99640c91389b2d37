package measure

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestStartPositionCost(t *testing.T) {
	tests := []struct {
		path    string
		refused bool
	}{
		{"../rulesets/chess.json", false},
		{"../rulesets/grand.json", false},
		{"../search/testdata/hostile-sliders.json", true},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Load(tt.path, data)
		var cost *CostError
		if got := errors.As(err, &cost); got != tt.refused {
			t.Errorf("%s: Load = %v, want refused %v", tt.path, err, tt.refused)
			continue
		}
		if tt.refused && (cost.FirstMoves != 2225 || !strings.Contains(Lines(err)[0], "too expensive to play")) {
			t.Errorf("%s: refusal %+v: %q", tt.path, cost, Lines(err))
		}
	}
}
