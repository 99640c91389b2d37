package e2e

import (
	"balancefarm/internal/testnet"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"balancefarm/farm"
	"balancefarm/internal/childproc"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The batch: one pairing of fast players on a small board, every game
// played (-sequential=false) so that the planned count is known.
const (
	players         = "random,ab:d1"
	gamesPerPairing = 160
	plannedGames    = gamesPerPairing // one pairing
	// killAt is how many records the results stream holds when a worker
	// and a NATS node are killed: well into the batch, far from its end.
	killAt = plannedGames / 5
	// batchTimeout bounds the whole batch, kills and recovery included.
	batchTimeout = 120 * time.Second
)

// TestBatchSurvivesNodeAndWorkerKill is issue 7's acceptance test: three
// nats-server processes in a cluster, a coordinator and two workers as
// processes of their own, one node and one worker killed with SIGKILL
// mid-batch, and the batch still ends with exactly one record per job.
func TestBatchSurvivesNodeAndWorkerKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three binaries and plays a batch on a three-process cluster")
	}
	begin := time.Now()
	bins := buildBinaries(t)
	built := time.Now()
	cluster := startCluster(t, bins["nats-server"], 3)
	urls := cluster.urls()
	start := time.Now()
	t.Logf("built in %.1fs, cluster formed in %.1fs", built.Sub(begin).Seconds(), start.Sub(built).Seconds())

	nc, err := nats.Connect(urls, nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond),
		nats.Name("e2e test observer"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	// Run before the processes are killed: where a failed batch stood.
	t.Cleanup(func() {
		if t.Failed() {
			logFarmState(t, js)
		}
	})

	ruleFile, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	outDir := filepath.Join(t.TempDir(), "out")
	// The workers start first and wait for the coordinator's streams
	// (their debug line says so): started after it, one slow to start on
	// a loaded machine could find the batch already played by the other.
	workers := make([]*proc, 2)
	for i := range workers {
		id := fmt.Sprintf("w%d", i+1)
		workers[i] = startProc(t, id, bins["worker"], "-nats", urls, "-id", id, "-concurrency", "2",
			"-metrics-addr", "", "-fetch-wait", "1s", "-log-format", "json", "-log-level", "debug")
	}
	for _, w := range workers {
		waitForLog(t, w, "waiting for the coordinator to make the farm's streams", time.Minute)
	}
	coord := startProc(t, "coordinator", bins["coordinator"], "measure",
		"-nats", urls, "-workers", "0", "-replicas", "3", "-ack-wait", "3s",
		"-players", players, "-games", fmt.Sprint(gamesPerPairing), "-sequential=false", "-precision", "0",
		"-state", t.TempDir(), "-metrics-addr", "", "-log-format", "json", "-log-level", "info",
		"-progress", "lines", "-progress-interval", "200ms", "-out", outDir, ruleFile)
	// Mid-batch, kill worker w1 and the node leading the results stream
	// (the one whose loss costs the most: a leader election while records
	// are being written).
	ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
	defer cancel()
	waitForRecords(ctx, t, js, coord, killAt)
	// The killed worker must have a game on record for the check below
	// that both played; w2 may have taken the first killAt alone.
	waitForWorkerRecord(ctx, t, js, coord, workers[0].name)
	recorded := waitForRecords(ctx, t, js, coord, killAt)
	if recorded >= plannedGames {
		t.Fatalf("the batch ended (%d records) before the kill; make it longer", recorded)
	}
	leader := streamLeader(ctx, t, js, farm.StreamResults)
	victim := cluster.byName(leader)
	if victim == nil {
		t.Fatalf("results stream leader %q is none of the cluster's nodes", leader)
	}
	workers[0].kill(t)
	victim.kill(t)
	t.Logf("%.1fs: %d records; killed worker w1 and node %s (results stream leader)",
		time.Since(start).Seconds(), recorded, leader)

	status := coord.wait(ctx, t)
	elapsed := time.Since(start)
	// 0: viable, 3: not viable, 5: inconclusive (a short batch may be);
	// in every case every game was measured.
	if status != 0 && status != 3 && status != 5 {
		t.Fatalf("coordinator exited with status %d, want 0, 3 or 5", status)
	}

	rep := readReport(t, outDir)
	if rep.Games+rep.ErrorGames != plannedGames || rep.ErrorGames != 0 {
		t.Errorf("report counts %d games and %d error games, want %d games", rep.Games, rep.ErrorGames, plannedGames)
	}

	records := slices.DeleteFunc(readRecords(ctx, t, js), func(r record) bool {
		kind, _, _, _ := protocol.SplitSubject(r.subject)
		return kind == protocol.KindVerdicts
	})
	perJob, byWorker, batch, retried := checkRecords(t, records)
	distinct := len(perJob)
	if distinct != plannedGames || rep.Games != distinct {
		t.Errorf("%d distinct jobs recorded, report counts %d, planned %d", distinct, rep.Games, plannedGames)
	}
	for g := range plannedGames {
		if id := protocol.JobID(batch, g); perJob[id] == 0 {
			t.Errorf("job %s has no record", id)
		}
	}
	// The coordinator's own count: every job once, the extra records it
	// dropped as duplicates, no dead letter.
	done := batchComplete(t, coord)
	if done.Batch != batch || done.Results != plannedGames || done.DeadLetters != 0 || done.Duplicates+done.Rejected != len(records)-distinct {
		t.Errorf("coordinator logged batch %s complete with %d results, %d dead letters, %d duplicates and %d refused; want batch %s, %d, 0, %d",
			done.Batch, done.Results, done.DeadLetters, done.Duplicates, done.Rejected, batch, plannedGames, len(records)-distinct)
	}
	// Both workers played: w1 before it was killed, w2 throughout.
	for _, w := range workers {
		if byWorker[w.name] == 0 {
			t.Errorf("worker %s recorded no game", w.name)
		}
	}
	coordLog, _ := os.ReadFile(coord.log)
	restarts := strings.Count(string(coordLog), "records reader stalled")
	t.Logf("%d games in %.1fs (status %d): %d records for %d jobs (%d played twice, %d on a redelivery), by worker %v; records reader started again %d times",
		rep.Games, elapsed.Seconds(), status, len(records), distinct, len(records)-distinct, retried, byWorker, restarts)
}

