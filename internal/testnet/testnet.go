// Package testnet is what the tests that start real servers share.
package testnet

import (
	"strings"
	"testing"

	"balancefarm/internal/freeport"
)

// FreePorts returns n distinct free loopback ports, failing the test when
// there are none.
func FreePorts(t testing.TB, n int) []int {
	t.Helper()
	ports, err := freeport.Ports(n)
	if err != nil {
		t.Fatal(err)
	}
	return ports
}

// Retry calls start up to tries times and returns its first success. It is
// for servers started on FreePorts: the ports are free when chosen but not
// held, so another process can take one before a server binds it, and the
// remedy is another start on fresh ports. Each failure is logged; when all
// fail, the test fails with every reason.
func Retry[T any](t testing.TB, what string, tries int, start func() (T, error)) T {
	t.Helper()
	var why []string
	for range tries {
		v, err := start()
		if err == nil {
			return v
		}
		why = append(why, err.Error())
		t.Logf("starting %s again on fresh ports: %v", what, err)
	}
	t.Fatalf("%s did not start in %d tries: %s", what, tries, strings.Join(why, "; "))
	var zero T
	return zero
}
