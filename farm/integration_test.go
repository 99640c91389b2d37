package farm_test

// The farm's acceptance tests: a batch of at least 200 games played by
// three workers completes with exactly one record per job while a worker
// process is killed, while the coordinator (and its embedded server) is
// stopped and restarted, and while a node of a three-node cluster is
// stopped.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/local"
	"balancefarm/farm/natsembed"
	"balancefarm/internal/childproc"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
)

// bigPlan is 3 pairings x 68 games = 204 games.
func bigPlan(rule []byte, salt string) protocol.Plan {
	return protocol.Plan{
		Ruleset: "farm-test", RulesetHash: protocol.HashRuleFile(rule),
		Players: []string{"weak", "medium", "strong"}, GamesPerPairing: 68, Seed: 11, Salt: salt,
	}
}

// buildWorker builds cmd/worker with the fake runner and fault injection.
func buildWorker(t *testing.T) string {
	t.Helper()
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		goTool = "go"
	}
	bin := filepath.Join(t.TempDir(), "worker")
	cmd := exec.Command(goTool, "build", "-tags", "farmfault", "-o", bin, "balancefarm/cmd/worker")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the worker: %v\n%s", err, out)
	}
	return bin
}

// workerProc is a worker running as its own process.
type workerProc struct {
	id  string
	cmd *exec.Cmd
	log string
}

func startWorkerProc(t *testing.T, bin, url, id string) *workerProc {
	t.Helper()
	logPath := filepath.Join(t.TempDir(), id+".log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-nats", url, "-id", id, "-runner", "fake", "-concurrency", "2",
		"-metrics-addr", "", "-fetch-wait", "500ms", "-drain-timeout", "5s", "-log-format", "json")
	cmd.Stderr, cmd.Stdout = logFile, logFile
	childproc.DieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	logFile.Close()
	p := &workerProc{id: id, cmd: cmd, log: logPath}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		if t.Failed() {
			p.dumpLog(t)
		}
	})
	return p
}

func (p *workerProc) dumpLog(t *testing.T) {
	f, err := os.Open(p.log)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() && n < 200 {
		t.Logf("%s: %s", p.id, sc.Text())
		n++
	}
}

// killedRule is played while a worker dies; panicRule always crashes the
// engine.
var (
	killedRule = []byte(`{"schema_version": 29, "name": "kill test", "description": "fake:plies=10-30 fake:ply-ms=3"}`)
	panicRule  = []byte(`{"schema_version": 29, "name": "panic test", "description": "fake:plies=10-20 farmfault:panic"}`)
)

