package rules

import (
	"encoding/json"
	"fmt"
)

// The types below mirror schema 45 key by key. A pointer or a nil slice is a
// key the file left out, so later passes can tell "absent" from "zero"; the
// Default* helpers and the accessor methods give the reference's defaults.

// Spec is one game: the whole rule file.
type Spec struct {
	SchemaVersion *int        `json:"schema_version,omitempty"`
	Name          string      `json:"name"`
	Description   string      `json:"description,omitempty"`
	Board         Board       `json:"board"`
	Pieces        []Piece     `json:"pieces"`
	Setup         Setup       `json:"setup"`
	Rules         Rules       `json:"rules"`
	Appearance    Appearance  `json:"appearance,omitempty"`
	Provenance    *Provenance `json:"provenance,omitempty"`
	Seats         []Seat      `json:"seats,omitempty"`     // schema 32
	Boards        []BoardDef  `json:"boards,omitempty"`    // schema 33
	Items         []Item      `json:"items,omitempty"`     // schema 36
	Resources     []Resource  `json:"resources,omitempty"` // schema 36
	Statuses      []Status    `json:"statuses,omitempty"`  // schema 37
}

// Version is the declared schema version, LatestVersion when absent.
func (s *Spec) Version() int {
	if s.SchemaVersion == nil {
		return LatestVersion
	}
	return *s.SchemaVersion
}

// LatestVersion is the schema version this package implements.
const LatestVersion = 45

// Lattice names.
const (
	LatticeSquare = "square"
	LatticeHex    = "hex"
	ShapeGrid     = "grid"
	ShapeHexagon  = "hexagon"
)

// Board is the size and shape of the board.
type Board struct {
	Width   int    `json:"width"`
	Height  int    `json:"height"`
	Lattice string `json:"lattice,omitempty"` // "" means square
	Shape   string `json:"shape,omitempty"`   // "" means grid
}

// LatticeOrDefault is the board's lattice, "square" when absent.
func (b Board) LatticeOrDefault() string {
	if b.Lattice == "" {
		return LatticeSquare
	}
	return b.Lattice
}

// IsHex reports whether the board is a hex lattice.
func (b Board) IsHex() bool { return b.Lattice == LatticeHex }

// IsHexagon reports whether the board is cut to a regular hexagon.
func (b Board) IsHexagon() bool { return b.Shape == ShapeHexagon }

// Piece is one kind of piece.
type Piece struct {
	ID           string     `json:"id"`
	Name         string     `json:"name,omitempty"`
	Royal        bool       `json:"royal,omitempty"`
	Value        *float64   `json:"value,omitempty"` // default 1
	Moves        []Move     `json:"moves"`
	Region       []string   `json:"region,omitempty"`
	PromotedFrom string     `json:"promoted_from,omitempty"`
	Captures     []string   `json:"captures"` // nil: may capture anything; empty: never captures
	Beats        []string   `json:"beats"`    // nil: same as captures
	Spy          bool       `json:"spy,omitempty"`
	Speed        int        `json:"speed,omitempty"` // 0 when absent
	Rest         int        `json:"rest,omitempty"`  // 0 when absent
	Facing       *Facing    `json:"facing,omitempty"`
	Hidden       bool       `json:"hidden,omitempty"`     // schema 35: the other seats never see it
	Upgrades     *Upgrades  `json:"upgrades,omitempty"`   // schema 37: what it may become when upgraded
	Protects     *Protects  `json:"protects,omitempty"`   // schema 39: allied pieces it keeps from capture
	OnDeath      *OnDeath   `json:"on_death,omitempty"`   // schema 39: what its death leaves
	DiesOn       *DiesOn    `json:"dies_on,omitempty"`    // schema 39: where it dies on arriving
	AfterMove    *AfterMove `json:"after_move,omitempty"` // schema 39: what its owner may put down after moving it
	Neutral      *Neutral   `json:"neutral,omitempty"`    // schema 40: a piece both players own
	Raises       *Raises    `json:"raises,omitempty"`     // schema 40: an action that raises a piece to another board
	Jumps        *Jumps     `json:"jumps,omitempty"`      // schema 41: checkers jumps
}

// PieceValue is the declared value, 1 when absent.
func (p *Piece) PieceValue() float64 {
	if p.Value == nil {
		return 1
	}
	return *p.Value
}

// DisplayName is the name, or the id when no name is given.
func (p *Piece) DisplayName() string {
	if p.Name == "" {
		return p.ID
	}
	return p.Name
}

