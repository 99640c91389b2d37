// Package play is a game played move by move from outside the search's
// game loop: a person at the terminal (coordinator play -p0 human) or at
// serve's board, against an engine player or another person. It keeps the
// position, draws the chance outcomes, checks the moves made and shows the
// board as text and as JSON a page can draw.
//
// It owns the play sessions serve keeps (service.go: /v1/play, bounded in
// number and time, the engine's replies bounded in nodes and time) and the
// board views (view.go); the moves themselves are the engine's, the
// engine player's choice search.Mover's.
package play
