// Package play is a game played move by move from outside the search's
// game loop: a person at the terminal (coordinator play -p0 human) or at
// serve's board, against engine players or other people. It keeps the
// position, draws the chance outcomes, checks the moves made and shows the
// board as text and as JSON a page can draw. Games that hide information
// are shown to a person as their seat sees them (ViewFor, DiagramFor:
// engine.Position.Observe), with their moves refused without a reason as
// the game loop's referee refuses a player's; games with seats seat a
// person or an engine in each; games played in rounds keep the first
// choice secret until both are made (an announced round shows the
// announcer's), then play the two together.
//
// It owns the play sessions serve keeps (service.go: /v1/play, bounded in
// number and time, the engine's replies bounded in nodes and time) and the
// board views (view.go); the moves themselves are the engine's, the
// engine player's choice search.Mover's.
package play
