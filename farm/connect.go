package farm

import (
	"errors"
	"flag"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/rs/zerolog"
)

// ConnectOptions say how to reach an existing NATS deployment.
type ConnectOptions struct {
	URL     string
	Creds   string
	TLSCert string
	TLSKey  string
	TLSCA   string
	// Name labels the connection in the server's monitoring.
	Name string
}

// AddFlags registers -nats, -creds and the TLS flags on fs.
func (o *ConnectOptions) AddFlags(fs *flag.FlagSet, defaultURL string) {
	fs.StringVar(&o.URL, "nats", defaultURL, "NATS server URL(s), comma-separated")
	fs.StringVar(&o.Creds, "creds", "", "NATS credentials file")
	fs.StringVar(&o.TLSCert, "tls-cert", "", "client TLS certificate (with -tls-key)")
	fs.StringVar(&o.TLSKey, "tls-key", "", "client TLS key")
	fs.StringVar(&o.TLSCA, "tls-ca", "", "CA bundle to verify the server with")
}

// Connect dials NATS and keeps reconnecting for as long as the process
// lives: a worker outlives a server restart, and a client that starts
// before its server waits for it.
func Connect(o ConnectOptions, log zerolog.Logger, extra ...nats.Option) (*nats.Conn, error) {
	if o.URL == "" {
		return nil, errors.New("no NATS URL")
	}
	if (o.TLSCert == "") != (o.TLSKey == "") {
		return nil, errors.New("-tls-cert and -tls-key go together")
	}
	opts := []nats.Option{
		nats.Name(o.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(500 * time.Millisecond),
		nats.RetryOnFailedConnect(true),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				log.Warn().Err(err).Msg("disconnected from NATS")
			}
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			log.Info().Str("server", nc.ConnectedUrlRedacted()).Msg("reconnected to NATS")
		}),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
			log.Warn().Err(err).Msg("NATS error")
		}),
	}
	if o.Creds != "" {
		opts = append(opts, nats.UserCredentials(o.Creds))
	}
	if o.TLSCert != "" {
		opts = append(opts, nats.ClientCert(o.TLSCert, o.TLSKey))
	}
	if o.TLSCA != "" {
		opts = append(opts, nats.RootCAs(o.TLSCA))
	}
	opts = append(opts, extra...)
	return nats.Connect(o.URL, opts...)
}
