package tablestore

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"balancefarm/protocol"
)

// The tables kept in rulesets/tables each name, by its bytes, a rule file
// beside them under the table's own name: an edited rule file whose table
// was not learned again would only be passed over, so the repository
// should not keep it.
func TestKeptTablesMatchTheirFiles(t *testing.T) {
	dir := Dir(filepath.Join("..", "rulesets", DirName))
	paths, err := filepath.Glob(filepath.Join(string(dir), "*"+Ext))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no tables in %s (%v)", dir, err)
	}
	for _, path := range paths {
		table, err := readFile(path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		name := strings.TrimSuffix(filepath.Base(path), Ext) + ".json"
		if filepath.Base(table.File) != name {
			t.Errorf("%s: learned for %s, kept under another name", path, table.File)
		}
		data, err := os.ReadFile(filepath.Join("..", "rulesets", name))
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if hash := protocol.HashRuleFile(data); hash != table.FileHash {
			t.Errorf("%s: rulesets/%s has changed since its table was learned: learn it again (scripts/learn-tables.sh) or remove the table", path, name)
			continue
		}
		// Find must name this table for the file and no other.
		if found, at, err := dir.Find(table.FileHash); err != nil || found == nil || at != path {
			t.Errorf("%s: Find gives %s (%v)", path, at, err)
		}
	}
}
