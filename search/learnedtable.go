package search

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"balancefarm/engine"
)

// A learned table (ab:n10000:N@...): per piece kind, a row of centipawns
// for each square, added to the generic piece-square table. Rows are
// fitted from a rule file's own games (stats.FitTable) and travel in the
// spec beside the piece values, so a worker plays with a table it did
// not fit, and a record says which table was played. A row reads the
// squares as player 0 sees them, in the engine's square order; player 1
// reads the opposing square (OpposingSquare).
const (
	rowMark = "@"
	// rowStep is the centipawns of one step of a row's text; a square
	// holds rowMin to rowMax steps.
	rowStep = 2
	rowMin  = -32
	rowMax  = 31
	// rowAlphabet spells steps rowMin to rowMax, one character a square
	// (base64url's, none of them a spec separator).
	rowAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	maxRowLen   = 256 // the most squares of a board
)

// TableRow is one kind's learned squares: Cents[sq] for player 0's sq.
type TableRow struct {
	ID    string
	Cents []int
}

// parseRow reads one row's text (after "ID@").
func parseRow(id, text string) (TableRow, error) {
	if !validValueID(id) {
		return TableRow{}, fmt.Errorf("table row %q: want ID@squares (an id of 1 or 2 characters)", id+rowMark+text)
	}
	if len(text) == 0 || len(text) > maxRowLen {
		return TableRow{}, fmt.Errorf("table row for %q: want 1 to %d squares, one character each, got %d", id, maxRowLen, len(text))
	}
	row := TableRow{ID: id, Cents: make([]int, len(text))}
	for i := 0; i < len(text); i++ {
		step := strings.IndexByte(rowAlphabet, text[i])
		if step < 0 {
			return TableRow{}, fmt.Errorf("table row for %q: square %d is %q, not one of A-Z a-z 0-9 - _", id, i, text[i])
		}
		row.Cents[i] = (step + rowMin) * rowStep
	}
	return row, nil
}

