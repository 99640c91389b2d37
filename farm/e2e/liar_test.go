package e2e

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"balancefarm/deploy/natsauth"
	"balancefarm/farm"
	"balancefarm/protocol"
	"balancefarm/report"
	"balancefarm/selfplay"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// The measurement the liar attacks: a short ladder on a small board,
// sequential, so that forged games would move its stop decisions too.
var liarMeasure = []string{"-players", "random,ab:d1", "-games", "24", "-precision", "0", "-metrics-addr", "",
	"-progress", "off", "-log-format", "json", "-log-level", "info"}

// liarPlayers are what the liar plays instead of the job's players: a
// strong first mover against random, whatever the job says.
const liarStrong, liarWeak = "ab:d2", "random"

// TestLyingCredentialChangesNothing is issue 38's first row: a worker
// host with its own valid credentials (w2) plays other players than its
// jobs name (a strong one against random), returns the job's identity
// under a lease it really pulled, and takes a different worker id for
// every record, the honest worker's among them. A coordinator process
// measures on a nats-server process with the generated credentials,
// beside an honest worker process (w1). The measurement's report must
// equal an honest run's (the embedded farm, no liar) in every figure,
// and name w2's credential as quarantined; w2 cannot publish a result
// on a job's plain subject nor under w1's name at all.
func TestLyingCredentialChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds nats-server, the coordinator and the worker and runs them as processes")
	}
	bins := buildBinaries(t)
	ruleFile, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := os.ReadFile(ruleFile)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()

	// The honest run: the embedded farm and its own workers.
	honestOut := filepath.Join(t.TempDir(), "honest")
	honest := startProc(t, "honest-measure", bins["coordinator"], append([]string{"measure", "-state", t.TempDir(), "-out", honestOut},
		append(liarMeasure, ruleFile)...)...)
	if status := honest.wait(ctx, t); status != 0 && status != 3 && status != 5 {
		t.Fatalf("honest measurement exited with status %d", status)
	}

	secrets := filepath.Join(t.TempDir(), "secrets")
	if err := natsauth.Generate(secrets, natsauth.Options{Workers: []string{"w1", "w2"}}); err != nil {
		t.Fatal(err)
	}
	url := startAuthServer(t, bins["nats-server"], secrets)
	credsOf := func(name string) string { return filepath.Join(secrets, natsauth.WorkerCredsFile(name)) }
	attackedOut := filepath.Join(t.TempDir(), "attacked")
	coord := startProc(t, "coordinator", bins["coordinator"], append([]string{"measure", "-nats", url,
		"-creds", filepath.Join(secrets, natsauth.FileCoordinator), "-workers", "0", "-ack-wait", "10s", "-out", attackedOut},
		append(liarMeasure, ruleFile)...)...)
	w1 := startProc(t, "w1", bins["worker"], "-nats", url, "-creds", credsOf("w1"), "-concurrency", "1",
		"-metrics-addr", "", "-fetch-wait", "1s", "-log-format", "json")
	w1ID := fmt.Sprintf("w1-%d", w1.cmd.Process.Pid) // the worker's default id

	liar := &lyingClient{js: connectCreds(ctx, t, url, credsOf("w2")), rules: rules, honestID: w1ID, runner: selfplay.NewRunner(),
		ids: map[string]bool{}, refused: map[string][]byte{}}
	lctx, stopLiar := context.WithCancel(ctx)
	liarDone := make(chan struct{})
	go func() {
		defer close(liarDone)
		liar.run(lctx, t)
	}()
	status := coord.wait(ctx, t)
	stopLiar()
	<-liarDone
	if status != 0 && status != 3 && status != 5 {
		t.Fatalf("attacked measurement exited with status %d", status)
	}
	if liar.forged == 0 {
		t.Fatal("the liar forged no record: the measurement proves nothing")
	}

	want, got := readRawReport(t, honestOut), readRawReport(t, attackedOut)
	var audit struct {
		Quarantined []farm.Quarantine `json:"quarantined"`
	}
	if err := json.Unmarshal(got["audit"], &audit); err != nil {
		t.Fatalf("the attacked report has no audit (%v): %s", err, got["audit"])
	}
	if len(audit.Quarantined) != 1 || audit.Quarantined[0].Credential != "w2" {
		t.Fatalf("quarantined %+v, want credential w2 alone", audit.Quarantined)
	}
	q := audit.Quarantined[0]
	if q.Discarded+q.Refused == 0 {
		t.Errorf("the quarantine of w2 threw nothing away: %+v", q)
	}
	// Every figure as in the honest run; only the times and the audit's
	// account differ.
	for _, doc := range []map[string]json.RawMessage{want, got} {
		delete(doc, "audit")
		var m map[string]any
		whole, _ := json.Marshal(doc)
		if err := json.Unmarshal(whole, &m); err != nil {
			t.Fatal(err)
		}
		report.DropTimes(m)
		for key := range doc {
			if v, ok := m[key]; ok {
				doc[key], _ = json.Marshal(v)
			} else {
				delete(doc, key)
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(want)) {
		if !jsonEqual(want[key], got[key]) {
			t.Errorf("report field %q differs from the honest run's:\n got %s\nwant %s", key, got[key], want[key])
		}
	}
	for key := range got {
		if _, ok := want[key]; !ok {
			t.Errorf("report field %q is not in the honest run's report: %s", key, got[key])
		}
	}

	// The server itself kept w2 off the plain subject and w1's name.
	observer := connectCreds(ctx, t, url, filepath.Join(secrets, natsauth.FileCoordinator))
	results, err := observer.Stream(ctx, farm.StreamResults)
	if err != nil {
		t.Fatal(err)
	}
	for subj, forged := range liar.refused {
		for seq := uint64(1); ; {
			m, err := results.GetMsg(ctx, seq, jetstream.WithGetMsgSubject(subj))
			if errors.Is(err, jetstream.ErrMsgNotFound) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(m.Data) == string(forged) {
				t.Errorf("w2's record on %s was stored", subj)
			}
			seq = m.Sequence + 1
		}
	}
	t.Logf("w2 forged %d records under %d worker ids; quarantined %+v; verdict %s as in the honest run",
		liar.forged, len(liar.ids), q, got["verdict"])
}

// lyingClient is a worker credential holder that plays liarStrong against
// liarWeak for every job it pulls and returns the job's identity under the
// job's real lease, on the one subject its credentials allow, each record
// under a worker id of its own choosing: the honest worker's, or a fresh
// one.
type lyingClient struct {
	js       jetstream.JetStream
	rules    []byte
	honestID string
	runner   *selfplay.Runner
	// forged counts the records stored, ids the worker ids they carried.
	forged int
	ids    map[string]bool
	// refused are the records it tried to publish where the server must
	// refuse them, by subject: on a job's plain result subject and under
	// the honest worker's name.
	refused map[string][]byte
}

// run pulls the measurement's jobs until ctx ends; its fields are the
// test's to read once it has returned.
func (l *lyingClient) run(ctx context.Context, t *testing.T) {
	for ctx.Err() == nil {
		for _, cons := range l.consumers(ctx) {
			b, err := cons.Fetch(1, jetstream.FetchMaxWait(500*time.Millisecond))
			if err != nil {
				continue
			}
			for m := range b.Messages() {
				l.answer(ctx, t, m)
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// consumers are the batches' job consumers, as a worker finds them.
func (l *lyingClient) consumers(ctx context.Context) []jetstream.Consumer {
	stream, err := l.js.Stream(ctx, farm.StreamJobs)
	if err != nil {
		return nil
	}
	var out []jetstream.Consumer
	names := stream.ConsumerNames(ctx)
	for name := range names.Name() {
		if c, err := stream.Consumer(ctx, name); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// answer plays the lie for one job and publishes it as the job's result.
func (l *lyingClient) answer(ctx context.Context, t *testing.T, m jetstream.Msg) {
	var job protocol.Job
	if err := json.Unmarshal(m.Data(), &job); err != nil {
		m.Term()
		return
	}
	// A lie is a game other than the job's: where the liar's players
	// happen to play the job's game move for move (a short forced win),
	// it tries other seeds, as a liar would.
	truth, err := l.runner.Run(ctx, l.rules, job, func() {})
	if err != nil {
		m.Nak()
		return
	}
	lie := job
	lie.P0, lie.P1 = liarStrong, liarWeak
	var r protocol.Result
	for try := 0; try == 0 || slices.Equal(r.Moves, truth.Moves); try++ {
		if try == 8 {
			m.Nak()
			return
		}
		if r, err = l.runner.Run(ctx, l.rules, lie, func() {}); err != nil {
			m.Nak()
			return
		}
		lie.Seed++
	}
	r.FromJob(job)
	r.Lease, r.Attempt = job.Lease, 1
	n := l.forged
	switch n % 3 {
	case 0:
		r.WorkerID = l.honestID
	case 1:
		r.WorkerID = fmt.Sprintf("w2-%d", n)
	default:
		b := make([]byte, 6)
		rand.Read(b)
		r.WorkerID = "host-" + hex.EncodeToString(b)
	}
	if len(l.refused) == 0 {
		// First where the record would bind to nobody, or to w1.
		for _, subj := range []string{protocol.ResultSubject(job.BatchID, job.JobID), protocol.CredentialResultSubject(job.BatchID, job.JobID, "w1")} {
			l.refused[subj] = protocol.Marshal(r)
			pctx, cancel := context.WithTimeout(ctx, time.Second)
			_, err := l.js.Publish(pctx, subj, l.refused[subj])
			cancel()
			if err == nil {
				t.Errorf("w2 published a result on %s", subj)
			}
		}
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := l.js.Publish(pctx, protocol.CredentialResultSubject(job.BatchID, job.JobID, "w2"), protocol.Marshal(r),
		jetstream.WithMsgID(protocol.ResultMsgID(job.JobID, job.Lease))); err != nil {
		m.Nak()
		return
	}
	l.forged++
	l.ids[r.WorkerID] = true
	m.Ack()
}

// connectCreds connects to url with a credentials file of the farm's
// secrets.
func connectCreds(ctx context.Context, t *testing.T, url, creds string) jetstream.JetStream {
	t.Helper()
	nc, err := farm.Connect(farm.ConnectOptions{URL: url, Creds: creds, Name: filepath.Base(creds)}, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	for !nc.IsConnected() {
		if ctx.Err() != nil {
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

// readRawReport reads a measurement's JSON report field by field.
func readRawReport(t *testing.T, outDir string) map[string]json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(outDir, "five-by-five.json"))
	if err != nil {
		t.Fatalf("no report: %v", err)
	}
	var rep map[string]json.RawMessage
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("report: %v", err)
	}
	return rep
}

// jsonEqual compares two JSON values by what they decode to.
func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return strings.TrimSpace(string(a)) == strings.TrimSpace(string(b))
	}
	return reflect.DeepEqual(x, y)
}
