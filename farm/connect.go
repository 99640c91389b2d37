package farm

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"balancefarm/protocol"

	"github.com/nats-io/jwt/v2"
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
		id, err := ReadCredsIdentity(o.Creds)
		if err != nil {
			return nil, err
		}
		opts = append(opts, nats.UserCredentials(o.Creds))
		if id.InboxPrefix != "" {
			// Replies and pulled jobs come to inboxes only this user may
			// subscribe to.
			opts = append(opts, nats.CustomInboxPrefix(id.InboxPrefix))
		}
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

// CredsIdentity is what a credentials file says of its user.
type CredsIdentity struct {
	// Name is the user's name (a worker host's, or "worker" for the pool).
	Name string
	// InboxPrefix is the one inbox prefix the user may subscribe under,
	// empty when it may use the default _INBOX (a coordinator).
	InboxPrefix string
	// SharedInbox: the user may subscribe to the default _INBOX.> while
	// restricted otherwise, as worker credentials made before private
	// prefixes were: whoever else holds them can read its deliveries.
	SharedInbox bool
	// Credential is the name the user's permissions confine its results
	// to (protocol.CredentialResultsPermission): its worker must publish
	// them there (WorkerConfig.Credential). Empty for a coordinator and
	// for worker credentials made before results were bound to their
	// publisher.
	Credential string
}

// ReadCredsIdentity reads the user JWT of a .creds file. The inbox prefix
// is the P of a subscribe permission "P.>" with P beginning "_INBOX" but
// not "_INBOX" itself, when that is the only one: the client must use the
// inboxes its permissions give it.
func ReadCredsIdentity(path string) (CredsIdentity, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return CredsIdentity{}, err
	}
	token, err := jwt.ParseDecoratedJWT(data)
	if err != nil {
		return CredsIdentity{}, fmt.Errorf("credentials %s: %w", path, err)
	}
	claims, err := jwt.DecodeUserClaims(token)
	if err != nil {
		return CredsIdentity{}, fmt.Errorf("credentials %s: %w", path, err)
	}
	id := CredsIdentity{Name: claims.Name}
	for _, subj := range claims.Permissions.Pub.Allow {
		if name, ok := protocol.CredentialOf(subj); ok {
			id.Credential = name
		}
	}
	allow := claims.Permissions.Sub.Allow
	for _, subj := range allow {
		if subj == "_INBOX.>" {
			id.SharedInbox = true
		}
	}
	if len(allow) == 1 {
		if p, ok := strings.CutSuffix(allow[0], ".>"); ok && p != "_INBOX" && strings.HasPrefix(p, "_INBOX") && !strings.ContainsAny(p, "*> ") {
			id.InboxPrefix = p
		}
	}
	return id, nil
}
