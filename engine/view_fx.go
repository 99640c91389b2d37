package engine

// The read-only view of the capture families, territory and wild pieces,
// for players and reports (see view.go).

// MayCapture reports whether a piece of kind k may capture one of kind
// victim (its captures list); a wild piece eats by the same rule.
func (g *Game) MayCapture(k, victim int) bool {
	if k < 0 || k >= g.nk || victim < 0 || victim >= g.nk {
		return false
	}
	return g.kinds[k].capMask>>uint(victim+1)&1 != 0
}

// Effects is what a capture does beyond removing a piece, and territory,
// as the engine plays them. Per-kind slices are indexed by kind.
type Effects struct {
	Explode     bool
	Radius      int    // king steps around the capture square
	BlastImmune []bool // survives standing in a blast
	ExplodeBy   []bool // its captures explode
	ExplodeOf   []bool // taking it explodes
	// StrikeStay: a strike leaves the capturer where it stood (rifle
	// chess), so a capture costs it nothing; StrikeReaches is whom a
	// strike reaches (not immune).
	Strike        bool
	StrikeStay    bool
	StrikeReaches []bool
	Contacts      bool
	Territory     bool
	Permanent     bool // claims are never repainted
	WinAt         int  // claims that win, 0 none
}

// Effects is the game's capture effects and territory, nil when it has none.
func (g *Game) Effects() *Effects {
	fx := g.fx
	if fx == nil || !fx.explode && !fx.strike && !fx.contacts && !fx.territory {
		return nil
	}
	bit := func(m uint32) []bool {
		out := make([]bool, g.nk)
		for k := range out {
			out[k] = m>>uint(k+1)&1 != 0
		}
		return out
	}
	e := &Effects{Explode: fx.explode, Radius: fx.radius, Strike: fx.strike, Contacts: fx.contacts,
		Territory: fx.territory, Permanent: fx.permanent, WinAt: fx.winAt}
	if fx.explode {
		e.BlastImmune, e.ExplodeBy, e.ExplodeOf = bit(fx.blastImmune), bit(fx.by), bit(fx.of)
	}
	if fx.strike {
		e.StrikeStay = fx.sPos == posStay
		e.StrikeReaches = bit(^fx.sImmune)
	}
	return e
}

// WildRoute is one route of wild pieces (rules.npcs; a mirror image is a
// route of its own): the squares in walking order, cyclic.
type WildRoute struct {
	Kind    int
	Squares []int
	Bounty  float64 // what taking one pays (rules.scoring count points)
	// Takers are the kinds that may take one, nil for any.
	Takers []int
}

// WildRoutes are the game's wild routes, nil without rules.npcs.
func (g *Game) WildRoutes() []WildRoute {
	w := g.wild
	if w == nil {
		return nil
	}
	out := make([]WildRoute, len(w.routes))
	for i, rt := range w.routes {
		r := WildRoute{Kind: rt.kind, Squares: bytesToInts(rt.sqs), Bounty: w.bounty[rt.entry]}
		if rt.takers != allKinds(g.nk) {
			r.Takers = []int{}
			for k := 0; k < g.nk; k++ {
				if rt.takers>>uint(k+1)&1 != 0 {
					r.Takers = append(r.Takers, k)
				}
			}
		}
		out[i] = r
	}
	return out
}
