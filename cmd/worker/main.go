// Command worker pulls self-play jobs from NATS JetStream, plays them and
// publishes the results.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "worker: not built yet")
	os.Exit(1)
}
