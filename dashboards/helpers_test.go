package dashboards

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"
)

// jsonDir is where the committed dashboards are.
const jsonDir = "json"

// committed reads every committed dashboard file as generic JSON, so the
// checks see exactly what Grafana will load, not the Go values.
func committed(t *testing.T) map[string]map[string]any {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(jsonDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no dashboards in %s", jsonDir)
	}
	out := map[string]map[string]any{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var d map[string]any
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out[filepath.Base(p)] = d
	}
	return out
}

// query is one panel target of a committed dashboard.
type query struct {
	file    string
	panelID int
	title   string
	refID   string
	expr    string
	instant bool
}

func (q query) String() string {
	return fmt.Sprintf("%s panel %d (%s) %s", q.file, q.panelID, q.title, q.refID)
}

// panels flattens a dashboard's panels, rows' nested panels included.
func panels(d map[string]any) []map[string]any {
	var out []map[string]any
	var walk func(list any)
	walk = func(list any) {
		items, _ := list.([]any)
		for _, it := range items {
			p, ok := it.(map[string]any)
			if !ok {
				continue
			}
			out = append(out, p)
			walk(p["panels"])
		}
	}
	walk(d["panels"])
	return out
}

// queries lists every panel target of the committed dashboards.
func queries(t *testing.T) []query {
	t.Helper()
	var out []query
	for file, d := range committed(t) {
		for _, p := range panels(d) {
			targets, _ := p["targets"].([]any)
			for _, tg := range targets {
				m, _ := tg.(map[string]any)
				id, _ := p["id"].(float64)
				title, _ := p["title"].(string)
				ref, _ := m["refId"].(string)
				expr, _ := m["expr"].(string)
				instant, _ := m["instant"].(bool)
				out = append(out, query{file: file, panelID: int(id), title: title, refID: ref, expr: expr, instant: instant})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// variableQuery is a label_values variable of a committed dashboard.
type variableQuery struct {
	file, name      string
	selector, label string
}

var labelValuesRE = regexp.MustCompile(`^label_values\((.+),\s*([a-zA-Z_][a-zA-Z0-9_]*)\)$`)

// variableQueries lists the dashboards' label_values variables.
func variableQueries(t *testing.T) []variableQuery {
	t.Helper()
	var out []variableQuery
	for file, d := range committed(t) {
		templ, _ := d["templating"].(map[string]any)
		list, _ := templ["list"].([]any)
		for _, v := range list {
			m, _ := v.(map[string]any)
			if m["type"] != "query" {
				continue
			}
			name, _ := m["name"].(string)
			def, _ := m["definition"].(string)
			match := labelValuesRE.FindStringSubmatch(def)
			if match == nil {
				t.Errorf("%s: variable %s: %q is not label_values(SELECTOR, LABEL)", file, name, def)
				continue
			}
			out = append(out, variableQuery{file: file, name: name, selector: match[1], label: match[2]})
		}
	}
	return out
}

// grafanaVarRE matches $name and ${name} references.
var grafanaVarRE = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?`)

// expand substitutes what Grafana would: each template variable by its
// All value, and the global range variables by the given durations.
func expand(expr string, allValues map[string]string, rangeDur, rateInterval string) string {
	return grafanaVarRE.ReplaceAllStringFunc(expr, func(ref string) string {
		name := grafanaVarRE.FindStringSubmatch(ref)[1]
		switch name {
		case "__range":
			return rangeDur
		case "__rate_interval", "__interval":
			return rateInterval
		}
		if v, ok := allValues[name]; ok {
			return v
		}
		return ref
	})
}

// allValues maps each dashboard variable to the value Grafana sends for
// "All" (every query variable here has an allValue).
func allValues(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, d := range committed(t) {
		templ, _ := d["templating"].(map[string]any)
		list, _ := templ["list"].([]any)
		for _, v := range list {
			m, _ := v.(map[string]any)
			name, _ := m["name"].(string)
			if all, ok := m["allValue"].(string); ok {
				out[name] = all
			}
		}
	}
	return out
}
