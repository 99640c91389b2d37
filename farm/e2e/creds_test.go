package e2e

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
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

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// startAuthServer runs one nats-server process with JetStream and the
// operator, accounts and users gensecrets makes (auth.conf), so that
// every client has the permissions a deployment gives it.
func startAuthServer(t *testing.T, bin, secrets string) string {
	t.Helper()
	ports := testnet.FreePorts(t, 1)
	root := filepath.Dir(secrets)
	conf := fmt.Sprintf(`server_name: auth
listen: 127.0.0.1:%d
jetstream {
  store_dir: %q
  max_memory_store: 64MB
  max_file_store: 1GB
}
include %s/%s
`, ports[0], filepath.Join(root, "js"), filepath.Base(secrets), natsauth.FileAuthConf)
	path := filepath.Join(root, "nats.conf")
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	startProc(t, "nats-auth", bin, "-c", path)
	return fmt.Sprintf("nats://127.0.0.1:%d", ports[0])
}

// TestWorkerCredentialsArePrivate runs a nats-server process with the
// deploy permissions for two worker hosts, w1 and w2, and a worker
// process holding w1's credentials. w2's credentials must not subscribe
// to w1's inboxes, the default ones or the pool's, must see none of w1's
// job deliveries, and results w2 forges for the jobs w1 plays (under
// leases of the right shape, or the real lease of another job it pulled)
// must not count.
func TestWorkerCredentialsArePrivate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds nats-server and the worker and runs them as processes")
	}
	bins := buildBinaries(t)
	secrets := filepath.Join(t.TempDir(), "secrets")
	if err := natsauth.Generate(secrets, natsauth.Options{Workers: []string{"w1", "w2"}}); err != nil {
		t.Fatal(err)
	}
	url := startAuthServer(t, bins["nats-server"], secrets)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	connectAs := func(file string, opts ...nats.Option) (*nats.Conn, jetstream.JetStream) {
		t.Helper()
		nc, err := farm.Connect(farm.ConnectOptions{URL: url, Creds: filepath.Join(secrets, file), Name: file}, zerolog.Nop(), opts...)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		for !nc.IsConnected() {
			if ctx.Err() != nil {
				t.Fatalf("%s: not connected: %v", file, nc.LastError())
			}
			time.Sleep(50 * time.Millisecond)
		}
		js, err := jetstream.New(nc)
		if err != nil {
			t.Fatal(err)
		}
		return nc, js
	}
	coordNC, coordJS := connectAs(natsauth.FileCoordinator)
	coord, err := farm.NewCoordinator(ctx, coordJS, farm.Config{AckWait: 5 * time.Second, MaxDeliver: 4, RecheckInterval: time.Second},
		zerolog.Nop(), nil)
	if err != nil {
		t.Fatal(err)
	}

	// w2's attempts to read other inboxes, every one refused by the server.
	spyNC, spyJS := connectAs(natsauth.WorkerCredsFile("w2"), nats.PermissionErrOnSubscribe(true))
	if got := spyNC.NewInbox(); !strings.HasPrefix(got, natsauth.InboxPrefix("w2")+".") {
		t.Fatalf("w2's client makes inboxes %q, not under its own prefix", got)
	}
	spied := []string{natsauth.InboxPrefix("w1") + ".>", "_INBOX.>", natsauth.InboxPrefix(natsauth.PoolWorker) + ".>", ">",
		natsauth.InboxPrefix("w1") + ".*.*"}
	subs := map[string]*nats.Subscription{}
	for _, subj := range spied {
		sub, err := spyNC.SubscribeSync(subj)
		if err != nil {
			t.Fatalf("subscribing to %s: %v", subj, err)
		}
		subs[subj] = sub
	}
	// Its own inbox works: a message sent there arrives.
	own, err := spyNC.SubscribeSync(natsauth.InboxPrefix("w2") + ".>")
	if err != nil {
		t.Fatal(err)
	}
	spyNC.Flush()
	if err := coordNC.Publish(natsauth.InboxPrefix("w2")+".probe", []byte("probe")); err != nil {
		t.Fatal(err)
	}
	if m, err := own.NextMsg(5 * time.Second); err != nil || string(m.Data) != "probe" {
		t.Fatalf("w2 got nothing on its own inbox (%v): the refusals below would prove nothing", err)
	}

	// The batch w1 plays.
	ruleFile, err := os.ReadFile(filepath.Join("..", "..", "rulesets", "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	plan := protocol.Plan{Ruleset: "five-by-five", RulesetHash: protocol.HashRuleFile(ruleFile), Players: []string{"random", "ab:d1"},
		GamesPerPairing: 12, Seed: 11}
	id := coord.BatchID(plan)
	type run struct {
		out *farm.Outcome
		err error
	}
	done := make(chan run, 1)
	go func() {
		out, err := coord.Run(ctx, plan, ruleFile, nil)
		done <- run{out, err}
	}()

	// Before w1 starts, w2 pulls one job of the batch (its credentials
	// may: it is a worker), keeps its real lease and hands it back, then
	// answers every job with a forged record: a lease of the right shape
	// that no coordinator minted, or the real lease of the job it pulled.
	var stolen protocol.Job
	for stolen.Lease == "" {
		if ctx.Err() != nil {
			t.Fatal("w2 never pulled a job of the batch")
		}
		cons, err := spyJS.Consumer(ctx, farm.StreamJobs, id)
		if err == nil {
			if b, err := cons.FetchNoWait(1); err == nil {
				for m := range b.Messages() {
					if json.Unmarshal(m.Data(), &stolen) != nil {
						t.Fatalf("unreadable job %s", m.Data())
					}
					m.Nak()
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	shaped := func() string {
		b := make([]byte, 24)
		rand.Read(b)
		h := hex.EncodeToString(b)
		return h[:16] + "." + h[16:]
	}
	forged := 0
	for _, j := range plan.JobsFor(id) {
		for _, lease := range []string{shaped(), stolen.Lease} {
			if lease == stolen.Lease && j.JobID == stolen.JobID {
				continue // that one w2 was given: an answer would be honest
			}
			r := protocol.Result{Moves: []string{"a2a3"}, Plies: 1, Result: protocol.ResultDraw, Winner: protocol.NoWinner,
				Ending: "agreed", WorkerID: "w1-forged", Attempt: 1}
			r.FromJob(j)
			r.Lease = lease
			if _, err := spyJS.Publish(ctx, protocol.CredentialResultSubject(id, j.JobID, "w2"), protocol.Marshal(r)); err != nil {
				t.Fatalf("w2 may publish results (it is a worker), yet: %v", err)
			}
			forged++
		}
	}

	w1 := startProc(t, "w1", bins["worker"], "-nats", url, "-creds", filepath.Join(secrets, natsauth.WorkerCredsFile("w1")),
		"-concurrency", "2", "-metrics-addr", "", "-fetch-wait", "1s", "-log-format", "json")
	var r run
	select {
	case r = <-done:
	case <-ctx.Done():
		t.Fatal("the batch did not finish")
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	jobs := plan.JobsFor(id)
	if len(r.out.Results) != len(jobs) || len(r.out.DeadLetters) != 0 {
		t.Fatalf("%d results and %d dead letters for %d jobs", len(r.out.Results), len(r.out.DeadLetters), len(jobs))
	}
	for _, res := range r.out.Results {
		if !strings.HasPrefix(res.WorkerID, "w1-") || res.Ending == "agreed" {
			t.Errorf("counted record of job %s is not w1's game: worker %q, ending %q", res.JobID, res.WorkerID, res.Ending)
		}
	}
	if r.out.Rejected < forged {
		t.Errorf("%d records refused, fewer than the %d w2 forged", r.out.Rejected, forged)
	}

	// w1 took its name and inbox prefix from its credentials.
	logText, err := os.ReadFile(w1.log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(logText), `"inbox_prefix":"`+natsauth.InboxPrefix("w1")+`"`) {
		t.Errorf("w1 did not log its private inbox prefix:\n%s", logText)
	}
	if strings.Contains(strings.ToLower(string(logText)), "permission") {
		t.Errorf("w1 hit a permission violation:\n%s", logText)
	}

	// Every spying subscription was refused and got none of w1's
	// deliveries (its jobs went to _INBOX_w1 throughout the batch).
	for _, subj := range spied {
		m, err := subs[subj].NextMsg(100 * time.Millisecond)
		if !errors.Is(err, nats.ErrPermissionViolation) {
			t.Errorf("w2 subscribing to %s: got message %v, error %v; want a permission violation", subj, m, err)
		}
		if m, err := subs[subj].NextMsg(10 * time.Millisecond); err == nil {
			t.Errorf("w2 read %s on %s: %s", m.Subject, subj, m.Data)
		}
	}
	t.Logf("%d games, all w1's; w2's subscriptions to %v refused; %d forged records, %d refused, %d duplicates",
		len(r.out.Results), spied, forged, r.out.Rejected, r.out.Duplicates)
}
