package main

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// newConnGrace is how long a new API connection may take to send its
// first request before a newcomer may take its place.
const newConnGrace = time.Second

// apiServer is serve's HTTP server on ln: a slow or stalled client is
// dropped once readTimeout passes, and no more than maxConns connections
// are held at once, idle ones giving their place up to newcomers. No
// handler streams, so the write timeout bounds every answer.
func apiServer(h http.Handler, ln net.Listener, readTimeout time.Duration, maxConns int) (*http.Server, net.Listener) {
	lim := &connLimiter{max: maxConns, conns: map[*limitedConn]connInfo{}, freed: make(chan struct{}, 1)}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: min(5*time.Second, readTimeout), ReadTimeout: readTimeout,
		WriteTimeout: readTimeout + time.Minute, IdleTimeout: time.Minute, MaxHeaderBytes: 64 << 10, ConnState: lim.track}
	return srv, &limitedListener{Listener: ln, lim: lim}
}

// connLimiter holds at most max connections open. A newcomer over the
// limit closes the longest-waiting connection that is idle between
// requests, or new and silent for newConnGrace, so clients that hold
// connections without using them cannot keep real requests out; only
// connections busy with a request make a newcomer wait.
type connLimiter struct {
	max   int
	mu    sync.Mutex
	conns map[*limitedConn]connInfo
	freed chan struct{} // a connection closed or went idle
}

type connInfo struct {
	state http.ConnState
	since time.Time
}

// admit waits for a place for c.
func (l *connLimiter) admit(c *limitedConn) {
	for {
		now := time.Now()
		l.mu.Lock()
		if len(l.conns) < l.max {
			l.conns[c] = connInfo{http.StateNew, now}
			l.mu.Unlock()
			return
		}
		victim := l.waitingLocked(now)
		l.mu.Unlock()
		if victim != nil {
			victim.Close()
			continue
		}
		// A silent new connection becomes a victim by time alone.
		select {
		case <-l.freed:
		case <-time.After(newConnGrace / 4):
		}
	}
}

// waitingLocked is the connection that has waited longest without a
// request in progress, or nil.
func (l *connLimiter) waitingLocked(now time.Time) *limitedConn {
	var victim *limitedConn
	var since time.Time
	for c, info := range l.conns {
		waiting := info.state == http.StateIdle || info.state == http.StateNew && now.Sub(info.since) >= newConnGrace
		if waiting && (victim == nil || info.since.Before(since)) {
			victim, since = c, info.since
		}
	}
	return victim
}

// track is the server's ConnState hook.
func (l *connLimiter) track(nc net.Conn, state http.ConnState) {
	c, ok := nc.(*limitedConn)
	if !ok || state != http.StateActive && state != http.StateIdle {
		return // new ones are entered by admit, closed ones leave by release
	}
	l.mu.Lock()
	if _, open := l.conns[c]; open {
		l.conns[c] = connInfo{state, time.Now()}
	}
	l.mu.Unlock()
	if state == http.StateIdle {
		l.signal()
	}
}

func (l *connLimiter) release(c *limitedConn) {
	l.mu.Lock()
	delete(l.conns, c)
	l.mu.Unlock()
	l.signal()
}

func (l *connLimiter) signal() {
	select {
	case l.freed <- struct{}{}:
	default:
	}
}

type limitedListener struct {
	net.Listener
	lim *connLimiter
}

func (l *limitedListener) Accept() (net.Conn, error) {
	nc, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	c := &limitedConn{Conn: nc, lim: l.lim}
	l.lim.admit(c)
	return c, nil
}

type limitedConn struct {
	net.Conn
	lim  *connLimiter
	once sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.lim.release(c) })
	return err
}
