package rules

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulesets: every game in rulesets/ is valid. The regression baseline
// (rulesets/baseline.json) lives there too and is not a game.
func TestRulesets(t *testing.T) {
	var files []string
	filepath.WalkDir("../../rulesets", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") && d.Name() != "baseline.json" {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("rulesets/ holds no .json files")
	}
	for _, f := range files {
		t.Run(strings.TrimPrefix(f, "../../rulesets/"), func(t *testing.T) {
			_, problems, err := ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) != 0 {
				t.Errorf("%s is not valid:\n\t%s", f, strings.Join(problemLines(problems), "\n\t"))
			}
		})
	}
}