// FormatRows is the canonical text of learned rows for a spec: sorted by
// id, each square rounded to rowStep and held within the rows' range.
// Rows whose id cannot stand in a spec, repeats and rows of no squares
// (or too many) are left out.
func FormatRows(rows []TableRow) string {
	rows = slices.Clone(rows)
	slices.SortStableFunc(rows, func(a, b TableRow) int { return strings.Compare(a.ID, b.ID) })
	var parts []string
	for i, r := range rows {
		if !validValueID(r.ID) || i > 0 && rows[i-1].ID == r.ID || len(r.Cents) == 0 || len(r.Cents) > maxRowLen {
			continue
		}
		var b strings.Builder
		b.WriteString(r.ID + rowMark)
		for _, c := range r.Cents {
			step := int(math.Round(float64(c) / rowStep))
			b.WriteByte(rowAlphabet[min(max(step, rowMin), rowMax)-rowMin])
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, valuesSep)
}

// TableRows are the learned rows the spec carries, in canonical order;
// none when it plays with the generic table alone.
func (p PlayerSpec) TableRows() []TableRow {
	var out []TableRow
	for _, f := range strings.Split(p.Values, valuesSep) {
		if id, text, ok := strings.Cut(f, rowMark); ok {
			if r, err := parseRow(id, text); err == nil {
				out = append(out, r)
			}
		}
	}
	return out
}

// WithTable is spec with the given learned rows (replacing any it had),
// in canonical form, its piece values kept; rows empty gives the spec
// without a table.
func WithTable(spec string, rows []TableRow) (string, error) {
	ps, err := ParseSpec(spec)
	if err != nil {
		return "", err
	}
	if ps.Family != FamilyAB && ps.Family != FamilyMCTS {
		return "", fmt.Errorf("player %q: only ab and mcts players take a learned table", spec)
	}
	ps.Values = joinSections(FormatValues(ps.PieceValues()), FormatRows(rows))
	return ps.String(), nil
}

// addRows adds learned rows to the piece-square table of the kinds they
// name, player 1's squares through OpposingSquare. A row for a piece the
// game lacks, or of another length than the board's squares, is an
// error, as a value for such a piece is.
func (t *evalTables) addRows(g *engine.Game, rows []TableRow) error {
	if len(rows) == 0 {
		return nil
	}
	opposing := OpposingSquare(g)
	for _, r := range rows {
		k := slices.IndexFunc(t.kinds, func(kt kindTable) bool { return kt.id == r.ID })
		if k < 0 {
			return fmt.Errorf("search: learned table row for %q, a piece this game does not have", r.ID)
		}
		if len(r.Cents) != t.nsq {
			return fmt.Errorf("search: learned table row for %q has %d squares, the board %d", r.ID, len(r.Cents), t.nsq)
		}
		kt := &t.kinds[k]
		for sq, c := range r.Cents {
			if kt.pst[0] != nil {
				kt.pst[0][sq] += c
			}
			if kt.pst[1] != nil {
				kt.pst[1][opposing(sq)] += c
			}
		}
	}
	return nil
}

// OpposingSquare maps a square as player 0 sees it to the square player 1
// sees the same way: the reflection across the middle rank where that
// carries player 0's setup onto player 1's (chess, xiangqi), else the half
// turn where that does (shogi, makruk), else the reflection.
func OpposingSquare(g *engine.Game) func(sq int) int {
	w, h := g.Width(), g.Height()
	reflect := func(sq int) int { return (h-1-g.Rank(sq))*w + g.File(sq) }
	turn := func(sq int) int { return (h-1-g.Rank(sq))*w + (w - 1 - g.File(sq)) }
	p := g.NewPosition()
	carries := func(m func(int) int) bool {
		for k := 0; k < g.NumKinds(); k++ {
			var mapped [4]uint64
			for _, sq := range squaresOf(p.KindSquares(0, k)) {
				to := m(sq)
				if to < 0 || to >= g.NumSquares() {
					return false
				}
				mapped[to/64] |= 1 << uint(to%64)
			}
			if mapped != p.KindSquares(1, k) {
				return false
			}
		}
		return true
	}
	if !carries(reflect) && carries(turn) {
		return turn
	}
	return reflect
}

// squaresOf lists the squares of a set.
func squaresOf(set [4]uint64) []int {
	var out []int
	for w, x := range set {
		for ; x != 0; x &= x - 1 {
			out = append(out, w<<6|bits.TrailingZeros64(x))
		}
	}
	return out
}

// StaticEvaluator is spec's evaluation (its values, table and terms) of
// a position from player 0's side, without search: what a learned table
// is fitted on top of. The function it returns is not safe for
// concurrent use.
func StaticEvaluator(g *engine.Game, spec string) (func(p *engine.Position) int, error) {
	ps, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	if ps.Family != FamilyAB && ps.Family != FamilyMCTS {
		return nil, fmt.Errorf("player %q: only ab and mcts players evaluate", spec)
	}
	t, err := specTables(g, ps)
	if err != nil {
		return nil, err
	}
	e := newEvaluator(t)
	e.setTerms(ps.Terms)
	return func(p *engine.Position) int { return e.evaluate(enginePos{p}, 0, enginePos{p}) }, nil
}

// ShortSpec is spec as a report names it: a spec carrying learned rows is
// its spec without them plus "+table:" and six hex digits of the rows'
// hash, so that two tables in one report stay apart; any other spec is
// itself.
func ShortSpec(spec string) string {
	ps, err := ParseSpec(spec)
	if err != nil {
		return spec
	}
	rows := ps.TableRows()
	if len(rows) == 0 {
		return spec
	}
	sum := sha256.Sum256([]byte(FormatRows(rows)))
	return WithoutTable(spec) + "+table:" + hex.EncodeToString(sum[:3])
}

// WithoutTable is spec without the learned rows it may carry, in
// canonical form (WithTable with none); a spec that cannot carry rows,
// or does not parse, is itself.
func WithoutTable(spec string) string {
	if base, err := WithTable(spec, nil); err == nil {
		return base
	}
	return spec
}
