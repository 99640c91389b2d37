package main

import (
	"bytes"
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
