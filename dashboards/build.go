package dashboards

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// gridWidth is the width of Grafana's layout grid.
const gridWidth = 24

// datasource is the reference every panel and target uses.
var datasource = &DatasourceRef{Type: "prometheus", UID: "${" + DatasourceVar + "}"}

// layout places panels left to right, wrapping to a new line when one does
// not fit, and numbers them.
type layout struct {
	panels     []Panel
	x, y, rowH int
	nextID     int
}

// row starts a titled row on a line of its own.
func (l *layout) row(title string) {
	l.newline()
	l.nextID++
	collapsed := false
	l.panels = append(l.panels, Panel{ID: l.nextID, Type: "row", Title: title, Collapsed: &collapsed,
		GridPos: GridPos{H: 1, W: gridWidth, X: 0, Y: l.y}, Panels: []Panel{}})
	l.y++
}

func (l *layout) newline() {
	if l.x > 0 {
		l.y += l.rowH
		l.x, l.rowH = 0, 0
	}
}

// add places p, w columns wide and h rows high.
func (l *layout) add(w, h int, p Panel) {
	if l.x+w > gridWidth {
		l.newline()
	}
	l.nextID++
	p.ID = l.nextID
	p.GridPos = GridPos{H: h, W: w, X: l.x, Y: l.y}
	p.Datasource = datasource
	for i := range p.Targets {
		p.Targets[i].RefID = string(rune('A' + i))
		p.Targets[i].Datasource = datasource
	}
	l.panels = append(l.panels, p)
	l.x += w
	l.rowH = max(l.rowH, h)
}

// rangeQuery is a query plotted over time.
func rangeQuery(expr, legend string) Target {
	return Target{Expr: expr, LegendFormat: legend, Range: true, Format: "time_series"}
}

// instantQuery is a query read once, at the end of the time range.
func instantQuery(expr, legend string) Target {
	return Target{Expr: expr, LegendFormat: legend, Instant: true, Format: "time_series"}
}

// sel is a metric selector with label matchers.
func sel(metric string, matchers ...string) string {
	if len(matchers) == 0 {
		return metric
	}
	return metric + "{" + strings.Join(matchers, ",") + "}"
}

// orZero fills the groups expr lacks (no game of that kind yet) with 0,
// taking the groups from total, so that a ratio reads 0 instead of
// dropping the series.
func orZero(expr, total string) string {
	return fmt.Sprintf("(%s or %s * 0)", expr, total)
}

func ptr[T any](v T) *T { return &v }

// thresholds builds absolute threshold steps: a base colour, then pairs of
// (value, colour).
func thresholds(base string, steps ...any) *Thresholds {
	t := &Thresholds{Mode: "absolute", Steps: []Step{{Color: base}}}
	for i := 0; i+1 < len(steps); i += 2 {
		t.Steps = append(t.Steps, Step{Value: ptr(steps[i].(float64)), Color: steps[i+1].(string)})
	}
	return t
}

// timeseries is a line chart.
func timeseries(title, description, unit string, targets ...Target) Panel {
	return Panel{Type: "timeseries", Title: title, Description: description, Targets: targets,
		FieldConfig: &FieldConfig{Defaults: FieldDefaults{Unit: unit, Color: map[string]any{"mode": "palette-classic"},
			Custom: map[string]any{"drawStyle": "line", "lineWidth": 1, "fillOpacity": 10, "showPoints": "never", "spanNulls": true}},
			Overrides: []any{}},
		Options: map[string]any{
			"legend":  map[string]any{"displayMode": "table", "placement": "bottom", "showLegend": true, "calcs": []string{"lastNotNull", "max"}},
			"tooltip": map[string]any{"mode": "multi", "sort": "desc"},
		}}
}

// bars is a horizontal bar gauge, one bar per series.
func bars(title, description, unit string, lo, hi *float64, th *Thresholds, targets ...Target) Panel {
	return Panel{Type: "bargauge", Title: title, Description: description, Targets: targets,
		FieldConfig: &FieldConfig{Defaults: FieldDefaults{Unit: unit, Min: lo, Max: hi, Decimals: ptr(2), Thresholds: th,
			Color: map[string]any{"mode": "thresholds"}}, Overrides: []any{}},
		Options: map[string]any{
			"orientation": "horizontal", "displayMode": "gradient", "showUnfilled": true, "valueMode": "color",
			"reduceOptions": map[string]any{"calcs": []string{"lastNotNull"}, "fields": "", "values": false},
		}}
}

// stat is a big number per series.
func stat(title, description, unit string, th *Thresholds, mappings []ValueMapping, targets ...Target) Panel {
	return Panel{Type: "stat", Title: title, Description: description, Targets: targets,
		FieldConfig: &FieldConfig{Defaults: FieldDefaults{Unit: unit, Thresholds: th, Mappings: mappings,
			Color: map[string]any{"mode": "thresholds"}}, Overrides: []any{}},
		Options: map[string]any{
			"colorMode": "background", "graphMode": "none", "justifyMode": "auto", "textMode": "value_and_name",
			"orientation": "auto", "wideLayout": true,
			"reduceOptions": map[string]any{"calcs": []string{"lastNotNull"}, "fields": "", "values": false},
		}}
}

// datasourceVariable is the Prometheus data-source picker.
func datasourceVariable() Variable {
	return Variable{Name: DatasourceVar, Label: "Data source", Type: "datasource", Query: "prometheus",
		Refresh: 1, Current: map[string]any{}, Options: []any{}}
}

// labelVariable lists a label's values on a metric, filtered by matchers
// (which may use earlier variables); multi-select with All matching every
// value.
func labelVariable(name, label, description, metric, labelName string, matchers ...string) Variable {
	q := fmt.Sprintf("label_values(%s, %s)", sel(metric, matchers...), labelName)
	return Variable{Name: name, Label: label, Type: "query", Description: description,
		Query:      VariableQuery{QryType: 1, Query: q, RefID: "PrometheusVariableQueryEditor-VariableQuery"},
		Definition: q, Datasource: datasource, Refresh: 2, Sort: 1, Multi: true, IncludeAll: true, AllValue: ".*",
		Current: map[string]any{"selected": true, "text": []string{"All"}, "value": []string{"$__all"}}, Options: []any{}}
}

// dashboard fills the settings every balancefarm dashboard shares.
func dashboard(uid, title, description string, vars []Variable, l *layout) Dashboard {
	return Dashboard{UID: uid, Title: title, Description: description, Tags: []string{"balancefarm"},
		Timezone: "browser", SchemaVersion: SchemaVersion, Version: 1, Editable: true, GraphTooltip: 1,
		Refresh: "30s", Time: TimeRange{From: "now-6h", To: "now"},
		Templating: Templating{List: append([]Variable{datasourceVariable()}, vars...)},
		Links: []Link{{Title: "balancefarm", Type: "dashboards", Tags: []string{"balancefarm"},
			AsDropdown: true, IncludeVars: true, KeepTime: true}},
		Panels: l.panels}
}

// File is one dashboard's file under json/.
type File struct {
	Name      string
	Dashboard Dashboard
}

// All are the dashboards, by file name.
func All() []File {
	return []File{{"balancefarm-overview.json", Overview()}, {"balancefarm-farm.json", Farm()}}
}

// Encode is a dashboard as its file holds it: indented JSON ending in a
// newline, with PromQL's < > & left readable rather than escaped.
func Encode(d Dashboard) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
