// Package local is the coordinator's self-contained mode: an embedded NATS
// server with JetStream (its store in a state directory, listening on
// loopback so outside workers may join) and in-process workers, so that
// measuring a rule file needs nothing else running.
package local
