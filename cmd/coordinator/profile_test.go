package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestStartProfile: with a path, the command's CPU profile is written
// there when it stops (a gzip stream); without one, nothing is started;
// a path that cannot be created is an error at once.
func TestStartProfile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cpu.pprof")
	stop, err := startProfile(path)
	if err != nil {
		t.Fatal(err)
	}
	if code := dispatch([]string{"perft", "-depth", "3", "../../rulesets/chess.json"}, os.Stderr, os.Stderr); code != 0 {
		t.Fatalf("perft exited %d", code)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Fatalf("profile %d bytes (%v), want a gzip stream", len(data), err)
	}
	if stop, err := startProfile(""); err != nil || stop() != nil {
		t.Errorf("no path: %v", err)
	}
	if _, err := startProfile(filepath.Join(dir, "missing", "cpu.pprof")); err == nil {
		t.Error("a profile in a missing directory started")
	}
}
