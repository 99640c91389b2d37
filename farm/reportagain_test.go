package farm_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/protocol"
)

// TestServiceBrokenMeasurementNotReused: a measurement whose report
// failed is not what the same plan posted again gets. Posted again (with a
// good name), it is reported again under that name from the games the farm
// holds, none played twice; and a measurement the farm recorded under a
// name that is no plain base name (as serve did before names were checked)
// is resumed under the ruleset's name instead, so its report is made.
func TestServiceBrokenMeasurementNotReused(t *testing.T) {
	tests := []struct {
		name      string
		firstFile string // the name the first run had
		failFirst bool   // its report failed
		// again asks for the measurement again: a POST's query, or "" for
		// a service restart.
		again     string
		wantLabel string // the name the report is made under
	}{
		{"report failed, posted again", "first.json", true, "file=second.json", "second.json"},
		{"stored under a bad name, service restarted", "..", false, "", "broken test"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := startServer(t, t.TempDir())
			_, js := connect(t, s.ClientURL())
			workers(t, s.ClientURL(), 1, 2, quickRunner())
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			var labels []string
			var played int // results the reports were given, fresh ones
			report := func(f farm.Finished) (farm.ServiceReport, error) {
				mu.Lock()
				defer mu.Unlock()
				labels = append(labels, f.Label)
				played += len(f.Outcome.Results) - f.Outcome.Resumed
				if tt.failFirst && len(labels) == 1 {
					return farm.ServiceReport{}, errors.New("writing the report: no space left on device")
				}
				return farm.ServiceReport{Viable: true, Verdict: "viable", Name: f.Label, JSON: []byte(`{}`), HTML: []byte("<html>")}, nil
			}
			rule := []byte(`{"name": "broken test"}`)
			players := []string{"a", "b", "c"}
			srv := newService(t, ctx, c, report)
			var sum farm.Summary
			if tt.firstFile == ".." {
				// What serve recorded before it checked names: the file's
				// name as posted, in the batch's state.
				plan := protocol.Plan{Ruleset: "broken test", RulesetHash: protocol.HashRuleFile(rule), Players: players, GamesPerPairing: 4, Seed: 3}
				out, err := c.RunHooks(ctx, plan, rule, farm.Hooks{File: tt.firstFile})
				if err != nil {
					t.Fatal(err)
				}
				played += len(out.Results)
				sum.ID = out.BatchID
			} else if status := call(t, "POST", srv.URL+"/v1/measurements?file="+tt.firstFile, rule, &sum); status != http.StatusAccepted {
				t.Fatalf("first POST: %d", status)
			}
			if tt.failFirst {
				d := awaitComplete(t, srv.URL, sum.ID)
				if d.ReportError == "" {
					t.Fatalf("the first report did not fail: %+v", d)
				}
			}

			if tt.again == "" {
				srv = newService(t, ctx, c, report)
			} else {
				var again farm.Summary
				if status := call(t, "POST", srv.URL+"/v1/measurements?"+tt.again, rule, &again); status != http.StatusAccepted || again.ID != sum.ID {
					t.Fatalf("POST again: %d %+v, want 202 for %s started again", status, again, sum.ID)
				}
			}
			d := awaitComplete(t, srv.URL, sum.ID)
			if d.ReportError != "" || d.Verdict != "viable" {
				t.Fatalf("asked again, the measurement is still broken: %+v", d)
			}
			if status := call(t, "GET", srv.URL+"/v1/measurements/"+sum.ID+"/report", nil, nil); status != http.StatusOK {
				t.Errorf("report: %d", status)
			}
			mu.Lock()
			defer mu.Unlock()
			if last := labels[len(labels)-1]; last != tt.wantLabel {
				t.Errorf("reported as %q, want %q (every report: %q)", last, tt.wantLabel, labels)
			}
			if jobs := len(players) * (len(players) - 1) / 2 * 4; played != jobs {
				t.Errorf("%d games played for %d jobs", played, jobs)
			}
		})
	}
}

// awaitComplete polls a measurement until it is complete.
func awaitComplete(t *testing.T, base, id string) farm.Detail {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		var d farm.Detail
		call(t, "GET", base+"/v1/measurements/"+id, nil, &d)
		if d.State == farm.StateComplete {
			return d
		}
		if time.Now().After(deadline) {
			t.Fatalf("measurement %s: %+v, not complete", id, d)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
