package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeAccountsFlags: serve refuses accounts it cannot use before it
// listens.
func TestServeAccountsFlags(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "accounts", "alice submit alice-token-0123456789\n")
	bad := writeFile(t, dir, "bad-accounts", "alice owner alice-token-0123456789\n")
	token := writeFile(t, dir, "api.token", "one-token-0123456789\n")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"both", []string{"-accounts", good, "-token-file", token}, "serve: -accounts and -token-file: give one"},
		{"no file", []string{"-accounts", filepath.Join(dir, "nope")}, "serve: open "},
		{"bad role", []string{"-accounts", bad}, `bad-accounts: line 1: account alice: role "owner" is not read, submit or admin`},
		{"open beyond loopback", []string{"-addr", "0.0.0.0:0"}, "give the API a token with -token-file or accounts with -accounts"},
		{"no compiles", []string{"-compiles", "0"}, "serve: -compiles, -max-admissions"},
		{"negative games", []string{"-account-jobs", "-1"}, "-account-jobs and -total-jobs not negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if code := serve(ctx, append([]string{"-metrics-addr", "", "-addr", "127.0.0.1:0"}, tt.args...), &stdout, &stderr); code != exitUsage {
				t.Fatalf("exit %d, want %d\n%s", code, exitUsage, &stderr)
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("said:\n%s\nwant %q", &stderr, tt.want)
			}
		})
	}
}

// TestServeAccounts: serve -accounts lets each account's token through
// with its role, and only the owner cancels a measurement.
func TestServeAccounts(t *testing.T) {
	t.Chdir(t.TempDir())
	accounts := writeFile(t, ".", "accounts", "alice submit alice-token-0123456789\nbob submit bob-token-0123456789\ndash read dash-token-0123456789\n")
	// No workers: the measurement stays running.
	base, _, _, _ := startServe(t, "-accounts", accounts, "-workers", "0")
	do := func(account, method, path, body string, into any) int {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if account != "" {
			req.Header.Set("Authorization", "Bearer "+account+"-token-0123456789")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if into != nil {
			json.NewDecoder(resp.Body).Decode(into)
		}
		return resp.StatusCode
	}
	var posted struct{ ID, Account string }
	if got := do("alice", "POST", "/v1/measurements", namedGame("accounts"), &posted); got != http.StatusAccepted || posted.Account != "alice" {
		t.Fatalf("alice posts: %d %+v", got, posted)
	}
	tests := []struct {
		name, account, method, path string
		status                      int
	}{
		{"no token", "", "GET", "/v1/measurements", http.StatusUnauthorized},
		{"the reader posts", "dash", "POST", "/v1/measurements", http.StatusForbidden},
		{"the reader cancels", "dash", "DELETE", "/v1/measurements/" + posted.ID, http.StatusForbidden},
		{"bob cancels alice's", "bob", "DELETE", "/v1/measurements/" + posted.ID, http.StatusForbidden},
		{"the reader reads the repairs", "dash", "GET", "/v1/repairs", http.StatusOK},
		{"the reader posts a repair", "dash", "POST", "/v1/repairs", http.StatusForbidden},
		{"alice cancels hers", "alice", "DELETE", "/v1/measurements/" + posted.ID, http.StatusOK},
	}
	for _, tt := range tests {
		if got := do(tt.account, tt.method, tt.path, namedGame("accounts"), nil); got != tt.status {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.status)
		}
	}
}
