package engine

import (
	"fmt"

	"balancefarm/engine/rules"
)

// The rule families this engine knows, when a rule file has each, and the
// one table of what it does not play together. Load checks the table once,
// before it compiles anything; the family load steps assume a file that
// passed. Every "not supported yet" text lives here (families_test.go
// fails on one written elsewhere), and testdata/families.txt prints the
// table as families × families.

// familyID names a family, or the part of one that a refusal is about
// (drops.no_mate, a turn written with more than one move).
type familyID int

const (
	famDrops familyID = iota
	famNoMate
	famNoMateKey
	famNoDoubled
	famEitherFace
	famPromoteOnEntry
	famSymmetricDrops
	famCapture
	famTerritory
	famRounds
	famTurn
	famLongTurns
	famRest
	famNPCs
	famPortals
	famFacing
	famTouch
	famEntry
	famCounting
	famPromotionRest
	famCastling
	famEnPassant
	famExtinction
	famReach
	famSeats
	famPriority
	famServed
	famBoards
	famCells
	famChance
	famHidden
	famPlanes
	numFamilies
)

// family is a rule family: the name the table prints and whether a rule
// file (as the front end decoded it) has it.
type family struct {
	name    string
	present func(s *rules.Spec) bool
}

// families is every family, indexed by familyID. Where two refusals read a
// key differently (no_mate written but empty, a ramp of ones), each reading
// is a family of its own, so no refusal changes which files it catches.
var families = [numFamilies]family{
	famDrops: {"rules.drops", func(s *rules.Spec) bool { return s.Rules.Drops != nil }},
	famNoMate: {"rules.drops.no_mate (naming a piece)", func(s *rules.Spec) bool {
		return s.Rules.Drops != nil && len(s.Rules.Drops.NoMate) > 0
	}},
	famNoMateKey: {"rules.drops.no_mate (written, even empty)", func(s *rules.Spec) bool {
		return s.Rules.Drops != nil && s.Rules.Drops.NoMate != nil
	}},
	famNoDoubled: {"rules.drops.no_doubled", func(s *rules.Spec) bool {
		return s.Rules.Drops != nil && len(s.Rules.Drops.NoDoubled) > 0
	}},
	famEitherFace: {"rules.drops.either_face", func(s *rules.Spec) bool {
		return s.Rules.Drops != nil && s.Rules.Drops.EitherFace
	}},
	famPromoteOnEntry: {"rules.promote_on_entry", func(s *rules.Spec) bool { return s.Rules.PromoteOnEntry }},
	famSymmetricDrops: {"rules.drops symmetric or choose_facing", func(s *rules.Spec) bool {
		d := s.Rules.Drops
		return d != nil && (d.Symmetric || d.ChooseFacing)
	}},
	famCapture: {"capture effects (explode_on_capture, strike, contacts)", func(s *rules.Spec) bool {
		r := &s.Rules
		return r.ExplodeOnCapture != nil || r.Strike != nil || r.Contacts != nil
	}},
	famTerritory: {"rules.territory", func(s *rules.Spec) bool { return s.Rules.Territory != nil }},
	famRounds:    {"rules.simultaneous (rounds)", func(s *rules.Spec) bool { return s.Rules.Simultaneous != nil }},
	famTurn: {"rules.turn (moves other than 1, or a ramp)", func(s *rules.Spec) bool {
		t := s.Rules.Turn
		return t != nil && (t.Moves != 1 || len(t.Ramp) > 0)
	}},
	famLongTurns: {"turns of several moves (some turn longer than one)", func(s *rules.Spec) bool {
		t := s.Rules.Turn
		if t == nil {
			return false
		}
		longer := t.Moves > 1
		for _, n := range t.Ramp {
			longer = longer || n > 1
		}
		return longer
	}},
	famRest:          {"rest (pieces[].rest, simultaneous.rest)", anyRest},
	famNPCs:          {"rules.npcs (wild pieces)", func(s *rules.Spec) bool { return len(s.Rules.NPCs) > 0 }},
	famPortals:       {"rules.portals", func(s *rules.Spec) bool { return len(s.Rules.Portals) > 0 }},
	famFacing:        {"pieces[].facing", anyFacing},
	famTouch:         {"rules.touch", func(s *rules.Spec) bool { return s.Rules.Touch != nil }},
	famEntry:         {"rules.entry", func(s *rules.Spec) bool { return len(s.Rules.Entry) > 0 }},
	famCounting:      {"rules.counting", func(s *rules.Spec) bool { return s.Rules.Counting != nil }},
	famPromotionRest: {"rules.promotion rest", promotionRests},
	famCastling:      {"rules.castling", func(s *rules.Spec) bool { return s.Rules.Castling != nil }},
	famEnPassant:     {"rules.en_passant", func(s *rules.Spec) bool { return s.Rules.EnPassant }},
	famExtinction:    {"rules.extinction", func(s *rules.Spec) bool { return s.Rules.Extinction != nil }},
	famReach:         {"rules.reach", func(s *rules.Spec) bool { return s.Rules.Reach != nil }},
	famSeats:         {"seats", func(s *rules.Spec) bool { return s.Seats != nil }},
	famPriority:      {"rules.priority", func(s *rules.Spec) bool { return s.Rules.Priority != nil }},
	famServed:        {"rules.promotion served", servedPromotion},
	famBoards:        {"boards", func(s *rules.Spec) bool { return len(s.Boards) > 0 }},
	famCells:         {"rules.cells", func(s *rules.Spec) bool { return s.Rules.Cells != nil }},
	famChance: {"chance (rules.dice, rules.hazards)", func(s *rules.Spec) bool {
		return s.Rules.Dice != nil || len(s.Rules.Hazards) > 0
	}},
	famHidden: {"hidden information (rules.sight, pieces[].hidden)", hasHidden},
	famPlanes: {"items, resources and afterlives (items, resources, rules.afterlife, after_capture, presence)", hasPlanes},
}

