package dashboards

import (
	"balancefarm/internal/testnet"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// farmTargets are the /metrics addresses (host:port) of a running farm.
type farmTargets struct {
	coordinators []string
	workers      []string
}

// testFarm is a farm running for a test.
type testFarm struct {
	targets farmTargets
	api     string // base URL of the coordinator's HTTP API
}

// Rule files the test farm measures. The fake runner reads its
// directives from the description: the first plays games of a fraction of
// a second, so that a measurement spans several scrapes; the second
// panics in every game, so its jobs are redelivered and then
// dead-lettered.
var farmRuleFiles = []struct{ name, description string }{
	{"dashboards-healthy", "fake:plies=20-60 fake:ply-ms=8"},
	{"dashboards-failing", "fake:plies=5-10 farmfault:panic"},
}

// farmGamesPerPairing is the measurements' games per pairing; with two
// players that is the number of games per rule file.
const farmGamesPerPairing = 16

// startFarm runs a small farm from the real binaries and returns once
// every process serves /metrics: `coordinator serve` in local mode (its
// embedded NATS server on a loopback port) and two worker processes built
// with the farmfault tag, so that they play the fake runner's games. The
// processes run until the test ends.
func startFarm(t *testing.T) *testFarm {
	t.Helper()
	dir := t.TempDir()
	coordinator := goBuild(t, dir, "coordinator", "balancefarm/cmd/coordinator")
	worker := goBuild(t, dir, "worker", "balancefarm/cmd/worker", "-tags", "farmfault")
	ports := testnet.FreePorts(t, 5)
	natsAddr, apiAddr, coordMetrics := loopback(ports[0]), loopback(ports[1]), loopback(ports[2])
	workerMetrics := []string{loopback(ports[3]), loopback(ports[4])}

	startProcess(t, dir, "coordinator", coordinator, "serve",
		"-state", filepath.Join(dir, "state"), "-listen", natsAddr, "-workers", "0",
		"-addr", apiAddr, "-metrics-addr", coordMetrics,
		"-players", "random,ab:d1", "-games", strconv.Itoa(farmGamesPerPairing),
		// The fake runner's results never settle the equal-strength games,
		// so they run to their cap: 392 at ±0.10, as many as the tests'
		// two minutes allow.
		"-precision", "0.1",
		"-ack-wait", "5s", "-max-deliver", "2", "-log-format", "json",
		"-no-replay") // the workers play the fake runner, whose moves are not chess
	f := &testFarm{targets: farmTargets{coordinators: []string{coordMetrics}, workers: workerMetrics}, api: "http://" + apiAddr}
	waitFor(t, 60*time.Second, "the coordinator's API", func() error { return httpOK(f.api + "/healthz") })
	for i, addr := range workerMetrics {
		id := fmt.Sprintf("worker%d", i+1)
		startProcess(t, dir, id, worker, "-nats", "nats://"+natsAddr, "-id", id, "-runner", "fake",
			"-concurrency", "2", "-metrics-addr", addr, "-fetch-wait", "500ms", "-drain-timeout", "2s", "-log-format", "json")
	}
	for _, addr := range append(f.targets.coordinators, f.targets.workers...) {
		waitFor(t, 30*time.Second, "/metrics on "+addr, func() error { return httpOK("http://" + addr + "/metrics") })
	}
	return f
}

// measure posts one measurement per farmRuleFiles and waits until all
// are complete; it returns the number of games recorded.
func (f *testFarm) measure(t *testing.T) int {
	t.Helper()
	var ids []string
	for _, rf := range farmRuleFiles {
		ids = append(ids, postMeasurement(t, f.api, rf.name, rf.description))
	}
	recorded := 0
	for _, id := range ids {
		var m struct {
			State, Error string
			Games, Done  int
			DeadLetters  int `json:"dead_letters"`
			Surplus      int
		}
		waitFor(t, 120*time.Second, "measurement "+id, func() error {
			if err := getJSON(f.api+"/v1/measurements/"+id, &m); err != nil {
				return err
			}
			switch m.State {
			case "complete":
				return nil
			case "running":
				return fmt.Errorf("%d of %d games recorded", m.Done, m.Games)
			}
			t.Fatalf("measurement %s: state %s: %s", id, m.State, m.Error)
			return nil
		})
		// The farm's game counter also counts the games played past a
		// pairing's stopping point, which the measurement leaves out.
		recorded += m.Done - m.DeadLetters + m.Surplus
	}
	return recorded
}

// postMeasurement posts a copy of a small library game renamed and with
// the fake runner's directives as its description; it returns the
// measurement's id.
func postMeasurement(t *testing.T, api, name, description string) string {
	t.Helper()
	data, err := os.ReadFile("../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]any
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	file["name"], file["description"] = name, description
	body, _ := json.Marshal(file)
	resp, err := http.Post(api+"/v1/measurements", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	reply, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusAccepted && resp.StatusCode != http.StatusOK {
		t.Fatalf("posting %s: %s\n%s", name, resp.Status, reply)
	}
	var sum struct{ ID string }
	if err := json.Unmarshal(reply, &sum); err != nil || sum.ID == "" {
		t.Fatalf("posting %s: no measurement id in %s", name, reply)
	}
	return sum.ID
}

// goBuild builds a package into dir and returns the binary's path.
func goBuild(t *testing.T, dir, name, pkg string, flags ...string) string {
	t.Helper()
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		goTool = "go"
	}
	bin := filepath.Join(dir, name)
	args := append(append([]string{"build"}, flags...), "-o", bin, pkg)
	if out, err := exec.Command(goTool, args...).CombinedOutput(); err != nil {
		t.Fatalf("go %v: %v\n%s", args, err, out)
	}
	return bin
}

// startProcess runs a binary with its output in dir/NAME.log, stopping it
// with SIGTERM (then SIGKILL) when the test ends; the log is shown if the
// test failed.
func startProcess(t *testing.T, dir, name, bin string, args ...string) {
	t.Helper()
	logPath := filepath.Join(dir, name+".log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		t.Fatalf("starting %s: %v", name, err)
	}
	logFile.Close()
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		if t.Failed() {
			if out, err := os.ReadFile(logPath); err == nil {
				t.Logf("%s log (tail):\n%s", name, tail(out, 3000))
			}
		}
	})
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

func loopback(port int) string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)) }

// waitFor polls check every 200ms until it succeeds or timeout passes.
func waitFor(t *testing.T, timeout time.Duration, what string, check func() error) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		err := check()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting %s for %s: %v", timeout, what, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

var httpClient = &http.Client{Timeout: 10 * time.Second}

func httpOK(url string) error {
	resp, err := httpClient.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return nil
}

func getJSON(url string, v any) error {
	resp, err := httpClient.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s: %s", url, resp.Status, tail(body, 500))
	}
	return json.Unmarshal(body, v)
}
