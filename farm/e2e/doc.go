// Package e2e holds the farm's multi-process end-to-end test and nothing
// else: it builds nats-server (from the module's nats-server/v2), the
// coordinator and the worker, runs them as separate processes on loopback
// (a three-node JetStream cluster, one coordinator, two workers), kills a
// worker and a NATS node mid-batch, and checks that the batch still ends
// with exactly one record per job. It also runs serve under hostile
// clients (and under greedy ones: idle connections, bad file names, a
// browser behind a token), serve killed mid-measurement, a repair whose
// candidates two worker processes share, and a measurement beside a
// worker host that lies under its own credentials. It has no non-test
// code; it is skipped with -short.
package e2e
