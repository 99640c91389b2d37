package repair

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"balancefarm/measure"
)

// TestService drives the repair endpoints against the fake farm, held
// until the test lets the first repair go: refusals, one repair at a
// time, the finished result and its reports on disk.
func TestService(t *testing.T) {
	release := make(chan struct{})
	farm := &fakeFarm{}
	held := func(ctx context.Context, files []*measure.File, s measure.Settings) ([]*Measured, error) {
		<-release
		return farm.measure(ctx, files, s)
	}
	svc := NewService(context.Background(), testConfig(), held)
	svc.Token = "test-token-0123456789"
	svc.Dir = t.TempDir()
	mux := http.NewServeMux()
	svc.Register(mux)
	srv := httptest.NewServer(mux)
	defer srv.Close()

	do := func(method, path, token string, body []byte) (int, map[string]any) {
		req, err := http.NewRequest(method, srv.URL+path, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	noWinner := []byte(canary(t, "no-winner"))
	tests := []struct {
		name, method, path, token string
		body                      []byte
		status                    int
	}{
		{"no token", "POST", "/v1/repairs", "", noWinner, http.StatusUnauthorized},
		{"invalid file", "POST", "/v1/repairs", svc.Token, []byte(`{"schema_version": 29}`), http.StatusUnprocessableEntity},
		{"accepted", "POST", "/v1/repairs?name=no-winner.json", svc.Token, noWinner, http.StatusAccepted},
		{"one at a time", "POST", "/v1/repairs", svc.Token, noWinner, http.StatusTooManyRequests},
		{"unknown id", "GET", "/v1/repairs/nope", svc.Token, nil, http.StatusNotFound},
	}
	var id string
	for _, tc := range tests {
		status, body := do(tc.method, tc.path, tc.token, tc.body)
		if status != tc.status {
			t.Errorf("%s: status %d, want %d (%v)", tc.name, status, tc.status, body)
		}
		if tc.name == "invalid file" && body["problems"] == nil {
			t.Errorf("invalid file: no problems listed: %v", body)
		}
		if tc.name == "accepted" {
			id, _ = body["id"].(string)
		}
	}
	if id == "" {
		t.Fatal("no repair id")
	}
	close(release)
	deadline := time.Now().Add(10 * time.Second)
	for {
		status, body := do("GET", "/v1/repairs/"+id, svc.Token, nil)
		if status != http.StatusOK {
			t.Fatalf("GET %s: %d", id, status)
		}
		if body["state"] == StateDone {
			res, _ := body["result"].(map[string]any)
			if res == nil || res["best"] == "" || res["best"] == nil {
				t.Errorf("done without a best repair: %v", res)
			}
			break
		}
		if body["state"] == StateFailed || time.Now().After(deadline) {
			t.Fatalf("repair %s: %v", id, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	svc.Wait()
	if _, err := os.Stat(filepath.Join(svc.Dir, id, "no-winner-repair.json")); err != nil {
		t.Errorf("no report on disk: %v", err)
	}
	if status, _ := do("GET", "/v1/repairs", svc.Token, nil); status != http.StatusOK {
		t.Errorf("list: %d", status)
	}
}
