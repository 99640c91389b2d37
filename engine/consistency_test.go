package engine

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"balancefarm/engine/rules"
)

type namedGame struct {
	name string
	g    *Game
}

// allGames loads every rule file in rulesets/ (seeds and canaries too) and
// engine/testdata/ that this engine plays; the others are logged with
// Load's reason.
func allGames(t testing.TB) []namedGame {
	t.Helper()
	root := repoRoot(t)
	var files []string
	for _, dir := range []string{"rulesets", "rulesets/seeds", "rulesets/canaries", "engine/testdata"} {
		m, _ := filepath.Glob(filepath.Join(root, dir, "*.json"))
		files = append(files, m...)
	}
	sort.Strings(files)
	var out []namedGame
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		spec, problems := rules.Parse(data)
		if len(problems) > 0 {
			t.Logf("%s: not a valid rule file (%s)", rel, problems[0].Text)
			continue
		}
		g, err := Load(spec)
		if err != nil {
			t.Logf("%s: %v", rel, err)
			continue
		}
		out = append(out, namedGame{rel, g})
	}
	if len(out) == 0 {
		t.Fatal("no playable rule files")
	}
	return out
}

// state is everything a position holds apart from caches and stacks.
type state struct {
	board                        [maxSquares]uint8
	occ                          [maxSeats + 1]bitset
	kindBB                       [maxSeats + 1][maxKinds]bitset
	count                        [maxSeats + 1][maxKinds + 1]uint16
	present                      [maxSeats + 1]uint32
	taken                        [maxSeats][maxWildEntries]uint8
	virgin                       bitset
	side, ply, halfmove          int
	checks                       [maxSeats]uint8
	epN                          int
	ep                           [maxEP]uint8
	epVictim                     int
	hash                         uint64
	status                       status
	history, undo, swept, undone int
	port                         portalEnds
	portUndo                     int
	momentum, folds              bitset
	turns                        turnSnapshot
	out, passed                  uint8
	pts                          [maxSeats]int16
	seatLog                      int
	under                        [maxSquares]uint8
	pairs, cellLog               int
	pending, fateSq              uint8 // chance (chance.go)
	face                         int8
	deck                         [maxFaces]uint16
	deckLeft, chanceLog          int
	took                         [maxSeats][maxKinds]uint8 // hidden information (hidden.go)
}

// turnSnapshot is the turn state (turns.go, rounds.go) in comparable form.
type turnSnapshot struct {
	left, turn                int
	inRounds                  bool
	init                      int8
	void                      pairRec
	bars                      [4]pairRec
	nBars                     int
	rest                      [maxSquares]uint8
	restChg, turnUndo, chgLen int
}

func snapshot(p *Position) state {
	s := state{board: p.board, occ: p.occ, kindBB: p.kindBB, count: p.count, present: p.present, taken: p.taken, virgin: p.virgin,
		side: p.side, ply: p.ply, halfmove: p.halfmove, checks: p.checks, epN: p.epN, hash: p.hash, status: p.status,
		history: len(p.history), undo: len(p.undo), swept: len(p.swept),
		port: p.port, portUndo: len(p.portUndo), momentum: p.momentum, folds: p.folds,
		out: p.out, passed: p.passed, pts: p.pts, seatLog: len(p.seatLog),
		under: p.under, pairs: p.pairs, cellLog: len(p.cellLog),
		pending: p.pending, fateSq: p.fateSq, face: p.face, deck: p.deck, deckLeft: p.deckLeft, chanceLog: len(p.chanceLog), took: p.took}
	s.turns = turnSnapshot{left: p.left, turn: p.turn, inRounds: p.inRounds, init: p.init, void: p.void, nBars: len(p.bars),
		rest: p.rest, restChg: len(p.restChg), turnUndo: len(p.turnUndo), chgLen: len(p.chg)}
	copy(s.turns.bars[:], p.bars)
	copy(s.ep[:p.epN], p.ep[:p.epN])
	if p.epN > 0 {
		s.epVictim = p.epVictim
	}
	return s
}

