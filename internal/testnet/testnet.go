// Package testnet is what the tests that start real servers share.
package testnet

import (
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
