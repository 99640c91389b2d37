package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"balancefarm/farm"
	"balancefarm/protocol"
)

func TestRunRefusesBadSetups(t *testing.T) {
	farm.RegisterRunner("idle", farm.RunnerFunc(func(context.Context, []byte, protocol.Job, func()) (protocol.Result, error) {
		return protocol.Result{}, errors.New("never called")
	}))
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"stray argument", []string{"extra"}, 2, "usage"},
		{"no concurrency", []string{"-concurrency", "0"}, 2, "usage"},
		{"bad log format", []string{"-log-format", "xml"}, 2, "unknown log format"},
		{"unknown flag", []string{"-frobnicate"}, 2, "frobnicate"},
		{"no such runner", []string{"-runner", "no-such-runner", "-metrics-addr", ""}, 1, `no game runner \"no-such-runner\"`},
		{"bad metrics address", []string{"-runner", "idle", "-metrics-addr", "256.0.0.1:x"}, 1, "metrics listener"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			if code := run(append([]string{"-log-format", "json"}, tt.args...), &stderr); code != tt.code {
				t.Fatalf("exit %d, want %d\n%s", code, tt.code, &stderr)
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr lacks %q:\n%s", tt.want, &stderr)
			}
		})
	}
}
