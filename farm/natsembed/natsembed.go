package natsembed

import (
	"balancefarm/internal/freeport"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/rs/zerolog"
)

// Options says how to run one server.
type Options struct {
	// Name is the server's name, required in a cluster; defaults to "local".
	Name string
	// Host is the client listener's address; defaults to 127.0.0.1.
	Host string
	// Port is the client port: 0 picks a free one, -1 runs with no listener
	// at all (reach it with nats.InProcessServer).
	Port int
	// StoreDir holds JetStream's files; required.
	StoreDir string
	// ClusterName, ClusterPort and Routes join the server to a cluster;
	// Routes are "host:port" cluster addresses of every member, itself
	// included.
	ClusterName string
	ClusterPort int
	Routes      []string
	// Log receives the server's own messages; nil discards them.
	Log *zerolog.Logger
}

// readyTimeout bounds how long Start waits for the listener.
const readyTimeout = 10 * time.Second

// Start runs a server and waits until it accepts clients.
func Start(o Options) (*server.Server, error) {
	if o.StoreDir == "" {
		return nil, errors.New("natsembed: no store directory")
	}
	so := &server.Options{
		ServerName: o.Name,
		Host:       o.Host,
		Port:       o.Port,
		JetStream:  true,
		StoreDir:   o.StoreDir,
		NoSigs:     true,
		NoLog:      o.Log == nil,
	}
	if so.ServerName == "" {
		so.ServerName = "local"
	}
	if so.Host == "" {
		so.Host = "127.0.0.1"
	}
	switch o.Port {
	case 0:
		so.Port = server.RANDOM_PORT
	case -1:
		so.DontListen = true
	}
	if o.ClusterName != "" {
		so.Cluster = server.ClusterOpts{Name: o.ClusterName, Host: so.Host, Port: o.ClusterPort}
		for _, r := range o.Routes {
			u, err := url.Parse("nats://" + r)
			if err != nil {
				return nil, fmt.Errorf("natsembed: route %q: %w", r, err)
			}
			so.Routes = append(so.Routes, u)
		}
	}
	s, err := server.NewServer(so)
	if err != nil {
		return nil, fmt.Errorf("natsembed: %w", err)
	}
	if o.Log != nil {
		s.SetLoggerV2(logAdapter{o.Log}, false, false, false)
	}
	s.Start()
	if !s.ReadyForConnections(readyTimeout) {
		s.Shutdown()
		return nil, fmt.Errorf("natsembed: server %s not ready after %s", so.ServerName, readyTimeout)
	}
	return s, nil
}

// Cluster is a set of servers routed to one another.
type Cluster struct {
	Servers []*server.Server
	opts    []Options
}

// StartCluster runs n servers on loopback with stores under dir. The ports
// are free when chosen but not held, so another process can take one
// before its server binds it; a cluster that does not come up is started
// again on fresh ports, up to three times.
func StartCluster(dir string, n int) (*Cluster, error) {
	var errs []error
	for try := range 3 {
		c, err := startClusterOnce(filepath.Join(dir, fmt.Sprintf("try%d", try+1)), n)
		if err == nil {
			return c, nil
		}
		errs = append(errs, err)
	}
	return nil, errors.Join(errs...)
}

func startClusterOnce(dir string, n int) (*Cluster, error) {
	ports, err := freeport.Ports(2 * n)
	if err != nil {
		return nil, err
	}
	var routes []string
	for i := range n {
		routes = append(routes, "127.0.0.1:"+strconv.Itoa(ports[n+i]))
	}
	c := &Cluster{}
	for i := range n {
		c.opts = append(c.opts, Options{
			Name: fmt.Sprintf("n%d", i+1), Port: ports[i],
			StoreDir:    filepath.Join(dir, fmt.Sprintf("n%d", i+1)),
			ClusterName: "balancefarm-test", ClusterPort: ports[n+i], Routes: routes,
		})
	}
	// Start every member before waiting on any: a member's readiness does
	// not depend on its peers, but JetStream's meta group needs them all.
	for _, o := range c.opts {
		s, err := Start(o)
		if err != nil {
			c.Shutdown()
			return nil, err
		}
		c.Servers = append(c.Servers, s)
	}
	// Clients asking JetStream for anything before the meta group has a
	// leader wait out their whole timeout; wait for the election instead.
	deadline := time.Now().Add(30 * time.Second)
	for !c.hasMetaLeader() {
		if time.Now().After(deadline) {
			c.Shutdown()
			return nil, errors.New("natsembed: cluster elected no JetStream leader in 30s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	return c, nil
}

func (c *Cluster) hasMetaLeader() bool {
	for _, s := range c.Servers {
		if s.JetStreamIsLeader() {
			return true
		}
	}
	return false
}

// URLs lists the client URLs of the running members.
func (c *Cluster) URLs() []string {
	var out []string
	for _, s := range c.Servers {
		if s != nil && s.Running() {
			out = append(out, s.ClientURL())
		}
	}
	return out
}

// Stop shuts member i down.
func (c *Cluster) Stop(i int) {
	if s := c.Servers[i]; s != nil {
		s.Shutdown()
		s.WaitForShutdown()
	}
}

// Restart starts member i again on its old ports and store.
func (c *Cluster) Restart(i int) error {
	s, err := Start(c.opts[i])
	if err != nil {
		return err
	}
	c.Servers[i] = s
	return nil
}

// Shutdown stops every member.
func (c *Cluster) Shutdown() {
	for i := range c.Servers {
		c.Stop(i)
	}
}

// logAdapter sends the server's log lines to zerolog. Its notices (the
// start-up banner and the like) go out at debug level.
type logAdapter struct{ l *zerolog.Logger }

func (a logAdapter) Noticef(f string, v ...any) { a.l.Debug().Str("component", "nats").Msgf(f, v...) }
func (a logAdapter) Warnf(f string, v ...any)   { a.l.Warn().Str("component", "nats").Msgf(f, v...) }
func (a logAdapter) Fatalf(f string, v ...any)  { a.l.Error().Str("component", "nats").Msgf(f, v...) }
func (a logAdapter) Errorf(f string, v ...any)  { a.l.Error().Str("component", "nats").Msgf(f, v...) }
func (a logAdapter) Debugf(f string, v ...any)  { a.l.Debug().Str("component", "nats").Msgf(f, v...) }
func (a logAdapter) Tracef(f string, v ...any)  { a.l.Trace().Str("component", "nats").Msgf(f, v...) }
