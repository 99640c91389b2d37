package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"

	"github.com/rs/zerolog"
)

// TestMetricsAddressTaken: every command opens the farm through openFarm;
// a /metrics address already in use stops the service (serve) and is
// only a warning for a run that plays its games and ends.
func TestMetricsAddressTaken(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	taken := held.Addr().String()
	file := writeFile(t, t.TempDir(), "kr.json", kingsAndRooks)
	tests := []struct {
		name   string
		args   []string
		status int
		says   string // on stderr
	}{
		{"serve", []string{"serve", "-addr", "127.0.0.1:0"}, 1, "serve: metrics: "},
		{"measure", []string{"measure", "-runner", "fake", "-workers", "2", "-players", "random,ab:d1", "-games", "2",
			"-precision", "0", "-progress", "off", "-out", "", "-no-fail", file}, 0, "metrics not served"},
		{"match", []string{"match", "-a", "ab:d1", "-b", "random", "-pairs", "1", file}, 0, "metrics not served"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(tt.args, "-metrics-addr", taken, "-state", filepath.Join(t.TempDir(), "state"), "-log-format", "json")
			var stdout, stderr bytes.Buffer
			var status int
			if tt.name == "serve" {
				// serve runs until its context ends; it must fail before.
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				status = serve(ctx, args[1:], &stdout, &stderr)
			} else {
				status = dispatch(args, &stdout, &stderr)
			}
			if status != tt.status || !strings.Contains(stderr.String(), tt.says) {
				t.Errorf("status %d, want %d with %q on stderr\n%s%s", status, tt.status, tt.says, &stdout, &stderr)
			}
		})
	}
}

// TestMetricsDefaultPortTaken: where the command's default metrics port is
// taken, a free port serves them and nothing is said but the log's line;
// an address asked for that is taken stays an error.
func TestMetricsDefaultPortTaken(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	taken := held.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cases := []struct {
		name   string
		flags  farmFlags
		serves bool
	}{
		{"the default taken", farmFlags{metricsAddr: taken, metricsDefault: taken}, true},
		{"an address asked for", farmFlags{metricsAddr: taken, metricsDefault: "127.0.0.1:9464"}, false},
		{"a service's default", farmFlags{metricsAddr: taken, metricsDefault: taken, metricsRequired: true}, false},
	}
	for _, c := range cases {
		var logged bytes.Buffer
		err := c.flags.serveMetrics(ctx, farm.NewRegistry(), zerolog.New(&logged))
		if (err == nil) != c.serves {
			t.Errorf("%s: error %v", c.name, err)
			continue
		}
		if !c.serves {
			continue
		}
		var line struct{ Addr string }
		if err := json.Unmarshal(logged.Bytes(), &line); err != nil || line.Addr == "" || line.Addr == taken {
			t.Fatalf("%s: logged %q", c.name, logged.String())
		}
		resp, err := http.Get("http://" + line.Addr + "/metrics")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: /metrics on %s answers %d", c.name, line.Addr, resp.StatusCode)
		}
	}
}
