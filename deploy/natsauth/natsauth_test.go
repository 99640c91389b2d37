package natsauth

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/nats-io/jwt/v2"
)

func TestCheckWorkers(t *testing.T) {
	tests := []struct {
		names []string
		ok    bool
	}{
		{nil, true},
		{[]string{"w1", "w2", "gpu-box_3"}, true},
		{[]string{"w1", "w1"}, false},
		{[]string{PoolWorker}, false},
		{[]string{"a.b"}, false},
		{[]string{"a>"}, false},
		{[]string{""}, false},
		{[]string{"-lead"}, false},
	}
	for _, tt := range tests {
		if err := CheckWorkers(tt.names); (err == nil) != tt.ok {
			t.Errorf("CheckWorkers(%q) = %v, want ok %v", tt.names, err, tt.ok)
		}
	}
}

// TestWorkerUsersHavePrivateInboxes generates a set with two hosts and
// reads each worker user's permissions back from its credentials.
func TestWorkerUsersHavePrivateInboxes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	o := Options{Workers: []string{"w1", "w2"}}
	if err := Generate(dir, o); err != nil {
		t.Fatal(err)
	}
	if !Exists(dir, o) || Exists(dir, Options{Workers: []string{"w3"}}) {
		t.Fatal("Exists does not tell which hosts have credentials")
	}
	if err := Generate(dir, o); err == nil {
		t.Fatal("Generate overwrote a set")
	}
	tests := []struct {
		file, name string
		allow      []string
		deny       []string
	}{
		{FileWorker, PoolWorker, []string{"_INBOX_worker.>"}, []string{"_INBOX.>", "_INBOX_w1.>", "_INBOX_w2.>"}},
		{WorkerCredsFile("w1"), "w1", []string{"_INBOX_w1.>"}, []string{"_INBOX.>", "_INBOX_worker.>", "_INBOX_w2.>"}},
		{WorkerCredsFile("w2"), "w2", []string{"_INBOX_w2.>"}, []string{"_INBOX.>", "_INBOX_worker.>", "_INBOX_w1.>"}},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v (%v), want 0600", tt.file, fi.Mode().Perm(), err)
		}
		token, err := jwt.ParseDecoratedJWT(data)
		if err != nil {
			t.Fatal(err)
		}
		c, err := jwt.DecodeUserClaims(token)
		if err != nil {
			t.Fatal(err)
		}
		sub := c.Permissions.Sub
		if c.Name != tt.name || !sameSet(sub.Allow, tt.allow) || !sameSet(sub.Deny, tt.deny) || !sameSet(c.Permissions.Pub.Allow, WorkerPublish(tt.name)) {
			t.Errorf("%s: name %q, subscribe allow %v deny %v, publish %v; want %q, %v, %v, WorkerPublish(name)",
				tt.file, c.Name, sub.Allow, sub.Deny, c.Permissions.Pub.Allow, tt.name, tt.allow, tt.deny)
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