// refusal is one row of the table: family a beside family b (when is a
// finer condition, nil when both present is enough), or, for a row with
// limit set, a limit of family a alone (about says which), whose reason
// names the place in the file.
type refusal struct {
	a, b   familyID
	when   func(s *rules.Spec) bool
	reason string
	limit  func(s *rules.Spec) string // "" when the file is within it
	about  string
}

// refusals is the table, in the order Load checks it: the first row a file
// meets is the one it is told. The order is the order the family load
// steps once refused in, so every file gets the message it always got.
var refusals = []refusal{
	// Seats are played with the board's own families; the others are
	// refused first, whatever else the file has.
	{a: famSeats, limit: seatsLimit, about: "more seats than the engine holds, or a rule written for two players only"},
	// Several boards are played with the board's own families; cells
	// with seats, and not beside the rules cellsLimit names.
	{a: famCells, limit: cellsLimit, about: "cells without seats, or beside a rule kept per square or one that empties squares"},
	{a: famBoards, limit: acrossHop, about: "a hop or bent move that reaches across"},
	{a: famBoards, b: famDrops, reason: "boards with rules.drops"},
	{a: famBoards, b: famCapture, reason: "boards with capture effects or territory"},
	{a: famBoards, b: famTerritory, reason: "boards with capture effects or territory"},
	{a: famBoards, b: famRounds, reason: "boards with rules.simultaneous"},
	{a: famBoards, b: famTurn, reason: "boards with rules.turn"},
	{a: famBoards, b: famRest, reason: "boards with rest"},
	{a: famBoards, b: famNPCs, reason: "boards with rules.npcs"},
	{a: famBoards, b: famPortals, reason: "boards with rules.portals"},
	{a: famBoards, b: famFacing, reason: "boards with pieces[].facing"},
	{a: famBoards, b: famTouch, reason: "boards with rules.touch"},
	{a: famBoards, b: famEntry, reason: "boards with rules.entry"},
	{a: famBoards, b: famCounting, reason: "boards with rules.counting"},
	{a: famBoards, b: famPromotionRest, reason: "boards with a promotion's rest"},
	{a: famBoards, b: famExtinction, reason: "boards with rules.extinction"},
	{a: famBoards, b: famReach, reason: "boards with rules.reach"},
	{a: famServed, b: famDrops, reason: "rules.promotion served with rules.drops"},
	{a: famServed, b: famFacing, reason: "rules.promotion served with pieces[].facing"},
	{a: famServed, b: famNPCs, reason: "rules.promotion served with rules.npcs"},
	{a: famServed, b: famPortals, reason: "rules.promotion served with rules.portals"},
	{a: famServed, b: famCapture, reason: "rules.promotion served with capture effects or territory"},
	{a: famServed, b: famExtinction, reason: "rules.promotion served with rules.extinction"},
	{a: famServed, b: famReach, reason: "rules.promotion served with rules.reach"},
	{a: famServed, b: famTouch, reason: "rules.promotion served with rules.touch"},
	{a: famServed, b: famEntry, reason: "rules.promotion served with rules.entry"},
	{a: famServed, b: famCounting, reason: "rules.promotion served with rules.counting"},
	{a: famServed, b: famPromotionRest, reason: "rules.promotion served with a promotion's rest"},
	{a: famSeats, b: famDrops, reason: "seats with rules.drops"},
	{a: famSeats, b: famCapture, reason: "seats with capture effects or territory"},
	{a: famSeats, b: famTerritory, reason: "seats with capture effects or territory"},
	{a: famSeats, b: famRounds, reason: "seats with rules.simultaneous"},
	{a: famSeats, b: famTurn, reason: "seats with rules.turn"},
	{a: famSeats, b: famRest, reason: "seats with rest"},
	{a: famSeats, b: famNPCs, reason: "seats with rules.npcs"},
	{a: famSeats, b: famPortals, reason: "seats with rules.portals"},
	{a: famSeats, b: famFacing, reason: "seats with pieces[].facing"},
	{a: famSeats, b: famTouch, reason: "seats with rules.touch"},
	{a: famSeats, b: famEntry, reason: "seats with rules.entry"},
	{a: famSeats, b: famCounting, reason: "seats with rules.counting"},
	{a: famSeats, b: famPromotionRest, reason: "seats with a promotion's rest"},
	{a: famSeats, b: famExtinction, reason: "seats with rules.extinction"},
	{a: famSeats, b: famReach, reason: "seats with rules.reach"},
	{a: famRounds, b: famDrops, reason: "rules.simultaneous with rules.drops"},
	{a: famRounds, b: famCapture, reason: "rules.simultaneous with capture effects or territory"},
	{a: famRounds, b: famTerritory, reason: "rules.simultaneous with capture effects or territory"},
	{a: famRounds, b: famPortals, reason: "rules.simultaneous with rules.portals"},
	{a: famNPCs, b: famRounds, reason: "rules.npcs with turns of several moves, rounds or rest"},
	{a: famNPCs, b: famTurn, reason: "rules.npcs with turns of several moves, rounds or rest"},
	{a: famNPCs, b: famRest, reason: "rules.npcs with turns of several moves, rounds or rest"},
	{a: famFacing, limit: facingBentSymmetry, about: "a bent move of symmetry other than none, rotate4 or dihedral8 on a piece with a facing"},
	{a: famFacing, limit: facingKinds, about: "more than maxKinds kinds counting each way a piece points"},
	{a: famEntry, b: famCastling, reason: "rules.entry beside castling or en passant"},
	{a: famEntry, b: famEnPassant, reason: "rules.entry beside castling or en passant"},
	{a: famEntry, b: famPortals, reason: "rules.entry beside portals or wild pieces"},
	{a: famEntry, b: famNPCs, reason: "rules.entry beside portals or wild pieces"},
	{a: famEntry, b: famCapture, reason: "rules.entry beside capture effects or territory"},
	{a: famEntry, b: famTerritory, reason: "rules.entry beside capture effects or territory"},
	{a: famEntry, limit: entryHopOrSweep, about: "a hop or sweep on any piece"},
	{a: famCounting, b: famRounds, reason: "rules.counting in a game played in rounds"},
	{a: famCounting, b: famTurn, reason: "rules.counting beside a turn of more than one move"},
	{a: famCounting, b: famDrops, reason: "rules.counting beside drops, wild pieces or portals"},
	{a: famCounting, b: famNPCs, reason: "rules.counting beside drops, wild pieces or portals"},
	{a: famCounting, b: famPortals, reason: "rules.counting beside drops, wild pieces or portals"},
	{a: famTouch, b: famCapture, reason: "rules.touch beside capture effects or territory"},
	{a: famTouch, b: famTerritory, reason: "rules.touch beside capture effects or territory"},
	{a: famTouch, b: famPortals, reason: "rules.touch beside portals, rounds or wild pieces"},
	{a: famTouch, b: famRounds, reason: "rules.touch beside portals, rounds or wild pieces"},
	{a: famTouch, b: famNPCs, reason: "rules.touch beside portals, rounds or wild pieces"},
	{a: famTouch, b: famFacing, when: touchPieceFaces, reason: "rules.touch.piece with a facing"},
	{a: famPromoteOnEntry, limit: promoteOnEntryAlone, about: "without rules.drops"},
	{a: famSymmetricDrops, b: famEitherFace, reason: symmetricBeside},
	{a: famSymmetricDrops, b: famNoMate, reason: symmetricBeside},
	{a: famSymmetricDrops, b: famNoDoubled, reason: symmetricBeside},
	{a: famSymmetricDrops, b: famPromoteOnEntry, reason: symmetricBeside},
	{a: famFacing, b: famCapture, reason: "pieces[].facing with capture effects"},
	// Territory plays every move through the capture-effects path, which
	// has no turn move.
	{a: famTerritory, b: famFacing, reason: "rules.territory beside pieces[].facing"},
	{a: famCastling, b: famFacing, when: castlingPieceFaces, reason: "rules.castling with a piece that has a facing"},
	{a: famReach, b: famFacing, when: reachPieceFaces, reason: "rules.reach.piece with a facing"},
	{a: famExtinction, b: famFacing, reason: "rules.extinction beside pieces[].facing"},
	{a: famEnPassant, b: famFacing, reason: "rules.en_passant beside pieces[].facing"},
	{a: famNoDoubled, b: famFacing, reason: facingDropsBeside},
	{a: famPromoteOnEntry, b: famFacing, reason: facingDropsBeside},
	{a: famEitherFace, b: famFacing, reason: facingDropsBeside},
	{a: famFacing, b: famNPCs, reason: "pieces[].facing beside rules.npcs"},
	{a: famNPCs, limit: npcEntries, about: "more than maxWildEntries entries"},
	{a: famCastling, b: famPortals, reason: "rules.castling beside rules.portals"},
	{a: famNoMateKey, b: famPortals, reason: "rules.drops.no_mate beside rules.portals"},
	{a: famPromotionRest, b: famRest, reason: "rules.promotion rest beside pieces[].rest"},
	{a: famPromotionRest, b: famLongTurns, reason: "rules.promotion rest beside rules.turn or rules.simultaneous"},
	{a: famPromotionRest, b: famRounds, reason: "rules.promotion rest beside rules.turn or rules.simultaneous"},
	{a: famPromotionRest, b: famCapture, reason: promotionRestBeside},
	{a: famPromotionRest, b: famTerritory, reason: promotionRestBeside},
	{a: famPromotionRest, b: famPortals, reason: promotionRestBeside},
	{a: famPromotionRest, b: famNPCs, reason: promotionRestBeside},
	// Chance is played beside the families whose moves end in makeStd
	// and whose turn is one move.
	{a: famChance, b: famSeats, when: hasHazards, reason: "rules.hazards with seats"},
	{a: famChance, b: famBoards, reason: chanceBeside},
	{a: famChance, b: famRounds, reason: chanceBeside},
	{a: famChance, b: famTurn, reason: chanceBeside},
	{a: famChance, b: famRest, reason: chanceBeside},
	{a: famChance, b: famPromotionRest, reason: chanceBeside},
	{a: famChance, b: famCapture, reason: chanceBeside},
	{a: famChance, b: famTerritory, reason: chanceBeside},
	{a: famChance, b: famNPCs, reason: chanceBeside},
	{a: famChance, b: famPortals, reason: chanceBeside},
	{a: famChance, b: famFacing, reason: chanceBeside},
	{a: famChance, b: famCounting, reason: chanceBeside},
	// Hidden information: every move legal in a world a seat samples is a
	// move of the same piece on the real board, which legality that reads
	// unseen pieces (check) or rules that change the board out of sight
	// would break.
	{a: famHidden, limit: hiddenLimit, about: "check legality, hazards, drops from captures or sweeps beside hidden information"},
	{a: famHidden, b: famSeats, reason: hiddenBeside},
	{a: famHidden, b: famBoards, reason: hiddenBeside},
	{a: famHidden, b: famRounds, reason: hiddenBeside},
	{a: famHidden, b: famTurn, reason: hiddenBeside},
	{a: famHidden, b: famRest, reason: hiddenBeside},
	{a: famHidden, b: famPromotionRest, reason: hiddenBeside},
	{a: famHidden, b: famCapture, reason: hiddenBeside},
	{a: famHidden, b: famTerritory, reason: hiddenBeside},
	{a: famHidden, b: famNPCs, reason: hiddenBeside},
	{a: famHidden, b: famPortals, reason: hiddenBeside},
	{a: famHidden, b: famFacing, reason: hiddenBeside},
	{a: famHidden, b: famCounting, reason: hiddenBeside},
	// Items, resources and afterlives: every move's consequences are
	// arrivals (planes.go), played beside the families whose moves are one
	// piece's step on the board.
	{a: famPlanes, limit: planesLimit, about: "check, sweeps, or a move across or transferred beside items, resources or afterlives"},
	{a: famPlanes, b: famDrops, reason: planesBeside},
	{a: famPlanes, b: famCapture, reason: planesBeside},
	{a: famPlanes, b: famTerritory, reason: planesBeside},
	{a: famPlanes, b: famRounds, reason: planesBeside},
	{a: famPlanes, b: famTurn, reason: planesBeside},
	{a: famPlanes, b: famRest, reason: planesBeside},
	{a: famPlanes, b: famNPCs, reason: planesBeside},
	{a: famPlanes, b: famPortals, reason: planesBeside},
	{a: famPlanes, b: famFacing, reason: planesBeside},
	{a: famPlanes, b: famTouch, reason: planesBeside},
	{a: famPlanes, b: famEntry, reason: planesBeside},
	{a: famPlanes, b: famCounting, reason: planesBeside},
	{a: famPlanes, b: famPromotionRest, reason: planesBeside},
	{a: famPlanes, b: famServed, reason: planesBeside},
	{a: famPlanes, b: famSeats, reason: planesBeside},
	{a: famPlanes, b: famChance, reason: planesBeside},
	{a: famPlanes, b: famHidden, reason: planesBeside},
	{a: famPlanes, b: famExtinction, reason: planesBeside},
	{a: famPlanes, b: famReach, reason: planesBeside},
}