// TestMakeUnmakeRestores plays random games of every rule file and, at every
// ply, makes and unmakes every legal move: the position must come back
// exactly, the incremental hash must equal one computed from scratch, and
// the notation must read back to the same position and hash.
func TestMakeUnmakeRestores(t *testing.T) {
	games, plies := 4, 300
	if testing.Short() {
		games, plies = 1, 80
	}
	for _, ng := range allGames(t) {
		t.Run(ng.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(ng.name))))
			buf := make([]Move, 0, 256)
			for game := 0; game < games; game++ {
				p := ng.g.NewPosition()
				for ply := 0; ply < plies && !p.Outcome().Over; ply++ {
					checkPosition(t, p, ply%8 == 0)
					before := snapshot(p)
					if p.InRound() {
						checkRounds(t, p, before, rng)
						continue
					}
					moves := p.LegalMoves(buf[:0])
					for _, m := range moves {
						p.Make(m)
						if h := p.computeHash(); h != p.hash {
							t.Fatalf("after %s from %s: incremental hash %x, from scratch %x", p.undoMoveString(), p.undoFEN(), p.hash, h)
						}
						p.Unmake()
						if after := snapshot(p); after != before {
							t.Fatalf("make/unmake of %s changed the position %s\nbefore %+v\nafter  %+v", p.MoveString(m), p.FEN(), before, after)
						}
					}
					p.Make(moves[rng.IntN(len(moves))])
				}
				checkPosition(t, p, true)
				// Unwinding the whole game must give the start back.
				for len(p.undo) > 0 || len(p.chanceLog) > 0 { // chance outcomes have their own stack
					p.Unmake()
				}
				if got, want := snapshot(p), snapshot(ng.g.NewPosition()); got != want {
					t.Fatalf("unmaking a whole game did not restore the start:\n%+v\n%+v", got, want)
				}
			}
		})
	}
}

// checkRounds makes and unmakes every pair of choices of the round at p,
// as TestMakeUnmakeRestores does every move, then plays a random pair.
func checkRounds(t *testing.T, p *Position, before state, rng *rand.Rand) {
	t.Helper()
	m0, m1 := p.RoundMoves(0, nil), p.RoundMoves(1, nil)
	for _, a := range m0 {
		for _, b := range m1 {
			p.MakeRound(a, b)
			if h := p.computeHash(); h != p.hash {
				t.Fatalf("after round %s from %s: incremental hash %x, from scratch %x", p.RoundString(a, b), p.FEN(), p.hash, h)
			}
			checkPosition(t, p, false)
			p.Unmake()
			if after := snapshot(p); after != before {
				t.Fatalf("make/unmake of round %s changed the position %s\nbefore %+v\nafter  %+v", p.RoundString(a, b), p.FEN(), before, after)
			}
		}
	}
	p.MakeRound(m0[rng.IntN(len(m0))], m1[rng.IntN(len(m1))])
}

// checkPosition checks the notation round trip and, with moves, that every
// legal move's string reads back to it.
func checkPosition(t *testing.T, p *Position, moves bool) {
	t.Helper()
	fen := p.FEN()
	q, err := p.g.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(FEN()) of %s: %v", fen, err)
	}
	if q.FEN() != fen {
		t.Fatalf("notation does not round-trip:\n%s\n%s", fen, q.FEN())
	}
	if q.hash != p.hash {
		t.Fatalf("%s: hash %x after reading back, %x in play", fen, q.hash, p.hash)
	}
	if q.status != p.status {
		t.Fatalf("%s: board ending %+v after reading back, %+v in play", fen, q.status, p.status)
	}
	if q.ply != p.ply || q.side != p.side || q.halfmove != p.halfmove || q.checks != p.checks {
		t.Fatalf("%s: clocks or checks differ after reading back", fen)
	}
	if moves && !p.status.decided {
		a := p.LegalMoves(nil)
		b := q.LegalMoves(nil)
		if len(a) != len(b) {
			t.Fatalf("%s: %d legal moves in play, %d after reading back", fen, len(a), len(b))
		}
		for _, m := range a {
			s := p.MoveString(m)
			back, err := p.ParseMove(s)
			if err != nil || back != m {
				t.Fatalf("%s: move %s does not read back (%v)", fen, s, err)
			}
		}
	}
}

// undoMoveString and undoFEN describe the last move made, for messages.
func (p *Position) undoMoveString() string {
	m := p.undo[len(p.undo)-1].move
	p.Unmake()
	s := p.MoveString(m)
	p.Make(m)
	return s
}

func (p *Position) undoFEN() string {
	m := p.undo[len(p.undo)-1].move
	p.Unmake()
	s := p.FEN()
	p.Make(m)
	return s
}
