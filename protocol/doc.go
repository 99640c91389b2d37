// Package protocol is the wire format between balancefarm's coordinator and
// its workers: what a job (one game) and a result (one game record) look
// like, the batch plan a coordinator expands into jobs, the dead-letter
// record for a job no worker could finish, and the NATS subjects and
// message ids that carry them.
//
// Version 2 added what keeps a client with a worker's credentials from
// making its records count: leases (one per publication of a job, a MAC
// under the coordinators' farm key that records copy), seals on the
// records a coordinator writes, keyed batch ids (BatchID), message ids
// that name a publication, sealed verdicts on bf.verdicts.<batch>.<job>,
// and the bounds records are checked against (check.go). The JSON of a
// version 1 job or result decodes unchanged (the new fields are optional);
// a version 2 worker plays version 1 jobs, while a version 1 worker
// refuses version 2 jobs as a newer coordinator's, and a version 2
// coordinator refuses records without a lease.
//
// Everything here is plain data plus pure functions; the JetStream plumbing
// that moves these values lives in package farm.
package protocol