// Reasons several rows share.
const (
	symmetricBeside     = "rules.drops symmetric or choose_facing beside either_face, no_mate, no_doubled or promote_on_entry"
	facingDropsBeside   = "rules.drops no_doubled, either_face or promote_on_entry beside pieces[].facing"
	promotionRestBeside = "rules.promotion rest beside capture effects, territory, portals or wild pieces"
	hiddenBeside        = "rules.sight or hidden pieces beside seats, boards, rounds, turns of several moves, rest, capture effects, territory, wild pieces, portals, facings or counting"
	planesBeside        = "items, resources or afterlives beside drops, capture effects, territory, rounds, turns of several moves, rest, wild pieces, portals, facings, touch, entry, counting, a promotion's rest or serving, seats, chance, hidden information, extinction or reach"
	chanceBeside        = "rules.dice or rules.hazards beside boards, rounds, turns of several moves, rest, capture effects, territory, wild pieces, portals, facings or counting"
)

// checkFamilies refuses a file with a combination, or a limit, of families
// this engine does not play yet: the first row of refusals it meets.
func checkFamilies(s *rules.Spec) error {
	var have [numFamilies]bool
	for id, f := range families {
		have[id] = f.present(s)
	}
	for _, row := range refusals {
		if why := row.refuses(s, &have); why != "" {
			return unsupported(why)
		}
	}
	return nil
}

