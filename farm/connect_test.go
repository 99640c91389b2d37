package farm_test

import (
	"os"
	"path/filepath"
	"testing"

	"balancefarm/deploy/natsauth"
	"balancefarm/farm"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nkeys"
)

// legacyCreds writes worker credentials as gensecrets made them before
// private inboxes: every inbox may be read.
func legacyCreds(t *testing.T) string {
	t.Helper()
	account, err := nkeys.CreateAccount()
	if err != nil {
		t.Fatal(err)
	}
	user, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := user.PublicKey()
	claims := jwt.NewUserClaims(pub)
	claims.Name = "worker"
	claims.Permissions.Sub.Allow.Add("_INBOX.>")
	token, err := claims.Encode(account)
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := user.Seed()
	data, err := jwt.FormatUserConfig(token, seed)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "legacy.creds")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadCredsIdentity reads the name, inbox prefix and results
// credential of each kind of user gensecrets makes: the inbox prefix is
// the client's only allowed subscription, the credential the name its
// results must go under; neither for the coordinator.
func TestReadCredsIdentity(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	if err := natsauth.Generate(dir, natsauth.Options{Workers: []string{"w1"}}); err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(t.TempDir(), "junk.creds")
	if err := os.WriteFile(junk, []byte("not a credentials file"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want farm.CredsIdentity
		err  bool
	}{
		{filepath.Join(dir, natsauth.FileCoordinator), farm.CredsIdentity{Name: "coordinator"}, false},
		{filepath.Join(dir, natsauth.FileWorker), farm.CredsIdentity{Name: "worker", InboxPrefix: "_INBOX_worker", Credential: "worker"}, false},
		{filepath.Join(dir, natsauth.WorkerCredsFile("w1")), farm.CredsIdentity{Name: "w1", InboxPrefix: "_INBOX_w1", Credential: "w1"}, false},
		{legacyCreds(t), farm.CredsIdentity{Name: "worker", SharedInbox: true}, false},
		{junk, farm.CredsIdentity{}, true},
		{filepath.Join(dir, "missing.creds"), farm.CredsIdentity{}, true},
	}
	for _, tt := range tests {
		got, err := farm.ReadCredsIdentity(tt.path)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("%s: %+v, %v; want %+v, error %v", filepath.Base(tt.path), got, err, tt.want, tt.err)
		}
	}
}
