package farm_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/fakegame"
)

// TestKilledSessionTime: a session that dies without a word (its
// connection gone, as under kill -9, so nothing is saved on the way out)
// and the session that resumes its batch report the time both spent,
// less at most the moment between two saves of the running time: not the
// heartbeat's 30 s.
func TestKilledSessionTime(t *testing.T) {
	s := startServer(t, t.TempDir())
	url := s.ClientURL()
	// Slow games: the batch takes some seconds on one worker.
	workers(t, url, 1, 2, &fakegame.Runner{MinPlies: 4, MaxPlies: 12, PlyDelay: 25 * time.Millisecond, NodesPerPly: 10})
	plan := testPlan(24, "killed session")
	cfg := testConfig
	cfg.RecheckInterval = 30 * time.Second // the service's default heartbeat
	const firstFor = 3500 * time.Millisecond

	nc1, js1 := connect(t, url)
	ctx1, cancel1 := context.WithCancel(context.Background())
	defer cancel1()
	c1, err := farm.NewCoordinator(ctx1, js1, cfg, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	ran := make(chan error, 1)
	go func() {
		_, err := c1.Run(ctx1, plan, testRuleFile, nil)
		ran <- err
	}()
	time.Sleep(firstFor)
	// The session dies: its connection first, so it can save nothing more.
	nc1.Close()
	firstSession := time.Since(started)
	cancel1()
	if err := <-ran; err == nil {
		t.Fatal("the first session completed the batch before it was killed: make its games slower")
	} else if !errors.Is(err, context.Canceled) {
		t.Logf("first session ended with %v", err)
	}

	_, js2 := connect(t, url)
	ctx2, cancel2 := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel2()
	c2, err := farm.NewCoordinator(ctx2, js2, cfg, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	secondStart := time.Now()
	out, err := c2.Run(ctx2, plan, testRuleFile, nil)
	if err != nil {
		t.Fatal(err)
	}
	secondSession := time.Since(secondStart)
	checkOutcome(t, plan, out, 0)
	if out.Resumed == 0 {
		t.Fatal("the second session resumed nothing")
	}
	// Each session counts from when its batch is open; the first saved
	// its time last at most a save's interval before it died.
	spent := firstSession + secondSession
	const lost = time.Second + 500*time.Millisecond
	if out.Elapsed > spent || out.Elapsed < spent-lost {
		t.Errorf("elapsed %s over a killed session of %s and a resumed one of %s: want %s, less at most %s",
			out.Elapsed.Round(time.Millisecond), firstSession.Round(time.Millisecond), secondSession.Round(time.Millisecond),
			spent.Round(time.Millisecond), lost)
	}
	t.Logf("elapsed %s; sessions %s + %s", out.Elapsed.Round(time.Millisecond), firstSession.Round(time.Millisecond), secondSession.Round(time.Millisecond))
}
