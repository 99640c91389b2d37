// Package dashboards owns balancefarm's Grafana dashboards: their typed
// definitions (Overview and Farm), the JSON files Grafana provisions from
// (json/, written by `go generate ./dashboards`, which runs ./gen) and the
// provisioning folder (provisioning/: the dashboard provider and the
// Prometheus data source). Every panel query uses only metrics the farm
// exports (farm/metrics.go); the tests check the queries with promtool and
// run them against a real Prometheus scraping a running farm.
package dashboards

//go:generate go run ./gen -out json
