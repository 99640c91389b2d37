package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"regexp"
	"strconv"

	"balancefarm/stats"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Plot sizes, in points. The page gives each plot a caption; the plots
// carry no title of their own, so nothing is said twice or cut off.
const (
	plotWidth  = 6 * vg.Inch
	plotHeight = 3.6 * vg.Inch
)

var (
	barColor   = color.RGBA{70, 110, 170, 255}
	pointColor = color.RGBA{30, 60, 120, 255}
	alarmColor = color.RGBA{179, 38, 30, 255}
	greyColor  = color.RGBA{140, 140, 140, 255}
	palette    = []color.Color{
		color.RGBA{70, 110, 170, 255}, color.RGBA{221, 132, 82, 255}, color.RGBA{85, 168, 104, 255},
		color.RGBA{196, 78, 82, 255}, color.RGBA{129, 114, 179, 255}, color.RGBA{147, 120, 96, 255},
		color.RGBA{180, 180, 180, 255},
	}
)

// prolog matches what vgsvg writes before the <svg> element: an XML
// declaration and a comment, neither allowed in the middle of a page.
var prolog = regexp.MustCompile(`(?s)^\s*<\?xml[^>]*\?>\s*(<!--.*?-->\s*)?`)

// svgOf draws p and returns the <svg> element alone, ready to inline.
func svgOf(p *plot.Plot, w, h vg.Length) (string, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", fmt.Errorf("report: drawing a plot: %v", err)
	}
	return prolog.ReplaceAllString(buf.String(), ""), nil
}

// scoreGrid is the ladder's score matrix: Z(c, r) is rung r's score
// against rung c (a mirror pairing's first mover's score on the diagonal),
// NaN where they did not meet.
type scoreGrid struct {
	n int
	z [][]float64 // z[row][col]
}

func (g scoreGrid) Dims() (c, r int)   { return g.n, g.n }
func (g scoreGrid) Z(c, r int) float64 { return g.z[r][c] }
func (g scoreGrid) X(c int) float64    { return float64(c) }
func (g scoreGrid) Y(r int) float64    { return float64(r) }
func (r *Report) scoreMatrix() scoreGrid {
	n := len(r.Ladder)
	g := scoreGrid{n: n, z: make([][]float64, n)}
	idx := map[string]int{}
	for i, s := range r.Ladder {
		idx[s] = i
		g.z[i] = make([]float64, n)
		for j := range g.z[i] {
			g.z[i][j] = math.NaN()
		}
	}
	for _, p := range r.Pairings {
		a, okA := idx[p.Specs[0]]
		b, okB := idx[p.Specs[1]]
		if !okA || !okB {
			continue
		}
		g.z[a][b] = p.Score.Est
		if a != b {
			g.z[b][a] = 1 - p.Score.Est
		}
	}
	return g
}

// blueWhiteRed is a diverging palette: blue for low scores, white for 1/2,
// red for high.
type blueWhiteRed []color.Color

func (p blueWhiteRed) Colors() []color.Color { return p }

func newBlueWhiteRed(n int) blueWhiteRed {
	lo := [3]float64{59, 76, 192}
	mid := [3]float64{242, 242, 242}
	hi := [3]float64{180, 4, 38}
	p := make(blueWhiteRed, n)
	for i := range p {
		t := float64(i) / float64(n-1)
		from, to, u := lo, mid, 2*t
		if t > 0.5 {
			from, to, u = mid, hi, 2*t-1
		}
		var c [3]uint8
		for k := range c {
			c[k] = uint8(math.Round(from[k] + (to[k]-from[k])*u))
		}
		p[i] = color.RGBA{c[0], c[1], c[2], 255}
	}
	return p
}

// at is the colour the heat map paints v with, on a scale from lo to hi
// (as gonum's HeatMap picks it: the nearest of the palette's steps).
func (p blueWhiteRed) at(v, lo, hi float64) color.Color {
	i := int(math.Round((v - lo) / (hi - lo) * float64(len(p)-1)))
	return p[max(0, min(len(p)-1, i))]
}

