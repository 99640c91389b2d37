// Package natsauth generates what a balancefarm NATS deployment needs to
// be closed to strangers: a private CA with a server certificate (clients
// and cluster routes) and a client certificate (mutual TLS), and NATS
// decentralised auth, an operator whose account "balancefarm" has
// JetStream and its users: the coordinator (the whole account) and the
// workers (only what playing jobs needs), one user for the pool of
// replicas that Compose and Kubernetes scale ("worker") and one for each
// worker host named in Options.Workers. Every worker user has an inbox
// prefix of its own, the only inboxes it may subscribe to, so that no
// worker reads the jobs another was handed. The server side goes into
// auth.conf, included by deploy/nats/nats.conf; the clients get .creds
// files for their -creds flag.
package natsauth

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"balancefarm/protocol"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nkeys"
)

// Files written by Generate.
const (
	FileCA          = "ca.crt"
	FileServerCert  = "server.crt"
	FileServerKey   = "server.key"
	FileClientCert  = "client.crt"
	FileClientKey   = "client.key"
	FileAuthConf    = "auth.conf"
	FileCoordinator = "coordinator.creds"
	// FileWorker is the pool's credentials: every replica of a scaled
	// worker Deployment or Compose service holds the same (they are one
	// trust domain); hosts of their own get WorkerCredsFile(name).
	FileWorker = "worker.creds"
	// FileAccount holds the account's public key (for tools that watch the
	// account's streams).
	FileAccount = "account.pub"
	// FileAPIToken is the bearer token of the coordinator's measurement
	// API (serve -token-file); KEDA reads the queue through it.
	FileAPIToken = "api.token"
)

// PoolWorker is the user name of the pool's worker credentials.
const PoolWorker = "worker"

// WorkerCredsFile is the credentials file of worker host name.
func WorkerCredsFile(name string) string { return "worker-" + name + ".creds" }

// InboxPrefix is the inbox prefix of worker user name: its NATS client
// must use it (farm.Connect reads it from the credentials), since its
// permissions let it subscribe there and nowhere else.
func InboxPrefix(name string) string { return "_INBOX_" + name }

var workerNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$`)

// CheckWorkers checks worker host names: subject-safe, distinct, and not
// the pool's.
func CheckWorkers(names []string) error {
	seen := map[string]bool{}
	for _, n := range names {
		switch {
		case !workerNameRE.MatchString(n):
			return fmt.Errorf("natsauth: worker name %q: want letters, digits, '-' or '_' (at most 63)", n)
		case n == PoolWorker:
			return fmt.Errorf("natsauth: worker name %q is the pool's; name hosts otherwise", n)
		case seen[n]:
			return fmt.Errorf("natsauth: worker name %q given twice", n)
		}
		seen[n] = true
	}
	return nil
}

// FilesFor lists every file Generate writes with o: Files and the worker
// hosts' credentials.
func FilesFor(o Options) []string {
	out := slices.Clone(Files)
	for _, n := range o.Workers {
		out = append(out, WorkerCredsFile(n))
	}
	return out
}

// Files lists every file Generate writes whatever its options.
var Files = []string{FileCA, FileServerCert, FileServerKey, FileClientCert, FileClientKey,
	FileAuthConf, FileCoordinator, FileWorker, FileAccount, FileAPIToken}

// DefaultHosts are the names the server certificate is valid for: the
// Compose services, the Kubernetes services of a Helm release "nats" in
// namespace "balancefarm" (client service and each pod behind the
// headless service), and loopback.
var DefaultHosts = []string{
	"nats-1", "nats-2", "nats-3", "nats",
	"nats.balancefarm", "nats.balancefarm.svc", "nats.balancefarm.svc.cluster.local",
	"*.nats-headless", "*.nats-headless.balancefarm", "*.nats-headless.balancefarm.svc",
	"*.nats-headless.balancefarm.svc.cluster.local",
	"localhost", "127.0.0.1", "::1",
}

// Options tune Generate.
type Options struct {
	// Hosts are the server certificate's DNS names and IP addresses.
	Hosts []string
	// Validity is how long the certificates are valid.
	Validity time.Duration
	// Workers names the worker hosts that get credentials of their own
	// (WorkerCredsFile), besides the pool's.
	Workers []string
}

// Stream names the worker's permissions are written for. They are the
// farm's (package farm); the deploy tests run a real batch with these
// permissions, so a change on either side is caught.
const (
	jobsStream  = "BF_JOBS"
	rulesStream = "OBJ_bf_rules" // the object store bf_rules
)

// WorkerPublish is what worker user name may publish: listing the
// batches' consumers, pulling and acknowledging their jobs, reading rule
// files from the object store, and publishing results and dead letters.
// It may not create, change or delete any stream or consumer but the
// object store's read cursors, read the records, the batches or the
// farm's key, or publish a coordinator's verdicts. A record it publishes
// counts only under the lease of a job publication it pulled (see package
// farm). It may publish results only under its own name
// (bf.results.<batch>.<job>.<name>), so that the coordinator knows which
// credential published each one whatever the record says, and dead
// letters only on a job's subject (bf.dead.<batch>.<job>); nothing
// deeper. The results stream's byte and message-size limits bound what
// it can store there.
func WorkerPublish(name string) []string {
	return []string{
		"$JS.API.INFO",
		"$JS.API.STREAM.INFO." + jobsStream,
		"$JS.API.CONSUMER.NAMES." + jobsStream,
		"$JS.API.CONSUMER.INFO." + jobsStream + ".*",
		"$JS.API.CONSUMER.MSG.NEXT." + jobsStream + ".*",
		"$JS.ACK." + jobsStream + ".>",
		"$JS.API.STREAM.INFO." + rulesStream,
		"$JS.API.STREAM.MSG.GET." + rulesStream,
		"$JS.API.DIRECT.GET." + rulesStream,
		"$JS.API.DIRECT.GET." + rulesStream + ".>",
		"$JS.API.CONSUMER.CREATE." + rulesStream,
		"$JS.API.CONSUMER.CREATE." + rulesStream + ".>",
		"$JS.API.CONSUMER.DELETE." + rulesStream + ".>",
		"$JS.API.CONSUMER.INFO." + rulesStream + ".>",
		"$JS.FC." + rulesStream + ".>",
		protocol.CredentialResultsPermission(name),
		"bf.dead.*.*",
	}
}

// WorkerSubscribe is what worker user name may subscribe to: its own
// inboxes, where replies and pulled jobs arrive. Everyone else's (the
// default _INBOX prefix of coordinators and tools, the pool's, the other
// hosts') are denied outright as well.
func WorkerSubscribe(name string) []string { return []string{InboxPrefix(name) + ".>"} }

// WorkerSubscribeDeny is what worker user name may not subscribe to, of
// the farm's users (others lies outside its allow list anyway).
func WorkerSubscribeDeny(name string, others []string) []string {
	deny := []string{"_INBOX.>"}
	for _, o := range append([]string{PoolWorker}, others...) {
		if o != name {
			deny = append(deny, InboxPrefix(o)+".>")
		}
	}
	return deny
}

// Exists reports whether dir already holds every file Generate writes
// with o.
func Exists(dir string, o Options) bool {
	for _, f := range FilesFor(o) {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return false
		}
	}
	return true
}

// Generate writes the files into dir (created 0700 if missing); keys and
// credentials are 0600, the rest 0644. It refuses to overwrite any file.
func Generate(dir string, o Options) error {
	if len(o.Hosts) == 0 {
		o.Hosts = DefaultHosts
	}
	if o.Validity <= 0 {
		o.Validity = 2 * 365 * 24 * time.Hour
	}
	if err := CheckWorkers(o.Workers); err != nil {
		return err
	}
	for _, f := range FilesFor(o) {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return fmt.Errorf("natsauth: %s already exists; remove the old files to rotate them", filepath.Join(dir, f))
		}
	}
	files, err := generate(o)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	for _, name := range FilesFor(o) {
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".key") || strings.HasSuffix(name, ".creds") || name == FileAuthConf || name == FileAPIToken {
			mode = 0o600
		}
		if err := os.WriteFile(filepath.Join(dir, name), files[name], mode); err != nil {
			return err
		}
	}
	return nil
}

func generate(o Options) (map[string][]byte, error) {
	files := map[string][]byte{}
	now := time.Now()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	caTmpl := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: "balancefarm NATS CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(o.Validity),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	caCert, err := x509.ParseCertificate(caDER)
	if err != nil {
		return nil, err
	}
	files[FileCA] = pemBlock("CERTIFICATE", caDER)

	issue := func(cn string, usage []x509.ExtKeyUsage, hosts []string) (cert, key []byte, err error) {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			return nil, nil, err
		}
		tmpl := &x509.Certificate{
			SerialNumber: serial(), Subject: pkix.Name{CommonName: cn},
			NotBefore: now.Add(-time.Hour), NotAfter: now.Add(o.Validity),
			KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: usage,
		}
		for _, h := range hosts {
			if ip := net.ParseIP(h); ip != nil {
				tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
			} else {
				tmpl.DNSNames = append(tmpl.DNSNames, h)
			}
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, caCert, &k.PublicKey, caKey)
		if err != nil {
			return nil, nil, err
		}
		pk, err := x509.MarshalPKCS8PrivateKey(k)
		if err != nil {
			return nil, nil, err
		}
		return pemBlock("CERTIFICATE", der), pemBlock("PRIVATE KEY", pk), nil
	}
	// The server certificate also authenticates a server to its peers on
	// cluster routes, where it acts as a client.
	if files[FileServerCert], files[FileServerKey], err = issue("balancefarm NATS server",
		[]x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}, o.Hosts); err != nil {
		return nil, err
	}
	if files[FileClientCert], files[FileClientKey], err = issue("balancefarm client",
		[]x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}, nil); err != nil {
		return nil, err
	}
	if err := generateAuth(files, o.Workers); err != nil {
		return nil, err
	}
	files[FileAPIToken] = NewAPIToken()
	return files, nil
}

// NewAPIToken is a fresh API token: 32 random bytes in hex (no newline, so
// that tools reading the file verbatim get the token itself).
func NewAPIToken() []byte {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("natsauth: no randomness: %v", err))
	}
	return []byte(hex.EncodeToString(b))
}

// AddMissingToken writes an API token into dir if the secrets there were
// made before the API had one; it reports whether it wrote one.
func AddMissingToken(dir string) (bool, error) {
	path := filepath.Join(dir, FileAPIToken)
	if _, err := os.Stat(path); err == nil {
		return false, nil
	}
	return true, os.WriteFile(path, NewAPIToken(), 0o600)
}

// generateAuth writes the operator, the system and balancefarm accounts
// (auth.conf, with a memory resolver preloaded with both accounts) and the
// users' credentials: the coordinator, the worker pool and each worker
// host.
func generateAuth(files map[string][]byte, hosts []string) error {
	operator, err := nkeys.CreateOperator()
	if err != nil {
		return err
	}
	opPub, err := operator.PublicKey()
	if err != nil {
		return err
	}
	account := func(name string, jetStream bool) (nkeys.KeyPair, string, string, error) {
		kp, err := nkeys.CreateAccount()
		if err != nil {
			return nil, "", "", err
		}
		pub, err := kp.PublicKey()
		if err != nil {
			return nil, "", "", err
		}
		claims := jwt.NewAccountClaims(pub)
		claims.Name = name
		if jetStream {
			claims.Limits.JetStreamLimits = jwt.JetStreamLimits{MemoryStorage: jwt.NoLimit, DiskStorage: jwt.NoLimit,
				Streams: jwt.NoLimit, Consumer: jwt.NoLimit, MaxAckPending: jwt.NoLimit}
		}
		token, err := claims.Encode(operator)
		return kp, pub, token, err
	}
	_, sysPub, sysJWT, err := account("SYS", false)
	if err != nil {
		return err
	}
	farmKP, farmPub, farmJWT, err := account("balancefarm", true)
	if err != nil {
		return err
	}
	opClaims := jwt.NewOperatorClaims(opPub)
	opClaims.Name = "balancefarm"
	opClaims.SystemAccount = sysPub
	opJWT, err := opClaims.Encode(operator)
	if err != nil {
		return err
	}
	files[FileAuthConf] = fmt.Appendf(nil, `# Generated by deploy/gensecrets: NATS decentralised auth for balancefarm.
