package search

import (
	"math"

	"balancefarm/engine"
)

// statusWorth is how the evaluation prices a piece's statuses (schema 37
// and 38's hazards), all in one table so the weights are read together.
// A status changes what its piece is worth, so each term is a share of
// the piece's value or a fixed bonus, added to its owner's material.
var statusWorth = struct {
	frozenPercent    int // of the piece's value, per count of a status that wears off: each count is a turn it sits out
	frozenMaxPercent int // the most a frozen piece loses: it still blocks and can still be captured
	upgradeCents     int // per count: its next capture also upgrades it (about half a pawn, a kind up or a status)
	immuneCents      int // per item kind that no longer acts on it: it may cross fire, stand on ice
	afterlifeCents   int // a piece that dies still goes on, on another board
	incomeTurns      int // turns of a status's income counted now: far income is uncertain (the piece may die)
	sizePercent      int // of the piece's value, per count of a status with size (schema 44): a death it survives by shrinking
}{
	frozenPercent:    20,
	frozenMaxPercent: 60,
	upgradeCents:     50,
	immuneCents:      15,
	afterlifeCents:   30,
	incomeTurns:      8,
	sizePercent:      25,
}

// statusTable is one status, compiled for the evaluation.
type statusTable struct {
	frozen   bool
	wearsOff bool
	hazard   int // thousandths: the value lost is the chance it dies when moved
	cents    int // the fixed bonus per count
	size     bool
}

// statusHolder is how many of a status a piece carries (schema 37).
type statusHolder interface {
	NextStatus(sq, from int) int
	StatusCount(status, sq int) int
}

// buildStatuses fills t.statuses from the game's statuses; nil without.
func (t *evalTables) buildStatuses(g *engine.Game) {
	w := &statusWorth
	for i := range g.NumStatuses() {
		tr := g.StatusTraits(i)
		st := statusTable{frozen: tr.Frozen, wearsOff: tr.WearsOff, hazard: int(math.Round(tr.Hazard * 1000)), size: tr.Size}
		if tr.Upgrade {
			st.cents += w.upgradeCents
		}
		st.cents += tr.ImmuneItems * w.immuneCents
		if tr.Afterlife {
			st.cents += w.afterlifeCents
		}
		st.cents += int(math.Round(tr.Income * 100 * float64(w.incomeTurns)))
		t.statuses = append(t.statuses, st)
	}
}

// statusValue is what the statuses of the piece on sq, of value v, add to
// (or take from) it.
func (t *evalTables) statusValue(sh statusHolder, sq, v int) int {
	w := &statusWorth
	frozenPct, hazard, bonus := 0, 0, 0
	for i := sh.NextStatus(sq, 0); i >= 0 && i < len(t.statuses); i = sh.NextStatus(sq, i+1) { // most pieces carry none
		n := sh.StatusCount(i, sq)
		st := &t.statuses[i]
		bonus += n * st.cents
		if st.size {
			bonus += n * v * w.sizePercent / 100
		}
		hazard = max(hazard, st.hazard) // the greatest hazard is the one drawn
		switch {
		case st.frozen && st.wearsOff:
			frozenPct += n * w.frozenPercent
		case st.frozen:
			frozenPct += w.frozenMaxPercent
		}
	}
	loss := v*min(frozenPct, w.frozenMaxPercent)/100 + v*hazard/1000
	return bonus - loss
}
