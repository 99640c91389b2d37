package farm_test

import (
	"context"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"

	"github.com/prometheus/client_golang/prometheus"
)

// recorder is a Registerer that remembers what was registered.
type recorder struct{ collectors []prometheus.Collector }

func (r *recorder) Register(c prometheus.Collector) error {
	r.collectors = append(r.collectors, c)
	return nil
}
func (r *recorder) MustRegister(cs ...prometheus.Collector) {
	r.collectors = append(r.collectors, cs...)
}
func (r *recorder) Unregister(prometheus.Collector) bool { return false }

var fqName = regexp.MustCompile(`fqName: "([^"]+)"`)

func TestMetricsDocumented(t *testing.T) {
	rec := &recorder{}
	farm.NewCoordinatorMetrics(rec)
	farm.NewWorkerMetrics(rec)
	var names []string
	for _, c := range rec.collectors {
		ch := make(chan *prometheus.Desc, 10)
		c.Describe(ch)
		close(ch)
		for d := range ch {
			m := fqName.FindStringSubmatch(d.String())
			if m == nil {
				t.Fatalf("no name in %s", d)
			}
			names = append(names, m[1])
		}
	}
	sort.Strings(names)
	doc, err := os.ReadFile("METRICS.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile("`(balancefarm_[a-z_]+)`").FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = true
	}
	for _, n := range names {
		if !strings.HasPrefix(n, "balancefarm_") {
			t.Errorf("metric %s lacks the balancefarm_ prefix", n)
		}
		if !documented[n] {
			t.Errorf("metric %s is not in METRICS.md", n)
		}
		delete(documented, n)
	}
	for n := range documented {
		t.Errorf("METRICS.md lists %s, which no code registers", n)
	}
}

// sumMetric adds up every sample of a counter or histogram count.
func sumMetric(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	total := 0.0
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			switch {
			case m.Counter != nil:
				total += m.Counter.GetValue()
			case m.Histogram != nil:
				total += float64(m.Histogram.GetSampleCount())
			case m.Gauge != nil:
				total += m.Gauge.GetValue()
			}
		}
	}
	return total
}

func TestMetricsCounted(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	wreg := prometheus.NewRegistry()
	wm := farm.NewWorkerMetrics(wreg)
	_, wjs := connect(t, s.ClientURL())
	w, err := farm.NewWorker(wjs, farm.WorkerConfig{ID: "m", Concurrency: 2, Runner: quickRunner(), Metrics: wm, Log: testLogger(t), FetchWait: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	wctx, stopWorker := context.WithCancel(context.Background())
	workerDone := make(chan struct{})
	go func() { w.Run(wctx); close(workerDone) }()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	creg := prometheus.NewRegistry()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), farm.NewCoordinatorMetrics(creg))
	if err != nil {
		t.Fatal(err)
	}
	plan := testPlan(4, "metrics")
	out, err := c.Run(ctx, plan, testRuleFile, nil)
	if err != nil {
		t.Fatal(err)
	}
	stopWorker()
	<-workerDone
	n := float64(len(out.Results))
	for _, tt := range []struct {
		reg  *prometheus.Registry
		name string
		want float64
	}{
		{creg, "balancefarm_games_completed_total", n},
		{creg, "balancefarm_game_plies", n},
		{creg, "balancefarm_game_duration_seconds", n},
		{creg, "balancefarm_jobs_published_total", n},
		{creg, "balancefarm_batches_completed_total", 1},
		{creg, "balancefarm_batches_active", 0},
		{wreg, "balancefarm_worker_games_total", n},
		{wreg, "balancefarm_worker_game_duration_seconds", n},
		{wreg, "balancefarm_worker_games_in_progress", 0},
		{wreg, "balancefarm_worker_engine_errors_total", 0},
	} {
		if got := sumMetric(t, tt.reg, tt.name); got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, got, tt.want)
		}
	}
	if nodes := sumMetric(t, wreg, "balancefarm_worker_nodes_total"); nodes <= 0 {
		t.Errorf("no nodes counted")
	}
}