// refuses is the row's reason when it refuses s, "" when it does not.
func (row *refusal) refuses(s *rules.Spec, have *[numFamilies]bool) string {
	switch {
	case !have[row.a]:
		return ""
	case row.limit != nil:
		return row.limit(s)
	case !have[row.b] || row.when != nil && !row.when(s):
		return ""
	}
	return row.reason
}

func unsupported(what string) error {
	return &loadError{msg: "not supported yet: " + what}
}

func anyFacing(s *rules.Spec) bool {
	for _, p := range s.Pieces {
		if p.Facing != nil {
			return true
		}
	}
	return false
}

func promotionRests(s *rules.Spec) bool {
	for _, pr := range s.Rules.Promotion {
		if pr.Rest > 0 {
			return true
		}
	}
	return false
}

// faces reports whether the piece with this id has a facing.
func faces(s *rules.Spec, id string) bool {
	for _, p := range s.Pieces {
		if p.ID == id && p.Facing != nil {
			return true
		}
	}
	return false
}

func touchPieceFaces(s *rules.Spec) bool { return faces(s, s.Rules.Touch.Piece) }

func castlingPieceFaces(s *rules.Spec) bool {
	c := s.Rules.Castling
	return faces(s, c.King) || faces(s, c.Rook)
}

func reachPieceFaces(s *rules.Spec) bool { return faces(s, s.Rules.Reach.Piece) }

