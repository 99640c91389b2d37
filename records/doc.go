// Package records keeps every game a measurement played: its players,
// seed, random opening and moves, replayed through the engine once
// (Replay, the coordinator's check of a worker's result) to add what a
// reader of the game wants (the moves in SAN where the standard can
// express them, each position on the way, the final position, the rule
// features and the piece-value fit's samples). It writes
// them as a PGN file per rule file (PGN.md beside this file says which tags
// and which notation) and as JSON lines for tools, reads PGN back for
// `coordinator games`, and picks the example games a report links from
// each flag, with the board frames its replay viewer shows. A game with
// seats is written and read in chess.com's PGN4 (WritePGN4, ReadPGN4).
//
// It reads the game through engine.Game's view and engine.Position, as the
// players do, never engine/rules.
package records
