package repair

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"balancefarm/measure"
	"balancefarm/stats"
)

// The sweep takes a limit of the game (limits: max_plies,
// no_progress_draw) past the one step each way that Generate proposes:
// in the direction whose step helped at the screen, doubling (or halving)
// until the target flags clear or the language's bound is reached, then
// bisecting back between the last value that did not clear them and the
// first that did, so that the smallest change that clears them is found.
// Each value is one screen measurement, made in turn, since the next
// value depends on it.

// sweepBisections is how many times the sweep halves the interval
// between the last value that fails and the first that clears.
const sweepBisections = 3

// fixes reports whether a measurement clears every target flag and raises
// no flag the original did not.
func (res *Result) fixes(r *Rung) bool {
	if r.Error != "" {
		return false
	}
	for _, f := range res.Targets {
		if c, ok := r.check(f); !ok || c.State != stats.StateClear {
			return false
		}
	}
	return !slices.ContainsFunc(r.Raised, func(f string) bool { return !slices.Contains(res.Original.Raised, f) })
}

// helps reports whether a screen measurement moved the checks the right
// way against the original's own screen: a smaller shortfall, or a target
// flag cleared.
func (res *Result) helps(r *Rung) bool {
	if r.Error != "" || res.control == nil {
		return false
	}
	return r.deficit < res.control.deficit || clearsSome(r, res.Targets)
}

// stepFrom is the next value of a sweep from v: doubled going up, halved
// going down, within the limit's bounds.
func (l limit) stepFrom(v int, up bool) int {
	if up {
		return min(v*2, l.hi)
	}
	return max(v/2, l.lo)
}

// sweepLimits sweeps every limit whose one step at the screen helped, and
// returns the candidates it measured.
func (res *Result) sweepLimits(ctx context.Context, cfg Config, measureFn MeasureFunc, orig *measure.File, pool []*Tried, seen map[string]string) ([]*Tried, error) {
	f, err := decode(orig.Data)
	if err != nil {
		return nil, err
	}
	var out []*Tried
	for _, l := range limits {
		cur := f.ruleInt(l.key, l.def)
		for _, up := range []bool{true, false} {
			step := l.stepFrom(cur, up)
			if step == cur {
				continue
			}
			first := findLimit(pool, l.key, step)
			if first == nil || !res.helps(first.last()) {
				continue
			}
			way := map[bool]string{true: "up", false: "down"}[up]
			var tried []string
			note := func(t *Tried) {
				state := "does not clear them"
				if res.fixes(t.last()) {
					state = "clears them"
				}
				tried = append(tried, fmt.Sprintf("%d (%s)", t.Edits[0].value, state))
			}
			note(first)
			measureAt := func(v int) (*Tried, error) {
				if t := findLimit(append(pool, out...), l.key, v); t != nil {
					return t, nil
				}
				c, refused := build(orig, fmt.Sprintf("s%02d", len(res.Candidates)+1), seen, l.edit(f, v, cur))
				if refused != nil {
					res.Refused = append(res.Refused, *refused)
					return nil, nil
				}
				ts, err := res.screen(ctx, cfg, measureFn, orig, []*Candidate{c}, false)
				if err != nil || len(ts) == 0 {
					return nil, err
				}
				out = append(out, ts[0])
				return ts[0], nil
			}
			// Double (or halve) until the flags clear or the bound.
			failing, clearing := cur, first
			for !res.fixes(clearing.last()) {
				next := l.stepFrom(clearing.Edits[0].value, up)
				if next == clearing.Edits[0].value {
					clearing = nil
					break
				}
				failing = clearing.Edits[0].value
				t, err := measureAt(next)
				if err != nil {
					return nil, err
				}
				if t == nil {
					clearing = nil
					break
				}
				note(t)
				clearing = t
			}
			if clearing == nil {
				res.Sweeps = append(res.Sweeps, fmt.Sprintf("%s swept %s from %d to the language's bound: %s; no value clears %s",
					l.key, way, cur, strings.Join(tried, ", "), strings.Join(res.Targets, ", ")))
				continue
			}
			// Bisect back between the last failing value and the first
			// clearing one.
			hi := clearing.Edits[0].value
			for range sweepBisections {
				mid := (failing + hi) / 2
				if mid == failing || mid == hi || abs(hi-failing) <= max(1, abs(hi)/16) {
					break
				}
				t, err := measureAt(mid)
				if err != nil {
					return nil, err
				}
				if t == nil {
					break
				}
				note(t)
				if res.fixes(t.last()) {
					hi = mid
				} else {
					failing = mid
				}
			}
			res.Sweeps = append(res.Sweeps, fmt.Sprintf("%s swept %s from %d: %s; the smallest change that clears %s is %d",
				l.key, way, cur, strings.Join(tried, ", "), strings.Join(res.Targets, ", "), hi))
		}
	}
	return out, nil
}

// findLimit is the candidate of pool that only sets key to v.
func findLimit(pool []*Tried, key string, v int) *Tried {
	for _, t := range pool {
		if len(t.Edits) == 1 && t.Edits[0].Kind == key && t.Edits[0].value == v && t.Edits[0].Patch[0].Op != "remove" && t.last().Error == "" {
			return t
		}
	}
	return nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