// binDir holds the binaries for every test of the run (-count=N builds
// once); TestMain makes and removes it.
var binDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "balancefarm-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var (
	buildOnce sync.Once
	buildErr  error
)

// buildBinaries builds nats-server, the coordinator and the worker (with
// the real game runner) into binDir, once per test binary run.
func buildBinaries(t *testing.T) map[string]string {
	t.Helper()
	buildOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		// With -o naming a directory, each main package lands there under
		// its own name (nats-server for .../nats-server/v2).
		cmd := exec.CommandContext(ctx, goTool, "build", "-o", binDir+string(filepath.Separator),
			"balancefarm/cmd/coordinator", "balancefarm/cmd/worker", "github.com/nats-io/nats-server/v2")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	bins := map[string]string{}
	for _, name := range []string{"nats-server", "coordinator", "worker"} {
		path := filepath.Join(binDir, name)
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("go build left no %s: %v", name, err)
		}
		bins[name] = path
	}
	return bins
}

// proc is a process the test started; its output goes to a log file that
// is printed when the test fails.
type proc struct {
	name   string
	cmd    *exec.Cmd
	log    string
	done   chan struct{}
	waited error
}

func startProc(t *testing.T, name, bin string, args ...string) *proc {
	t.Helper()
	logPath := filepath.Join(t.TempDir(), name+".log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	childproc.DieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", name, err)
	}
	p := &proc{name: name, cmd: cmd, log: logPath, done: make(chan struct{})}
	go func() {
		p.waited = cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		p.kill(t)
		if t.Failed() {
			p.dumpLog(t)
		}
	})
	return p
}

