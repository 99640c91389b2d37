package report

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"

	"balancefarm/stats"
)

// page is the HTML template: one self-contained page, no external
// resource, written so that it also parses as XML (every element closed).
var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"iv": ivText,
	"f": func(format string, v any) string {
		if x, ok := v.(float64); ok {
			v = whole(x, format)
		}
		return fmt.Sprintf(format, v)
	},
	"fitTerms":         fitTerms,
	"unclearReference": unclearReference,
	"verdict":          verdictWords,
	"pairing":          pairingName,
	"endings":          endingsText,
	"wall":             wallText,
	"join":             strings.Join,
	"pct":              func(c float64) int { return int(c*100 + 0.5) },
	"inline":           func(s string) template.HTML { return template.HTML(s) },
	"share":            func(n, total int) string { return fmt.Sprintf("%.3f", float64(n)/float64(max(1, total))) },
	"yesno":            func(b bool) string { return map[bool]string{true: "yes", false: "no"}[b] },
	"state":            stateText,
	"unbounded":        func(c stats.Check) bool { return c.Value.Method == stats.MethodUnbounded },
	"seerMark":         func() string { return SeerMark },
	"more":             moreText,
	"isViable":         func(v string) bool { return v == stats.Viable },
	"even":             func(i int) bool { return i%2 == 0 },
	"inc":              func(i int) int { return i + 1 },
	"moveLabel":        moveLabel,
	"pctOf":            func(share float64) float64 { return 100 * share },
	"seat":             seatLabel,
	"seatWins":         seatWins,
	"seats":            seatList,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<title>{{.R.Name}}: {{verdict .R.Verdict}}</title>
