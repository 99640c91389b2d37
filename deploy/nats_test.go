package deploy

import (
	"balancefarm/internal/testnet"
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"balancefarm/deploy/natsauth"
	"balancefarm/farm"
	"balancefarm/farm/fakegame"
	"balancefarm/protocol"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// natsCluster runs deploy/nats/nats.conf as a three-node cluster in this
// process, with secrets from natsauth. The file is used as it is except
// for what only a container provides: its absolute paths move under a
// temporary root, and the ports and route addresses move to loopback.
type natsCluster struct {
	secrets string
	servers []*server.Server
}

func startNATSCluster(t *testing.T) *natsCluster {
	t.Helper()
	root := t.TempDir()
	secrets := filepath.Join(root, "secrets")
	if err := natsauth.Generate(secrets, natsauth.Options{}); err != nil {
		t.Fatal(err)
	}
	conf, err := os.ReadFile("nats/nats.conf")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(conf), "/etc/nats/", root+"/")
	if strings.Count(text, root) < 6 {
		t.Fatalf("nats.conf no longer keeps its files under /etc/nats/ (the Compose mount):\n%s", conf)
	}
	confPath := filepath.Join(root, "nats.conf")
	if err := os.WriteFile(confPath, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	// The ports are free when asked for but not held: another test process
	// can take one before a server binds it, so a cluster that does not come
	// up is started again on fresh ports.
	return testnet.Retry(t, "the cluster", 3, func() (*natsCluster, error) {
		return startNATSClusterOn(t, root, confPath, secrets, testnet.FreePorts(t, 6))
	})
}

// startNATSClusterOn starts the three members on the given client and
// route ports; it stops them again and says why when any is not ready.
func startNATSClusterOn(t *testing.T, root, confPath, secrets string, ports []int) (*natsCluster, error) {
	t.Helper()
	c := &natsCluster{secrets: secrets}
	stop := func() {
		for _, s := range c.servers {
			s.Shutdown()
			s.WaitForShutdown()
		}
	}
	t.Cleanup(stop) // also after a t.Fatal below; a second Shutdown does nothing
	var routes []string
	for i := range 3 {
		routes = append(routes, fmt.Sprintf("tls://127.0.0.1:%d", ports[3+i]))
	}
	for i := range 3 {
		t.Setenv("NATS_SERVER_NAME", fmt.Sprintf("nats-%d", i+1))
		opts, err := server.ProcessConfigFile(confPath)
		if err != nil {
			t.Fatalf("nats.conf: %v", err)
		}
		verified := func(c *tls.Config) bool { return c != nil && c.ClientAuth == tls.RequireAndVerifyClientCert }
		if !opts.JetStream || !verified(opts.TLSConfig) || !verified(opts.Cluster.TLSConfig) || len(opts.TrustedOperators) != 1 {
			t.Fatalf("nats.conf: want JetStream, client and route TLS verifying certificates, and one operator; got js=%v client TLS %v route TLS %v operators %d",
				opts.JetStream, verified(opts.TLSConfig), verified(opts.Cluster.TLSConfig), len(opts.TrustedOperators))
		}
		if len(opts.Routes) != 3 {
			t.Fatalf("nats.conf routes to %d servers, want the 3 members", len(opts.Routes))
		}
		opts.Host, opts.Port = "127.0.0.1", ports[i]
		opts.HTTPHost, opts.HTTPPort = "127.0.0.1", -1
		opts.Cluster.Host, opts.Cluster.Port = "127.0.0.1", ports[3+i]
		opts.Routes = server.RoutesFromStr(strings.Join(routes, ","))
		opts.StoreDir = filepath.Join(root, fmt.Sprintf("jetstream-%d-%d", ports[0], i+1))
		opts.NoSigs, opts.NoLog = true, true
		s, err := server.NewServer(opts)
		if err != nil {
			t.Fatal(err)
		}
		s.Start()
		c.servers = append(c.servers, s)
	}
	for _, s := range c.servers {
		if !s.ReadyForConnections(10 * time.Second) {
			err := fmt.Errorf("server %s not ready in 10s (client listener up: %v, route listener up: %v)",
				s.Name(), s.Addr() != nil, s.ClusterAddr() != nil)
			stop()
			return nil, err
		}
	}
	return c, nil
}

func (c *natsCluster) urls() string {
	var out []string
	for _, s := range c.servers {
		out = append(out, s.ClientURL())
	}
	return strings.Join(out, ",")
}

// connectAs connects with the flags' options, as the binaries do; the
// connection's warnings (permission violations among them) go to log.
func (c *natsCluster) connectAs(t *testing.T, creds string, log io.Writer) jetstream.JetStream {
	t.Helper()
	nc, err := farm.Connect(farm.ConnectOptions{URL: c.urls(), Creds: filepath.Join(c.secrets, creds),
		TLSCert: filepath.Join(c.secrets, natsauth.FileClientCert), TLSKey: filepath.Join(c.secrets, natsauth.FileClientKey),
		TLSCA: filepath.Join(c.secrets, natsauth.FileCA), Name: creds}, zerolog.New(log))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	deadline := time.Now().Add(15 * time.Second)
	for !nc.IsConnected() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not connected: %v", creds, nc.LastError())
		}
		time.Sleep(50 * time.Millisecond)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// TestNATSConfigCarriesABatch runs the Compose NATS configuration with
// generated secrets and plays a batch through it: a coordinator with the
// coordinator's credentials sets the farm up on three replicas, a worker
// with the worker's restricted credentials plays every job.
func TestNATSConfigCarriesABatch(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a three-node NATS cluster; skipped with -short")
	}
	c := startNATSCluster(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	var coordLog, workerLog syncBuffer
	coordJS := c.connectAs(t, natsauth.FileCoordinator, &coordLog)
	coord, err := farm.NewCoordinator(ctx, coordJS, farm.Config{Replicas: 3, AckWait: 5 * time.Second, MaxDeliver: 3}, zerolog.Nop(), nil)
	if err != nil {
		t.Fatalf("coordinator: %v", err)
	}

	workerJS := c.connectAs(t, natsauth.FileWorker, &workerLog)
	w, err := farm.NewWorker(workerJS, farm.WorkerConfig{ID: "deploy-test", Credential: natsauth.PoolWorker, Concurrency: 2, FetchWait: 500 * time.Millisecond,
		Runner: &fakegame.Runner{MinPlies: 4, MaxPlies: 10, PlyDelay: time.Millisecond, NodesPerPly: 10}, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	wctx, stopWorker := context.WithCancel(ctx)
	workerDone := make(chan error, 1)
	go func() { workerDone <- w.Run(wctx) }()
	defer func() { stopWorker(); <-workerDone }()

	rule := []byte(`{"schema_version": 29, "name": "deploy test"}`)
	plan := protocol.Plan{Ruleset: "deploy-test", RulesetHash: protocol.HashRuleFile(rule),
		Players: []string{"weak", "strong"}, GamesPerPairing: 6, Seed: 3}
	out, err := coord.Run(ctx, plan, rule, nil)
	if err != nil {
		t.Fatalf("batch: %v", err)
	}
	if len(out.Results) != len(plan.Jobs()) || len(out.DeadLetters) != 0 {
		t.Fatalf("%d results and %d dead letters for %d jobs", len(out.Results), len(out.DeadLetters), len(plan.Jobs()))
	}
	info, err := coord.Assets().Jobs.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.Config.Replicas != 3 {
		t.Errorf("jobs stream has %d replicas, want 3", info.Config.Replicas)
	}

	for who, log := range map[string]*syncBuffer{"coordinator": &coordLog, "worker": &workerLog} {
		if text := log.String(); strings.Contains(strings.ToLower(text), "permission") {
			t.Errorf("the %s hit a permission violation while playing the batch:\n%s", who, text)
		}
	}

	// A worker may ask whether a job is still queued, as it does for each
	// game in progress to stop the withdrawn ones.
	workerJobs, err := workerJS.Stream(ctx, farm.StreamJobs)
	if err == nil {
		_, err = workerJobs.Info(ctx, jetstream.WithSubjectFilter(protocol.JobSubject(out.BatchID, out.Results[0].JobID)))
	}
	if err != nil {
		t.Errorf("the worker's credentials cannot look for a job in the queue: %v", err)
	}

	// The worker's credentials do not reach beyond playing jobs: the
	// server drops the requests (so they time out) and the stream stays.
	denied, cancelDenied := context.WithTimeout(ctx, 2*time.Second)
	defer cancelDenied()
	if _, err := workerJS.CreateStream(denied, jetstream.StreamConfig{Name: "NOT_ALLOWED", Subjects: []string{"evil.>"}}); err == nil {
		t.Error("the worker's credentials created a stream")
	}
	if err := workerJS.DeleteStream(denied, farm.StreamJobs); err == nil {
		t.Error("the worker's credentials deleted the jobs stream")
	}
	if _, err := coordJS.Stream(ctx, farm.StreamJobs); err != nil {
		t.Errorf("the jobs stream after the worker's attempt to delete it: %v", err)
	}
}

// TestNATSConfigTurnsStrangersAway checks that a client needs both the
// CA's client certificate and credentials.
func TestNATSConfigTurnsStrangersAway(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a three-node NATS cluster; skipped with -short")
	}
	c := startNATSCluster(t)
	ca := nats.RootCAs(filepath.Join(c.secrets, natsauth.FileCA))
	cert := nats.ClientCert(filepath.Join(c.secrets, natsauth.FileClientCert), filepath.Join(c.secrets, natsauth.FileClientKey))
	creds := nats.UserCredentials(filepath.Join(c.secrets, natsauth.FileWorker))
	tests := []struct {
		name string
		opts []nats.Option
	}{
		{"no credentials", []nats.Option{ca, cert}},
		{"no client certificate", []nats.Option{ca, creds}},
		{"plain text", []nats.Option{creds}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts := append([]nats.Option{nats.NoReconnect(), nats.Timeout(5 * time.Second)}, tc.opts...)
			nc, err := nats.Connect(c.servers[0].ClientURL(), opts...)
			if err == nil {
				nc.Close()
				t.Fatal("connected")
			}
		})
	}
	nc, err := nats.Connect(c.servers[0].ClientURL(), nats.NoReconnect(), ca, cert, creds)
	if err != nil {
		t.Fatalf("with certificate and credentials: %v", err)
	}
	nc.Close()
}

// syncBuffer is a bytes.Buffer safe for the NATS client's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