// textOn is black or white, whichever contrasts more with the background
// c, by WCAG's relative luminance.
func textOn(bg color.Color) color.Color {
	c := color.RGBAModel.Convert(bg).(color.RGBA)
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	lum := 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
	// Contrast with black is (lum+0.05)/0.05, with white 1.05/(lum+0.05).
	if (lum+0.05)/0.05 >= 1.05/(lum+0.05) {
		return color.Black
	}
	return color.White
}

// nominalTicks labels integer positions with names.
func nominalTicks(names []string) plot.ConstantTicks {
	ts := make(plot.ConstantTicks, len(names))
	for i, n := range names {
		ts[i] = plot.Tick{Value: float64(i), Label: n}
	}
	return ts
}

func (r *Report) scoreMatrixPlot() (*plot.Plot, error) {
	g := r.scoreMatrix()
	p := plot.New()
	if g.n == 0 {
		return p, nil
	}
	pal := newBlueWhiteRed(64)
	hm := plotter.NewHeatMap(g, pal)
	hm.Min, hm.Max = 0, 1
	hm.NaN = color.RGBA{255, 255, 255, 255}
	p.Add(hm)
	var labels plotter.XYLabels
	for row := 0; row < g.n; row++ {
		for col := 0; col < g.n; col++ {
			if v := g.z[row][col]; !math.IsNaN(v) {
				labels.XYs = append(labels.XYs, plotter.XY{X: float64(col), Y: float64(row)})
				labels.Labels = append(labels.Labels, fmt.Sprintf("%.2f", v))
			}
		}
	}
	if len(labels.Labels) > 0 {
		l, err := plotter.NewLabels(labels)
		if err != nil {
			return nil, err
		}
		for i, xy := range labels.XYs {
			l.TextStyle[i].XAlign = draw.XCenter
			l.TextStyle[i].YAlign = draw.YCenter
			// White on the dark ends of the scale, black elsewhere.
			l.TextStyle[i].Color = textOn(pal.at(g.z[int(xy.Y)][int(xy.X)], hm.Min, hm.Max))
		}
		p.Add(l)
	}
	p.X.Tick.Marker = nominalTicks(r.Ladder)
	p.Y.Tick.Marker = nominalTicks(r.Ladder)
	p.X.Label.Text, p.Y.Label.Text = "against", "player"
	return p, nil
}

// intervalPoints are estimates with their interval, one per name.
type intervalPoints struct {
	est, lo, hi []float64
	horizontal  bool // estimates along X, names along Y
}

func (p intervalPoints) Len() int { return len(p.est) }
func (p intervalPoints) XY(i int) (float64, float64) {
	if p.horizontal {
		return p.est[i], float64(i)
	}
	return float64(i), p.est[i]
}
func (p intervalPoints) YError(i int) (float64, float64) {
	return p.est[i] - p.lo[i], p.hi[i] - p.est[i]
}
func (p intervalPoints) XError(i int) (float64, float64) {
	return p.est[i] - p.lo[i], p.hi[i] - p.est[i]
}

func (p *intervalPoints) add(iv stats.Interval) {
	p.est = append(p.est, iv.Est)
	p.lo = append(p.lo, math.Max(0, math.Min(iv.Lo, iv.Est)))
	p.hi = append(p.hi, math.Min(1, math.Max(iv.Hi, iv.Est)))
}

// firstMoverCounts are the first mover's results in a pairing's games,
// whichever spec moved first.
func firstMoverCounts(p stats.Pairing) stats.Counts {
	var c stats.Counts
	for _, s := range p.Sides {
		if s.First == p.Specs[0] {
			c.Wins += s.Counts.Wins
			c.Losses += s.Counts.Losses
		} else {
			c.Wins += s.Counts.Losses
			c.Losses += s.Counts.Wins
		}
		c.Draws += s.Counts.Draws
	}
	return c
}

