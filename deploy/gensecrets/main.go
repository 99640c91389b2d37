// Command gensecrets writes the TLS certificates and NATS credentials a
// balancefarm deployment uses (see package natsauth for what and why):
//
//	gensecrets -out DIR [-hosts NAME,...] [-if-missing]
//
// With -if-missing it does nothing when DIR already holds a full set, so
// it can run on every `docker compose up`.
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
	out := flag.String("out", "", "directory to write the files to")
	hosts := flag.String("hosts", strings.Join(natsauth.DefaultHosts, ","), "names and addresses the NATS server certificate is valid for, comma-separated")
	validity := flag.Duration("validity", 2*365*24*time.Hour, "how long the certificates are valid")
	ifMissing := flag.Bool("if-missing", false, "do nothing when the directory already holds every file")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: gensecrets -out DIR [-hosts NAME,...] [-validity D] [-if-missing]")
		os.Exit(2)
	}
	if *ifMissing {
		// Secrets made before the API had a token get one.
		if wrote, err := natsauth.AddMissingToken(*out); err != nil && natsauth.Exists(*out) {
			fmt.Fprintln(os.Stderr, "gensecrets:", err)
			os.Exit(1)
		} else if wrote {
			fmt.Printf("gensecrets: wrote %s to %s\n", natsauth.FileAPIToken, *out)
		}
	}
	if *ifMissing && natsauth.Exists(*out) {
		fmt.Printf("gensecrets: %s already holds the files; nothing to do\n", *out)
		return
	}
	var hostList []string
	for _, h := range strings.Split(*hosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			hostList = append(hostList, h)
		}
	}
	if err := natsauth.Generate(*out, natsauth.Options{Hosts: hostList, Validity: *validity}); err != nil {
		fmt.Fprintln(os.Stderr, "gensecrets:", err)
		os.Exit(1)
	}
	fmt.Printf("gensecrets: wrote %s to %s\n", strings.Join(natsauth.Files, ", "), *out)
}
