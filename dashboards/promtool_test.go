package dashboards

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestQueriesPassPromtool has promtool parse every panel and variable
// query, written as recording rules with Grafana's variables expanded as
// Grafana would for "All".
func TestQueriesPassPromtool(t *testing.T) {
	promtool := needTool(t, "promtool", prometheusHint)
	all := allValues(t)
	type rule struct {
		Record string `yaml:"record"`
		Expr   string `yaml:"expr"`
	}
	var rules []rule
	var names []string
	for i, q := range queries(t) {
		rules = append(rules, rule{Record: fmt.Sprintf("dashboard:query_%d", i), Expr: expand(q.expr, all, "1h", "1m")})
		names = append(names, q.String())
	}
	for i, v := range variableQueries(t) {
		rules = append(rules, rule{Record: fmt.Sprintf("dashboard:variable_%d", i),
			Expr: expand(fmt.Sprintf("count by (%s) (%s)", v.label, v.selector), all, "1h", "1m")})
		names = append(names, v.file+" variable "+v.name)
	}
	doc := map[string]any{"groups": []any{map[string]any{"name": "balancefarm-dashboards", "rules": rules}}}
	data, err := yaml.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dashboards.rules.yml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(promtool, "check", "rules", path).CombinedOutput()
	if err != nil {
		// promtool names the failing rule by its index in the group.
		t.Fatalf("promtool check rules: %v\n%s\nrules, in order:\n%s", err, out, strings.Join(names, "\n"))
	}
	if want := fmt.Sprintf("%d rules found", len(rules)); !strings.Contains(string(out), want) {
		t.Errorf("promtool did not report %q:\n%s", want, out)
	}
}