// Facing gives a piece an orientation.
type Facing struct {
	Axes    int    `json:"axes"`
	Initial string `json:"initial,omitempty"` // default "forward"
	Turns   *bool  `json:"turns,omitempty"`   // default true
}

// InitialOrDefault is the facing's initial direction, "forward" when absent.
func (f *Facing) InitialOrDefault() string {
	if f.Initial == "" {
		return FaceForward
	}
	return f.Initial
}

// TurnsOrDefault reports whether a move may turn the piece (default true).
func (f *Facing) TurnsOrDefault() bool { return f.Turns == nil || *f.Turns }

// Facing directions.
const (
	FaceForward  = "forward"
	FaceRight    = "right"
	FaceBackward = "backward"
	FaceLeft     = "left"
)

// Move kinds.
const (
	KindSlide = "slide"
	KindLeap  = "leap"
	KindHop   = "hop"
	KindLame  = "lame"
	KindSweep = "sweep"
	KindBent  = "bent" // schema 30: a first step, then a slide along its own directions
)

// Move modes.
const (
	ModeMove    = "move"
	ModeCapture = "capture"
	ModeBoth    = "both"
)

// Symmetries.
const (
	SymNone       = "none"
	SymLateral    = "lateral"
	SymRotate4    = "rotate4"
	SymDihedral8  = "dihedral8"
	SymRotate6    = "rotate6"
	SymDihedral12 = "dihedral12"
	// SymDihedral2 is the first spelling of SymDihedral12, kept for callers.
	SymDihedral2 = SymDihedral12
)

// Vector is one [dx, dy] step, written from the mover's side.
type Vector [2]int

// Move is one way a piece may move.
type Move struct {
	Kind        string     `json:"kind"`
	Vectors     []Vector   `json:"vectors"`
	Symmetry    string     `json:"symmetry,omitempty"` // default "none"
	Range       *int       `json:"range,omitempty"`
	MinRange    *int       `json:"min_range,omitempty"`
	Mode        string     `json:"mode,omitempty"` // default "both"
	ScreenRange *int       `json:"screen_range,omitempty"`
	Screen      string     `json:"screen,omitempty"` // default "any"
	Condition   *Condition `json:"condition,omitempty"`
	Then        []Vector   `json:"then,omitempty"`    // bent moves: the slide's directions after the first step
	Across      *Across    `json:"across,omitempty"`  // schema 33
	Shoot       bool       `json:"shoot,omitempty"`   // schema 39: a capture that leaves the mover where it is (leaps only)
	Squares     []string   `json:"squares,omitempty"` // schema 39: a leap to each of these squares of the mover's board, in place of vectors
}

// RangeOrDefault is the move's range with the kind's default (0 unlimited).
func (m *Move) RangeOrDefault() int {
	if m.Range != nil {
		return *m.Range
	}
	if m.Kind == KindLeap || m.Kind == KindLame {
		return 1
	}
	return 0
}

// MinRangeOrDefault is the move's min_range, 1 when absent.
func (m *Move) MinRangeOrDefault() int {
	if m.MinRange != nil {
		return *m.MinRange
	}
	return 1
}

// ModeOrDefault is the move's mode, "both" when absent.
func (m *Move) ModeOrDefault() string {
	if m.Mode == "" {
		return ModeBoth
	}
	return m.Mode
}

// SymmetryOrDefault is the move's symmetry, "none" when absent.
func (m *Move) SymmetryOrDefault() string {
	if m.Symmetry == "" {
		return SymNone
	}
	return m.Symmetry
}

// ScreenOrDefault is a hop's screen, "any" when absent.
func (m *Move) ScreenOrDefault() string {
	if m.Screen == "" {
		return "any"
	}
	return m.Screen
}

// Condition restricts when a move is available.
type Condition struct {
	FromRank  *int     `json:"from_rank,omitempty"`
	FirstMove bool     `json:"first_move,omitempty"`
	Region    []string `json:"region,omitempty"`
}

// Setup is where every piece stands when the game begins.
type Setup struct {
	Mirror      *bool              `json:"mirror,omitempty"`      // default true
	Orientation string             `json:"orientation,omitempty"` // default "mirror"
	Placements  []Placement        `json:"placements"`
	Items       []ItemPlacement    `json:"items,omitempty"`    // schema 36
	Statuses    []StatusPlacement  `json:"statuses,omitempty"` // schema 37
	Neutral     []NeutralPlacement `json:"neutral,omitempty"`  // schema 40
}

// Mirrored reports whether only the first player's army is written.
func (s *Setup) Mirrored() bool { return s.Mirror == nil || *s.Mirror }

