package report

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"balancefarm/stats"
)

// FormatVersion is the version of the JSON format in FORMAT.md.
const FormatVersion = 1

// Input is one rule file's measurement, as the coordinator hands it over.
type Input struct {
	// Name is the report's name: the files are NAME.json, NAME.md and
	// NAME.html. Usually the rule file's stem.
	Name string
	// File is the rule file measured, as the caller names it.
	File string
	// SchemaVersion is the rule file's declared schema version.
	SchemaVersion int
	// Wall is how long the measurement took.
	Wall     time.Duration
	Analysis *stats.Analysis
	// PieceValues are the piece values the file's own games imply, when
	// they could be learned; PieceValuesNote says why not otherwise.
	PieceValues     *stats.PieceValues
	PieceValuesNote string
	// TopValues says which piece values the equal-strength games were
	// played with (the file's, or learned ones); empty without such games.
	TopValues string
	// TopTable says which kept learned table the top rung played with
	// (tablestore); empty when it played without one.
	TopTable string

	// Optional, from the game records: the board and its start position
	// for the diagram, each flag's example games, the PGN file's name
	// beside the report, and every counted game for the per-rung plots.
	Board *Board
	Start Frame
	// StartExtras is the start's items, statuses, purses and market in
	// a game of the planes family; nil otherwise.
	StartExtras *Extras
	Examples    []Examples
	GamesFile   string
	Played      []GameSummary

	// Seats is, for a game with seats, its seat table; nil for a game of
	// two players.
	Seats *Seats

	// Lost are the batch's games that count in no figure, with the
	// worker that lost each: every dead-lettered game, and those ending
	// in error that the caller could name a worker for (Analysis.Errors
	// counts those in any case).
	Lost []LostGame
}

// LostGame is one game of the batch that counts in no figure.
type LostGame struct {
	// Worker is the worker that lost it, as its record or dead letter
	// names it; empty when none is known (the server gave up on a job
	// whose last worker said nothing).
	Worker string
	Error  string
	// DeadLettered: no record at all; else a record that ended in error.
	DeadLettered bool
}

// Seats is what a game of more than two seats reports beside the
// ladder: each seat's (and team's) score over the games Scope names, the
// draw rate, Ludii's Balance, the seat_advantage test, and a sentence per
// seat and team saying what its score means.
type Seats struct {
	Scope string `json:"scope"`
	stats.SeatTable
	Sentences []string `json:"sentences"`
}

// Loss is one row of the lost games' table: a worker, the games it lost
// and the first error it gave.
type Loss struct {
	Worker     string `json:"worker"`
	Games      int    `json:"games"`
	FirstError string `json:"first_error"`
}

// Flag is a raised verdict flag.
type Flag struct {
	Name      string         `json:"name"`
	Detail    string         `json:"detail"`
	Value     stats.Interval `json:"value"`
	Threshold float64        `json:"threshold"`
}

// Undecided is a verdict flag whose interval straddled its threshold when
// the games ran out: what makes a verdict inconclusive.
type Undecided struct {
	Name      string         `json:"name"`
	Detail    string         `json:"detail"`
	Value     stats.Interval `json:"value"`
	Threshold float64        `json:"threshold"`
	// MoreGames estimates the further games that would decide it (-1:
	// the estimate sits on the threshold, so far more; see
	// stats.MoreGamesRepeat and stats.MoreGamesUnplayedLines).
	MoreGames int `json:"more_games"`
}

// Scope says which games the verdict rates and metrics were read from.
type Scope struct {
	Description string `json:"description"`
	Games       int    `json:"games"`
	// Openings, when set, says that the equal-strength rates are read
	// over the random opening's lines, and whether exactly or bounded
	// (stats.Measures.Openings).
	Openings string `json:"openings,omitempty"`
}

// Bin is one bar of the game-length histogram.
type Bin struct {
	From  int `json:"from"` // plies, inclusive
	To    int `json:"to"`   // plies, inclusive
	Games int `json:"games"`
}

// Lengths summarises game lengths in plies.
type Lengths struct {
	Min       int     `json:"min"`
	Median    float64 `json:"median"`
	Mean      float64 `json:"mean"`
	Max       int     `json:"max"`
	Histogram []Bin   `json:"histogram"`
}