# Included by nats.conf; keep it secret (it lists who may connect).
operator: %s
system_account: %s
resolver: MEMORY
resolver_preload: {
  %s: %s
  %s: %s
}
`, opJWT, sysPub, sysPub, sysJWT, farmPub, farmJWT)
	files[FileAccount] = []byte(farmPub) // no newline: KEDA reads the value verbatim

	user := func(name string, pub, sub, subDeny []string) ([]byte, error) {
		kp, err := nkeys.CreateUser()
		if err != nil {
			return nil, err
		}
		upub, err := kp.PublicKey()
		if err != nil {
			return nil, err
		}
		claims := jwt.NewUserClaims(upub)
		claims.Name = name
		claims.Permissions.Pub.Allow.Add(pub...)
		claims.Permissions.Sub.Allow.Add(sub...)
		claims.Permissions.Sub.Deny.Add(subDeny...)
		token, err := claims.Encode(farmKP)
		if err != nil {
			return nil, err
		}
		seed, err := kp.Seed()
		if err != nil {
			return nil, err
		}
		return jwt.FormatUserConfig(token, seed)
	}
	if files[FileCoordinator], err = user("coordinator", nil, nil, nil); err != nil {
		return err
	}
	workers := map[string]string{PoolWorker: FileWorker}
	for _, h := range hosts {
		workers[h] = WorkerCredsFile(h)
	}
	for name, file := range workers {
		if files[file], err = user(name, WorkerPublish(name), WorkerSubscribe(name), WorkerSubscribeDeny(name, hosts)); err != nil {
			return err
		}
	}
	for _, f := range append([]string{FileCoordinator}, slices.Collect(maps.Values(workers))...) {
		if len(files[f]) == 0 {
			return errors.New("natsauth: empty credentials")
		}
	}
	return nil
}

func serial() *big.Int {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 120))
	if err != nil {
		panic(fmt.Sprintf("natsauth: no randomness: %v", err)) // crypto/rand does not fail on supported systems
	}
	return n
}

func pemBlock(kind string, der []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der})
}