// facingBentSymmetry: a bent move turns with its piece only under the
// symmetries that quarter turns keep (facing.go).
func facingBentSymmetry(s *rules.Spec) string {
	for i, p := range s.Pieces {
		if p.Facing == nil {
			continue
		}
		for j, m := range p.Moves {
			if m.Kind != rules.KindBent {
				continue
			}
			if sym := m.SymmetryOrDefault(); sym != rules.SymNone && sym != rules.SymRotate4 && sym != rules.SymDihedral8 {
				return fmt.Sprintf("pieces[%d].moves[%d]: a bent move of symmetry %s on a piece with a facing", i, j, sym)
			}
		}
	}
	return ""
}

// facingKinds: each way a piece can point is a kind of its own, and kinds
// are bits of a word.
func facingKinds(s *rules.Spec) string {
	n := len(s.Pieces)
	for _, p := range s.Pieces {
		if p.Facing == nil {
			continue
		}
		switch p.Facing.Axes {
		case 2:
			n++
		case 4:
			n += 3
		}
	}
	if n > maxKinds {
		return fmt.Sprintf("pieces[].facing: %d kinds counting each way a piece points, at most %d", n, maxKinds)
	}
	return ""
}

// entryHopOrSweep: entry folds its squares into slides and leaps only.
func entryHopOrSweep(s *rules.Spec) string {
	for i, p := range s.Pieces {
		for j, m := range p.Moves {
			if m.Kind == rules.KindHop || m.Kind == rules.KindSweep {
				return fmt.Sprintf("rules.entry beside a hop or sweep (pieces[%d].moves[%d])", i, j)
			}
		}
	}
	return ""
}

