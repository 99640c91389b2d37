// Command coordinator is balancefarm's front door: it validates rule files,
// counts perft, plays single games, and queues and reports measurements.
// Each subcommand lives in its own file and registers itself in commands.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sort"
)

// command is one subcommand: run gets the arguments after the subcommand's
// name and returns the process exit status.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

// register adds a subcommand; called from init in each subcommand's file.
func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	commands[name] = command{summary: summary, run: run}
}

// exitUsage is the exit status for a usage error.
const exitUsage = 2

// ProfileEnv names a file to write a CPU profile of the whole command to
// (any subcommand; a measurement's in-process games carry their pairing
// as a label: scripts/profile-categories.sh reads it).
const ProfileEnv = "BALANCEFARM_CPUPROFILE"

func main() {
	stop, err := startProfile(os.Getenv(ProfileEnv))
	if err != nil {
		fmt.Fprintf(os.Stderr, "coordinator: %s: %v\n", ProfileEnv, err)
		os.Exit(1)
	}
	code := dispatch(os.Args[1:], os.Stdout, os.Stderr)
	if err := stop(); err != nil {
		fmt.Fprintf(os.Stderr, "coordinator: %s: %v\n", ProfileEnv, err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// startProfile starts a CPU profile into path (none when path is empty)
// and returns what ends it.
func startProfile(path string) (stop func() error, err error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() error {
		pprof.StopCPUProfile()
		return f.Close()
	}, nil
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		// help COMMAND is COMMAND -h.
		if len(args) > 1 {
			if cmd, ok := commands[args[1]]; ok {
				return cmd.run([]string{"-h"}, stdout, stderr)
			}
		}
		usage(stdout)
		return 0
	case "-version", "--version":
		args[0] = "version"
	}
	cmd, ok := commands[args[0]]
	if !ok {
		names := make([]string, 0, len(commands))
		for name := range commands {
			names = append(names, name)
		}
		msg := fmt.Sprintf("unknown command %q", args[0])
		if s := suggest(args[0], names); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
		fmt.Fprintf(stderr, "coordinator: %s\n", msg)
		fmt.Fprintln(stderr, "Run 'coordinator -h' for the list of commands.")
		return exitUsage
	}
	return cmd.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: coordinator COMMAND [flags] [FILE...]   (flags may come before or after the files)")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-10s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(w, "Run 'coordinator COMMAND -h' for a command's flags.")
}
