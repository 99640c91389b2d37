package protocol

// Feature names: the counters a game's record carries in Result.Features.
// The players' game loop (search) and the runner (selfplay) write them; the
// statistics (stats) read them. A missing key reads as 0 (never happened).
const (
	// Read from the position through the game interface alone, so each
	// means the same in every rule family.
	FeatureCaptures        = "captures"          // plies that captured
	FeatureFirstCapturePly = "first_capture_ply" // ply of the first capture (absent if none)
	FeatureChecks          = "checks"            // plies that left the other side in check
	FeatureFirstCheckPly   = "first_check_ply"   // ply of the first check (absent if none)
	FeaturePromotions      = "promotions"        // plies after which a mover's piece had become another kind
	FeatureEntries         = "entries"           // plies that added a piece of the mover's to the board (drops)
	FeatureMultiRemovals   = "multi_removals"    // plies that took two or more pieces off (explosions, sweeps)
	FeatureWildRemoved     = "wild_removed"      // plies that removed a piece nobody owns
	FeatureSameSideAgain   = "same_side_again"   // plies after which the same side moved again
	FeatureForced          = "forced_plies"      // plies with a single legal move
	FeatureChoices         = "choices"           // plies after the random opening with more than one legal move: the players' decisions
	FeatureMeanBranching   = "mean_branching"    // legal moves per ply, rounded down
	FeatureMaxBranching    = "max_branching"     // most legal moves at one ply
	FeatureOpeningCaptures = "opening_captures"  // captures available at the first ply

	// Uses of particular rules, counted by the runner from the moves.
	FeatureCastling  = "castling"   // castling moves made
	FeatureEnPassant = "en_passant" // en passant captures made
	// FeatureEnPassantChances counts the plies at which an en passant
	// capture was legal, taken or not.
	FeatureEnPassantChances = "en_passant_chances"
	FeatureDoubleStep       = "double_step"    // double steps made
	FeatureTurns            = "turns"          // turns in place made (pieces[].facing)
	FeaturePortalMove       = "portal_moves"   // portal ends moved (rules.portals moved_by)
	FeatureThrough          = "through_portal" // moves through a portal end or a fold
	// FeatureGoalPly is the ply at which a reach goal was reached, 0 when
	// none was.
	FeatureGoalPly = "goal_ply"
	// FeatureNPCTakenPly is the ply (1-based) at which a wild piece was
	// first taken, 0 when none was.
	FeatureNPCTakenPly = "npc_taken_ply"
	// FeatureHazardMet counts the times a piece met a hazard the rules set
	// (a wild piece's bite, an explosion, a contact); 0 when never.
	FeatureHazardMet = "hazard_met"
)