// promoteOnEntryAlone: a strike is promote_on_entry's other way in, and
// the engine plays only drops.
func promoteOnEntryAlone(s *rules.Spec) string {
	if s.Rules.Drops == nil {
		return "rules.promote_on_entry without rules.drops"
	}
	return ""
}

// acrossHop names the first hop or bent move that reaches across to the
// other boards, "" when none does.
func acrossHop(s *rules.Spec) string {
	for i, p := range s.Pieces {
		for j := range p.Moves {
			m := &p.Moves[j]
			if (m.Kind == rules.KindHop || m.Kind == rules.KindBent) && s.Rules.AcrossOf(m) != nil {
				return fmt.Sprintf("boards: across on a %s move (pieces[%d].moves[%d])", m.Kind, i, j)
			}
		}
	}
	return ""
}

// servedPromotion reports whether some promotion rule is served.
func servedPromotion(s *rules.Spec) bool {
	for _, pr := range s.Rules.Promotion {
		if pr.Served {
			return true
		}
	}
	return false
}

// seatsLimit names what a file with seats has that the engine does not
// play with seats, "" when it has nothing: more seats than it holds, or a
// rule the reference writes for two players (each side's check count,
// facing royals, checks forbidden, a bare royal's result).
func seatsLimit(s *rules.Spec) string {
	r := &s.Rules
	switch {
	case len(s.Seats) > maxSeats:
		return fmt.Sprintf("more than %d seats", maxSeats)
	case r.CheckLimit > 0:
		return "seats with rules.check_limit"
	case r.RoyalFacing == "forbidden":
		return "seats with rules.royal_facing"
	case r.ForbidCheck:
		return "seats with rules.forbid_check"
	case r.BareRoyal != "":
		return "seats with rules.bare_royal"
	case r.Scoring != nil:
		return "seats with rules.scoring"
	}
	return ""
}

