package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

func init() {
	register("version", "print the build's module version, source revision and Go version", runVersion)
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	setUsage(fs, "coordinator version", `Prints the module version, the source revision it was built from (with "modified" when the
tree had uncommitted changes) and the Go version.`)
	rest, code, ok := parseArgs(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		return usageError(stderr, "version", fmt.Sprintf("takes no arguments, got %q", strings.Join(rest, " ")))
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(stdout, "coordinator: no build information (built without module support)")
		return 0
	}
	fmt.Fprintln(stdout, versionLine(info))
	return 0
}

// versionLine is "coordinator MODULE VERSION, revision REV (DATE)[, modified], GO".
// A build without VCS stamping (go test, -buildvcs=false) says so
// rather than inventing a revision.
func versionLine(info *debug.BuildInfo) string {
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	version := info.Main.Version
	if version == "" {
		version = "(devel)"
	}
	line := fmt.Sprintf("coordinator %s %s", info.Main.Path, version)
	if rev := settings["vcs.revision"]; rev != "" {
		line += ", revision " + rev
		if t := settings["vcs.time"]; t != "" {
			line += " (" + t + ")"
		}
		if settings["vcs.modified"] == "true" {
			line += ", modified"
		}
	} else {
		line += ", revision unknown (built without VCS stamping)"
	}
	return line + ", " + info.GoVersion
}
