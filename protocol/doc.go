// Package protocol is the wire format between balancefarm's coordinator and
// its workers: what a job (one game) and a result (one game record) look
// like, the batch plan a coordinator expands into jobs, the dead-letter
// record for a job no worker could finish, and the NATS subjects and
// message ids that carry them.
//
// Everything here is plain data plus pure functions; the JetStream plumbing
// that moves these values lives in package farm.
package protocol
