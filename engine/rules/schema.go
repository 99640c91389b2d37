package rules

// The shape of schema 45, key by key, as data: the shape pass (shape.go)
// walks a decoded file against this table. Each entry gives the key's type,
// its list or range, whether it is required, and the schema version that
// introduced it (0: present since version 1).

// valueType is what a key's value must be.
type valueType uint8

const (
	tObject valueType = iota // fixed keys
	tMap                     // any keys (piece ids), one value shape
	tList
	tPair // a [dx, dy] vector
	tString
	tInt
	tNumber
	tBool
	tTrue // only true: "never write false"
	tEnum // strings or integers
	tUnion
)

// shape is the expected form of one value.
type shape struct {
	t      valueType
	fields []field // tObject
	elem   *shape  // tList, tMap
	// list entries or string characters; -1 when unbounded
	minLen, maxLen int
	// integer or number range
	lo, hi       float64
	hasLo, hasHi bool
	open         bool           // tNumber: lo and hi themselves are outside the range
	places       int            // tNumber: at most this many decimal places; 0: any
	enumStr      []string       // tEnum of strings
	enumInt      []int64        // tEnum of integers
	alts         []*shape       // tUnion, at most one per JSON type
	desc         string         // tUnion: how a message names the choices
	descBefore   string         // tUnion: desc for a file older than an alternative's since
	unique       bool           // tList: no entry twice
	notBlank     bool           // tString: not only whitespace
	date         bool           // tString: YYYY-MM-DD
	since        int            // tUnion alternative: schema version that added it
	sinceLabel   string         // how a version line names that alternative (or enumSince's key)
	enumSince    map[string]int // tEnum: values added after schema 1, by version
	hint         string         // appended to a type or range problem
}

// field is one key of an object.
type field struct {
	name     string
	s        *shape
	required bool
	unless   string // a required key that may be left out where this key of the object is written
	since    int    // 0: since version 1
	until    int    // 0: still current; else the last version that had it
}

func obj(fields ...field) *shape { return &shape{t: tObject, fields: fields, minLen: -1, maxLen: -1} }

func req(name string, s *shape) field { return field{name: name, s: s, required: true} }
func opt(name string, s *shape) field { return field{name: name, s: s} }

// reqUnless is a key required unless the object writes the key other.
func reqUnless(name, other string, s *shape) field {
	return field{name: name, s: s, required: true, unless: other}
}

// dated marks a field as added in schema version v.
func dated(v int, f field) field { f.since = v; return f }

func listOf(elem *shape, min, max int) *shape {
	return &shape{t: tList, elem: elem, minLen: min, maxLen: max}
}

func uniqueList(elem *shape, min, max int) *shape {
	s := listOf(elem, min, max)
	s.unique = true
	return s
}

func mapOf(elem *shape) *shape { return &shape{t: tMap, elem: elem, minLen: -1, maxLen: -1} }

func str() *shape { return &shape{t: tString, minLen: -1, maxLen: -1} }

func strLen(min, max int) *shape { return &shape{t: tString, minLen: min, maxLen: max} }

func integer(lo, hi int) *shape {
	return &shape{t: tInt, lo: float64(lo), hi: float64(hi), hasLo: true, hasHi: true}
}

func intAtLeast(lo int) *shape { return &shape{t: tInt, lo: float64(lo), hasLo: true} }

func number(lo, hi float64) *shape {
	return &shape{t: tNumber, lo: lo, hi: hi, hasLo: true, hasHi: true}
}

// chance is a probability strictly between 0 and 1 in thousandths, as
// the engine draws it.
func chance() *shape {
	return &shape{t: tNumber, lo: 0, hi: 1, hasLo: true, hasHi: true, open: true, places: 3}
}

func numberAtLeast(lo float64) *shape { return &shape{t: tNumber, lo: lo, hasLo: true} }

func boolean() *shape { return &shape{t: tBool} }

func onlyTrue(hint string) *shape { return &shape{t: tTrue, hint: hint} }

func enum(values ...string) *shape { return &shape{t: tEnum, enumStr: values} }

