//go:build farmfault

// This file exists only in the farmfault test build: it registers the fake
// game runner as "fake", with faults injected by directives in the rule
// file's description, so the farm's tests can run real worker processes
// and make them fail on cue.
//
//	fake:plies=MIN-MAX   game length (default 5-15)
//	fake:ply-ms=N        sleep per ply (default 2)
//	farmfault:panic      the engine panics in every game of the file
//	farmfault:exit       the worker process exits mid-game
//	farmfault:hang       the engine hangs, ignoring cancellation

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"balancefarm/farm"
	"balancefarm/farm/fakegame"
	"balancefarm/protocol"
)

func init() {
	farm.RegisterRunner("fake", farm.RunnerFunc(runFake))
}

func runFake(ctx context.Context, ruleFile []byte, job protocol.Job, progress func()) (protocol.Result, error) {
	var file struct {
		Description string `json:"description"`
	}
	if err := json.Unmarshal(ruleFile, &file); err != nil {
		return protocol.Result{}, fmt.Errorf("fake runner: %w", err)
	}
	r := &fakegame.Runner{MinPlies: 5, MaxPlies: 15, PlyDelay: 2 * time.Millisecond, NodesPerPly: 1000}
	var fault string
	for _, word := range strings.Fields(file.Description) {
		key, value, _ := strings.Cut(word, "=")
		switch key {
		case "fake:plies":
			fmt.Sscanf(value, "%d-%d", &r.MinPlies, &r.MaxPlies)
		case "fake:ply-ms":
			var ms int
			fmt.Sscanf(value, "%d", &ms)
			r.PlyDelay = time.Duration(ms) * time.Millisecond
		case "farmfault:panic", "farmfault:exit", "farmfault:hang":
			fault = key
		}
	}
	if fault != "" {
		r.Fault = func(context.Context, []byte, protocol.Job, int) error {
			switch fault {
			case "farmfault:panic":
				panic("farmfault: injected engine panic")
			case "farmfault:exit":
				os.Exit(3)
			case "farmfault:hang":
				select {}
			}
			return nil
		}
	}
	return r.Run(ctx, ruleFile, job, progress)
}