// Rotated reports whether the second player's side is the 180° turn.
func (s *Setup) Rotated() bool { return s.Orientation == "rotate" }

// Placement puts pieces of one kind and player on squares.
type Placement struct {
	Piece   string   `json:"piece"`
	Player  int      `json:"player,omitempty"`
	Facing  string   `json:"facing,omitempty"`
	Squares []string `json:"squares"`
}

// Win conditions.
const (
	WinCheckmate    = "checkmate"
	WinRoyalCapture = "royal_capture"
	WinAnnihilation = "annihilation"
	WinNone         = "none"
)

// Rules is everything beyond board and pieces.
type Rules struct {
	Win              string          `json:"win,omitempty"`       // default "checkmate"
	Stalemate        string          `json:"stalemate,omitempty"` // default "draw"
	Checkmate        string          `json:"checkmate,omitempty"` // default "loss"
	Promotion        Promotions      `json:"promotion,omitempty"`
	EnPassant        bool            `json:"en_passant,omitempty"`
	Castling         *Castling       `json:"castling,omitempty"`
	MustCapture      bool            `json:"must_capture,omitempty"`
	ForbidCheck      bool            `json:"forbid_check,omitempty"`
	ForbidImmobility bool            `json:"forbid_immobility,omitempty"`
	RoyalFacing      string          `json:"royal_facing,omitempty"` // default "allowed"
	BareRoyal        string          `json:"bare_royal,omitempty"`   // "" no rule
	CheckLimit       int             `json:"check_limit,omitempty"`  // 0 no rule
	Territory        *Territory      `json:"territory,omitempty"`
	Turn             *Turn           `json:"turn,omitempty"`
	Obstacles        *Obstacles      `json:"obstacles,omitempty"`
	Strike           *Strike         `json:"strike,omitempty"`
	Contacts         *Contacts       `json:"contacts,omitempty"`
	Wrap             *Wrap           `json:"wrap,omitempty"`
	NPCs             []NPC           `json:"npcs,omitempty"`
	Portals          []PortalGroup   `json:"portals,omitempty"`
	Simultaneous     *Simultaneous   `json:"simultaneous,omitempty"`
	PromoteOnEntry   bool            `json:"promote_on_entry,omitempty"`
	Scoring          *Scoring        `json:"scoring,omitempty"`
	Reach            *Reach          `json:"reach,omitempty"`
	Extinction       *Extinction     `json:"extinction,omitempty"`
	Drops            *Drops          `json:"drops,omitempty"`
	ExplodeOnCapture *Explode        `json:"explode_on_capture,omitempty"`
	Touch            *Touch          `json:"touch,omitempty"`            // schema 30
	Entry            []Entry         `json:"entry,omitempty"`            // schema 30
	Counting         *Counting       `json:"counting,omitempty"`         // schema 31
	TurnOrder        []string        `json:"turn_order,omitempty"`       // schema 32
	Teams            [][]string      `json:"teams,omitempty"`            // schema 32
	SeatOut          *SeatOut        `json:"seat_out,omitempty"`         // schema 32
	GameEnd          *GameEnd        `json:"game_end,omitempty"`         // schema 32
	Priority         []Priority      `json:"priority,omitempty"`         // schema 32
	Vertical         *Vertical       `json:"vertical,omitempty"`         // schema 33
	Transfer         *Transfer       `json:"transfer,omitempty"`         // schema 33
	Across           *Across         `json:"across,omitempty"`           // schema 33: every move's default across
	Cells            *Cells          `json:"cells,omitempty"`            // schema 33
	Dice             *Dice           `json:"dice,omitempty"`             // schema 34
	Hazards          []Hazard        `json:"hazards,omitempty"`          // schema 34
	Sight            *Sight          `json:"sight,omitempty"`            // schema 35
	Afterlife        []Afterlife     `json:"afterlife,omitempty"`        // schema 36
	AfterCapture     []AfterCapture  `json:"after_capture,omitempty"`    // schema 36
	Presence         []Presence      `json:"presence,omitempty"`         // schema 36
	OnCapture        *OnCapture      `json:"on_capture,omitempty"`       // schema 37
	Market           *Market         `json:"market,omitempty"`           // schema 38
	Chaos            *Chaos          `json:"chaos,omitempty"`            // schema 41
	MaxPlies         *int            `json:"max_plies,omitempty"`        // default 400
	RepetitionDraw   *RepetitionDraw `json:"repetition_draw,omitempty"`  // default 3
	NoProgressDraw   *int            `json:"no_progress_draw,omitempty"` // default 100

	// Schema 43: the moves besides captures and promotions that reset
	// the no-progress clock.
	NoProgressResets *NoProgressResets `json:"no_progress_resets,omitempty"`
}

