package search

import (
	"fmt"
)

// nim is a toy game driven through position[M] so the search can be tested
// apart from the engine: take 1 to 3 stones, whoever takes the last wins.
// With turnLen > 1 a turn is that many takes by the same player, which
// exercises the search's handling of a side that moves twice in a row.
type nim struct {
	pile, stm, left, turnLen, ply int
	hist                          []nimUndo
}

type nimUndo struct{ pile, stm, left int }

type nimMove int8 // stones taken; 0 is no move

func newNim(pile, turnLen int) *nim {
	return &nim{pile: pile, turnLen: turnLen, left: turnLen}
}

func (n *nim) SideToMove() int { return n.stm }
func (n *nim) LegalMoves(buf []nimMove) []nimMove {
	if n.pile == 0 {
		return buf
	}
	for k := 1; k <= 3 && k <= n.pile; k++ {
		buf = append(buf, nimMove(k))
	}
	return buf
}
func (n *nim) Make(m nimMove) {
	n.hist = append(n.hist, nimUndo{n.pile, n.stm, n.left})
	n.pile -= int(m)
	n.ply++
	n.left--
	if n.left == 0 {
		n.stm, n.left = 1-n.stm, n.turnLen
	}
}
func (n *nim) Unmake() {
	u := n.hist[len(n.hist)-1]
	n.hist = n.hist[:len(n.hist)-1]
	n.pile, n.stm, n.left = u.pile, u.stm, u.left
	n.ply--
}
func (n *nim) Hash() uint64 {
	return mixSeed(uint64(n.pile), uint64(n.stm*8+n.left))
}
func (n *nim) Ply() int               { return n.ply }
func (n *nim) InCheck() bool          { return false }
func (n *nim) IsCapture(nimMove) bool { return false }

func (n *nim) HasLegalMove() bool { return len(n.LegalMoves(nil)) > 0 }

func (n *nim) ResultNoList() result { return n.Result() }

// LegalCaptures filters LegalMoves: nim has no captures.
func (n *nim) LegalCaptures(buf []nimMove) []nimMove {
	for _, m := range n.LegalMoves(nil) {
		if n.IsCapture(m) {
			buf = append(buf, m)
		}
	}
	return buf
}
func (n *nim) PieceAt(int) (int, int, bool) { return 0, 0, false }
func (n *nim) MoveString(m nimMove) string  { return fmt.Sprintf("take%d", m) }
func (n *nim) Source(nimMove) int           { return -1 }
func (n *nim) Target(nimMove) int           { return -1 }
func (n *nim) QuickResult() result          { return n.Result() }
func (n *nim) Result() result {
	if n.pile > 0 {
		return result{winner: -1}
	}
	return result{over: true, winner: n.hist[len(n.hist)-1].stm, rule: "last stone"}
}

// nimWinner solves nim exactly: the player who wins with best play.
func nimWinner(n *nim, memo map[[3]int]int) int {
	key := [3]int{n.pile, n.stm, n.left}
	if w, ok := memo[key]; ok {
		return w
	}
	if r := n.Result(); r.over {
		return r.winner
	}
	stm := n.stm
	w := 1 - stm
	for _, m := range n.LegalMoves(nil) {
		n.Make(m)
		cw := nimWinner(n, memo)
		n.Unmake()
		if cw == stm {
			w = stm
			break
		}
	}
	memo[key] = w
	return w
}
