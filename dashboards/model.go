package dashboards

// The types below are the part of Grafana's dashboard JSON model that the
// dashboards use (schemaVersion 39), so that a panel is written in Go with
// names checked by the compiler rather than as untyped JSON.

// SchemaVersion is the dashboard model version the files are written in.
const SchemaVersion = 39

// DatasourceVar is the name of the data-source template variable every
// panel and variable query goes through. File provisioning does not
// resolve an export's __inputs, so the data source is chosen at view time
// (defaulting to the provisioned Prometheus) instead.
const DatasourceVar = "datasource"

// Dashboard is one dashboard file.
type Dashboard struct {
	UID           string     `json:"uid"`
	Title         string     `json:"title"`
	Description   string     `json:"description,omitempty"`
	Tags          []string   `json:"tags"`
	Timezone      string     `json:"timezone"`
	SchemaVersion int        `json:"schemaVersion"`
	Version       int        `json:"version"`
	Editable      bool       `json:"editable"`
	GraphTooltip  int        `json:"graphTooltip"`
	Refresh       string     `json:"refresh"`
	Time          TimeRange  `json:"time"`
	Templating    Templating `json:"templating"`
	Links         []Link     `json:"links"`
	Panels        []Panel    `json:"panels"`
}

// TimeRange is the default time range, in Grafana's relative syntax.
type TimeRange struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Templating holds the template variables.
type Templating struct {
	List []Variable `json:"list"`
}

// Link is a dashboard link; with Tags set it lists the dashboards carrying
// them.
type Link struct {
	Title       string   `json:"title"`
	Type        string   `json:"type"`
	Tags        []string `json:"tags"`
	AsDropdown  bool     `json:"asDropdown"`
	IncludeVars bool     `json:"includeVars"`
	KeepTime    bool     `json:"keepTime"`
}

// Variable is a template variable: the data source, or a query over label
// values.
type Variable struct {
	Name        string         `json:"name"`
	Label       string         `json:"label"`
	Type        string         `json:"type"`
	Description string         `json:"description,omitempty"`
	Query       any            `json:"query"`
	Definition  string         `json:"definition,omitempty"`
	Datasource  *DatasourceRef `json:"datasource,omitempty"`
	Refresh     int            `json:"refresh"`
	Regex       string         `json:"regex"`
	Sort        int            `json:"sort"`
	Multi       bool           `json:"multi"`
	IncludeAll  bool           `json:"includeAll"`
	AllValue    string         `json:"allValue,omitempty"`
	Hide        int            `json:"hide"`
	Current     map[string]any `json:"current"`
	Options     []any          `json:"options"`
}

// VariableQuery is a Prometheus variable query as Grafana's query editor
// stores it.
type VariableQuery struct {
	QryType int    `json:"qryType"`
	Query   string `json:"query"`
	RefID   string `json:"refId"`
}

// DatasourceRef names a data source by type and uid.
type DatasourceRef struct {
	Type string `json:"type"`
	UID  string `json:"uid"`
}

// GridPos places a panel on the 24-column grid.
type GridPos struct {
	H int `json:"h"`
	W int `json:"w"`
	X int `json:"x"`
	Y int `json:"y"`
}

// Panel is a panel or a row.
type Panel struct {
	ID          int            `json:"id"`
	Type        string         `json:"type"`
	Title       string         `json:"title"`
	Description string         `json:"description,omitempty"`
	GridPos     GridPos        `json:"gridPos"`
	Datasource  *DatasourceRef `json:"datasource,omitempty"`
	Targets     []Target       `json:"targets,omitempty"`
	FieldConfig *FieldConfig   `json:"fieldConfig,omitempty"`
	Options     map[string]any `json:"options,omitempty"`
	// Collapsed and Panels are a row's.
	Collapsed *bool   `json:"collapsed,omitempty"`
	Panels    []Panel `json:"panels,omitempty"`
}

// Target is one Prometheus query of a panel.
type Target struct {
	RefID        string         `json:"refId"`
	Datasource   *DatasourceRef `json:"datasource"`
	Expr         string         `json:"expr"`
	LegendFormat string         `json:"legendFormat,omitempty"`
	Instant      bool           `json:"instant"`
	Range        bool           `json:"range"`
	Format       string         `json:"format,omitempty"`
}

// FieldConfig holds a panel's field defaults.
type FieldConfig struct {
	Defaults  FieldDefaults `json:"defaults"`
	Overrides []any         `json:"overrides"`
}

// FieldDefaults are the settings applied to every field of a panel.
type FieldDefaults struct {
	Unit       string         `json:"unit,omitempty"`
	Min        *float64       `json:"min,omitempty"`
	Max        *float64       `json:"max,omitempty"`
	Decimals   *int           `json:"decimals,omitempty"`
	Color      map[string]any `json:"color,omitempty"`
	Thresholds *Thresholds    `json:"thresholds,omitempty"`
	Mappings   []ValueMapping `json:"mappings,omitempty"`
	Custom     map[string]any `json:"custom,omitempty"`
}

// Thresholds colour values by steps; the first step's Value is nil (from
// minus infinity).
type Thresholds struct {
	Mode  string `json:"mode"`
	Steps []Step `json:"steps"`
}

// Step is one threshold step.
type Step struct {
	Color string   `json:"color"`
	Value *float64 `json:"value"`
}

// ValueMapping maps exact values to text and colour.
type ValueMapping struct {
	Type    string                 `json:"type"`
	Options map[string]MappedValue `json:"options"`
}

// MappedValue is what a mapped value shows.
type MappedValue struct {
	Text  string `json:"text"`
	Color string `json:"color"`
	Index int    `json:"index"`
}