// FirstMover is the first mover's score at equal strength.
type FirstMover struct {
	Score  stats.Interval `json:"score"`
	Source string         `json:"source"`
	Games  int            `json:"games"`
}

// Report is the JSON document, and what the Markdown and HTML show.
type Report struct {
	FormatVersion int             `json:"format_version"`
	SchemaVersion int             `json:"schema_version"`
	Name          string          `json:"name"`
	File          string          `json:"file"`
	Verdict       string          `json:"verdict"`
	Reasons       []Reason        `json:"reasons"`
	Flags         []Flag          `json:"flags"`
	Undecided     []Undecided     `json:"undecided"`
	Warnings      []stats.Warning `json:"warnings"`
	Games         int             `json:"games"`
	ErrorGames    int             `json:"error_games"`
	LostGames     int             `json:"lost_games"` // dead-lettered: no record
	LostShare     float64         `json:"lost_share"` // LostGames and ErrorGames over the batch
	Losses        []Loss          `json:"losses"`     // who lost them
	WallSeconds   float64         `json:"wall_seconds"`
	Ladder        []string        `json:"ladder"`
	// LadderByRating is the ladder as its ratings order it, weakest
	// first, each rung with its rating; LadderInverted names each pair
	// whose ratings contradict the intended order (ladderOrder).
	LadderByRating []string          `json:"ladder_by_rating"`
	LadderInverted []string          `json:"ladder_inverted"`
	Doublings      []stats.Doubling  `json:"doublings"`
	Scope          Scope             `json:"scope"`
	Checks         []stats.Check     `json:"checks"`
	FirstMover     FirstMover        `json:"first_mover"`
	Pairings       []stats.Pairing   `json:"pairings"`
	Time           []TimeRow         `json:"time"`
	Ratings        stats.Ratings     `json:"ratings"`
	Metrics        []stats.Metric    `json:"metrics"`
	SkillSteps     []stats.SkillStep `json:"skill_steps"`
	Endings        []stats.RuleCount `json:"endings"`
	Lengths        Lengths           `json:"lengths"`
	Thresholds     stats.Thresholds  `json:"thresholds"`
	// PieceValues is absent when they could not be learned
	// (PieceValuesNote says why).
	PieceValues     *stats.PieceValues `json:"piece_values,omitempty"`
	PieceValuesNote string             `json:"piece_values_note,omitempty"`
	// TopValues says which piece values the equal-strength games were
	// played with.
	TopValues string `json:"top_values,omitempty"`
	// TopTable says which kept learned table the top rung played with.
	TopTable string `json:"top_table,omitempty"`
	// Examples are the games each raised or undecided flag links to;
	// GamesFile is the PGN beside the report that holds every game.
	Examples  []Examples `json:"examples"`
	GamesFile string     `json:"games_file,omitempty"`
	// Audit is absent unless the farm's audits quarantined a worker.
	Audit *Audit `json:"audit,omitempty"`
	// Budget is absent unless the measurement ran within a time budget.
	Budget *Budget `json:"budget,omitempty"`
	// Seats is absent for a game of two players.
	Seats *Seats `json:"seats,omitempty"`
	// Skill is the skill share, SkillText and SkillEloText it in words
	// (SkillEloText empty when the Elo form could not be read).
	Skill        stats.SkillShare `json:"skill_share"`
	SkillText    string           `json:"skill_text"`
	SkillEloText string           `json:"skill_elo_text,omitempty"`

	plies       []int
	board       *Board
	start       Frame
	startExtras *Extras
	played      []GameSummary
}

