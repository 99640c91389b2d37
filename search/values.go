package search

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Piece values a spec carries (ab:n3000:P=1/N=3.2/...): the evaluation
// uses them instead of the rule file's declared values, so a worker can
// play with values it did not compute (the ones a measurement learned from
// its own games). They travel in the spec string, so a job, its record and
// a resumed measurement all say exactly which values were played.
const (
	valuesSep     = "/"
	maxValuePawns = 1000
)

// PieceValue is one kind's value in a spec, in centipawns.
type PieceValue struct {
	ID    string
	Cents int
}

// parseValues reads "P=1/N=3.25/N@..." into its canonical text (the
// values sorted by id, pawns to two decimals, then the table rows sorted
// by id) and checks each field.
func parseValues(s string) (string, error) {
	if s == "" {
		return "", fmt.Errorf("empty piece values after ':' (want ID=value/ID=value...)")
	}
	var vals []PieceValue
	var rows []TableRow
	seen := map[string]bool{}
	for _, f := range strings.Split(s, valuesSep) {
		if id, text, ok := strings.Cut(f, rowMark); ok {
			row, err := parseRow(id, text)
			if err != nil {
				return "", err
			}
			if seen[rowMark+id] {
				return "", fmt.Errorf("table row for %q given twice", id)
			}
			seen[rowMark+id] = true
			rows = append(rows, row)
			continue
		}
		id, num, ok := strings.Cut(f, "=")
		if !ok || !validValueID(id) {
			return "", fmt.Errorf("piece value %q is not ID=value (an id of 1 or 2 characters) or ID@row (a learned table row)", f)
		}
		if seen[id] {
			return "", fmt.Errorf("piece value for %q given twice", id)
		}
		seen[id] = true
		v, err := strconv.ParseFloat(num, 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > maxValuePawns {
			return "", fmt.Errorf("piece value %q: want a number of pawns from 0 to %d", f, maxValuePawns)
		}
		vals = append(vals, PieceValue{ID: id, Cents: int(math.Round(v * 100))})
	}
	return joinSections(FormatValues(vals), FormatRows(rows)), nil
}

// joinSections is a spec's values section: the values, then the rows.
func joinSections(values, rows string) string {
	if values == "" || rows == "" {
		return values + rows
	}
	return values + valuesSep + rows
}

// validValueID is a piece id that can stand in a spec: 1 or 2 printable
// characters, none of the spec's separators.
func validValueID(id string) bool {
	if len(id) < 1 || len(id) > 2 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c <= ' ' || c > '~' || strings.IndexByte("/=:,@", c) >= 0 {
			return false
		}
	}
	return true
}

// FormatValues is the canonical text of piece values for a spec: sorted by
// id, each in pawns with at most two decimals. Ids that cannot stand in a
// spec are left out (their kinds keep the declared value).
func FormatValues(vals []PieceValue) string {
	vals = append([]PieceValue(nil), vals...)
	sort.SliceStable(vals, func(i, j int) bool { return vals[i].ID < vals[j].ID })
	var parts []string
	for i, v := range vals {
		if !validValueID(v.ID) || i > 0 && vals[i-1].ID == v.ID {
			continue
		}
		parts = append(parts, v.ID+"="+strconv.FormatFloat(float64(max(v.Cents, 0))/100, 'f', -1, 64))
	}
	return strings.Join(parts, valuesSep)
}

// PieceValues are the values the spec carries, in canonical order; none
// when it plays with the rule file's own.
func (p PlayerSpec) PieceValues() []PieceValue {
	if p.Values == "" {
		return nil
	}
	var out []PieceValue
	for _, f := range strings.Split(p.Values, valuesSep) {
		id, num, isValue := strings.Cut(f, "=")
		if !isValue {
			continue // a table row
		}
		v, _ := strconv.ParseFloat(num, 64)
		out = append(out, PieceValue{ID: id, Cents: int(math.Round(v * 100))})
	}
	return out
}

// WithValues is spec with the given piece values (replacing any it had),
// in canonical form; vals empty gives the spec without values. Only
// alpha-beta and MCTS players evaluate, so only they take values.
func WithValues(spec string, vals []PieceValue) (string, error) {
	ps, err := ParseSpec(spec)
	if err != nil {
		return "", err
	}
	if ps.Family != FamilyAB && ps.Family != FamilyMCTS {
		return "", fmt.Errorf("player %q: only ab and mcts players take piece values", spec)
	}
	ps.Values = joinSections(FormatValues(vals), FormatRows(ps.TableRows()))
	return ps.String(), nil
}

// WithoutValues is the spec with the rule file's own values and table:
// the rung a spec with learned ones stands in for.
func WithoutValues(spec string) string {
	ps, err := ParseSpec(spec)
	if err != nil || ps.Values == "" {
		return spec
	}
	ps.Values = ""
	return ps.String()
}