// NoProgressResets names the moves that reset the no-progress clock
// besides captures and promotions (schema 43): every move of one of
// Pieces, as a pawn move resets FIDE's fifty-move count.
type NoProgressResets struct {
	Pieces []string `json:"pieces"`
}

// WinOrDefault is rules.win, "checkmate" when absent.
func (r *Rules) WinOrDefault() string {
	if r.Win == "" {
		return WinCheckmate
	}
	return r.Win
}

// StalemateOrDefault is rules.stalemate, "draw" when absent.
func (r *Rules) StalemateOrDefault() string {
	if r.Stalemate == "" {
		return "draw"
	}
	return r.Stalemate
}

// CheckmateOrDefault is rules.checkmate, "loss" when absent.
func (r *Rules) CheckmateOrDefault() string {
	if r.Checkmate == "" {
		return "loss"
	}
	return r.Checkmate
}

// MaxPliesOrDefault is rules.max_plies, 400 when absent.
func (r *Rules) MaxPliesOrDefault() int {
	if r.MaxPlies == nil {
		return 400
	}
	return *r.MaxPlies
}

// NoProgressOrDefault is rules.no_progress_draw, 100 when absent.
func (r *Rules) NoProgressOrDefault() int {
	if r.NoProgressDraw == nil {
		return 100
	}
	return *r.NoProgressDraw
}

// RepetitionOrDefault is the repetition count that draws, 0 for "never".
func (r *Rules) RepetitionOrDefault() int {
	if r.RepetitionDraw == nil {
		return 3
	}
	if r.RepetitionDraw.Never {
		return 0
	}
	return r.RepetitionDraw.Count
}

// RepetitionDraw is an integer count or "never".
type RepetitionDraw struct {
	Count int
	Never bool
}

// MarshalJSON writes the count or "never".
func (r RepetitionDraw) MarshalJSON() ([]byte, error) {
	if r.Never {
		return []byte(`"never"`), nil
	}
	return json.Marshal(r.Count)
}

// UnmarshalJSON reads the count or "never".
func (r *RepetitionDraw) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		if s != "never" {
			return fmt.Errorf("repetition_draw: want an integer or \"never\", got %q", s)
		}
		*r = RepetitionDraw{Never: true}
		return nil
	}
	return json.Unmarshal(b, &r.Count)
}

// Promotions is one promotion rule or a list of them; a single object
// decodes as a list of one.
type Promotions []Promotion

// UnmarshalJSON accepts an object or a list of objects.
func (p *Promotions) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var one Promotion
	if len(b) > 0 && b[0] == '{' {
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*p = Promotions{one}
		return nil
	}
	var many []Promotion
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*p = many
	return nil
}

// Promotion is one promotion rule.
type Promotion struct {
	Piece      string        `json:"piece"`
	Rank       *Rank         `json:"rank,omitempty"` // default "last"
	Ranks      []int         `json:"ranks,omitempty"`
	Squares    []string      `json:"squares,omitempty"`
	Mandatory  *bool         `json:"mandatory,omitempty"` // default true
	OnLeaving  bool          `json:"on_leaving,omitempty"`
	OnlyLost   bool          `json:"only_lost,omitempty"`
	To         []string      `json:"to,omitempty"`
	ToByPlayer *PerPlayerIDs `json:"to_by_player,omitempty"`
	// ChooseFacing lets the promoting player choose which way a target
	// with a facing points (schema 30).
	ChooseFacing bool `json:"choose_facing,omitempty"`
	// Rest is how many of its owner's turns the promoted piece rests where
	// it promoted, and Home where it is then moved (schema 30; 0 and nil
	// for neither).
	Rest int      `json:"rest,omitempty"`
	Home []string `json:"home,omitempty"`
	// Served ties each promoting piece to the target kind behind it on its
	// file at the start (schema 32).
	Served bool `json:"served,omitempty"`
}

// IsMandatory reports whether the piece must promote.
func (p *Promotion) IsMandatory() bool { return p.Mandatory == nil || *p.Mandatory }

// Targets is the list of promotion targets for a player.
func (p *Promotion) Targets(player int) []string {
	if p.ToByPlayer != nil {
		if player == 0 {
			return p.ToByPlayer.P0
		}
		return p.ToByPlayer.P1
	}
	return p.To
}