func enumInts(values ...int64) *shape { return &shape{t: tEnum, enumInt: values} }

func pair() *shape { return &shape{t: tPair} }

func union(desc string, alts ...*shape) *shape { return &shape{t: tUnion, desc: desc, alts: alts} }

func withHint(s *shape, hint string) *shape { s.hint = hint; return s }

// enumSince marks some of an enum's values as added in later schemas;
// label names the key in the version line.
func enumSince(s *shape, since map[string]int, label string) *shape {
	s.enumSince, s.sinceLabel = since, label
	return s
}

func withLen(s *shape, min, max int) *shape { s.minLen, s.maxLen = min, max; return s }

// withPlaces limits a number to n decimal places.
func withPlaces(s *shape, n int) *shape { s.places = n; return s }

// since marks a union alternative as added in schema v.
func sinceAlt(v int, label string, s *shape) *shape { s.since, s.sinceLabel = v, label; return s }

// describedBefore gives a union with a dated alternative the words a file
// older than that alternative is told, which leave it out.
func describedBefore(s *shape, desc string) *shape { s.descBefore = desc; return s }

// Shared shapes.
var (
	pieceID    = str
	idList     = func() *shape { return uniqueList(pieceID(), 0, -1) }
	squareList = func() *shape { return uniqueList(str(), 1, -1) }
	playerList = func() *shape { return uniqueList(enumInts(0, 1), 0, -1) }
	symmetry   = func() *shape {
		return enum(SymNone, SymLateral, SymRotate4, SymDihedral8, SymRotate6, SymDihedral12)
	}
	vectorList = func() *shape { return listOf(pair(), 1, -1) }
	landing    = func() *shape {
		return obj(req("vectors", vectorList()), opt("symmetry", symmetry()))
	}
	perPlayer = func(values ...string) *shape {
		return obj(req("0", enum(values...)), req("1", enum(values...)))
	}
	result = func() *shape { return enum("win", "loss", "draw") }
	// across is a move's reach to another board; "none" only on a move.
	across = func(modes ...string) *shape {
		return obj(opt("mode", enum(modes...)), opt("stay", onlyTrue("leave it out for a piece that lands across")))
	}
)

// specShape is schema 45.
var specShape = buildSpecShape()

// moveKind is pieces[].moves[].kind; bent came with schema 30.
var moveKind = enumSince(enum(KindSlide, KindLeap, KindHop, KindLame, KindSweep, KindBent),
	map[string]int{KindBent: 30}, "pieces.moves.kind")

// itemKill is items[].kill; end came with schema 42.
var itemKill = enumSince(enum(KillEnter, KillPass, KillEnd), map[string]int{KillEnd: 42}, "items.kill")

// MoveKindChoices lists the move kinds a file of schema version v may
// write, as a refusal words them: ('slide', 'leap', 'hop', 'lame', 'sweep')
// under 29.
func MoveKindChoices(v int) string { return tuple(enumChoices(moveKind, v)) }

