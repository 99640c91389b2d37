// Package local is the coordinator's self-contained mode: an embedded NATS
// server with JetStream (its store in a state directory, listening on
// loopback so outside workers may join) and in-process workers, so that
// measuring a rule file needs nothing else running.
//
// A farm holds its state directory with an exclusive lock (flock on
// DIR/lock, naming the process and its server's URL) for as long as it
// runs: two servers writing one JetStream store corrupt it, so a second
// process is refused the directory (BusyError) or, asked to fall back,
// takes DIR-2, DIR-3, ... A store that once held the farm's streams is
// marked; one that comes back without them, or that the server cannot
// read, is refused with a DamagedError naming the directory and what to do,
// never silently used or made afresh.
package local
