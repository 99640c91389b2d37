// Package natsembed runs NATS servers with JetStream inside the calling
// process: the coordinator's local mode (one server on loopback, its store
// in the state directory) and test clusters (several servers routed to one
// another on loopback). It is kept apart from package farm so that the
// worker binary, which only needs a client, does not link a server.
package natsembed
