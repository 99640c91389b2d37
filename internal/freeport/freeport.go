// Package freeport finds loopback ports for the servers that the embedded
// loopback cluster and the tests start.
package freeport

import (
	"fmt"
	"net"
)

// Ports returns n distinct loopback ports free at the time of asking.
// Another process could take one before it is bound; on a test machine
// that is rare enough to accept.
func Ports(n int) ([]int, error) {
	var listeners []net.Listener
	defer func() {
		for _, l := range listeners {
			l.Close()
		}
	}()
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("finding a free loopback port: %w", err)
		}
		listeners = append(listeners, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}
