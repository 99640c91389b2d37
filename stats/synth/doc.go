// Package synth makes synthetic batches of game results with known true
// ratings, for testing package stats and for rendering example reports. It
// plays nothing: outcomes are drawn from the Elo model stats fits.
package synth