// New builds the report for one measurement. The name must be usable as
// a file name: not empty, no path separator, not "." or "..".
func New(in Input) (*Report, error) {
	if err := checkName(in.Name); err != nil {
		return nil, err
	}
	a := in.Analysis
	if a == nil {
		return nil, errors.New("report: no analysis")
	}
	if in.Wall < 0 {
		return nil, errors.New("report: negative wall time")
	}
	r := &Report{
		FormatVersion:   FormatVersion,
		SchemaVersion:   in.SchemaVersion,
		Name:            in.Name,
		File:            in.File,
		Verdict:         a.Verdict,
		Flags:           []Flag{},
		Undecided:       []Undecided{},
		Warnings:        orEmpty(a.Warnings),
		Games:           a.Games,
		ErrorGames:      a.Errors,
		WallSeconds:     math.Round(in.Wall.Seconds()*1000) / 1000,
		Ladder:          orEmpty(a.Ladder.Rungs),
		Doublings:       orEmpty(a.Ladder.Doublings),
		Scope:           Scope{a.Measures.Scope, a.Measures.ScopeGames, a.Measures.Openings},
		Checks:          orEmpty(a.Checks),
		FirstMover:      FirstMover{a.Measures.FirstMover, a.Measures.FirstMoverFrom, a.Measures.FirstMoverGames},
		Pairings:        orEmpty(a.Pairings),
		Time:            timeRows(a.Pairings),
		Ratings:         a.Ratings,
		Metrics:         orEmpty(a.Metrics),
		SkillSteps:      orEmpty(a.SkillSteps),
		Endings:         orEmpty(a.Endings),
		Lengths:         summarise(a.Plies),
		Thresholds:      a.Thresholds,
		PieceValues:     in.PieceValues,
		PieceValuesNote: in.PieceValuesNote,
		TopValues:       in.TopValues,
		TopTable:        in.TopTable,
		Examples:        orEmpty(in.Examples),
		GamesFile:       in.GamesFile,
		Seats:           in.Seats,
		Skill:           a.Skill,
		SkillText:       skillSentence(a.Skill),
		SkillEloText:    skillEloSentence(a.Skill),
		plies:           a.Plies,
		board:           in.Board,
		start:           in.Start,
		startExtras:     in.StartExtras,
		played:          in.Played,
	}
	if r.Ratings.Rungs == nil {
		r.Ratings.Rungs = []stats.Rating{}
	}
	order, inverted := ladderOrder(r.Ladder, r.Ratings)
	r.LadderByRating, r.LadderInverted = orEmpty(order), orEmpty(inverted)
	for _, c := range a.Flags() {
		r.Flags = append(r.Flags, Flag{c.Name, c.Detail, c.Value, c.Threshold})
	}
	for _, c := range stats.Undecided(a.Checks) {
		r.Undecided = append(r.Undecided, Undecided{c.Name, c.Detail, c.Value, c.Threshold, c.MoreGames})
	}
	r.Losses, r.LostGames = losses(in.Lost)
	lost := r.ErrorGames + r.LostGames
	r.LostShare = math.Round(stats.LostShare(r.Games, lost)*10000) / 10000
	r.Reasons = r.explain()
	if r.Games == 0 && lost == 0 {
		r.Verdict = stats.Inconclusive
		r.Reasons = append([]Reason{{Flag: FlagNoGames, State: stats.StateUndecided, Text: "No game was played to its end, so nothing was measured."}}, r.Reasons...)
	}
	if stats.TooManyLost(r.Games, lost) {
		// Lost games may be the ones that would have changed the
		// verdict, so the counted ones decide nothing.
		r.Verdict = stats.Inconclusive
		r.Reasons = append([]Reason{{Flag: stats.FlagLostGames, State: stats.StateUndecided, Text: r.lostSentence(lost)}}, r.Reasons...)
	}
	return r, nil
}

// losses tabulates lost games by worker, most first, and counts the
// dead-lettered ones.
func losses(lost []LostGame) ([]Loss, int) {
	out := []Loss{}
	row := map[string]int{}
	dead := 0
	for _, g := range lost {
		if g.DeadLettered {
			dead++
		}
		name := g.Worker
		if name == "" {
			name = "unknown"
		}
		i, ok := row[name]
		if !ok {
			i = len(out)
			row[name] = i
			out = append(out, Loss{Worker: name, FirstError: g.Error})
		}
		out[i].Games++
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return out[i].Worker < out[j].Worker
	})
	return out, dead
}

// lostSentence says why too many lost games leave the verdict open.
func (r *Report) lostSentence(lost int) string {
	who := ""
	if len(r.Losses) > 0 {
		var ws []string
		for _, l := range r.Losses {
			ws = append(ws, fmt.Sprintf("%s %d", l.Worker, l.Games))
		}
		who = " (by worker: " + strings.Join(ws, ", ") + ")"
	}
	return fmt.Sprintf("%d of the batch's %d games were lost%s: %.0f%%, more than the %.0f%% a verdict may leave out, so the counted games decide nothing; rerun with the failing workers fixed or removed.",
		lost, r.Games+lost, who, 100*stats.LostShare(r.Games, lost), 100*stats.MaxLostShare)
}