<style>
body { font-family: sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.5em; }
.viable { color: #1a7f37; }
.not_viable { color: #b3261e; }
.inconclusive { color: #8a6d00; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.raised { background: #fde7e5; }
figure { display: inline-block; margin: 0.5em; vertical-align: top; }
figure svg { width: 33em; height: auto; }
figure.wide svg { width: 44em; }
figcaption { font-weight: bold; margin-bottom: 0.3em; }
figure.diagram svg, .viewer svg.board { width: auto; max-width: 26em; height: auto; }
.facts span { margin-right: 2em; }
ul.reasons { font-size: 1.15em; line-height: 1.5; }
ul.reasons li.undecided { color: #5c4a00; }
p.reasons.clear { font-size: 1.15em; }
.ex { font-size: 0.85em; color: #555; }
.game { border: 1px solid #ddd; padding: 0.5em 1em; margin: 1em 0; }
.viewer { display: flex; gap: 1.5em; align-items: flex-start; }
.panel, .legend { font-size: 0.9em; max-width: 40em; }
.moves { max-width: 36em; line-height: 1.7; }
.mv { cursor: pointer; padding: 0 0.15em; }
.mv.now { background: #f6d365; }
.num { color: #595959; margin-right: 0.2em; }
.coord { font-size: 11px; fill: #555; text-anchor: middle; font-family: sans-serif; }
</style>
</head>
<body>
<h1 id="verdict" class="{{.R.Verdict}}">Verdict: {{verdict .R.Verdict}} ({{.R.Name}})</h1>
<section id="reasons">
{{if .Reasons}}<ul class="reasons">{{range .Reasons}}<li class="{{.State}}">{{.Text}}{{if .Games}} <span class="ex">Example games: {{range $i, $g := .Games}}{{if $i}}, {{end}}<a href="#game-{{$g.Round}}">{{$g.Round}}</a>{{end}}.</span>{{end}}</li>
{{end}}</ul>{{else}}<p class="reasons clear">Every flag is clear: at equal strength the games were decisive, finished, long enough and fair to both players, and skill paid.</p>{{end}}
</section>
{{if not .R.Seats}}<figure id="first-mover" class="wide"><figcaption>{{.FirstMover.Title}}</figcaption>{{inline .FirstMover.SVG}}</figure>
{{end}}<p class="facts"><span>File: <code>{{.R.File}}</code></span><span id="games">Games: {{.R.Games}}</span><span>Left out for errors: {{.R.ErrorGames}}</span><span id="wall">Wall time: {{wall .R.WallSeconds}}</span>{{if .R.GamesFile}}<span>Every game: <a href="{{.R.GamesFile}}">{{.R.GamesFile}}</a></span>{{end}}</p>
{{if .R.Losses}}<h2>Lost games</h2>
<p>{{.R.LostGames}} dead-lettered (no record) and {{.R.ErrorGames}} ended in error: {{f "%.1f" (pctOf .R.LostShare)}}% of the batch.</p>
<table><tr><th>worker</th><th>games lost</th><th>first error</th></tr>{{range .R.Losses}}<tr><td>{{.Worker}}</td><td>{{.Games}}</td><td>{{.FirstError}}</td></tr>{{end}}</table>{{end}}
{{with .R.Audit}}{{if .Quarantined}}<section id="quarantined"><h2>Quarantined workers</h2>
<p>A game played again from its job differed from the one these workers returned: their games were discarded and played again by others.</p>
<ul>{{range .Quarantined}}<li>{{if .Credential}}credential <b>{{.Credential}}</b>{{else}}<b>{{.Worker}}</b>{{end}}: {{.Discarded}} games discarded, {{.Refused}} records refused (job {{.Job}}{{if .Credential}}, worker id {{.Worker}}{{end}}: {{.Reason}})</li>{{end}}</ul></section>{{end}}{{end}}
{{with .R.Budget}}<p id="budget">{{.Sentence}}</p>
{{end}}{{if .R.Undecided}}<h2>Undecided{{if .R.Budget}}{{if .R.Budget.Undecided}} for lack of time{{end}}{{end}}</h2>
<p>The interval straddles the threshold: {{if .R.Budget}}{{if .R.Budget.Undecided}}the time budget{{else}}the games{{end}}{{else}}the games{{end}} ran out first.</p>
<ul>{{range .R.Undecided}}<li><b>{{.Name}}</b> ({{more .MoreGames}} would decide it): {{.Detail}}</li>{{end}}</ul>{{end}}
{{if .R.Flags}}<h2>Raised flags</h2>
<ul>{{range .R.Flags}}<li><b>{{.Name}}</b>: {{.Detail}}</li>{{end}}</ul>
{{end}}
{{if .R.Warnings}}<h2>Design warnings</h2>
<p>Reported for the designer; they do not change the verdict.</p>
<ul>{{range .R.Warnings}}<li><b>{{.Name}}</b>: {{.Detail}}</li>{{end}}</ul>{{end}}
<p>Ladder, weakest first by rating: {{join .R.LadderStated " < "}}. Rates read from {{.R.Scope.Games}} {{.R.Scope.Description}}. Intervals are {{pct .R.Thresholds.Confidence}}%.</p>
{{with .R.Scope.Openings}}<p id="openings">Equal-strength rates read over the random opening's lines, each weighted by its chance: {{.}}.</p>
{{end}}<p id="skill-share">Skill share: {{.R.SkillText}}{{with .R.SkillEloText}} {{.}}{{end}}</p>
{{if .R.LadderInverted}}<p>The ratings do not keep the ladder's intended order ({{join .R.Ladder " < "}}):</p>
<ul>{{range .R.LadderInverted}}<li>{{.}}.</li>{{end}}</ul>{{end}}
{{inline .Symbols}}
{{if .StartSVG}}<h2>Start position</h2>
<figure class="diagram" id="start-position">{{inline .StartSVG}}{{if .StartPanel}}<figcaption class="panel">{{.StartPanel}}</figcaption>{{end}}</figure>{{end}}
{{with .Legend}}<p class="legend">{{.}}</p>{{end}}
<h2>Plots</h2>
<div>{{range .Figures}}<figure id="plot-{{.ID}}"><figcaption>{{.Title}}</figcaption>{{inline .SVG}}</figure>{{end}}</div>
{{if .Games}}<h2 id="examples">Example games</h2>
<p>{{if .R.Flags}}Games that show each flag{{else if .R.Undecided}}No flag is raised: games that show each check still undecided, then typical games{{else}}No flag is raised: typical games{{end}}{{if .R.GamesFile}}; every game is in <a href="{{.R.GamesFile}}">{{.R.GamesFile}}</a>{{end}}. The board shows the final position: step through a game with the buttons, the arrow keys or a click on a move.{{with .Legend}} {{.}}{{end}}</p>
{{range .Groups}}<h3>{{.Flag}}: {{.Why}}</h3>
{{range .Games}}<div class="game" id="game-{{.Round}}" tabindex="0">
<p class="gamehead"><b>Game {{.Round}}</b>: {{.White}} (first) vs {{.Black}}, {{.Result}} by {{.Ending}} in {{.Plies}} plies</p>
<div class="viewer"><div>{{inline .SVG}}{{if .Panel}}
<p class="panel">{{.Panel}}</p>{{end}}
<p class="controls"><button type="button" class="first">|&lt;</button> <button type="button" class="prev">&lt;</button> <button type="button" class="next">&gt;</button> <button type="button" class="last">&gt;|</button> <span class="ply">final position</span></p></div>
<p class="moves">{{$g := .}}{{range $i, $m := .Moves}}{{with moveLabel $g.ExampleGame $i}}<span class="num">{{.}}</span>{{end}}<span class="mv" data-ply="{{inc $i}}">{{$m}}</span> {{end}}</p></div>
</div>
{{end}}{{end}}
<script type="application/json" id="replay-data">{{.Data}}</script>
<script>{{.Script}}</script>
{{end}}
<h2>Checks</h2>
<table>
<tr><th>flag</th><th>value</th><th>interval</th><th>threshold</th><th>state</th><th>detail</th></tr>
{{range .R.Checks}}<tr{{if .Raised}} class="raised"{{end}}><td>{{.Name}}</td>{{if unbounded .}}<td>cannot be read</td><td>unbounded</td>{{else if .Assessed}}<td class="num">{{f "%.3f" .Value.Est}}</td><td class="num">{{f "%.3f" .Value.Lo}} to {{f "%.3f" .Value.Hi}}</td>{{else}}<td>not assessed</td><td></td>{{end}}<td class="num">{{f "%.2f" .Threshold}}</td><td>{{state .}}</td><td>{{.Detail}}</td></tr>
{{end}}</table>
{{with .R.Seats}}<h2 id="seats">Seats</h2>
<p>Read from {{.Games}} {{.Scope}}; a seat's score is its mean share of a game (a winning team's seats share 1, a draw splits it), intervals {{pct $.R.Thresholds.Confidence}}% together over the seats.</p>
<table>
<tr><th>seat</th><th>score</th><th>interval</th><th>even</th><th>won</th></tr>
{{range .Scores}}<tr><td>{{seat .}}</td><td class="num">{{f "%.3f" .Score.Est}}</td><td class="num">{{f "%.3f" .Score.Lo}} to {{f "%.3f" .Score.Hi}}</td><td class="num">{{f "%.3f" .Fair}}</td><td class="num">{{seatWins $.R.Seats .}}</td></tr>
{{end}}</table>
{{if .Teams}}<table>
<tr><th>team</th><th>seats</th><th>score</th><th>interval</th><th>even</th><th>won</th></tr>
{{range .Teams}}<tr><td>{{seat .}}</td><td>{{seats .Seats}}</td><td class="num">{{f "%.3f" .Score.Est}}</td><td class="num">{{f "%.3f" .Score.Lo}} to {{f "%.3f" .Score.Hi}}</td><td class="num">{{f "%.3f" .Fair}}</td><td class="num">{{.Wins}}</td></tr>
{{end}}</table>{{end}}
<p>Draws (every seat the same share): {{iv .Draws "%.3f"}}. Balance (Ludii's, N players): {{iv .Balance "%.3f"}}.</p>
<ul>{{range .Sentences}}<li>{{.}}</li>{{end}}</ul>
{{else}}<p>First mover's score at equal strength: {{iv .R.FirstMover.Score "%.3f"}}, {{.R.FirstMover.Source}}.</p>
{{end}}{{with .R.TopValues}}<p>{{.}}</p>
{{end}}{{with .R.TopTable}}<p>{{.}}</p>
{{end}}{{with .R.PieceValues}}<h2>Piece values learned from play</h2>
<p>Logistic regression of the results on material over {{.Positions}} quiet positions of {{.Games}} games between searching players{{fitTerms .}}, in {{.Reference}}s.</p>
<table>
<tr><th>piece</th><th>value</th><th>interval</th><th>declared</th></tr>
{{range .Values}}<tr><td>{{.Kind}}</td><td class="num">{{f "%.2f" .Value.Est}}</td><td class="num">{{f "%.2f" .Value.Lo}} to {{f "%.2f" .Value.Hi}}</td><td class="num">{{f "%.2f" .Declared}}</td></tr>
{{end}}</table>{{with unclearReference .}}<p>{{.}}</p>{{end}}{{else}}{{if .R.PieceValuesNote}}<p>Piece values were not learned: {{.R.PieceValuesNote}}.</p>{{end}}{{end}}
<h2>Ratings</h2>
<p>{{.R.Ratings.Model}}. Anchor {{.R.Ratings.Anchor}} = 0; first-move edge {{iv .R.Ratings.FirstMove "%+.0f"}} Elo.</p>
<table>
<tr><th>rung</th><th>Elo</th><th>interval</th><th>games</th></tr>
{{range .RungsStrongFirst}}<tr><td>{{.Spec}}</td><td class="num">{{f "%+.0f" .Elo.Est}}</td><td class="num">{{f "%+.0f" .Elo.Lo}} to {{f "%+.0f" .Elo.Hi}}</td><td class="num">{{.Games}}</td></tr>
{{end}}{{with .R.Skill.SeerRating}}<tr><td>{{.Spec}}, {{seerMark}}</td><td class="num">{{f "%+.0f" .Elo.Est}}</td><td class="num">{{f "%+.0f" .Elo.Lo}} to {{f "%+.0f" .Elo.Hi}}</td><td class="num">{{.Games}}</td></tr>
{{end}}</table>
{{if .R.Ratings.Left}}<p>Not rated (no games linking them to the anchor): {{join .R.Ratings.Left ", "}}.</p>{{end}}
<h2>Pairings</h2>
<p>Scores are the first-named spec's (the first mover's in a mirror pairing); pairs count colour-swapped pairs by that spec's pair score.</p>
<table>
<tr><th>pairing</th><th>games</th><th>W-D-L</th><th>score (Wilson)</th><th>pairs 0, ½, 1, 1½, 2</th><th>pair score</th><th>how games ended</th></tr>
{{range .R.Pairings}}<tr><td>{{pairing .}}</td><td class="num">{{.Counts.Games}}</td><td class="num">{{.Counts.Wins}}-{{.Counts.Draws}}-{{.Counts.Losses}}</td><td class="num">{{iv .Score "%.3f"}}</td><td class="num">{{range $i, $c := .Pentanomial.Counts}}{{if $i}}, {{end}}{{$c}}{{end}}</td><td class="num">{{iv .Pentanomial.Score "%.3f"}}</td><td>{{endings .Endings}}</td></tr>
{{end}}</table>
<h3>By side</h3>
<table>
<tr><th>pairing</th><th>first mover</th><th>W-D-L</th><th>score</th><th>how games ended</th></tr>
{{range $p := .R.Pairings}}{{range .Sides}}<tr><td>{{pairing $p}}</td><td>{{.First}}</td><td class="num">{{.Counts.Wins}}-{{.Counts.Draws}}-{{.Counts.Losses}}</td><td class="num">{{iv .Score "%.3f"}}</td><td>{{endings .Endings}}</td></tr>
{{end}}{{end}}</table>
{{if .R.Time}}<h3>Where the time went</h3>
<p>{{.TimeText}}</p>
<table>
<tr><th>pairing</th><th>games</th><th>game seconds</th><th>share</th><th>seconds a game</th><th>positions searched a second</th></tr>
{{range .R.Time}}<tr><td>{{.Pairing}}</td><td class="num">{{.Games}}</td><td class="num">{{f "%.1f" .Seconds}}</td><td class="num">{{f "%.1f" (pctOf .Share)}}%</td><td class="num">{{f "%.2f" .SecondsPerGame}}</td><td class="num">{{f "%.0f" .NodesPerSecond}}</td></tr>
{{end}}</table>{{end}}
<h2>Metrics (Ludii's names)</h2>
<table>
<tr><th>metric</th><th>Ludii</th><th>value</th><th>interval</th><th>games</th><th>definition</th></tr>
{{range .R.Metrics}}<tr><td>{{.Name}}</td><td>{{.Ludii}}</td>{{if .Measured}}<td class="num">{{f "%.3f" .Value.Est}}</td><td class="num">{{f "%.3f" .Value.Lo}} to {{f "%.3f" .Value.Hi}}</td>{{else}}<td>not measured</td><td></td>{{end}}<td class="num">{{.Games}}</td><td>{{.Definition}}</td></tr>
{{end}}</table>
{{if .R.SkillSteps}}<table>
<tr><th>weak</th><th>doubled</th><th>games</th><th>doubled side's score</th></tr>
{{range .R.SkillSteps}}<tr><td>{{.Weak}}</td><td>{{.Strong}}</td><td class="num">{{.Games}}</td><td class="num">{{iv .Score "%.3f"}}</td></tr>
{{end}}</table>{{end}}
<h2>How games ended</h2>
<table>
<tr><th>rule</th><th>games</th><th>share</th></tr>
{{range .R.Endings}}<tr><td>{{.Rule}}</td><td class="num">{{.Games}}</td><td class="num">{{share .Games $.R.Games}}</td></tr>
{{end}}</table>
<p>Game length in plies: min {{.R.Lengths.Min}}, median {{f "%.1f" .R.Lengths.Median}}, mean {{f "%.1f" .R.Lengths.Mean}}, max {{.R.Lengths.Max}}.</p>
</body>
</html>
`))

// HTML renders the stand-alone page with its plots, diagrams and replay
// viewer inlined.
func (r *Report) HTML() ([]byte, error) {
	figs, err := r.figures()
	if err != nil {
		return nil, err
	}
	fm, err := r.firstMoverFigure()
	if err != nil {
		return nil, err
	}
	rungs := make([]stats.Rating, 0, len(r.Ratings.Rungs))
	for i := len(r.Ratings.Rungs) - 1; i >= 0; i-- {
		rungs = append(rungs, r.Ratings.Rungs[i])
	}
	v, err := r.viewer()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = page.Execute(&b, struct {
		R                *Report
		Reasons          []reasonView
		FirstMover       Figure
		Figures          []Figure
		RungsStrongFirst []stats.Rating
		TimeText         string
		*viewerData
	}{r, r.reasonViews(), fm, figs, rungs, r.timeText(), v})
	if err != nil {
		return nil, fmt.Errorf("report: html: %v", err)
	}
	return r.shortNames(b.Bytes()), nil
}

// reasonView is a reason with the example games it links.
type reasonView struct {
	Reason
	Games []ExampleGame
}

func (r *Report) reasonViews() []reasonView {
	out := make([]reasonView, 0, len(r.Reasons))
	for _, x := range r.Reasons {
		v := reasonView{Reason: x}
		if ex := r.examplesOf(x.Flag); ex != nil {
			v.Games = ex.Games
		}
		out = append(out, v)
	}
	return out
}
