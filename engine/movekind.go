package engine

// The classifiers below let callers outside the engine (players, the farm's
// rule-usage counters) tell special moves apart without the encoding.

// IsCastling reports whether m is castling.
func (m Move) IsCastling() bool { return m.typ() == moveCastle }

// IsEnPassant reports whether m is an en passant capture.
func (m Move) IsEnPassant() bool { return m.typ() == moveEnPassant }

// IsDoubleStep reports whether m is a multi-square slide of a piece that
// en passant applies to (a pawn's double step).
func (m Move) IsDoubleStep() bool { return m.typ() == moveDouble }
