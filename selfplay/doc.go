// Package selfplay is the farm's real game runner: it turns a job (a rule
// file, two player specs, a seed) into a played game with the engine and
// the search package's players, and the game into a protocol.Result. It also
// reads from a rule file what the stats need to know before any game is
// played (StartInfo: captures on the first move, which chess rules are kept).
package selfplay