// Zone is the promotion zone as the first player sees it (the second
// player's is its reflection): the squares, the ranks, the rank, or the
// last rank by default, keeping only cells of the board.
func (p *Promotion) Zone(b Board) []Square {
	var out []Square
	addRank := func(r int) {
		for f := 0; f < b.Width; f++ {
			if sq := (Square{f, r}); b.Contains(sq) {
				out = append(out, sq)
			}
		}
	}
	switch {
	case p.Squares != nil:
		for _, name := range p.Squares {
			if sq, ok := ParseSquare(name); ok && b.Contains(sq) {
				out = append(out, sq)
			}
		}
	case p.Ranks != nil:
		for _, r := range p.Ranks {
			addRank(r)
		}
	case p.Rank != nil && !p.Rank.Last:
		addRank(p.Rank.Index)
	default:
		addRank(b.Height - 1)
	}
	return out
}

// Rank is "last" or a rank index counted from the first player's side.
type Rank struct {
	Last  bool
	Index int
}

// MarshalJSON writes "last" or the index.
func (r Rank) MarshalJSON() ([]byte, error) {
	if r.Last {
		return []byte(`"last"`), nil
	}
	return json.Marshal(r.Index)
}

// UnmarshalJSON reads "last" or an index.
func (r *Rank) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		if s != "last" {
			return fmt.Errorf("rank: want \"last\" or an integer, got %q", s)
		}
		*r = Rank{Last: true}
		return nil
	}
	return json.Unmarshal(b, &r.Index)
}

// PerPlayerIDs is a list of piece ids for each player, keyed "0" and "1".
type PerPlayerIDs struct {
	P0 []string `json:"0"`
	P1 []string `json:"1"`
}

// Castling is the castling rule.
type Castling struct {
	King      string     `json:"king"`
	Rook      string     `json:"rook"`
	KingSteps *int       `json:"king_steps,omitempty"` // default 2
	KingFile  *SideFiles `json:"king_file,omitempty"`
	RookFile  *SideFiles `json:"rook_file,omitempty"`
}

// KingStepsOrDefault is king_steps, 2 when absent.
func (c *Castling) KingStepsOrDefault() int {
	if c.KingSteps == nil {
		return 2
	}
	return *c.KingSteps
}

// SideFiles names a file letter for each castling side.
type SideFiles struct {
	Kingside  string `json:"kingside"`
	Queenside string `json:"queenside"`
}

// EffectOrDefault is the strike's effect, "capture" when absent.
func (s *Strike) EffectOrDefault() string {
	if s.Effect == "" {
		return "capture"
	}
	return s.Effect
}

// PositionOrDefault is the strike's position, "advance" when absent.
func (s *Strike) PositionOrDefault() string {
	if s.Position == "" {
		return "advance"
	}
	return s.Position
}

// Territory is the ground-claiming rule.
type Territory struct {
	Mode  string `json:"mode"` // "permanent" or "repaint"
	WinAt int    `json:"win_at,omitempty"`
}

// Turn is several moves a turn.
type Turn struct {
	Moves int   `json:"moves"`
	Ramp  []int `json:"ramp,omitempty"`
	// CheckEnds (schema 30): a move that gives check ends its player's
	// turn, however many moves the turn had left.
	CheckEnds bool `json:"check_ends,omitempty"`
}

// Obstacles are walls.
type Obstacles struct {
	Squares     []string `json:"squares"`
	Mirror      bool     `json:"mirror,omitempty"`
	BlocksLeaps bool     `json:"blocks_leaps,omitempty"`
}

// Strike is what a taken piece becomes.
type Strike struct {
	Effect        string   `json:"effect,omitempty"` // default "capture"
	Chain         []Link   `json:"chain,omitempty"`
	Position      string   `json:"position,omitempty"` // default "advance"
	SwitchesSides []string `json:"switches_sides,omitempty"`
	Landing       *Landing `json:"landing,omitempty"`
	Immune        []string `json:"immune,omitempty"`
}

// Link is one step of a strike chain.
type Link struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Landing lists the squares a surviving piece may be placed on.
type Landing struct {
	Vectors  []Vector `json:"vectors"`
	Symmetry string   `json:"symmetry,omitempty"`
}

// Contacts says what two pieces become when they meet.
type Contacts struct {
	Links    []ContactLink `json:"links"`
	Position string        `json:"position,omitempty"` // default "advance"
	Landing  *Landing      `json:"landing,omitempty"`
	Immune   []string      `json:"immune,omitempty"`
}

// PositionOrDefault is the contacts' position, "advance" when absent.
func (c *Contacts) PositionOrDefault() string {
	if c.Position == "" {
		return "advance"
	}
	return c.Position
}