// kill ends the process with SIGKILL, as a crash would, and reaps it.
func (p *proc) kill(t *testing.T) {
	select {
	case <-p.done:
		return
	default:
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil && !errors.Is(err, os.ErrProcessDone) {
		t.Errorf("killing %s: %v", p.name, err)
	}
	<-p.done
}

// exited reports whether the process has ended.
func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// wait returns the process's exit status, failing the test if it does not
// end before ctx.
func (p *proc) wait(ctx context.Context, t *testing.T) int {
	t.Helper()
	select {
	case <-p.done:
	case <-ctx.Done():
		t.Fatalf("%s still running after the batch timeout", p.name)
	}
	var exit *exec.ExitError
	switch {
	case p.waited == nil:
		return 0
	case errors.As(p.waited, &exit) && exit.Exited():
		return exit.ExitCode()
	default:
		t.Fatalf("%s: %v", p.name, p.waited)
		return -1
	}
}

// dumpLog prints the last lines of the process's output.
func (p *proc) dumpLog(t *testing.T) {
	data, err := os.ReadFile(p.log)
	if err != nil {
		t.Logf("%s: no log: %v", p.name, err)
		return
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	const keep = 80
	if len(lines) > keep {
		t.Logf("%s: ... %d earlier lines", p.name, len(lines)-keep)
		lines = lines[len(lines)-keep:]
	}
	for _, line := range lines {
		t.Logf("%s: %s", p.name, line)
	}
}

// natsNode is one nats-server process of the cluster.
type natsNode struct {
	*proc
	serverName string
	clientPort int
	httpPort   int
}

type natsCluster struct{ nodes []*natsNode }

func (c *natsCluster) urls() string {
	var urls []string
	for _, n := range c.nodes {
		urls = append(urls, fmt.Sprintf("nats://127.0.0.1:%d", n.clientPort))
	}
	return strings.Join(urls, ",")
}

func (c *natsCluster) byName(name string) *natsNode {
	for _, n := range c.nodes {
		if n.serverName == name {
			return n
		}
	}
	return nil
}

// startCluster runs size nats-server processes with JetStream, each with
// its own store, routed to one another on loopback, and waits until they
// have elected a JetStream meta leader and every node is healthy. The
// ports are free when chosen but not held: a node that exits because
// another process took one is a reason to start the cluster again on
// fresh ports, up to three times.
func startCluster(t *testing.T, bin string, size int) *natsCluster {
	t.Helper()
	return testnet.Retry(t, "the cluster", 3, func() (*natsCluster, error) { return startClusterOnce(t, bin, size) })
}

func startClusterOnce(t *testing.T, bin string, size int) (*natsCluster, error) {
	t.Helper()
	ports := testnet.FreePorts(t, 3*size)
	var routes []string
	for i := range size {
		routes = append(routes, fmt.Sprintf("nats-route://127.0.0.1:%d", ports[size+i]))
	}
	root := t.TempDir()
	c := &natsCluster{}
	for i := range size {
		n := &natsNode{serverName: fmt.Sprintf("n%d", i+1), clientPort: ports[i], httpPort: ports[2*size+i]}
		conf := fmt.Sprintf(`server_name: %s
listen: 127.0.0.1:%d
http: 127.0.0.1:%d
jetstream {
  store_dir: %q
  max_memory_store: 64MB
  max_file_store: 1GB
}
cluster {
  name: e2e
  listen: 127.0.0.1:%d
  routes: [%s]
}
`, n.serverName, n.clientPort, n.httpPort, filepath.Join(root, n.serverName), ports[size+i], strings.Join(routes, ", "))
		confPath := filepath.Join(root, n.serverName+".conf")
		if err := os.WriteFile(confPath, []byte(conf), 0o600); err != nil {
			t.Fatal(err)
		}
		n.proc = startProc(t, "nats-"+n.serverName, bin, "-c", confPath)
		c.nodes = append(c.nodes, n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		ready, why := c.ready(ctx, size)
		if ready {
			return c, nil
		}
		for _, n := range c.nodes {
			if n.exited() {
				n.dumpLog(t)
				for _, m := range c.nodes {
					m.kill(t)
				}
				return nil, fmt.Errorf("nats-server %s exited while the cluster formed", n.serverName)
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the cluster did not form: %s", why)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// ready reports whether every node is healthy and agrees on a JetStream
// meta leader of a cluster of size nodes, or why not.
func (c *natsCluster) ready(ctx context.Context, size int) (bool, string) {
	leaders := map[string]bool{}
	for _, n := range c.nodes {
		base := fmt.Sprintf("http://127.0.0.1:%d", n.httpPort)
		if code, err := httpGet(ctx, base+"/healthz", nil); err != nil || code != http.StatusOK {
			return false, fmt.Sprintf("%s not healthy (%d, %v)", n.serverName, code, err)
		}
		var jsz struct {
			Meta *struct {
				Leader string `json:"leader"`
				Size   int    `json:"cluster_size"`
			} `json:"meta_cluster"`
		}
		if _, err := httpGet(ctx, base+"/jsz", &jsz); err != nil {
			return false, fmt.Sprintf("%s /jsz: %v", n.serverName, err)
		}
		if jsz.Meta == nil || jsz.Meta.Leader == "" || jsz.Meta.Size != size {
			return false, fmt.Sprintf("%s sees no meta leader of %d nodes yet", n.serverName, size)
		}
		leaders[jsz.Meta.Leader] = true
	}
	if len(leaders) != 1 {
		return false, fmt.Sprintf("nodes disagree on the meta leader: %v", leaders)
	}
	return true, ""
}

// httpGet fetches url, decoding a JSON body into into when it is not nil.
func httpGet(ctx context.Context, url string, into any) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if into != nil {
		return resp.StatusCode, json.NewDecoder(resp.Body).Decode(into)
	}
	return resp.StatusCode, nil
}

// waitForRecords polls the results stream until it holds at least n
// messages, and returns how many it holds.
func waitForRecords(ctx context.Context, t *testing.T, js jetstream.JetStream, coord *proc, n int) int {
	t.Helper()
	for {
		if info, err := streamInfo(ctx, js, farm.StreamResults); err == nil && int(info.State.Msgs) >= n {
			return int(info.State.Msgs)
		}
		if coord.exited() {
			t.Fatalf("the coordinator exited before %d records were written", n)
		}
		select {
		case <-ctx.Done():
			t.Fatalf("fewer than %d records before the batch timeout", n)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// logFarmState logs what the streams and the batch consumers hold.
func logFarmState(t *testing.T, js jetstream.JetStream) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, name := range []string{farm.StreamJobs, farm.StreamResults} {
		info, err := streamInfo(ctx, js, name)
		if err != nil {
			t.Logf("stream %s: %v", name, err)
			continue
		}
		t.Logf("stream %s: %d messages, leader %v", name, info.State.Msgs, info.Cluster)
	}
	s, err := js.Stream(ctx, farm.StreamJobs)
	if err != nil {
		return
	}
	list := s.ListConsumers(ctx)
	for ci := range list.Info() {
		t.Logf("consumer %s: %d pending, %d ack pending, %d redelivered, %d waiting pulls", ci.Name, ci.NumPending, ci.NumAckPending,
			ci.NumRedelivered, ci.NumWaiting)
	}
}

// waitForLog waits until p's output holds text, failing the test if p
// exits or limit passes first.
func waitForLog(t *testing.T, p *proc, text string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		if data, err := os.ReadFile(p.log); err == nil && strings.Contains(string(data), text) {
			return
		}
		if p.exited() {
			t.Fatalf("%s exited before saying %q", p.name, text)
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not say %q within %v", p.name, text, limit)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitForWorkerRecord reads the results stream until it holds a record
// written by worker id.
func waitForWorkerRecord(ctx context.Context, t *testing.T, js jetstream.JetStream, coord *proc, id string) {
	t.Helper()
	cons, err := js.OrderedConsumer(ctx, farm.StreamResults, jetstream.OrderedConsumerConfig{FilterSubjects: []string{protocol.ResultsSubjects}})
	if err != nil {
		t.Fatal(err)
	}
	for {
		if coord.exited() {
			t.Fatalf("the coordinator exited before worker %s recorded a game", id)
		}
		msgs, err := cons.Fetch(50, jetstream.FetchMaxWait(200*time.Millisecond))
		if err == nil {
			for m := range msgs.Messages() {
				var r protocol.Result
				if json.Unmarshal(m.Data(), &r) == nil && r.WorkerID == id {
					return
				}
			}
		}
		if ctx.Err() != nil {
			t.Fatalf("worker %s recorded no game before the batch timeout", id)
		}
	}
}

func streamInfo(ctx context.Context, js jetstream.JetStream, name string) (*jetstream.StreamInfo, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	s, err := js.Stream(ctx, name)
	if err != nil {
		return nil, err
	}
	return s.Info(ctx)
}

// streamLeader names the server leading a stream's replicas.
func streamLeader(ctx context.Context, t *testing.T, js jetstream.JetStream, name string) string {
	t.Helper()
	info, err := streamInfo(ctx, js, name)
	if err != nil {
		t.Fatalf("stream %s: %v", name, err)
	}
	if info.Cluster == nil || info.Cluster.Leader == "" {
		t.Fatalf("stream %s has no leader", name)
	}
	if n := 1 + len(info.Cluster.Replicas); n != 3 {
		t.Fatalf("stream %s has %d replicas, want 3", name, n)
	}
	return info.Cluster.Leader
}

// measurementReport is the part of the coordinator's NAME.json the test
// reads (report/FORMAT.md).
type measurementReport struct {
	Games      int `json:"games"`
	ErrorGames int `json:"error_games"`
}

func readReport(t *testing.T, outDir string) measurementReport {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(outDir, "five-by-five.json"))
	if err != nil {
		t.Fatalf("the coordinator wrote no report: %v", err)
	}
	var rep measurementReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("report: %v", err)
	}
	return rep
}

// batchCompleteLine is the coordinator's log line for a finished batch.
type batchCompleteLine struct {
	Message     string `json:"message"`
	Batch       string `json:"batch"`
	Results     int    `json:"results"`
	DeadLetters int    `json:"dead_letters"`
	Duplicates  int    `json:"duplicates"`
	// Rejected counts records refused; in this batch only those of a
	// publication two deliveries answered (contested).
	Rejected int `json:"rejected"`
}

// batchComplete finds the coordinator's "batch complete" line among its
// output (JSON log lines and progress lines).
func batchComplete(t *testing.T, coord *proc) batchCompleteLine {
	t.Helper()
	data, err := os.ReadFile(coord.log)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		var l batchCompleteLine
		if strings.HasPrefix(line, "{") && json.Unmarshal([]byte(line), &l) == nil && l.Message == "batch complete" {
			return l
		}
	}
	t.Fatal("the coordinator logged no \"batch complete\"")
	return batchCompleteLine{}
}

// record is one message of the results stream.
type record struct {
	subject string
	data    []byte
}

// readRecords reads every message of the results stream, directly by
// sequence number, after the batch (the stream no longer grows).
func readRecords(ctx context.Context, t *testing.T, js jetstream.JetStream) []record {
	t.Helper()
	info, err := streamInfo(ctx, js, farm.StreamResults)
	if err != nil {
		t.Fatalf("results stream: %v", err)
	}
	s, err := js.Stream(ctx, farm.StreamResults)
	if err != nil {
		t.Fatal(err)
	}
	var out []record
	for seq := info.State.FirstSeq; seq <= info.State.LastSeq && info.State.Msgs > 0; seq++ {
		getCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		msg, err := s.GetMsg(getCtx, seq)
		cancel()
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			continue
		}
		if err != nil {
			t.Fatalf("results stream message %d: %v", seq, err)
		}
		out = append(out, record{subject: msg.Subject, data: msg.Data})
	}
	if len(out) != int(info.State.Msgs) {
		t.Fatalf("read %d records, the stream holds %d", len(out), info.State.Msgs)
	}
	return out
}

// checkRecords checks that every record is a game result of one batch
// whose subject matches its body, and counts records per job and per
// worker, and how many were played on a later delivery of their job.
func checkRecords(t *testing.T, records []record) (perJob, byWorker map[string]int, batch string, retried int) {
	t.Helper()
	perJob, byWorker = map[string]int{}, map[string]int{}
	for _, r := range records {
		kind, b, job, ok := protocol.SplitSubject(r.subject)
		if !ok {
			t.Fatalf("record on unexpected subject %q", r.subject)
		}
		if kind == protocol.KindVerdicts {
			continue // a coordinator's ruling, not a record of a game
		}
		if kind != protocol.KindResults {
			t.Errorf("%s record for job %s: %s", kind, job, r.data)
			continue
		}
		if batch == "" {
			batch = b
		} else if b != batch {
			t.Fatalf("records of two batches: %s and %s", batch, b)
		}
		var res protocol.Result
		if err := json.Unmarshal(r.data, &res); err != nil {
			t.Fatalf("record %s: %v", r.subject, err)
		}
		if res.JobID != job || res.BatchID != b {
			t.Errorf("record on %s is for job %s of batch %s", r.subject, res.JobID, res.BatchID)
		}
		perJob[job]++
		byWorker[res.WorkerID]++
		if res.Attempt > 1 {
			retried++
		}
	}
	return perJob, byWorker, batch, retried
}
