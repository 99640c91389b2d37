package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"balancefarm/deploy/natsauth"
	"balancefarm/farm"
	"balancefarm/internal/testnet"
	"balancefarm/protocol"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// startSmallAuthServer is a nats-server process with the generated
// credentials (auth.conf) whose JetStream may keep maxFileStore on disk.
func startSmallAuthServer(t *testing.T, bin, secrets, maxFileStore string) string {
	t.Helper()
	port := testnet.FreePorts(t, 1)[0]
	root := filepath.Dir(secrets)
	conf := fmt.Sprintf(`server_name: small
listen: 127.0.0.1:%d
jetstream {
  store_dir: %q
  max_memory_store: 16MB
  max_file_store: %s
}
include %s/%s
`, port, filepath.Join(root, "js"), maxFileStore, filepath.Base(secrets), natsauth.FileAuthConf)
	path := filepath.Join(root, "small.conf")
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	startProc(t, "nats-small", bin, "-c", path)
	return fmt.Sprintf("nats://127.0.0.1:%d", port)
}

// TestJunkFillsNoStore is the row on worker credentials that
// publish junk to bf.results.>: 100 MB were accepted in 0.28 s, and on a
// 150 MB store an honest run then stalled for minutes with only
// warnings. On a 64 MB server with the generated credentials: streams
// whose limits the server cannot hold are refused at once, saying so; a
// worker's junk stops at the results stream's limit; and the honest run
// after it stops within seconds saying the results store is full.
func TestJunkFillsNoStore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds nats-server, the coordinator and the worker and runs them as processes")
	}
	bins := buildBinaries(t)
	secrets := filepath.Join(t.TempDir(), "secrets")
	if err := natsauth.Generate(secrets, natsauth.Options{Workers: []string{"w1", "w2"}}); err != nil {
		t.Fatal(err)
	}
	url := startSmallAuthServer(t, bins["nats-server"], secrets, "64MB")
	ruleFile, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
	defer cancel()
	const limit = 16 << 20
	measure := func(name string, extra ...string) *proc {
		args := append([]string{"measure", "-nats", url, "-creds", filepath.Join(secrets, natsauth.FileCoordinator), "-workers", "0",
			"-players", "random,ab:d1", "-games", "40", "-precision", "0", "-sequential=false",
			"-progress", "off", "-metrics-addr", "", "-log-format", "json", "-out", filepath.Join(t.TempDir(), "out")}, extra...)
		return startProc(t, name, bins["coordinator"], append(args, ruleFile)...)
	}
	logOf := func(p *proc) string {
		data, err := os.ReadFile(p.log)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}

	// The default limits do not fit this server: refused, not waited on.
	start := time.Now()
	tooBig := measure("coordinator-defaults")
	if status := tooBig.wait(ctx, t); status != 1 || !strings.Contains(logOf(tooBig), "cannot reserve its limit") {
		t.Errorf("with limits above the server's store: exit %d, want 1 saying the limit cannot be reserved:\n%s", status, tail(logOf(tooBig)))
	}
	t.Logf("limits beyond the store refused in %s", time.Since(start).Round(100*time.Millisecond))

	// The farm as the honest run will find it, then w2's junk.
	coordNC, err := farm.Connect(farm.ConnectOptions{URL: url, Creds: filepath.Join(secrets, natsauth.FileCoordinator)}, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer coordNC.Close()
	coordJS, err := jetstream.New(coordNC)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := farm.Setup(ctx, coordJS, farm.Config{ResultsMaxBytes: limit, JobsMaxBytes: 4 << 20}); err != nil {
		t.Fatal(err)
	}
	badNC, err := farm.Connect(farm.ConnectOptions{URL: url, Creds: filepath.Join(secrets, natsauth.WorkerCredsFile("w2"))}, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer badNC.Close()
	bad, err := jetstream.New(badNC)
	if err != nil {
		t.Fatal(err)
	}
	junk := make([]byte, 100<<10)
	accepted := 0
	start = time.Now()
	for sizes := []int{100 << 10, 4 << 10, 64}; len(sizes) > 0; {
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		// Under its own name: the only results subjects its credentials
		// may publish on.
		_, err := bad.Publish(pctx, protocol.CredentialResultSubject("junk", fmt.Sprintf("j%d", accepted), "w2"), junk[:sizes[0]])
		cancel()
		if err != nil {
			sizes = sizes[1:] // smaller junk, until none fits
			continue
		}
		accepted++
		if accepted > 2*limit/64 {
			t.Fatalf("%d junk messages accepted, past the stream's limit", accepted)
		}
	}
	info, err := streamInfo(ctx, coordJS, farm.StreamResults)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("w2's junk: %d messages, %d bytes stored in %s before the last refusal", accepted, info.State.Bytes, time.Since(start).Round(time.Millisecond))
	if info.State.Bytes > limit {
		t.Errorf("the results stream holds %d bytes of junk, above its limit of %d", info.State.Bytes, limit)
	}

	// The honest run on the full store.
	start = time.Now()
	honest := measure("coordinator", "-results-max-bytes", fmt.Sprint(limit), "-jobs-max-bytes", fmt.Sprint(4<<20))
	startProc(t, "w1", bins["worker"], "-nats", url, "-creds", filepath.Join(secrets, natsauth.WorkerCredsFile("w1")),
		"-concurrency", "1", "-metrics-addr", "", "-fetch-wait", "1s", "-log-format", "json")
	status := honest.wait(ctx, t)
	took := time.Since(start)
	if status != 1 || !strings.Contains(logOf(honest), "the results store is full") || took > 30*time.Second {
		t.Errorf("the honest run on the full store: exit %d after %s, want 1 within 30s saying the store is full:\n%s", status, took, tail(logOf(honest)))
	}
	t.Logf("the honest run stopped in %s", took.Round(100*time.Millisecond))
}
