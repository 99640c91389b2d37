package report

import "fmt"

// Board is a board diagram's geometry, as the caller's engine lays it
// out: the report draws it without knowing the rules.
type Board struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Hex    bool   `json:"hex"`
	Cells  []Cell `json:"cells"`
	// Names are the pieces' names by id: a piece is drawn with a chess
	// symbol only when its name is that chess piece's.
	Names map[string]string `json:"names,omitempty"`
	// Body is the id of the pieces that stand for a larger piece's other
	// squares (schema 44), drawn as the rest of that piece, not as a
	// piece of their own; "" in a game without larger pieces.
	Body string `json:"body,omitempty"`
}

// Cell is one square (or hex cell) of a board; File and Rank are from 0
// (axial q and r on a hex board).
type Cell struct {
	Name string `json:"name"`
	File int    `json:"file"`
	Rank int    `json:"rank"`
	Wall bool   `json:"wall,omitempty"`
}

// Frame is what stands on each cell, in Board.Cells order: "" for
// nothing, else the owner's digit (0 first mover, 1 second, 2 nobody's)
// then the piece id as the rule file declares it ("0K", "1P", "2W").
type Frame []string

// ExampleGame is a played game a flag links to.
type ExampleGame struct {
	Round    int    `json:"round"` // the game's Round in NAME.pgn
	White    string `json:"white"`
	Black    string `json:"black"`
	Result   string `json:"result"`
	Ending   string `json:"ending"`
	Plies    int    `json:"plies"`
	FinalFEN string `json:"final_fen"`
	// Moves are the plies as the PGN writes them; Frames the position
	// before the first and after every ply (len(Moves)+1), for the page's
	// replay viewer. Neither is in the JSON: NAME.pgn has the moves.
	Moves  []string `json:"-"`
	Frames []Frame  `json:"-"`
	// Labels are the move numbers written before each of Moves ("12.",
	// "12...", or "" for none: the second player's reply, a chance
	// outcome), where the plies are not simply alternate; nil: odd plies
	// are numbered.
	Labels []string `json:"-"`
	// Extras are, in a game of the planes family, the items, statuses,
	// purses and market of each of Frames' positions; nil otherwise.
	Extras []*Extras `json:"-"`
}

// ExamplesTypical is the Examples group of a report that raises no flag:
// a game of each result from the games the rates are read from.
const ExamplesTypical = "typical"

// Examples are the games that show one flag (or, ExamplesTypical, what a
// report without flags plays like).
type Examples struct {
	Flag  string        `json:"flag"`
	Why   string        `json:"why"` // what the chosen games have in common
	Games []ExampleGame `json:"games"`
}

// GameSummary is one counted game, for the per-rung plots.
type GameSummary struct {
	White, Black string
	Winner       int // 0, 1, -1 for a draw
	Ending       string
	Plies        int
}

// moveLabel is the move number the page writes before ply i of g.
func moveLabel(g ExampleGame, i int) string {
	if g.Labels != nil {
		if i < len(g.Labels) {
			return g.Labels[i]
		}
		return ""
	}
	if i%2 == 0 {
		return fmt.Sprintf("%d.", i/2+1)
	}
	return ""
}