// firstMoverPlot shows the first mover's score in each pairing with its
// interval, both colours kept apart so that an edge is not averaged away,
// and the one_sided band.
func (r *Report) firstMoverPlot() (*plot.Plot, vg.Length, error) {
	p := plot.New()
	pts, names := r.firstMoverRows()
	h := vg.Length(0.32*float64(len(names))+1.0) * vg.Inch
	if pts.Len() == 0 {
		return p, h, nil
	}
	th := r.Thresholds.OneSided
	band, err := plotter.NewPolygon(plotter.XYs{{X: 1 - th, Y: -0.5}, {X: th, Y: -0.5}, {X: th, Y: float64(len(names)) - 0.5}, {X: 1 - th, Y: float64(len(names)) - 0.5}})
	if err != nil {
		return nil, 0, err
	}
	band.Color = color.RGBA{230, 242, 230, 255}
	band.LineStyle.Width = 0
	mid, err := plotter.NewLine(plotter.XYs{{X: 0.5, Y: -0.5}, {X: 0.5, Y: float64(len(names)) - 0.5}})
	if err != nil {
		return nil, 0, err
	}
	mid.Color, mid.Dashes = greyColor, []vg.Length{vg.Points(3), vg.Points(3)}
	e, err := plotter.NewXErrorBars(pts)
	if err != nil {
		return nil, 0, err
	}
	e.LineStyle.Width = vg.Points(1.5)
	e.Color = pointColor
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, 0, err
	}
	s.GlyphStyle.Shape, s.GlyphStyle.Radius, s.GlyphStyle.Color = draw.CircleGlyph{}, vg.Points(3.5), pointColor
	p.Add(band, mid, e, s)
	p.NominalY(names...)
	p.X.Min, p.X.Max = 0, 1
	p.Y.Min, p.Y.Max = -0.5, float64(len(names))-0.5
	p.X.Label.Text = fmt.Sprintf("first mover's score (green: within the one_sided band %.2f to %.2f)", 1-th, th)
	return p, h, nil
}

// rungTotals gathers each rung's games from the pairings.
type rungTotals struct {
	vs      stats.Counts // against other rungs, from the rung's side
	all     stats.Counts // every game it played, mirror games once
	endings map[string]int
}

func (r *Report) rungTotals() map[string]*rungTotals {
	out := map[string]*rungTotals{}
	get := func(s string) *rungTotals {
		if out[s] == nil {
			out[s] = &rungTotals{endings: map[string]int{}}
		}
		return out[s]
	}
	for _, p := range r.Pairings {
		a, b := get(p.Specs[0]), get(p.Specs[1])
		for _, e := range p.Endings {
			a.endings[e.Rule] += e.Games
			if !p.Mirror {
				b.endings[e.Rule] += e.Games
			}
		}
		c := p.Counts
		a.all.Wins, a.all.Draws, a.all.Losses = a.all.Wins+c.Wins, a.all.Draws+c.Draws, a.all.Losses+c.Losses
		if p.Mirror {
			continue
		}
		b.all.Wins, b.all.Draws, b.all.Losses = b.all.Wins+c.Losses, b.all.Draws+c.Draws, b.all.Losses+c.Wins
		a.vs.Wins, a.vs.Draws, a.vs.Losses = a.vs.Wins+c.Wins, a.vs.Draws+c.Draws, a.vs.Losses+c.Losses
		b.vs.Wins, b.vs.Draws, b.vs.Losses = b.vs.Wins+c.Losses, b.vs.Draws+c.Draws, b.vs.Losses+c.Wins
	}
	return out
}

// rungNames labels the ladder, weakest first, with each rung's rating.
func (r *Report) rungNames() []string {
	elo := map[string]float64{}
	rated := map[string]bool{}
	for _, x := range r.Ratings.Rungs {
		elo[x.Spec], rated[x.Spec] = x.Elo.Est, true
	}
	names := make([]string, len(r.Ladder))
	for i, s := range r.Ladder {
		names[i] = s
		if rated[s] {
			names[i] = fmt.Sprintf("%s (%+.0f)", s, math.Round(elo[s])+0) // +0: no "-0"
		}
	}
	return names
}