func npcEntries(s *rules.Spec) string {
	if len(s.Rules.NPCs) > maxWildEntries {
		return fmt.Sprintf("more than %d rules.npcs entries", maxWildEntries)
	}
	return ""
}

func hasHidden(s *rules.Spec) bool {
	if s.Rules.Sight != nil {
		return true
	}
	for _, p := range s.Pieces {
		if p.Hidden {
			return true
		}
	}
	return false
}

// hiddenLimit: hidden information is played where a move legal in a
// sampled world is legal on the real board, up to pieces hidden in its
// way.
func hiddenLimit(s *rules.Spec) string {
	r := &s.Rules
	sweeps := false
	for _, p := range s.Pieces {
		for _, m := range p.Moves {
			sweeps = sweeps || m.Kind == rules.KindSweep
		}
	}
	switch {
	case r.WinOrDefault() == rules.WinCheckmate:
		return "rules.sight or hidden pieces under rules.win 'checkmate'"
	case r.ForbidCheck:
		return "rules.sight or hidden pieces with rules.forbid_check"
	case len(r.Hazards) > 0:
		return "rules.sight or hidden pieces with rules.hazards"
	case r.Drops != nil && r.Drops.FillsFromCaptures():
		return "rules.sight or hidden pieces with drops from captures"
	case sweeps:
		return "rules.sight or hidden pieces with a sweep"
	}
	return ""
}

func hasHazards(s *rules.Spec) bool { return len(s.Rules.Hazards) > 0 }

// planesLimit: items, resources and afterlives are played without check
// (a piece that dies on one board may live on another), and with moves
// whose landing is one square of the mover's board or a vertical step.
func planesLimit(s *rules.Spec) string {
	r := &s.Rules
	switch {
	case r.WinOrDefault() == rules.WinCheckmate:
		return "items, resources or afterlives under rules.win 'checkmate'"
	case r.ForbidCheck || r.CheckLimit > 0:
		return "items, resources or afterlives with rules.forbid_check or rules.check_limit"
	case r.Transfer != nil || r.Across != nil:
		return "items, resources or afterlives with rules.transfer or rules.across"
	}
	for _, p := range s.Pieces {
		for _, m := range p.Moves {
			if m.Kind == rules.KindSweep {
				return "items, resources or afterlives with a sweep"
			}
			if m.Across != nil && m.Across.Mode != "none" {
				return "items, resources or afterlives with a move across"
			}
		}
	}
	return ""
}
