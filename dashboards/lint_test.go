package dashboards

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func TestCommittedJSONMatchesGenerator(t *testing.T) {
	files := All()
	paths, err := filepath.Glob(filepath.Join(jsonDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != len(files) {
		t.Errorf("%d files in %s, the generator writes %d", len(paths), jsonDir, len(files))
	}
	for _, f := range files {
		want, err := Encode(f.Dashboard)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(jsonDir, f.Name))
		if err != nil {
			t.Fatalf("%v (run `go generate ./dashboards`)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the generator's output: run `go generate ./dashboards`", f.Name)
		}
	}
}

// panelTypes are the panel types the dashboards may use.
var panelTypes = map[string]bool{"row": true, "timeseries": true, "stat": true, "bargauge": true, "table": true, "piechart": true}

// globalVars are Grafana's built-in variables the queries may use.
var globalVars = map[string]bool{"__range": true, "__rate_interval": true, "__interval": true}

func TestDashboardLint(t *testing.T) {
	uids := map[string]string{}
	for file, d := range committed(t) {
		t.Run(file, func(t *testing.T) {
			errorf := func(format string, args ...any) { t.Errorf(format, args...) }
			for _, key := range []string{"__inputs", "__requires", "id"} {
				if _, ok := d[key]; ok {
					errorf("has %q: file provisioning resolves no inputs and assigns ids itself", key)
				}
			}
			walkStrings(d, func(s string) {
				if strings.Contains(s, "${DS_") {
					errorf("refers to an export input %q; use the $%s variable", s, DatasourceVar)
				}
			})
			uid, _ := d["uid"].(string)
			if uid == "" || len(uid) > 40 {
				errorf("uid %q: want 1 to 40 characters", uid)
			} else if other, dup := uids[uid]; dup {
				errorf("uid %q also used by %s", uid, other)
			}
			uids[uid] = file
			if title, _ := d["title"].(string); title == "" {
				errorf("no title")
			}
			if v, _ := d["schemaVersion"].(float64); int(v) != SchemaVersion {
				errorf("schemaVersion %v, want %d", d["schemaVersion"], SchemaVersion)
			}

			defined := lintVariables(t, d)
			lintPanels(t, d, defined)
		})
	}
}

// lintVariables checks the template variables and returns their names.
func lintVariables(t *testing.T, d map[string]any) map[string]bool {
	templ, _ := d["templating"].(map[string]any)
	list, ok := templ["list"].([]any)
	if !ok {
		t.Fatal("no templating.list")
	}
	defined := map[string]bool{}
	sawDatasource := false
	for _, v := range list {
		m, _ := v.(map[string]any)
		name, _ := m["name"].(string)
		if name == "" || defined[name] {
			t.Errorf("variable name %q empty or repeated", name)
		}
		defined[name] = true
		switch m["type"] {
		case "datasource":
			if name == DatasourceVar && m["query"] == "prometheus" {
				sawDatasource = true
			}
		case "query":
			if !isDatasourceVarRef(m["datasource"]) {
				t.Errorf("variable %s: datasource %v, want the $%s variable", name, m["datasource"], DatasourceVar)
			}
			if _, ok := m["allValue"].(string); m["includeAll"] == true && !ok {
				t.Errorf("variable %s offers All without an allValue: Grafana would send a regex of every value", name)
			}
		default:
			t.Errorf("variable %s: type %v not used by these dashboards", name, m["type"])
		}
	}
	if !sawDatasource {
		t.Errorf("no %q variable of type datasource over prometheus", DatasourceVar)
	}
	return defined
}

func isDatasourceVarRef(v any) bool {
	m, _ := v.(map[string]any)
	return m["type"] == "prometheus" && m["uid"] == "${"+DatasourceVar+"}"
}

// box is a panel's place on the grid.
type box struct {
	id         int
	x, y, w, h int
}

func (a box) overlaps(b box) bool {
	return a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y < a.y+a.h
}

func lintPanels(t *testing.T, d map[string]any, defined map[string]bool) {
	ids := map[int]bool{}
	var boxes []box
	all := panels(d)
	if len(all) == 0 {
		t.Fatal("no panels")
	}
	for _, p := range all {
		idF, ok := p["id"].(float64)
		id := int(idF)
		title, _ := p["title"].(string)
		where := fmt.Sprintf("panel %d (%s)", id, title)
		if !ok || id <= 0 || float64(id) != idF || ids[id] {
			t.Errorf("%s: id missing, not a positive integer or repeated", where)
		}
		ids[id] = true
		if title == "" {
			t.Errorf("%s: no title", where)
		}
		typ, _ := p["type"].(string)
		if !panelTypes[typ] {
			t.Errorf("%s: type %q unknown", where, typ)
		}
		g, _ := p["gridPos"].(map[string]any)
		b := box{id: id}
		for key, dst := range map[string]*int{"x": &b.x, "y": &b.y, "w": &b.w, "h": &b.h} {
			v, ok := g[key].(float64)
			if !ok || v != float64(int(v)) {
				t.Errorf("%s: gridPos.%s missing or not an integer", where, key)
			}
			*dst = int(v)
		}
		if b.w < 1 || b.h < 1 || b.x < 0 || b.y < 0 || b.x+b.w > gridWidth {
			t.Errorf("%s: gridPos %+v outside the %d-column grid", where, b, gridWidth)
		}
		for _, o := range boxes {
			if b.overlaps(o) {
				t.Errorf("%s overlaps panel %d", where, o.id)
			}
		}
		boxes = append(boxes, b)
		if typ == "row" {
			continue
		}
		if !isDatasourceVarRef(p["datasource"]) {
			t.Errorf("%s: datasource %v, want the $%s variable", where, p["datasource"], DatasourceVar)
		}
		targets, _ := p["targets"].([]any)
		if len(targets) == 0 {
			t.Errorf("%s: no queries", where)
		}
		refs := map[string]bool{}
		for _, tg := range targets {
			m, _ := tg.(map[string]any)
			ref, _ := m["refId"].(string)
			expr, _ := m["expr"].(string)
			if ref == "" || refs[ref] {
				t.Errorf("%s: refId %q empty or repeated", where, ref)
			}
			refs[ref] = true
			if strings.TrimSpace(expr) == "" {
				t.Errorf("%s %s: empty expr", where, ref)
			}
			if !isDatasourceVarRef(m["datasource"]) {
				t.Errorf("%s %s: datasource %v, want the $%s variable", where, ref, m["datasource"], DatasourceVar)
			}
			for _, match := range grafanaVarRE.FindAllStringSubmatch(expr, -1) {
				if !defined[match[1]] && !globalVars[match[1]] {
					t.Errorf("%s %s: $%s is neither a variable of the dashboard nor a global one", where, ref, match[1])
				}
			}
		}
	}
}

// walkStrings calls f on every string in a decoded JSON value.
func walkStrings(v any, f func(string)) {
	switch x := v.(type) {
	case string:
		f(x)
	case []any:
		for _, e := range x {
			walkStrings(e, f)
		}
	case map[string]any:
		for k, e := range x {
			f(k)
			walkStrings(e, f)
		}
	}
}

func TestProvisioning(t *testing.T) {
	var providers struct {
		APIVersion int `yaml:"apiVersion"`
		Providers  []struct {
			Name    string `yaml:"name"`
			Type    string `yaml:"type"`
			Folder  string `yaml:"folder"`
			Options struct {
				Path string `yaml:"path"`
			} `yaml:"options"`
		} `yaml:"providers"`
	}
	readYAML(t, "provisioning/dashboards/balancefarm.yaml", &providers)
	if providers.APIVersion != 1 || len(providers.Providers) != 1 {
		t.Fatalf("dashboard provisioning: %+v, want apiVersion 1 and one provider", providers)
	}
	if p := providers.Providers[0]; p.Type != "file" || !strings.HasPrefix(p.Options.Path, "/") || p.Name == "" {
		t.Errorf("dashboard provider %+v: want a named file provider with an absolute path", p)
	}

	var sources struct {
		APIVersion  int `yaml:"apiVersion"`
		Datasources []struct {
			Name      string `yaml:"name"`
			UID       string `yaml:"uid"`
			Type      string `yaml:"type"`
			URL       string `yaml:"url"`
			IsDefault bool   `yaml:"isDefault"`
		} `yaml:"datasources"`
	}
	readYAML(t, "provisioning/datasources/prometheus.yaml", &sources)
	var defaults []string
	for _, s := range sources.Datasources {
		if s.Type == "prometheus" && s.IsDefault && s.URL != "" && s.UID != "" {
			defaults = append(defaults, s.Name)
		}
	}
	if sources.APIVersion != 1 || len(defaults) != 1 {
		t.Errorf("datasource provisioning: want apiVersion 1 and exactly one default Prometheus with a uid and url, got %+v", sources)
	}
	entries, err := os.ReadDir("provisioning")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		dirs = append(dirs, e.Name())
	}
	sort.Strings(dirs)
	if strings.Join(dirs, ",") != "dashboards,datasources" {
		t.Errorf("provisioning holds %v; Grafana reads dashboards/ and datasources/", dirs)
	}
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
