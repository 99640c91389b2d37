package engine

// Perft counts the leaves of the legal move tree depth plies deep. Every
// node's moves are the full legal list; the last ply is bulk-counted (the
// length of that list, without making the moves). A position the board has
// decided (Decided) has no moves; the clocks and repetition are not
// consulted, as in published perft counts.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 256)
	}
	return p.perft(depth, bufs)
}

func (p *Position) perft(depth int, bufs [][]Move) uint64 {
	if p.status.decided {
		return 0
	}
	if p.inRounds {
		return p.perftRound(depth, bufs)
	}
	var moves []Move
	if p.legalValid { // a game with seats lists them as the turn passes
		moves = append(bufs[depth][:0], p.legalCache...)
	} else {
		moves = p.legal(bufs[depth][:0], false)
	}
	bufs[depth] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += p.perft(depth-1, bufs)
		p.Unmake()
	}
	return n
}

// DivideEntry is one root move of PerftDivide and its leaf count.
type DivideEntry struct {
	Move  Move
	Name  string
	Nodes uint64
}

// PerftDivide is Perft split by root move, in legal-move order.
func (p *Position) PerftDivide(depth int) []DivideEntry {
	if depth <= 0 || p.status.decided {
		return nil
	}
	var out []DivideEntry
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 256)
	}
	if p.inRounds {
		// One entry per pair of choices; Move is the first player's.
		for _, a := range p.roundMoves(0, nil) {
			for _, b := range p.roundMoves(1, nil) {
				e := DivideEntry{Move: a, Name: p.RoundString(a, b), Nodes: 1}
				if depth > 1 {
					p.MakeRound(a, b)
					e.Nodes = p.perft(depth-1, bufs)
					p.Unmake()
				}
				out = append(out, e)
			}
		}
		return out
	}
	for _, m := range p.legal(nil, false) {
		e := DivideEntry{Move: m, Name: p.MoveString(m), Nodes: 1}
		if depth > 1 {
			p.Make(m)
			e.Nodes = p.perft(depth-1, bufs)
			p.Unmake()
		}
		out = append(out, e)
	}
	return out
}