// rungScorePlot is each rung's score against the rest of the ladder, in
// ladder order: a game rewards skill when the dots climb. Scores and
// their intervals lie in [0, 1], so the bars stay inside the plot.
func (r *Report) rungScorePlot() (*plot.Plot, error) {
	return r.rungIntervalPlot("score against the other rungs", func(t *rungTotals) (stats.Interval, bool) {
		n := t.vs.Games()
		return stats.Wilson(t.vs.Points(), n, r.Thresholds.Confidence), n > 0
	})
}

// drawRatePlot is the share of each rung's games drawn.
func (r *Report) drawRatePlot() (*plot.Plot, error) {
	return r.rungIntervalPlot("draw rate", func(t *rungTotals) (stats.Interval, bool) {
		n := t.all.Games()
		return stats.Wilson(float64(t.all.Draws), n, r.Thresholds.Confidence), n > 0
	})
}

func (r *Report) rungIntervalPlot(ylabel string, value func(*rungTotals) (stats.Interval, bool)) (*plot.Plot, error) {
	p := plot.New()
	totals := r.rungTotals()
	var pts intervalPoints
	for _, s := range r.Ladder {
		if t := totals[s]; t != nil {
			if iv, ok := value(t); ok {
				pts.add(iv)
				continue
			}
		}
		pts.add(stats.Interval{Est: math.NaN()})
	}
	var keep intervalPoints
	idx := plotter.XYs{}
	for i := range pts.est {
		if !math.IsNaN(pts.est[i]) {
			keep.est, keep.lo, keep.hi = append(keep.est, pts.est[i]), append(keep.lo, pts.lo[i]), append(keep.hi, pts.hi[i])
			idx = append(idx, plotter.XY{X: float64(i)})
		}
	}
	p.Y.Min, p.Y.Max = 0, 1
	p.Y.Label.Text = ylabel
	p.NominalX(r.rungNames()...)
	p.X.Min, p.X.Max = -0.5, float64(len(r.Ladder))-0.5
	if keep.Len() == 0 {
		return p, nil
	}
	at := placedPoints{keep, idx}
	e, err := plotter.NewYErrorBars(at)
	if err != nil {
		return nil, err
	}
	e.LineStyle.Width, e.Color = vg.Points(1.5), pointColor
	s, err := plotter.NewScatter(at)
	if err != nil {
		return nil, err
	}
	s.GlyphStyle.Shape, s.GlyphStyle.Radius, s.GlyphStyle.Color = draw.CircleGlyph{}, vg.Points(3.5), pointColor
	p.Add(plotter.NewGrid(), e, s)
	p.Y.Min, p.Y.Max = 0, 1 // Add widened the range to the data's
	return p, nil
}

// placedPoints are intervalPoints at given X positions.
type placedPoints struct {
	v  intervalPoints
	at plotter.XYs
}

func (p placedPoints) Len() int                        { return p.v.Len() }
func (p placedPoints) XY(i int) (float64, float64)     { return p.at[i].X, p.v.est[i] }
func (p placedPoints) YError(i int) (float64, float64) { return p.v.YError(i) }

// lengthPerRungPlot is a box plot of the game lengths of each rung's
// games (both sides, mirror games once).
func (r *Report) lengthPerRungPlot() (*plot.Plot, error) {
	p := plot.New()
	p.Y.Label.Text = "plies"
	p.NominalX(r.rungNames()...)
	p.X.Min, p.X.Max = -0.5, float64(len(r.Ladder))-0.5
	by := map[string]plotter.Values{}
	for _, g := range r.played {
		if stats.IsSeer(g.White) || stats.IsSeer(g.Black) {
			continue // the clairvoyant rung's games serve the skill share alone
		}
		by[g.White] = append(by[g.White], float64(g.Plies))
		if g.Black != g.White {
			by[g.Black] = append(by[g.Black], float64(g.Plies))
		}
	}
	for i, s := range r.Ladder {
		if len(by[s]) == 0 {
			continue
		}
		b, err := plotter.NewBoxPlot(vg.Points(24), float64(i), by[s])
		if err != nil {
			return nil, err
		}
		b.FillColor = color.RGBA{200, 214, 235, 255}
		p.Add(b)
	}
	p.Add(plotter.NewGrid())
	p.Y.Min = 0
	p.Y.Max = math.Max(1, p.Y.Max*1.08) // room for the longest game's mark
	p.Y.Tick.Marker = plainTicks{}
	return p, nil
}

