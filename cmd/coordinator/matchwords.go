package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"balancefarm/protocol"
	"balancefarm/search"
)

// wordFlags are match's flags that take cutechess's words, several
// arguments long: "-resign movecount=3 score=600".
var wordFlags = []string{"resign", "draw", "openings", "each"}

// gatherWords joins, after each flag of names given without "=", the
// argument that follows it and every further "key=value" argument (one
// that has an '=' and does not start with '-') into one argument, so
// that the flag package reads cutechess's words as the flag's value.
func gatherWords(args []string, names []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		out = append(out, a)
		if a == "--" {
			return append(out, args[i+1:]...)
		}
		name := strings.TrimLeft(a, "-")
		if !strings.HasPrefix(a, "-") || strings.Contains(name, "=") || !slices.Contains(names, name) || i+1 == len(args) {
			continue
		}
		words := []string{args[i+1]}
		i++
		for i+1 < len(args) && strings.Contains(args[i+1], "=") && !strings.HasPrefix(args[i+1], "-") {
			words = append(words, args[i+1])
			i++
		}
		out = append(out, strings.Join(words, " "))
	}
	return out
}

// keyValues reads words "key=value ..." given to flag: each key one of
// known and given once, each value not empty.
func keyValues(flag, words string, known ...string) (map[string]string, error) {
	out := map[string]string{}
	for _, w := range strings.Fields(words) {
		k, v, ok := strings.Cut(w, "=")
		switch {
		case !ok || k == "":
			return nil, fmt.Errorf("-%s: %q is not key=value (keys: %s)", flag, w, strings.Join(known, ", "))
		case !slices.Contains(known, k):
			return nil, fmt.Errorf("-%s: unknown key %q (keys: %s)", flag, k, strings.Join(known, ", "))
		case v == "":
			return nil, fmt.Errorf("-%s: %s has no value", flag, k)
		}
		if _, twice := out[k]; twice {
			return nil, fmt.Errorf("-%s: %s given twice", flag, k)
		}
		out[k] = v
	}
	return out, nil
}

// wordInts reads the keys of flag's words as whole numbers, each at
// least its minimum, every key required.
func wordInts(flag, words string, keys []string, mins []int) ([]int, error) {
	kv, err := keyValues(flag, words, keys...)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(keys))
	for i, k := range keys {
		v, ok := kv[k]
		if !ok {
			return nil, fmt.Errorf("-%s: needs %s=N (the words: %s)", flag, k, strings.Join(withN(keys), " "))
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < mins[i] {
			return nil, fmt.Errorf("-%s: %s=%s is not a whole number of at least %d", flag, k, v, mins[i])
		}
		out[i] = n
	}
	return out, nil
}

func withN(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k + "=N"
	}
	return out
}

// parseAdjudication reads cutechess's -resign "movecount=N score=CP" and
// -draw "movenumber=N movecount=N score=CP" (either may be empty: off).
func parseAdjudication(resign, draw string) (protocol.Adjudication, error) {
	var a protocol.Adjudication
	if resign != "" {
		v, err := wordInts("resign", resign, []string{"movecount", "score"}, []int{1, 0})
		if err != nil {
			return a, err
		}
		a.ResignMoveCount, a.ResignScore = v[0], v[1]
	}
	if draw != "" {
		v, err := wordInts("draw", draw, []string{"movenumber", "movecount", "score"}, []int{0, 1, 0})
		if err != nil {
			return a, err
		}
		a.DrawMoveNumber, a.DrawMoveCount, a.DrawScore = v[0], v[1], v[2]
	}
	return a, nil
}

// parseEach reads cutechess's -each "tc=..." or "st=..." (the only
// settings of -each that a spec does not hold already): the time control
// of every player without one; "" none.
func parseEach(words string) (string, error) {
	if words == "" {
		return "", nil
	}
	kv, err := keyValues("each", words, "tc", "st")
	if err != nil {
		return "", err
	}
	if len(kv) != 1 {
		return "", errors.New("-each: one time control, tc=[MOVES/]TIME[+INC] or st=SECONDS")
	}
	for k, v := range kv {
		tc, err := search.ParseTimeControl(k, v)
		if err != nil {
			return "", fmt.Errorf("-each: %v", err)
		}
		return tc.String(), nil
	}
	return "", nil
}

// timedSpec is spec in canonical form with the time control clock ("tc=..."
// or "st=...", "" none) unless it has one of its own.
func timedSpec(spec, clock string) (string, error) {
	ps, err := search.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	if clock == "" || !ps.Clock.IsZero() {
		return ps.String(), nil
	}
	// Added to the spec as given: a uci spec without a budget of its
	// own then has none (a timed engine manages its clock).
	return search.Canonical(strings.TrimSpace(spec) + "," + clock)
}