func buildSpecShape() *shape {
	condition := obj(
		opt("from_rank", intAtLeast(0)),
		opt("first_move", boolean()),
		opt("region", squareList()),
	)
	move := obj(
		req("kind", moveKind),
		// A leap to fixed squares (schema 39) may leave vectors out.
		reqUnless("vectors", "squares", vectorList()),
		opt("symmetry", symmetry()),
		opt("range", integer(0, 16)),
		opt("min_range", integer(1, 16)),
		opt("mode", enum(ModeMove, ModeCapture, ModeBoth)),
		opt("screen_range", integer(0, 16)),
		opt("screen", enum("any", "own", "enemy")),
		opt("condition", condition),
		dated(30, opt("then", vectorList())),
		dated(33, opt("across", across(ModeMove, ModeCapture, ModeBoth, AcrossNone))),
		dated(39, opt("shoot", onlyTrue("leave it out for a capture that moves the piece"))),
		dated(39, opt("squares", squareList())),
	)
	facing := obj(
		req("axes", enumInts(2, 4)),
		opt("initial", enum(FaceForward, FaceRight, FaceBackward, FaceLeft)),
		opt("turns", boolean()),
	)
	piece := obj(
		req("id", strLen(1, 2)),
		opt("name", str()),
		opt("royal", boolean()),
		opt("value", number(0, 100)),
		req("moves", listOf(move, 0, 12)),
		opt("region", squareList()),
		opt("promoted_from", pieceID()),
		opt("captures", idList()),
		dated(26, opt("beats", idList())),
		dated(27, opt("spy", onlyTrue("leave it out for an ordinary piece"))),
		dated(28, opt("speed", withHint(intAtLeast(1), "omit it for 0, the slowest"))),
		dated(29, opt("rest", withHint(integer(1, 4), "omit it for 0, a piece that never rests"))),
		opt("facing", facing),
		dated(35, opt("hidden", boolean())),
		dated(37, opt("upgrades", obj(
			opt("pieces", uniqueList(pieceID(), 1, -1)),
			opt("statuses", uniqueList(str(), 1, -1)),
		))),
		dated(39, opt("protects", obj(
			req("pieces", uniqueList(pieceID(), 1, -1)),
			opt("where", enum(GuardLine, GuardAdjacent)),
		))),
		dated(39, opt("on_death", obj(req("item", str())))),
		dated(39, opt("dies_on", obj(
			req("rank", union("'last' or a rank index (an integer, at least 0)", enum("last"), intAtLeast(0))),
		))),
		dated(39, opt("after_move", obj(
			req("items", uniqueList(str(), 1, -1)),
			opt("on", enum(TargetUnoccupied, TargetEmpty)),
		))),
		dated(40, opt("neutral", obj(
			opt("moved_by", enum(MovedByAny, MovedByMost)),
			opt("resource", str()),
		))),
		dated(40, opt("raises", obj(
			req("from", str()),
			req("to", str()),
			opt("on", uniqueList(str(), 1, -1)),
			opt("status", str()),
		))),
		dated(41, opt("jumps", obj(
			req("vectors", vectorList()),
			opt("symmetry", symmetry()),
			opt("max", integer(1, 2)),
		))),
	)
	board := obj(
		req("width", integer(2, 16)),
		req("height", integer(2, 16)),
		opt("lattice", enum(LatticeSquare, LatticeHex)),
		opt("shape", enum(ShapeGrid, ShapeHexagon)),
	)
	placement := obj(
		req("piece", pieceID()),
		opt("player", enumInts(0, 1)),
		opt("facing", enum(FaceForward, FaceRight, FaceBackward, FaceLeft)),
		req("squares", squareList()),
	)
	setup := obj(
		opt("mirror", boolean()),
		opt("orientation", enum("mirror", "rotate")),
		req("placements", listOf(placement, 1, -1)),
		// A square written k times holds k of the item: no uniqueList.
		dated(36, opt("items", listOf(obj(
			req("item", str()),
			req("squares", listOf(str(), 1, -1)),
		), 1, -1))),
		dated(37, opt("statuses", listOf(obj(
			req("status", str()),
			req("squares", squareList()),
			opt("count", integer(1, 15)),
		), 1, -1))),
		dated(40, opt("neutral", listOf(obj(
			req("piece", pieceID()),
			req("squares", squareList()),
		), 1, -1))),
	)
	promotion := obj(
		req("piece", pieceID()),
		opt("rank", union("'last' or a rank index (an integer, at least 0)", enum("last"), intAtLeast(0))),
		opt("ranks", uniqueList(intAtLeast(0), 1, -1)),
		opt("squares", squareList()),
		opt("mandatory", boolean()),
		opt("on_leaving", boolean()),
		opt("only_lost", boolean()),
		opt("to", uniqueList(pieceID(), 1, -1)),
		opt("to_by_player", obj(
			req("0", uniqueList(pieceID(), 1, -1)),
			req("1", uniqueList(pieceID(), 1, -1)),
		)),
		dated(30, opt("choose_facing", onlyTrue("leave it out for targets pointing their initial way"))),
		dated(30, opt("rest", withHint(integer(1, 4), "omit it for 0, a promoted piece ready at once"))),
		dated(30, opt("home", squareList())),
		dated(32, opt("served", onlyTrue("leave it out for a promotion to any target"))),
	)
	sideFiles := obj(req("kingside", str()), req("queenside", str()))
	castling := obj(
		req("king", pieceID()),
		req("rook", pieceID()),
		opt("king_steps", integer(1, 4)),
		opt("king_file", sideFiles),
		opt("rook_file", sideFiles),
	)
	strike := obj(
		opt("effect", enum("capture", "demote", "promote")),
		opt("chain", listOf(obj(req("from", pieceID()), req("to", pieceID())), 1, -1)),
		opt("position", enum("stay", "advance", "swap", "choose", "home")),
		opt("switches_sides", uniqueList(pieceID(), 1, -1)),
		opt("landing", landing()),
		opt("immune", idList()),
	)
	contacts := obj(
		req("links", listOf(obj(
			req("mover", pieceID()),
			req("onto", pieceID()),
			opt("mover_to", pieceID()),
			opt("onto_to", pieceID()),
			opt("own", onlyTrue("leave it out for an enemy target")),
		), 1, -1)),
		opt("position", enum("stay", "advance", "swap", "choose")),
		opt("landing", landing()),
		opt("immune", idList()),
	)
	files := []string{"none", "left", "right", "both"}
	ranks := []string{"none", "bottom", "top", "both"}
	ns := []string{"none", "s", "n", "both"}
	nesw := []string{"none", "sw", "ne", "both"}
	nwse := []string{"none", "nw", "se", "both"}
	wrap := obj(
		opt("files", enum(files...)),
		opt("ranks", enum(ranks...)),
		opt("files_by_player", perPlayer(files...)),
		opt("ranks_by_player", perPlayer(ranks...)),
		opt("n_s", enum(ns...)),
		opt("n_s_by_player", perPlayer(ns...)),
		opt("ne_sw", enum(nesw...)),
		opt("ne_sw_by_player", perPlayer(nesw...)),
		opt("nw_se", enum(nwse...)),
		opt("nw_se_by_player", perPlayer(nwse...)),
	)
	npc := obj(
		req("piece", pieceID()),
		req("route", squareList()),
		opt("also_at", squareList()),
		opt("bounty", numberAtLeast(0)),
		opt("mirror", boolean()),
		opt("immune", idList()),
	)
	passage := []string{"both_ways", "orange_to_blue", "blue_to_orange", "closed"}
	portal := obj(
		req("piece", pieceID()),
		opt("orange", str()),
		opt("blue", str()),
		dated(19, opt("moved_by", obj(
			opt("orange", playerList()),
			opt("blue", playerList()),
		))),
		opt("passage", obj(opt("0", enum(passage...)), opt("1", enum(passage...)))),
		dated(21, opt("carries", obj(
			dated(21, opt("orange", uniqueList(pieceID(), 1, -1))),
			dated(21, opt("blue", uniqueList(pieceID(), 1, -1))),
		))),
		dated(21, opt("ends", listOf(obj(
			req("at", str()),
			opt("to", integer(0, 7)),
			opt("enter", uniqueList(enumInts(0, 1), 1, -1)),
			opt("moved_by", playerList()),
			opt("carries", uniqueList(pieceID(), 1, -1)),
		), 3, 8))),
		dated(20, opt("no_straight_back", boolean())),
		dated(24, opt("kind", enum("fold"))),
	)
	simultaneous := obj(
		opt("tie", enum("initiative", "impossible")),
		dated(27, opt("swap", enum("collision"))),
		dated(27, opt("both", enum("score"))),
		// Schema 27 and 28 only; schema 29 writes "rest": 1 on each piece.
		field{name: "rest", s: boolean(), since: 27, until: 28},
	)
	// A market card's effect (schema 38), and a chaos effect's (41).
	cardEffect := func() *shape {
		return obj(
			opt("status", str()),
			opt("count", integer(1, 15)),
			opt("item", str()),
			opt("gain", mapOf(integer(1, 100))),
			opt("on", enum(TargetOwn, TargetEnemy, TargetAny, TargetUnoccupied, TargetEmpty)),
		)
	}
	rules := obj(
		opt("win", enum(WinCheckmate, WinRoyalCapture, WinAnnihilation, WinNone)),
		opt("stalemate", enum("draw", "loss", "win")),
		opt("checkmate", enum("loss", "win")),
		opt("promotion", union("an object or a list of objects", promotion, listOf(promotion, 1, -1))),
		opt("en_passant", boolean()),
		opt("castling", castling),
		opt("must_capture", boolean()),
		opt("forbid_check", boolean()),
		opt("forbid_immobility", boolean()),
		opt("royal_facing", enum("allowed", "forbidden")),
		opt("bare_royal", result()),
		opt("check_limit", integer(1, 20)),
		opt("territory", obj(
			req("mode", enum("permanent", "repaint")),
			opt("win_at", intAtLeast(0)),
		)),
		opt("turn", obj(
			req("moves", integer(1, 4)),
			opt("ramp", listOf(integer(1, 4), 1, 8)),
			dated(30, opt("check_ends", onlyTrue("leave it out for turns that check does not cut short"))),
		)),
		opt("obstacles", obj(
			req("squares", squareList()),
			opt("mirror", boolean()),
			opt("blocks_leaps", boolean()),
		)),
		opt("strike", strike),
		opt("contacts", contacts),
		opt("wrap", wrap),
		opt("npcs", listOf(npc, 1, -1)),
		dated(19, opt("portals", listOf(portal, 1, 4))),
		dated(26, opt("simultaneous", simultaneous)),
		opt("promote_on_entry", boolean()),
		opt("scoring", obj(
			opt("count", enum("material", "pieces", "region", "territory", "points")),
			opt("region", squareList()),
		)),
		opt("reach", obj(
			opt("piece", pieceID()),
			req("squares", squareList()),
			opt("mirror", union("true, false or 'rotate'", boolean(), enum("rotate"))),
			opt("safe", boolean()),
			opt("result", result()),
			dated(18, opt("on", enum("arrive", "leave"))),
		)),
		opt("extinction", obj(
			req("pieces", union("'any' or a list of piece ids", enum("any"), uniqueList(pieceID(), 1, -1))),
			opt("min_count", integer(1, 64)),
			opt("result", result()),
			opt("per_type", describedBefore(union("true, false or 'own'", boolean(),
				sinceAlt(27, `rules.extinction.per_type "own"`, enum("own"))), "true or false")),
		)),
		opt("drops", obj(
			opt("from_captures", boolean()),
			opt("region", mapOf(squareList())),
			opt("no_doubled", idList()),
			opt("no_mate", idList()),
			opt("stock", mapOf(union("an integer from 1 to 32 or 'unlimited'", integer(1, 32), enum("unlimited")))),
			opt("placement", boolean()),
			opt("either_face", boolean()),
			dated(30, opt("symmetric", onlyTrue("leave it out for drops one at a time"))),
			dated(30, opt("choose_facing", onlyTrue("leave it out for drops pointing their initial way"))),
		)),
		dated(30, opt("touch", obj(
			opt("piece", pieceID()),
			req("squares", withLen(squareList(), 1, 16)),
			opt("mirror", union("true, false or 'rotate'", boolean(), enum("rotate"))),
			opt("result", result()),
		))),
		dated(30, opt("entry", listOf(obj(
			req("squares", squareList()),
			opt("pieces", idList()),
			opt("from", squareList()),
			opt("exit_to", squareList()),
			opt("mirror", boolean()),
		), 1, 8))),
		dated(31, opt("counting", obj(
			req("none_of", withLen(idList(), 1, 24)),
			opt("moves", integer(1, 500)),
			opt("bare", listOf(obj(
				req("piece", pieceID()),
				opt("count", integer(1, 64)),
				req("moves", integer(1, 500)),
			), 1, 16)),
			opt("bare_moves", integer(1, 500)),
			opt("bare_from", enum("pieces", "zero")),
		))),
		dated(32, opt("turn_order", uniqueList(str(), 2, 8))),
		dated(32, opt("teams", listOf(uniqueList(str(), 1, 7), 2, 8))),
		dated(32, opt("seat_out", obj(
			opt("army", enum("frozen", "removed")),
			opt("stalemate", enum("out", "pass")),
		))),
		dated(32, opt("game_end", obj(
			opt("team_loses", enum("all_out", "one_out")),
			opt("free_for_all", enum("last_standing", "points")),
			opt("points", obj(
				opt("capture", mapOf(integer(0, 100))),
				opt("checkmate", integer(0, 100)),
			)),
		))),
		dated(32, opt("priority", listOf(obj(
			req("when", enum(WhenInCheck, WhenAlways)),
			req("moves", enum(MovesRoyal, MovesCapture)),
		), 1, 4))),
		dated(33, opt("vertical", obj(
			opt("mode", enum(ModeMove, ModeCapture, ModeBoth)),
			opt("pieces", uniqueList(pieceID(), 1, -1)),
		))),
		dated(33, opt("transfer", obj(opt("pieces", uniqueList(pieceID(), 1, -1))))),
		dated(33, opt("across", across(ModeMove, ModeCapture, ModeBoth))),
		dated(33, opt("cells", obj(
			req("squares", squareList()),
			opt("holds", intAtLeast(0)),
		))),
		dated(34, opt("dice", obj(
			req("faces", listOf(obj(
				req("name", strLen(1, 8)),
				req("pieces", idList()),
				opt("weight", integer(1, 1000)),
			), 2, 64)),
			opt("draw", enum(DrawRoll, DrawDeck)),
			opt("blocked", enum(BlockedPass, BlockedAny)),
		))),
		dated(34, opt("hazards", listOf(obj(
			req("pieces", uniqueList(pieceID(), 1, -1)),
			req("chance", chance()),
			opt("after", enum(HazardAfterMove, HazardAfterCapture)),
			opt("effect", enum(HazardRemove)),
		), 1, 16))),
		dated(35, opt("sight", obj(opt("sees", enum(SightReach))))),
		dated(36, opt("afterlife", listOf(obj(
			req("from", uniqueList(str(), 1, -1)),
			req("to", str()),
			opt("pieces", uniqueList(pieceID(), 1, -1)),
		), 1, 16))),
		dated(36, opt("after_capture", listOf(obj(
			req("on", uniqueList(str(), 1, -1)),
			req("to", str()),
		), 1, 8))),
		dated(36, opt("presence", listOf(obj(
			opt("boards", uniqueList(str(), 1, -1)),
			opt("pieces", uniqueList(pieceID(), 1, -1)),
			opt("result", result()),
		), 1, 4))),
		dated(37, opt("on_capture", obj(req("gain", uniqueList(str(), 1, -1))))),
		dated(38, opt("market", obj(
			req("resource", str()),
			opt("open", integer(1, 32)),
			opt("step", integer(0, 100)),
			req("cards", listOf(obj(
				req("name", strLen(1, 12)),
				req("price", integer(0, 1000)),
				req("effect", cardEffect()),
			), 1, 32)),
		))),
		dated(41, opt("chaos", obj(
			opt("offer", integer(1, 8)),
			req("effects", listOf(obj(
				req("name", strLen(1, 12)),
				req("effect", cardEffect()),
			), 1, 16)),
		))),
		opt("explode_on_capture", obj(
			opt("radius", integer(0, 3)),
			opt("immune", idList()),
			opt("by", idList()),
			opt("of", idList()),
		)),
		opt("max_plies", integer(2, 10000)),
		opt("repetition_draw", union("an integer from 2 to 10 or 'never'", integer(2, 10), enum("never"))),
		opt("no_progress_draw", integer(2, 1000)),
		dated(43, opt("no_progress_resets", obj(req("pieces", uniqueList(pieceID(), 1, -1))))),
	)
	appearance := mapOf(union("a drawing's name or a pair of names, one per player",
		strLen(1, -1), listOf(strLen(1, -1), 2, 2)))
	seatPlacement := obj(
		req("piece", pieceID()),
		opt("facing", enum(FaceForward, FaceRight, FaceBackward, FaceLeft)),
		req("squares", squareList()),
	)
	seat := obj(
		req("name", &shape{t: tString, minLen: 1, maxLen: 16, notBlank: true}),
		opt("forward", enum(Up, Down, Left, Right)),
		req("army", union("one of "+tuple(quoteAll(armyTurns))+" or a list of placements",
			enum(armyTurns...), listOf(seatPlacement, 1, -1))),
	)
	item := obj(
		req("id", strLen(1, 8)),
		opt("kill", itemKill),
		opt("slide", onlyTrue("leave it out for an item that moves nothing")),
		opt("gain", mapOf(integer(1, 100))),
		opt("consumed", onlyTrue("leave it out for an item that stays")),
		opt("immune", uniqueList(pieceID(), 1, -1)),
		opt("stack", integer(1, 15)),
		dated(39, opt("cancels", uniqueList(str(), 1, -1))),
		dated(41, opt("chaos", onlyTrue("leave it out for an item that offers nothing"))),
		dated(42, opt("hidden", onlyTrue("leave it out for an item both players see"))),
	)
	resource := obj(
		req("name", strLen(1, 12)),
		opt("start", integer(0, 1000)),
		opt("max", integer(1, 10000)),
		opt("income", obj(
			req("amount", integer(1, 100)),
			opt("after", enum(IncomeRound, IncomeTurn)),
		)),
		opt("value", withPlaces(number(0, 10), 3)),
	)
	status := obj(
		req("name", strLen(1, 12)),
		opt("stack", integer(1, 15)),
		opt("frozen", onlyTrue("leave it out for a status that does not freeze")),
		opt("wears_off", enum(WearsOffTurn)),
		opt("immune", uniqueList(str(), 1, -1)),
		opt("afterlife", listOf(obj(
			req("from", uniqueList(str(), 1, -1)),
			req("to", str()),
		), 1, 16)),
		opt("income", mapOf(integer(1, 100))),
		opt("upgrade", onlyTrue("leave it out for a status that upgrades nothing")),
		dated(38, opt("hazard", chance())),
		dated(40, opt("portal", onlyTrue("leave it out for a status that carries nothing to another board"))),
		dated(40, opt("extra_move", obj(opt("cost", mapOf(integer(1, 100)))))),
		dated(41, opt("forced", onlyTrue("leave it out for a status that forces nothing"))),
		dated(44, opt("size", onlyTrue("leave it out for a status that takes no more room"))),
		dated(45, opt("grow", enum(GrowChoice))),
	)
	provenance := obj(
		opt("added", &shape{t: tString, minLen: -1, maxLen: -1, date: true}),
		opt("author", str()),
		opt("exhibit", str()),
		opt("history", str()),
		opt("origin", str()),
		opt("parents", listOf(str(), 0, -1)),
		opt("preview", str()),
		opt("source", str()),
		opt("theme", str()),
		opt("year", str()),
	)
	return obj(
		opt("schema_version", integer(1, LatestVersion)),
		req("name", &shape{t: tString, minLen: 1, maxLen: -1, notBlank: true}),
		opt("description", str()),
		req("board", board),
		req("pieces", listOf(piece, 1, 24)),
		req("setup", setup),
		dated(32, opt("seats", listOf(seat, 2, 8))),
		dated(33, opt("boards", listOf(obj(req("name", strLen(1, 8))), 2, 4))),
		dated(36, opt("items", listOf(item, 1, 16))),
		dated(36, opt("resources", listOf(resource, 1, 4))),
		// Up to 8 until schema 41 widened them; one limit serves every
		// version, as a key has one shape.
		dated(37, opt("statuses", listOf(status, 1, 16))),
		opt("rules", rules),
		opt("appearance", appearance),
		opt("provenance", provenance),
	)
}
