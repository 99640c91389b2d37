package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"regexp"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Plot sizes, in points.
const (
	plotWidth  = 6 * vg.Inch
	plotHeight = 4 * vg.Inch
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
		return "", fmt.Errorf("report: drawing %q: %v", p.Title.Text, err)
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
		a, b := idx[p.Specs[0]], idx[p.Specs[1]]
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
	p.Title.Text = "Score matrix: row's score against column (diagonal: first mover's)"
	hm := plotter.NewHeatMap(g, newBlueWhiteRed(64))
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
		for i := range l.TextStyle {
			l.TextStyle[i].XAlign = draw.XCenter
			l.TextStyle[i].YAlign = draw.YCenter
		}
		p.Add(l)
	}
	p.X.Tick.Marker = nominalTicks(r.Ladder)
	p.Y.Tick.Marker = nominalTicks(r.Ladder)
	p.X.Label.Text, p.Y.Label.Text = "against", "player"
	return p, nil
}

// ratingPoints are the rated rungs with their interval half-widths.
type ratingPoints struct{ est, lo, hi []float64 }

func (p ratingPoints) Len() int                        { return len(p.est) }
func (p ratingPoints) XY(i int) (float64, float64)     { return float64(i), p.est[i] }
func (p ratingPoints) YError(i int) (float64, float64) { return p.est[i] - p.lo[i], p.hi[i] - p.est[i] }

func (r *Report) ratingPlot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Rating ladder (Elo, %s = 0)", r.Ratings.Anchor)
	var pts ratingPoints
	var names []string
	for _, x := range r.Ratings.Rungs {
		pts.est = append(pts.est, x.Elo.Est)
		pts.lo = append(pts.lo, x.Elo.Lo)
		pts.hi = append(pts.hi, x.Elo.Hi)
		names = append(names, x.Spec)
	}
	if pts.Len() == 0 {
		return p, nil
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	e, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return nil, err
	}
	p.Add(e, s, plotter.NewGrid())
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	p.Y.Label.Text = "Elo"
	return p, nil
}

func (r *Report) lengthPlot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Game length"
	p.X.Label.Text, p.Y.Label.Text = "plies", "games"
	if len(r.plies) == 0 {
		return p, nil
	}
	vs := make(plotter.Values, len(r.plies))
	for i, x := range r.plies {
		vs[i] = float64(x)
	}
	bins := min(30, max(1, r.Lengths.Max-r.Lengths.Min+1))
	h, err := plotter.NewHist(vs, bins)
	if err != nil {
		return nil, err
	}
	p.Add(h)
	p.Y.Max *= 1.08 // room under the title
	return p, nil
}

func (r *Report) endingPlot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "How games ended"
	p.Y.Label.Text = "games"
	if len(r.Endings) == 0 {
		return p, nil
	}
	vs := make(plotter.Values, len(r.Endings))
	names := make([]string, len(r.Endings))
	for i, e := range r.Endings {
		vs[i], names[i] = float64(e.Games), e.Rule
	}
	bc, err := plotter.NewBarChart(vs, vg.Points(36))
	if err != nil {
		return nil, err
	}
	bc.Color = color.RGBA{70, 110, 170, 255}
	p.Add(bc)
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	p.Y.Max *= 1.08
	return p, nil
}

// Figure is one plot, as inline SVG.
type Figure struct {
	Title string
	SVG   string
}

// figures draws every plot of the HTML page.
func (r *Report) figures() ([]Figure, error) {
	makers := []func() (*plot.Plot, error){r.scoreMatrixPlot, r.ratingPlot, r.lengthPlot, r.endingPlot}
	var out []Figure
	for _, mk := range makers {
		p, err := mk()
		if err != nil {
			return nil, fmt.Errorf("report: plot: %v", err)
		}
		svg, err := svgOf(p, plotWidth, plotHeight)
		if err != nil {
			return nil, err
		}
		out = append(out, Figure{Title: p.Title.Text, SVG: svg})
	}
	return out, nil
}
