// Command gen writes the Grafana dashboards defined in package dashboards
// as the JSON files Grafana provisions from:
//
//	go run ./dashboards/gen -out dashboards/json
//
// (`go generate ./dashboards` runs it with the right directory.)
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"balancefarm/dashboards"
)

func main() {
	out := flag.String("out", "", "directory to write the dashboard JSON files to")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: gen -out DIR")
		os.Exit(2)
	}
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range dashboards.All() {
		data, err := dashboards.Encode(f.Dashboard)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
