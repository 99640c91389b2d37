// Package fakegame is a stand-in game runner for testing and benchmarking
// the farm's plumbing without an engine. It plays no rules: a game is a
// number of plies, each a sleep and some busy work, with moves, length and
// outcome drawn deterministically from the job's seed and players, so a
// re-played job gives the same record. Tests and the farmfault build of the
// worker use it; the shipped binaries do not link it.
package fakegame
