package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// TestServeIdleConnections fills serve's connection limit with clients
// that hold connections without using them; a real request must still be
// answered, well before the idle and header timeouts would free a place.
func TestServeIdleConnections(t *testing.T) {
	const maxConns = 256
	tests := []struct {
		name string
		hold func(t *testing.T, c net.Conn) // leaves c open and unused
	}{
		{"idle keep-alive", func(t *testing.T, c net.Conn) {
			io.WriteString(c, "GET / HTTP/1.1\r\nHost: serve\r\n\r\n")
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}},
		{"silent", func(*testing.T, net.Conn) {}},
		{"incomplete header", func(_ *testing.T, c net.Conn) {
			io.WriteString(c, "GET / HTTP/1.1\r\nHost: serve\r\n")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			hello := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "hello") })
			srv, ln := apiServer(hello, ln, 15*time.Second, maxConns)
			go srv.Serve(ln)
			t.Cleanup(func() { srv.Close() })
			addr := ln.Addr().String()
			for range maxConns {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { c.Close() })
				tt.hold(t, c)
			}

			// Past the header timeout's 5 s, the silent ones would be
			// dropped anyway; the idle keep-alive ones only after a minute.
			ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
			defer cancel()
			req, err := http.NewRequestWithContext(ctx, "GET", "http://"+addr+"/", nil)
			if err != nil {
				t.Fatal(err)
			}
			client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
			start := time.Now()
			resp, err := client.Do(req)
			if err != nil {
				t.Fatalf("a real request among %d held connections: %v", maxConns, err)
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil || string(body) != "hello" {
				t.Fatalf("answer %q, %v", body, err)
			}
			t.Logf("answered in %v", time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestServeBusyConnections: connections busy with a request keep their
// places, so the limit still bounds the requests in progress.
func TestServeBusyConnections(t *testing.T) {
	const maxConns = 2
	entered := make(chan struct{}, maxConns+1)
	release := make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		entered <- struct{}{}
		<-release
		io.WriteString(w, "done")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, ln := apiServer(slow, ln, 15*time.Second, maxConns)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
	answers := make(chan error, maxConns+1)
	for range maxConns + 1 {
		go func() {
			resp, err := client.Get("http://" + ln.Addr().String() + "/")
			if err == nil {
				resp.Body.Close()
			}
			answers <- err
		}()
	}
	for range maxConns {
		<-entered
	}
	// The third waits for a place while both others are busy.
	select {
	case <-entered:
		t.Fatalf("%d requests in progress with -max-conns %d", maxConns+1, maxConns)
	case <-time.After(newConnGrace + 500*time.Millisecond):
	}
	close(release)
	for range maxConns + 1 {
		if err := <-answers; err != nil {
			t.Error(err)
		}
	}
}
