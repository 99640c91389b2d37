// Package maskray owns the mask form of a straight run of board squares
// (a ray) on boards of at most 64 squares: which way its squares run, and
// how to split it at the first occupied square with a bit scan. The engine
// generates moves and tests attacks with it; the players' evaluation
// counts mobility with it. Squares are numbered as the engine numbers
// them, so a ray whose squares neither only rise nor only fall (one that
// wraps round an edge) has no mask form and is walked instead.
package maskray