// ContactLink is one meeting of two piece kinds.
type ContactLink struct {
	Mover   string `json:"mover"`
	Onto    string `json:"onto"`
	MoverTo string `json:"mover_to,omitempty"`
	OntoTo  string `json:"onto_to,omitempty"`
	Own     bool   `json:"own,omitempty"`
}

// Wrap joins edges.
type Wrap struct {
	Files         string        `json:"files,omitempty"`
	Ranks         string        `json:"ranks,omitempty"`
	FilesByPlayer *PerPlayerStr `json:"files_by_player,omitempty"`
	RanksByPlayer *PerPlayerStr `json:"ranks_by_player,omitempty"`
	NS            string        `json:"n_s,omitempty"`
	NSByPlayer    *PerPlayerStr `json:"n_s_by_player,omitempty"`
	NESW          string        `json:"ne_sw,omitempty"`
	NESWByPlayer  *PerPlayerStr `json:"ne_sw_by_player,omitempty"`
	NWSE          string        `json:"nw_se,omitempty"`
	NWSEByPlayer  *PerPlayerStr `json:"nw_se_by_player,omitempty"`
}

// PerPlayerStr is one value per player, keyed "0" and "1".
type PerPlayerStr struct {
	P0 string `json:"0"`
	P1 string `json:"1"`
}

// NPC is a route of wild pieces.
type NPC struct {
	Piece  string   `json:"piece"`
	Route  []string `json:"route"`
	AlsoAt []string `json:"also_at,omitempty"`
	Bounty *float64 `json:"bounty,omitempty"`
	Mirror bool     `json:"mirror,omitempty"`
	Immune []string `json:"immune"` // nil: anything may take it
}

// PortalGroup is one group of portals.
type PortalGroup struct {
	Piece          string         `json:"piece"`
	Orange         string         `json:"orange,omitempty"`
	Blue           string         `json:"blue,omitempty"`
	MovedBy        *PortalMovedBy `json:"moved_by,omitempty"`
	Passage        *PortalPassage `json:"passage,omitempty"`
	Carries        *PortalCarries `json:"carries,omitempty"`
	Ends           []PortalEnd    `json:"ends,omitempty"`
	NoStraightBack bool           `json:"no_straight_back,omitempty"`
	Kind           string         `json:"kind,omitempty"` // "" momentum, "fold"
}

// IsFold reports whether the group's ends are fold portals.
func (g *PortalGroup) IsFold() bool { return g.Kind == "fold" }

// PortalMovedBy says who may move each end of a pair.
type PortalMovedBy struct {
	Orange []int `json:"orange,omitempty"`
	Blue   []int `json:"blue,omitempty"`
}

// PortalPassage says which end each player's pieces may enter by.
type PortalPassage struct {
	P0 string `json:"0,omitempty"`
	P1 string `json:"1,omitempty"`
}

// PortalCarries lists the pieces each end of a pair lets in.
type PortalCarries struct {
	Orange []string `json:"orange"`
	Blue   []string `json:"blue"`
}

// PortalEnd is one end of a mapped group.
type PortalEnd struct {
	At      string   `json:"at"`
	To      *int     `json:"to,omitempty"`
	Enter   []int    `json:"enter"`
	MovedBy []int    `json:"moved_by,omitempty"`
	Carries []string `json:"carries"`
}

// EnterOrDefault is which players' pieces may go in by the end: [0, 1]
// when absent.
func (e *PortalEnd) EnterOrDefault() []int {
	if e.Enter == nil {
		return []int{0, 1}
	}
	return e.Enter
}

// Simultaneous is play in rounds.
type Simultaneous struct {
	Tie  string `json:"tie,omitempty"`
	Swap string `json:"swap,omitempty"`
	Both string `json:"both,omitempty"`
	// Rest is schema 27-28's rules.simultaneous.rest; schema 29 writes it
	// as "rest": 1 on every piece.
	Rest bool `json:"rest,omitempty"`
}

// Scoring settles a game when a clock runs out.
type Scoring struct {
	Count  string   `json:"count,omitempty"` // default "material"
	Region []string `json:"region,omitempty"`
}

// CountOrDefault is scoring.count, "material" when absent.
func (s *Scoring) CountOrDefault() string {
	if s.Count == "" {
		return "material"
	}
	return s.Count
}

// Reach is winning by arriving.
type Reach struct {
	Piece   string      `json:"piece,omitempty"`
	Squares []string    `json:"squares"`
	Mirror  *MirrorMode `json:"mirror,omitempty"` // default true
	Safe    bool        `json:"safe,omitempty"`
	Result  string      `json:"result,omitempty"` // default "win"
	On      string      `json:"on,omitempty"`     // default "arrive"
}

