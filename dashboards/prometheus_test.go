package dashboards

import (
	"balancefarm/internal/testnet"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// scrapeInterval is the test Prometheus's scrape interval; rateInterval
// is what $__rate_interval expands to (Grafana makes it at least four
// scrapes).
const (
	scrapeInterval = "250ms"
	scrapeEvery    = 250 * time.Millisecond
	rateInterval   = "2s"
	// minScrapes are waited for after the last game, so that every rate
	// window of the last rateInterval holds samples of the final values.
	minScrapes = 8
)

// TestPanelsAgainstPrometheus runs a farm, has a real Prometheus scrape
// it, and runs every panel's query and every variable's query through
// Prometheus's HTTP API: each must succeed and return at least one series.
func TestPanelsAgainstPrometheus(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a farm and Prometheus; skipped with -short")
	}
	prometheus := needTool(t, "prometheus", prometheusHint)
	farm := startFarm(t)
	targets := farm.targets
	prom := startPrometheus(t, prometheus, targets)

	// Prometheus sees every target before the games start, so that the
	// counters' increases are read from their first values on, as on a
	// farm that is scraped all along.
	want := len(targets.coordinators) + len(targets.workers)
	waitFor(t, 60*time.Second, "every target scraped", func() error {
		return prom.expect(fmt.Sprintf("count(up == 1) == %d", want))
	})
	recorded := farm.measure(t)
	if recorded == 0 {
		t.Fatal("the farm recorded no game")
	}
	waitFor(t, 30*time.Second, "Prometheus to scrape the finished measurements", func() error {
		return prom.expect(fmt.Sprintf("sum(balancefarm_games_completed_total) == %d", recorded))
	})
	time.Sleep(minScrapes * scrapeEvery)

	all := allValues(t)
	for _, q := range queries(t) {
		expr := expand(q.expr, all, "10m", rateInterval)
		var (
			series []json.RawMessage
			err    error
		)
		if q.instant {
			series, err = prom.query(expr)
		} else {
			series, err = prom.queryRange(expr, 2*time.Minute)
		}
		switch {
		case err != nil:
			t.Errorf("%s: %v\n  query: %s", q, err, expr)
		case len(series) == 0:
			t.Errorf("%s: no series\n  query: %s", q, expr)
		}
	}
	for _, v := range variableQueries(t) {
		selector := expand(v.selector, all, "10m", rateInterval)
		var values []string
		err := prom.get("/api/v1/label/"+v.label+"/values", url.Values{"match[]": {selector}}, &values)
		switch {
		case err != nil:
			t.Errorf("%s variable %s: %v", v.file, v.name, err)
		case len(values) == 0:
			t.Errorf("%s variable %s: label_values(%s, %s) is empty", v.file, v.name, selector, v.label)
		}
	}
}

// promServer is a running Prometheus.
type promServer struct{ base string }

// startPrometheus runs Prometheus on loopback with a scrape job for the
// coordinators and one for the workers, stopped when the test ends.
func startPrometheus(t *testing.T, bin string, targets farmTargets) *promServer {
	t.Helper()
	dir := t.TempDir()
	cfg := map[string]any{
		"global": map[string]any{"scrape_interval": scrapeInterval, "evaluation_interval": scrapeInterval},
		"scrape_configs": []any{
			map[string]any{"job_name": "balancefarm-coordinator", "static_configs": []any{map[string]any{"targets": targets.coordinators}}},
			map[string]any{"job_name": "balancefarm-worker", "static_configs": []any{map[string]any{"targets": targets.workers}}},
		},
	}
	data, err := yaml.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(cfgPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	addr := loopback(testnet.FreePorts(t, 1)[0])
	startProcess(t, dir, "prometheus", bin, "--config.file="+cfgPath, "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+addr, "--log.level=warn")
	p := &promServer{base: "http://" + addr}
	waitFor(t, 60*time.Second, "Prometheus to be ready", func() error { return httpOK(p.base + "/-/ready") })
	return p
}

// apiReply is the envelope of Prometheus's HTTP API.
type apiReply struct {
	Status    string          `json:"status"`
	Data      json.RawMessage `json:"data"`
	ErrorType string          `json:"errorType"`
	Error     string          `json:"error"`
}

func (p *promServer) get(path string, params url.Values, data any) error {
	var reply apiReply
	if err := getJSON(p.base+path+"?"+params.Encode(), &reply); err != nil {
		// The API answers errors with 400 or 422 and the same envelope.
		return err
	}
	if reply.Status != "success" {
		return fmt.Errorf("%s: %s", reply.ErrorType, reply.Error)
	}
	return json.Unmarshal(reply.Data, data)
}

// vectorOrMatrix is the data of a query reply.
type vectorOrMatrix struct {
	ResultType string          `json:"resultType"`
	Result     json.RawMessage `json:"result"`
}

// series returns the reply's series; a scalar or string counts as one.
func (d vectorOrMatrix) series() ([]json.RawMessage, error) {
	switch d.ResultType {
	case "vector", "matrix":
		var out []json.RawMessage
		return out, json.Unmarshal(d.Result, &out)
	case "scalar", "string":
		return []json.RawMessage{d.Result}, nil
	}
	return nil, fmt.Errorf("result type %q", d.ResultType)
}

// query evaluates expr now.
func (p *promServer) query(expr string) ([]json.RawMessage, error) {
	var d vectorOrMatrix
	if err := p.get("/api/v1/query", url.Values{"query": {expr}}, &d); err != nil {
		return nil, err
	}
	return d.series()
}

// unixTime is t as the API takes it, to the millisecond.
func unixTime(t time.Time) string {
	return strconv.FormatFloat(float64(t.UnixMilli())/1000, 'f', 3, 64)
}

// expect waits for expr to return a series (a comparison that holds).
func (p *promServer) expect(expr string) error {
	series, err := p.query(expr)
	if err != nil {
		return err
	}
	if len(series) == 0 {
		return fmt.Errorf("%s: not yet", expr)
	}
	return nil
}

// queryRange evaluates expr over the last span, one step per scrape.
func (p *promServer) queryRange(expr string, span time.Duration) ([]json.RawMessage, error) {
	end := time.Now()
	params := url.Values{"query": {expr}, "start": {unixTime(end.Add(-span))}, "end": {unixTime(end)}, "step": {scrapeInterval}}
	var d vectorOrMatrix
	if err := p.get("/api/v1/query_range", params, &d); err != nil {
		return nil, err
	}
	return d.series()
}
