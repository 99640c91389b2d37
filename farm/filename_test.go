package farm_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"balancefarm/farm"
)

// TestServiceFileNames posts a rule file under each name through the
// service's handler: a name that cannot be a report's base name is a 400
// naming the rule before the file is even admitted, and a good one reaches
// admission (which here stops the request, so no farm is needed).
func TestServiceFileNames(t *testing.T) {
	var admitted []string
	svc, err := farm.NewService(context.Background(), nil, farm.ServiceConfig{
		Admit: func(label string, _ []byte, _ []string) (string, []string) {
			admitted = append(admitted, label)
			return "", []string{"admitted, stopped by the test"}
		},
		MaxRuleFileBytes: testMaxBytes, Players: []string{"a", "b"}, GamesPerPairing: 2, Log: testLogger(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(svc.Handler())
	t.Cleanup(srv.Close)

	tests := []struct {
		name   string
		query  string // the raw file= value, escaped as a client sends it
		status int
		rule   string // in the error, for refusals
	}{
		{"parent", "..", http.StatusBadRequest, ". and .."},
		{"dot", ".", http.StatusBadRequest, ". and .."},
		{"slash", "/", http.StatusBadRequest, "without /"},
		{"path", "..%2Fetc%2Fx.json", http.StatusBadRequest, "without /"},
		{"backslash", "a%5Cb.json", http.StatusBadRequest, "without /"},
		{"NUL", "%00x.json", http.StatusBadRequest, "control characters"},
		{"CR LF", "a%0d%0ax.json", http.StatusBadRequest, "control characters"},
		{"DEL", "a%7F.json", http.StatusBadRequest, "control characters"},
		{"not UTF-8", "a%ff.json", http.StatusBadRequest, "not UTF-8"},
		{"too long", strings.Repeat("a", farm.MaxFileNameBytes+1), http.StatusBadRequest, "at most 255"},
		{"plain", "chess.json", http.StatusUnprocessableEntity, ""},
		{"spaces and dots", "my%20rules..v2.json", http.StatusUnprocessableEntity, ""},
		{"unicode", "échecs.json", http.StatusUnprocessableEntity, ""},
		{"longest", strings.Repeat("a", farm.MaxFileNameBytes), http.StatusUnprocessableEntity, ""},
		{"none", "", http.StatusUnprocessableEntity, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			admitted = nil
			resp, err := http.Post(srv.URL+"/v1/measurements?file="+tt.query, "application/json", strings.NewReader(`{"name": "x"}`))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body struct{ Error string }
			if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d (%q), want %d", resp.StatusCode, body.Error, tt.status)
			}
			if tt.status == http.StatusBadRequest {
				if !strings.Contains(body.Error, tt.rule) {
					t.Errorf("error %q does not say %q", body.Error, tt.rule)
				}
				if len(admitted) != 0 {
					t.Errorf("refused name admitted as %q", admitted)
				}
				return
			}
			want, _ := url.QueryUnescape(tt.query)
			if len(admitted) != 1 || admitted[0] != want {
				t.Errorf("admitted %q, want [%q]", admitted, want)
			}
		})
	}
}