// MirrorOrDefault is reach.mirror, true when absent.
func (r *Reach) MirrorOrDefault() MirrorMode {
	if r.Mirror == nil {
		return MirrorMode{On: true}
	}
	return *r.Mirror
}

// ResultOrDefault is reach.result, "win" when absent.
func (r *Reach) ResultOrDefault() string {
	if r.Result == "" {
		return "win"
	}
	return r.Result
}

// OnOrDefault is reach.on, "arrive" when absent.
func (r *Reach) OnOrDefault() string {
	if r.On == "" {
		return "arrive"
	}
	return r.On
}

// MirrorMode is true, false or "rotate".
type MirrorMode struct {
	On     bool
	Rotate bool
}

// MarshalJSON writes true, false or "rotate".
func (m MirrorMode) MarshalJSON() ([]byte, error) {
	if m.Rotate {
		return []byte(`"rotate"`), nil
	}
	return json.Marshal(m.On)
}

// UnmarshalJSON reads true, false or "rotate".
func (m *MirrorMode) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		if s != "rotate" {
			return fmt.Errorf("mirror: want a boolean or \"rotate\", got %q", s)
		}
		*m = MirrorMode{On: true, Rotate: true}
		return nil
	}
	return json.Unmarshal(b, &m.On)
}

// Extinction is losing by running out of a piece.
type Extinction struct {
	Pieces   PieceSet `json:"pieces"`
	MinCount *int     `json:"min_count,omitempty"` // default 1
	Result   string   `json:"result,omitempty"`    // default "loss"
	PerType  PerType  `json:"per_type,omitempty"`
}

// MinCountOrDefault is min_count, 1 when absent.
func (e *Extinction) MinCountOrDefault() int {
	if e.MinCount == nil {
		return 1
	}
	return *e.MinCount
}

// ResultOrDefault is extinction.result, "loss" when absent.
func (e *Extinction) ResultOrDefault() string {
	if e.Result == "" {
		return "loss"
	}
	return e.Result
}

// PieceSet is "any" or a list of piece ids.
type PieceSet struct {
	Any bool
	IDs []string
}

// MarshalJSON writes "any" or the list.
func (p PieceSet) MarshalJSON() ([]byte, error) {
	if p.Any {
		return []byte(`"any"`), nil
	}
	return json.Marshal(p.IDs)
}

// UnmarshalJSON reads "any" or a list.
func (p *PieceSet) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		if s != "any" {
			return fmt.Errorf("pieces: want \"any\" or a list, got %q", s)
		}
		*p = PieceSet{Any: true}
		return nil
	}
	return json.Unmarshal(b, &p.IDs)
}

// PerType is false, true or "own".
type PerType struct {
	On  bool
	Own bool
}

// MarshalJSON writes false, true or "own".
func (p PerType) MarshalJSON() ([]byte, error) {
	if p.Own {
		return []byte(`"own"`), nil
	}
	return json.Marshal(p.On)
}

// UnmarshalJSON reads false, true or "own".
func (p *PerType) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		if s != "own" {
			return fmt.Errorf("per_type: want a boolean or \"own\", got %q", s)
		}
		*p = PerType{On: true, Own: true}
		return nil
	}
	return json.Unmarshal(b, &p.On)
}

// Drops is the rule for playing pieces from hand.
type Drops struct {
	FromCaptures *bool                 `json:"from_captures,omitempty"` // default true
	Region       map[string][]string   `json:"region,omitempty"`
	NoDoubled    []string              `json:"no_doubled,omitempty"`
	NoMate       []string              `json:"no_mate,omitempty"`
	Stock        map[string]StockCount `json:"stock,omitempty"`
	Placement    bool                  `json:"placement,omitempty"`
	EitherFace   bool                  `json:"either_face,omitempty"`
	Symmetric    bool                  `json:"symmetric,omitempty"`     // schema 30
	ChooseFacing bool                  `json:"choose_facing,omitempty"` // schema 30
}

// FillsFromCaptures reports whether captured pieces go to hand.
func (d *Drops) FillsFromCaptures() bool { return d.FromCaptures == nil || *d.FromCaptures }

// StockCount is a count from 1 to 32 or "unlimited".
type StockCount struct {
	Count     int
	Unlimited bool
}

// MarshalJSON writes the count or "unlimited".
func (s StockCount) MarshalJSON() ([]byte, error) {
	if s.Unlimited {
		return []byte(`"unlimited"`), nil
	}
	return json.Marshal(s.Count)
}