func TestWorkerProcessKilledMidGame(t *testing.T) {
	bin := buildWorker(t)
	s := startServer(t, t.TempDir())
	url := s.ClientURL()
	_, js := connect(t, url)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	go c.WatchDeadLetters(ctx)

	var procs []*workerProc
	for i := range 3 {
		procs = append(procs, startWorkerProc(t, bin, url, fmt.Sprintf("proc%d", i)))
	}
	// A second batch whose rule file crashes the engine runs alongside: it
	// must end in dead letters without holding up the first.
	faulty := protocol.Plan{Ruleset: "panic-test", RulesetHash: protocol.HashRuleFile(panicRule), Players: []string{"a", "b"}, GamesPerPairing: 2}
	faultyDone := make(chan *farm.Outcome, 1)
	go func() {
		out, err := c.Run(ctx, faulty, panicRule, nil)
		if err != nil {
			t.Errorf("faulty batch: %v", err)
		}
		faultyDone <- out
	}()

	plan := bigPlan(killedRule, "")
	var killed atomic.Bool
	out, err := c.Run(ctx, plan, killedRule, func(done, total int) {
		if done >= 40 && !killed.Swap(true) {
			// SIGKILL: no drain, no nak; its games come back after AckWait.
			if err := procs[0].cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Errorf("killing worker: %v", err)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	checkOutcome(t, plan, out, 0)
	if !killed.Load() {
		t.Fatal("worker was never killed")
	}
	redelivered := 0
	for _, r := range out.Results {
		if r.Attempt > 1 {
			redelivered++
		}
	}
	if redelivered == 0 {
		t.Error("no game was redelivered: the killed worker held none")
	}
	t.Logf("%d games, %d played again after the kill, %d duplicate records dropped", len(out.Results), redelivered, out.Duplicates)

	f := <-faultyDone
	if f == nil {
		t.FailNow()
	}
	checkOutcome(t, faulty, f, 2)
	for _, d := range f.DeadLetters {
		if d.Attempts != testConfig.MaxDeliver {
			t.Errorf("dead letter after %d attempts, want %d", d.Attempts, testConfig.MaxDeliver)
		}
	}

	// The survivors drain and exit cleanly on SIGTERM.
	procs[0].cmd.Wait()
	for _, p := range procs[1:] {
		p.cmd.Process.Signal(syscall.SIGTERM)
		if err := p.cmd.Wait(); err != nil {
			t.Errorf("worker %s after SIGTERM: %v", p.id, err)
		}
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestCoordinatorRestartMidBatch(t *testing.T) {
	// The coordinator runs in local mode: its embedded server and store go
	// down with it, and come back from the state directory. Its workers are
	// elsewhere and must ride the outage out.
	state := t.TempDir()
	listen := "127.0.0.1:" + strconv.Itoa(freePort(t))
	startLocal := func() *local.Farm {
		f, err := local.Start(local.Options{StateDir: state, Listen: listen, Log: testLogger(t)})
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	plan := bigPlan(testRuleFile, "restart")
	total := len(plan.Jobs())

	first := startLocal()
	url := first.URL()
	workers(t, url, 3, 2, quickRunner())
	ctx, cancel := context.WithCancel(context.Background())
	c, err := farm.NewCoordinator(ctx, first.JS, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	recordedBefore := 0
	_, err = c.Run(ctx, plan, testRuleFile, func(done, total int) {
		recordedBefore = done
		if done >= total/3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: %v, want it stopped mid-batch", err)
	}
	first.Close()
	time.Sleep(200 * time.Millisecond) // workers notice the server is gone

	second := startLocal()
	defer second.Close()
	ctx2, cancel2 := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel2()
	c2, err := farm.NewCoordinator(ctx2, second.JS, testConfig, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	go c2.WatchDeadLetters(ctx2)
	out, err := c2.Run(ctx2, plan, testRuleFile, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkOutcome(t, plan, out, 0)
	if len(out.Results) != total || recordedBefore >= total {
		t.Fatalf("%d results of %d; %d recorded before the restart", len(out.Results), total, recordedBefore)
	}
	t.Logf("%d games, %d recorded before the restart, %d duplicate records dropped", total, recordedBefore, out.Duplicates)
}

func TestClusterNodeStopped(t *testing.T) {
	cl, err := natsembed.StartCluster(t.TempDir(), 3)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cl.Shutdown)
	urls := cl.URLs()
	all := urls[0] + "," + urls[1] + "," + urls[2]
	_, js := connect(t, all)
	cfg := testConfig
	cfg.Replicas = 3
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	c, err := farm.NewCoordinator(ctx, js, cfg, testLogger(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	go c.WatchDeadLetters(ctx)
	workers(t, all, 3, 2, quickRunner())

	plan := bigPlan(testRuleFile, "cluster")
	var stopped atomic.Int32
	stopped.Store(-1)
	out, err := c.Run(ctx, plan, testRuleFile, func(done, total int) {
		if done >= total/3 && stopped.Load() < 0 {
			// Stop the node leading the job stream, the hardest one to lose.
			i := jobsLeader(ctx, js, cl)
			stopped.Store(int32(i))
			go cl.Stop(i)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	checkOutcome(t, plan, out, 0)
	if stopped.Load() < 0 {
		t.Fatal("no node was stopped")
	}
	t.Logf("%d games with node n%d stopped mid-batch, %d duplicate records dropped", len(out.Results), stopped.Load()+1, out.Duplicates)
}

// jobsLeader finds the member leading the jobs stream (member 0 if it
// cannot tell).
func jobsLeader(ctx context.Context, js jetstream.JetStream, cl *natsembed.Cluster) int {
	ictx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	s, err := js.Stream(ictx, farm.StreamJobs)
	if err != nil {
		return 0
	}
	info, err := s.Info(ictx)
	if err != nil || info.Cluster == nil {
		return 0
	}
	for i, srv := range cl.Servers {
		if srv.Name() == info.Cluster.Leader {
			return i
		}
	}
	return 0
}