// FlagNoGames names the reason a verdict is inconclusive because no game
// of the batch was played to its end.
const FlagNoGames = "no_games"

// orEmpty keeps lists from encoding as null.
func orEmpty[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

func checkName(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) || strings.ContainsRune(name, 0) {
		return fmt.Errorf("report: %q is not usable as a report name", name)
	}
	if name == "summary" {
		return errors.New(`report: "summary" is reserved for summary.md`)
	}
	return nil
}

// summarise bins lengths into about 20 bars of a round width.
func summarise(plies []int) Lengths {
	l := Lengths{Histogram: []Bin{}}
	if len(plies) == 0 {
		return l
	}
	s := append([]int(nil), plies...)
	sort.Ints(s)
	l.Min, l.Max = s[0], s[len(s)-1]
	if len(s)%2 == 1 {
		l.Median = float64(s[len(s)/2])
	} else {
		l.Median = float64(s[len(s)/2-1]+s[len(s)/2]) / 2
	}
	sum := 0
	for _, p := range s {
		sum += p
	}
	l.Mean = float64(sum) / float64(len(s))
	width := binWidth(l.Max)
	for _, p := range s {
		from := p / width * width
		if n := len(l.Histogram); n == 0 || l.Histogram[n-1].From != from {
			l.Histogram = append(l.Histogram, Bin{From: from, To: from + width - 1})
		}
		l.Histogram[len(l.Histogram)-1].Games++
	}
	return l
}

// binWidth is a 1-2-5 width giving at most about 20 bins up to max.
func binWidth(max int) int {
	for _, w := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000} {
		if max/w < 20 {
			return w
		}
	}
	return 2000
}

// TimeRow is one pairing's share of the time the measurement's games took.
type TimeRow struct {
	Pairing        string  `json:"pairing"`
	Games          int     `json:"games"`
	Seconds        float64 `json:"seconds"`
	Share          float64 `json:"share"`
	SecondsPerGame float64 `json:"seconds_per_game"`
	NodesPerSecond float64 `json:"nodes_per_second"`
}

// timeRows says where the games' time went, the costliest pairing first;
// none when the records carry no times.
func timeRows(ps []stats.Pairing) []TimeRow {
	total := 0.0
	for _, p := range ps {
		total += p.Seconds
	}
	rows := []TimeRow{}
	if !(total > 0) {
		return rows
	}
	for _, p := range ps {
		row := TimeRow{Pairing: pairingName(p), Games: p.Counts.Games(), Seconds: math.Round(p.Seconds*1000) / 1000,
			Share: math.Round(p.Seconds/total*10000) / 10000}
		if row.Games > 0 {
			row.SecondsPerGame = math.Round(p.Seconds/float64(row.Games)*1000) / 1000
		}
		if p.Seconds > 0 {
			row.NodesPerSecond = math.Round(float64(p.Nodes) / p.Seconds)
		}
		rows = append(rows, row)
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Seconds > rows[j].Seconds })
	return rows
}

// timeText is where the time went in a sentence: the costliest pairing
// and its share; empty without times.
func (r *Report) timeText() string {
	if len(r.Time) == 0 {
		return ""
	}
	total := 0.0
	for _, t := range r.Time {
		total += t.Seconds
	}
	top := r.Time[0]
	return fmt.Sprintf("The games took %s of the workers' wall time (each game in one worker slot; a loaded machine stretches it); %s took the most: %.0f%% (%d games, %.1f s a game).",
		wallText(total), top.Pairing, 100*top.Share, top.Games, top.SecondsPerGame)
}

// DropTimes deletes from a report's JSON document the fields that measure
// time (wall_seconds, time, each pairing's seconds): the only fields in
// which two measurements of the same games differ.
func DropTimes(doc map[string]any) {
	delete(doc, "wall_seconds")
	delete(doc, "time")
	if ps, ok := doc["pairings"].([]any); ok {
		for _, p := range ps {
			if m, ok := p.(map[string]any); ok {
				delete(m, "seconds")
			}
		}
	}
}