// UnmarshalJSON reads the count or "unlimited".
func (s *StockCount) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var str string
	if json.Unmarshal(b, &str) == nil {
		if str != "unlimited" {
			return fmt.Errorf("stock: want an integer or \"unlimited\", got %q", str)
		}
		*s = StockCount{Unlimited: true}
		return nil
	}
	return json.Unmarshal(b, &s.Count)
}

// Explode is explode_on_capture.
type Explode struct {
	Radius *int     `json:"radius,omitempty"` // default 1
	Immune []string `json:"immune,omitempty"`
	By     []string `json:"by"` // nil: every capturer
	Of     []string `json:"of"` // nil: every captured piece
}

// RadiusOrDefault is the blast radius, 1 when absent.
func (e *Explode) RadiusOrDefault() int {
	if e.Radius == nil {
		return 1
	}
	return *e.Radius
}

// Appearance maps a piece id to one drawing name or a pair, one per player.
type Appearance map[string]Drawing

// Drawing is one name, or two (one per player).
type Drawing struct {
	Names []string
}

// MarshalJSON writes a name or a pair.
func (d Drawing) MarshalJSON() ([]byte, error) {
	if len(d.Names) == 1 {
		return json.Marshal(d.Names[0])
	}
	return json.Marshal(d.Names)
}

// UnmarshalJSON reads a name or a pair.
func (d *Drawing) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		d.Names = []string{s}
		return nil
	}
	return json.Unmarshal(b, &d.Names)
}

// Provenance is where the game came from; free text.
type Provenance struct {
	Added   string   `json:"added,omitempty"`
	Author  string   `json:"author,omitempty"`
	Exhibit string   `json:"exhibit,omitempty"`
	History string   `json:"history,omitempty"`
	Origin  string   `json:"origin,omitempty"`
	Parents []string `json:"parents,omitempty"`
	Preview string   `json:"preview,omitempty"`
	Source  string   `json:"source,omitempty"`
	Theme   string   `json:"theme,omitempty"`
	Year    string   `json:"year,omitempty"`
}

// Touch is a goal of touching every square of a set with a piece, the
// touches remembered for the rest of the game (schema 30).
type Touch struct {
	Piece   string      `json:"piece,omitempty"`
	Squares []string    `json:"squares"`
	Mirror  *MirrorMode `json:"mirror,omitempty"` // default true
	Result  string      `json:"result,omitempty"` // default "win"
}

// MirrorOrDefault is touch.mirror, true when absent.
func (t *Touch) MirrorOrDefault() MirrorMode {
	if t.Mirror == nil {
		return MirrorMode{On: true}
	}
	return *t.Mirror
}

// ResultOrDefault is touch.result, "win" when absent.
func (t *Touch) ResultOrDefault() string {
	if t.Result == "" {
		return "win"
	}
	return t.Result
}

// Counting is a count that draws an ending the stronger player cannot
// finish in time, as Makruk's board's and pieces' honour (schema 31).
type Counting struct {
	NoneOf    []string        `json:"none_of"`
	Moves     int             `json:"moves,omitempty"` // 0: no count until the weaker army is bare
	Bare      []CountingLimit `json:"bare,omitempty"`
	BareMoves int             `json:"bare_moves,omitempty"` // 0: Moves
	BareFrom  string          `json:"bare_from,omitempty"`  // default "pieces"
}

// CountingLimit is where a count against a bare army ends when the
// stronger player has at least Count pieces of kind Piece.
type CountingLimit struct {
	Piece string `json:"piece"`
	Count int    `json:"count,omitempty"` // 0: 1
	Moves int    `json:"moves"`
}

// BareMovesOrDefault is counting.bare_moves, counting.moves when absent.
func (c *Counting) BareMovesOrDefault() int {
	if c.BareMoves == 0 {
		return c.Moves
	}
	return c.BareMoves
}

// BareFromOrDefault is counting.bare_from, "pieces" when absent.
func (c *Counting) BareFromOrDefault() string {
	if c.BareFrom == "" {
		return "pieces"
	}
	return c.BareFrom
}

// CountOrDefault is a bare entry's count, 1 when absent.
func (l *CountingLimit) CountOrDefault() int {
	if l.Count == 0 {
		return 1
	}
	return l.Count
}

// Entry restricts which moves may enter or leave a set of squares
// (schema 30).
type Entry struct {
	Squares []string `json:"squares"`
	Pieces  []string `json:"pieces"` // nil: every piece may enter
	From    []string `json:"from,omitempty"`
	ExitTo  []string `json:"exit_to,omitempty"`
	Mirror  bool     `json:"mirror,omitempty"`
}
