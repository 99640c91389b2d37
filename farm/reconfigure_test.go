package farm_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"balancefarm/farm"
)

// TestReconfigureReachesRunningBatches: a coordinator told to reconfigure
// changes the farm's settings, and with them the consumer of a batch
// another coordinator is running; that coordinator, which started under
// the old settings, does not undo them when it makes its consumer again
// (as on a resume or a lost store), and a coordinator that is not told
// to reconfigure changes nothing.
func TestReconfigureReachesRunningBatches(t *testing.T) {
	s := startServer(t, t.TempDir())
	_, js := connect(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	first, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	plan := testPlan(4, "reconfigure")
	id := first.BatchID(plan)
	runCtx, stopRun := context.WithCancel(ctx)
	defer stopRun()
	done := runInBackground(runCtx, first, plan, testRuleFile) // no workers: it stays running
	waitQueued(t, ctx, js, id, len(plan.Jobs()))

	consumerSettings := func() farm.Settings {
		t.Helper()
		c, err := first.Assets().Jobs.Consumer(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		cc := c.CachedInfo().Config
		return farm.Settings{Replicas: max(cc.Replicas, 1), AckWait: cc.AckWait, MaxDeliver: cc.MaxDeliver, MaxAckPending: cc.MaxAckPending}
	}
	old := consumerSettings()
	changed := farm.Config{AckWait: 4 * time.Second, MaxDeliver: 6, MaxAckPending: 321, DuplicateWindow: time.Minute, RecheckInterval: time.Second}
	want := farm.Settings{Replicas: 1, AckWait: 4 * time.Second, MaxDeliver: 6, MaxAckPending: 321}

	steps := []struct {
		name string
		act  func(t *testing.T)
		want farm.Settings
	}{
		{"a coordinator with other flags, not reconfiguring", func(t *testing.T) {
			c, err := farm.NewCoordinator(ctx, js, changed, testLogger(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			if c.Settings().AckWait != testConfig.AckWait {
				t.Errorf("it works with AckWait %s, not the farm's %s", c.Settings().AckWait, testConfig.AckWait)
			}
		}, old},
		{"a coordinator reconfiguring", func(t *testing.T) {
			cfg := changed
			cfg.Reconfigure = true
			c, err := farm.NewCoordinator(ctx, js, cfg, testLogger(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(c.Assets().Reconfigured, id) {
				t.Errorf("reconfigured consumers %v, want the running batch %s among them", c.Assets().Reconfigured, id)
			}
		}, want},
		{"the running batch's coordinator makes its consumer again", func(t *testing.T) {
			if _, err := first.Assets().BatchConsumer(ctx, id); err != nil {
				t.Fatal(err)
			}
		}, want},
	}
	for _, st := range steps {
		st.act(t)
		got := consumerSettings()
		got.DuplicateWindow = 0
		if got != st.want {
			t.Errorf("after %s: consumer settings %+v, want %+v", st.name, got, st.want)
		}
	}
	stopRun()
	<-done
}