// plainTicks are gonum's default ticks with numbers written shortest
// ("250", not "250.00").
type plainTicks struct{}

func (plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'f', -1, 64)
		}
	}
	return ts
}

// shareTicks label a share axis from 0 to 1 only, whatever room is left
// above it.
var shareTicks = plot.ConstantTicks{{Value: 0, Label: "0"}, {Value: 0.25}, {Value: 0.5, Label: "0.5"}, {Value: 0.75}, {Value: 1, Label: "1"}}

// endingsPerRungPlot stacks the share of each rung's games by how they
// ended; the rarest rules beyond six go together as "other".
func (r *Report) endingsPerRungPlot() (*plot.Plot, error) {
	p := plot.New()
	p.Y.Label.Text = "share of the rung's games"
	p.NominalX(r.rungNames()...)
	p.X.Min, p.X.Max = -0.5, float64(len(r.Ladder))-0.5
	totals := r.rungTotals()
	rules := make([]string, 0, len(r.Endings))
	for _, e := range r.Endings {
		rules = append(rules, e.Rule)
	}
	other := ""
	if len(rules) > len(palette)-1 {
		rules, other = rules[:len(palette)-1], "other"
	}
	if other != "" {
		rules = append(rules, other)
	}
	var below *plotter.BarChart
	for ri, rule := range rules {
		vs := make(plotter.Values, len(r.Ladder))
		for i, s := range r.Ladder {
			t := totals[s]
			if t == nil || t.all.Games() == 0 {
				continue
			}
			n := 0
			if rule == other {
				for k, c := range t.endings {
					if !containsString(rules[:len(rules)-1], k) {
						n += c
					}
				}
			} else {
				n = t.endings[rule]
			}
			vs[i] = float64(n) / float64(t.all.Games())
		}
		bc, err := plotter.NewBarChart(vs, vg.Points(28))
		if err != nil {
			return nil, err
		}
		bc.Color = palette[ri%len(palette)]
		bc.LineStyle.Width = 0
		if below != nil {
			bc.StackOn(below)
		}
		below = bc
		p.Add(bc)
		p.Legend.Add(rule, bc)
	}
	p.Legend.Top = true
	p.Legend.Left = false
	p.Legend.XOffs = -vg.Points(4)
	p.Y.Min, p.Y.Max = 0, 1.0
	if len(rules) > 0 {
		// Room above the bars for the legend.
		p.Y.Max = 1 + 0.09*float64(len(rules))
	}
	p.Y.Tick.Marker = shareTicks
	return p, nil
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// lengthPlot is the histogram of game lengths in the report's bins
// (Lengths.Histogram: round widths, about 20 bars up to the longest).
func (r *Report) lengthPlot() (*plot.Plot, error) {
	p := plot.New()
	p.X.Label.Text, p.Y.Label.Text = "game length (plies)", "games"
	if len(r.Lengths.Histogram) == 0 {
		return p, nil
	}
	h := &plotter.Histogram{FillColor: barColor}
	h.LineStyle.Color, h.LineStyle.Width = color.White, vg.Points(0.5)
	for _, b := range r.Lengths.Histogram {
		h.Bins = append(h.Bins, plotter.HistogramBin{Min: float64(b.From), Max: float64(b.To + 1), Weight: float64(b.Games)})
	}
	h.Width = h.Bins[0].Max - h.Bins[0].Min
	p.Add(h)
	p.X.Min = 0
	p.Y.Min = 0
	p.Y.Max *= 1.05
	p.X.Tick.Marker, p.Y.Tick.Marker = plainTicks{}, plainTicks{}
	return p, nil
}

// Figure is one plot, as inline SVG, with its caption.
type Figure struct {
	ID    string
	Title string
	SVG   string
}

// figures draws every plot of the HTML page but the first mover's, which
// stands next to the verdict.
func (r *Report) figures() ([]Figure, error) {
	// A measurement without rungs (nothing rated) has no ladder to plot.
	noRungs := len(r.Ladder) == 0
	makers := []struct {
		id, title string
		mk        func() (*plot.Plot, error)
		skip      bool
	}{
		{"rung-score", "Score against ladder strength (rating in brackets)", r.rungScorePlot, noRungs},
		{"draw-rate", "Draw rate per rung", r.drawRatePlot, noRungs},
		{"length-rung", "Game length per rung", r.lengthPerRungPlot, noRungs || len(r.played) == 0},
		{"endings-rung", "How games ended, per rung", r.endingsPerRungPlot, noRungs},
		{"lengths", "Game length, all games", r.lengthPlot, false},
		{"score-matrix", "Score matrix: row's score against column", r.scoreMatrixPlot, noRungs},
	}
	var out []Figure
	for _, m := range makers {
		if m.skip {
			continue
		}
		p, err := safePlot(m.mk)
		if err != nil {
			return nil, fmt.Errorf("report: plot %s: %v", m.id, err)
		}
		svg, err := svgOf(p, plotWidth, plotHeight)
		if err != nil {
			return nil, err
		}
		out = append(out, Figure{ID: m.id, Title: m.title, SVG: svg})
	}
	return out, nil
}

// firstMoverFigure is the first mover's plot, sized to its pairings.
func (r *Report) firstMoverFigure() (Figure, error) {
	p, h, err := r.firstMoverPlot()
	if err != nil {
		return Figure{}, fmt.Errorf("report: plot first-mover: %v", err)
	}
	svg, err := svgOf(p, plotWidth, h)
	if err != nil {
		return Figure{}, err
	}
	return Figure{ID: "first-mover", Title: "First mover's score per pairing (both colours, not averaged away)", SVG: svg}, nil
}

// safePlot makes a plot, turning a panic in the plotting library (for
// example on data it does not expect) into an error, so a report is never
// the reason a process dies.
func safePlot(mk func() (*plot.Plot, error)) (p *plot.Plot, err error) {
	defer func() {
		if v := recover(); v != nil {
			p, err = nil, fmt.Errorf("plotting failed: %v", v)
		}
	}()
	return mk()
}

// firstMoverRows are the first mover's plot's points and labels, weakest
// pairing first (drawn at the bottom), the equal-strength games last. The
// pairing the one_sided check reads is drawn with the check's own
// interval, which counts repeated lines once, so the plot and the verdict
// show the same interval; the others with Wilson's over their games.
func (r *Report) firstMoverRows() (intervalPoints, []string) {
	var pts intervalPoints
	pts.horizontal = true
	var names []string
	one, hasOne := r.checkNamed(stats.FlagOneSided)
	for i := len(r.Pairings) - 1; i >= 0; i-- {
		pr := r.Pairings[i]
		c := firstMoverCounts(pr)
		if c.Games() == 0 {
			continue
		}
		label := fmt.Sprintf("%s: %d games", pairingName(pr), c.Games())
		if pr.Mirror && hasOne && one.Assessed && one.Games == c.Games() {
			pts.add(one.Value)
			if one.Effective > 0 && one.Effective < float64(c.Games()) {
				label = fmt.Sprintf("%s: %d games, worth %.1f", pairingName(pr), c.Games(), one.Effective)
			}
			names = append(names, label)
			continue
		}
		pts.add(stats.Wilson(c.Points(), c.Games(), r.Thresholds.Confidence))
		names = append(names, label)
	}
	return pts, names
}

// checkNamed is the report's check of that name.
func (r *Report) checkNamed(name string) (stats.Check, bool) {
	for _, c := range r.Checks {
		if c.Name == name {
			return c, true
		}
	}
	return stats.Check{}, false
}
