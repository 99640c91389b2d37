// Command gensecrets writes the TLS certificates and NATS credentials a
// balancefarm deployment uses (see package natsauth for what and why):
//
//	gensecrets -out DIR [-hosts NAME,...] [-workers NAME,...] [-if-missing]
//
// -workers names worker hosts that get credentials of their own
// (worker-NAME.creds, inbox prefix _INBOX_NAME) besides the pool's
// worker.creds. With -if-missing it does nothing when DIR already holds a
// full set, so it can run on every `docker compose up`.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"balancefarm/deploy/natsauth"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("gensecrets", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write the files to")
	hosts := fs.String("hosts", strings.Join(natsauth.DefaultHosts, ","), "names and addresses the NATS server certificate is valid for, comma-separated")
	workers := fs.String("workers", "", "worker hosts that get NATS credentials of their own (worker-NAME.creds), comma-separated")
	validity := fs.Duration("validity", 2*365*24*time.Hour, "how long the certificates are valid")
	ifMissing := fs.Bool("if-missing", false, "do nothing when the directory already holds every file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: gensecrets -out DIR [-hosts NAME,...] [-workers NAME,...] [-validity D] [-if-missing]")
		return 2
	}
	o := natsauth.Options{Hosts: list(*hosts), Workers: list(*workers), Validity: *validity}
	if err := natsauth.CheckWorkers(o.Workers); err != nil {
		fmt.Fprintln(os.Stderr, "gensecrets:", err)
		return 2
	}
	if *ifMissing {
		// Secrets made before the API had a token get one.
		if wrote, err := natsauth.AddMissingToken(*out); err != nil && natsauth.Exists(*out, natsauth.Options{}) {
			fmt.Fprintln(os.Stderr, "gensecrets:", err)
			return 1
		} else if wrote {
			fmt.Printf("gensecrets: wrote %s to %s\n", natsauth.FileAPIToken, *out)
		}
		if natsauth.Exists(*out, o) {
			fmt.Printf("gensecrets: %s already holds the files; nothing to do\n", *out)
			return 0
		}
		if natsauth.Exists(*out, natsauth.Options{}) {
			// The account's signing key is not kept, so a host cannot be
			// added to a set made without it.
			fmt.Fprintf(os.Stderr, "gensecrets: %s holds a set without credentials for every host of -workers; remove the files and run again to add hosts (then restart everything)\n", *out)
			return 1
		}
	}
	if err := natsauth.Generate(*out, o); err != nil {
		fmt.Fprintln(os.Stderr, "gensecrets:", err)
		return 1
	}
	fmt.Printf("gensecrets: wrote %s to %s\n", strings.Join(natsauth.FilesFor(o), ", "), *out)
	return 0
}

// list splits a comma-separated flag, dropping blanks.
func list(s string) []string {
	var out []string
	for _, h := range strings.Split(s, ",") {
		if h = strings.TrimSpace(h); h != "" {
			out = append(out, h)
		}
	}
	return out
}
