package search

import (
	"fmt"
	"strconv"
	"strings"
)

// The prefixes that wrap an ab or mcts spec for games with hidden
// information: a determinizing player ("det:", "detK:"); the seer's
// ("seer:", spec.go) is read here too.
const (
	detPrefix     = "det"
	defaultWorlds = 8
	maxWorlds     = 1000
)

// parseWrapped reads a spec with a det or seer prefix; ok is false when s
// has neither, and ParseSpec reads it as usual.
func parseWrapped(s string) (ps PlayerSpec, ok bool, err error) {
	if base, found := strings.CutPrefix(s, seerPrefix); found {
		ps, err := parseWrappedBase(s, base, "seer:")
		ps.Seer = err == nil
		return ps, true, err
	}
	head, base, found := strings.Cut(s, ":")
	count, isDet := strings.CutPrefix(head, detPrefix)
	if !found || !isDet {
		return PlayerSpec{}, false, nil
	}
	worlds := defaultWorlds
	if count != "" {
		n, err := strconv.Atoi(count)
		if err != nil || n < 1 || n > maxWorlds {
			return PlayerSpec{}, true, fmt.Errorf("player %q: the world count of det must be 1 to %d", s, maxWorlds)
		}
		worlds = n
	}
	ps, err = parseWrappedBase(s, base, "det:")
	if err != nil {
		return PlayerSpec{}, true, err
	}
	ps.Worlds = worlds
	return ps, true, nil
}

// parseWrappedBase reads the ab or mcts spec a prefix (named as the
// message says it) wraps.
func parseWrappedBase(s, base, prefix string) (PlayerSpec, error) {
	ps, err := ParseSpec(base)
	if err != nil {
		return PlayerSpec{}, err
	}
	if ps.Seer || ps.Worlds > 0 || (ps.Family != FamilyAB && ps.Family != FamilyMCTS) {
		return PlayerSpec{}, fmt.Errorf("player %q: %s goes before an ab or mcts spec", s, prefix)
	}
	return ps, nil
}

// wrapperPrefix is the prefix String writes before the base spec.
func (p PlayerSpec) wrapperPrefix() string {
	switch {
	case p.Seer:
		return seerPrefix
	case p.Worlds == defaultWorlds:
		return detPrefix + ":"
	case p.Worlds > 0:
		return detPrefix + strconv.Itoa(p.Worlds) + ":"
	}
	return ""
}

// forHiddenGames reports whether the spec plays only games with hidden
// information (a determinizing player, ISMCTS); such a spec in any other
// game is an error (hiddenOnlyError).
func (p PlayerSpec) forHiddenGames() bool {
	return p.Worlds > 0 || p.Family == FamilyISMCTS
}

func hiddenOnlyError(p PlayerSpec) error {
	return fmt.Errorf("player %q: det: and ismcts: play only games with hidden information", p)
}

// SearchBase is the spec of the search a player of a game with hidden
// information wraps, which a clairvoyant rung plays on the whole
// position: a determinizing player's base, MCTS for ISMCTS of the same
// iterations; any other spec is its own.
func SearchBase(spec string) (string, error) {
	ps, err := ParseSpec(spec)
	if err != nil {
		return "", err
	}
	ps.Worlds = 0
	if ps.Family == FamilyISMCTS {
		ps.Family = FamilyMCTS
	}
	return ps.String(), nil
}
