package engine

// Move is one move, packed into 64 bits so that it is a comparable value
// type with no allocation. The zero Move is "no move": every real move has
// the valid bit set.
//
//	bits  0- 7  from square
//	bits  8-15  to square
//	bits 16-20  promotion: the kind promoted to, plus one (0 = none);
//	            for a drop, the kind dropped, plus one
//	bit  21     the move captures (IsCapture reads it)
//	bits 22-25  move type (moveNormal, moveDouble, ...)
//	bits 26-33  aux: ray direction (double step, sweep), castling partner's
//	            from square, new facing (turn), portal end (portal move)
//	bits 34-41  aux2: castling partner's to square, landing square of a
//	            struck piece (strike/contact position "choose")
//	bit  42     aux2 holds a landing square
//	bit  43     the piece passed to another board after landing (transfer):
//	            to is where it ends, its capture on its own board
//	bit  44     a capture from afar: the piece stays on from, to is taken
//	bit  45     the piece moving is the one below on a cell of two (cells.go)
//	bit  46     the move joins a piece of the mover's own on its cell
//	bit  63     valid
type Move uint64

const (
	mvPromoShift = 16
	mvCapture    = Move(1) << 21
	mvTypeShift  = 22
	mvAuxShift   = 26
	mvAux2Shift  = 34
	mvLanding    = Move(1) << 42
	mvTransfer   = Move(1) << 43
	mvStay       = Move(1) << 44
	mvUnder      = Move(1) << 45
	mvJoin       = Move(1) << 46
	mvValid      = Move(1) << 63
)

// Move types. Types past moveSweep are for the later families, so that
// adding them needs no change to the encoding.
const (
	moveNormal    = 0  // a plain move or capture
	moveDouble    = 1  // a slide of two or more squares by a piece en passant applies to; aux = direction
	moveEnPassant = 2  // an en passant capture; the victim square is in the position
	moveCastle    = 3  // castling; from/to are the castling piece's, aux/aux2 the partner's
	moveSweep     = 4  // a sweep; aux = direction, every piece passed over is removed
	moveDrop      = 5  // reserved: a piece from hand (promo field = kind)
	moveTurn      = 6  // turning in place (facing.go): from = to, aux = the kind it becomes
	movePortal    = 7  // moving a portal end (portal.go): aux = the end's index
	movePass      = 8  // a pass: the turn handed on (a die that leaves no move, chance.go)
	moveThrough   = 9  // a move through a portal (portal.go): aux = the end entered (or fold stepped on)
	moveChance    = 10 // a chance outcome (chance.go): aux = the face rolled, or the fate
)

func newMove(from, to int) Move {
	return mvValid | Move(from) | Move(to)<<8
}

// From is the square the move starts on.
func (m Move) From() int { return int(m & 0xff) }

// To is the square the move ends on (for castling, the castling piece's).
func (m Move) To() int { return int(m >> 8 & 0xff) }

// Promotion is the kind the moving piece becomes, or -1.
func (m Move) Promotion() int { return int(m>>mvPromoShift&0x1f) - 1 }

func (m Move) typ() int  { return int(m >> mvTypeShift & 0xf) }
func (m Move) aux() int  { return int(m >> mvAuxShift & 0xff) }
func (m Move) aux2() int { return int(m >> mvAux2Shift & 0xff) }

// IsNull reports whether m is the zero "no move".
func (m Move) IsNull() bool { return m&mvValid == 0 }

// IsCapture reports whether m takes something (en passant and a sweep
// over pieces included).
func (p *Position) IsCapture(m Move) bool { return m&mvCapture != 0 }
