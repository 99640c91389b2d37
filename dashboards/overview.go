package dashboards

import (
	"fmt"

	"balancefarm/stats"
)

// Metric names the dashboards read. They are the farm's (farm/metrics.go);
// histograms are read through their _bucket, _sum and _count series.
const (
	metricGamesCompleted = "balancefarm_games_completed_total"
	metricGamePlies      = "balancefarm_game_plies"
	metricGameDuration   = "balancefarm_game_duration_seconds"
	metricJobsPublished  = "balancefarm_jobs_published_total"
	metricJobsQueued     = "balancefarm_jobs_queued"
	metricJobsInFlight   = "balancefarm_jobs_in_flight"
	metricJobsRedeliv    = "balancefarm_jobs_redelivering"
	metricDeadLettered   = "balancefarm_jobs_dead_lettered_total"
	metricBatchesActive  = "balancefarm_batches_active"
	metricBatchesDone    = "balancefarm_batches_completed_total"
	metricWorkerGames    = "balancefarm_worker_games_total"
	metricWorkerErrors   = "balancefarm_worker_engine_errors_total"
	metricWorkerRedeliv  = "balancefarm_worker_redelivered_jobs_total"
	metricWorkerDead     = "balancefarm_worker_dead_letters_total"
	metricWorkerBusy     = "balancefarm_worker_games_in_progress"
	metricWorkerNodes    = "balancefarm_worker_nodes_total"
	metricWorkerNPS      = "balancefarm_worker_nodes_per_second"
	metricWorkerPublish  = "balancefarm_worker_publish_retries_total"

	// Requested from the farm (see the report to the lead): the verdict of
	// each ruleset's latest measurement, and a count of games by ending
	// rule.
	metricRulesetViable = "balancefarm_ruleset_viable"
	metricGameEndings   = "balancefarm_game_endings_total"
)

// Label matchers on the template variables.
const (
	byRuleset = `ruleset=~"$ruleset"`
	byP0      = `p0=~"$p0"`
	byP1      = `p1=~"$p1"`
)

// Result label values (protocol.ResultFirstWins and friends).
const (
	firstWins  = `result="1-0"`
	secondWins = `result="0-1"`
	draw       = `result="1/2-1/2"`
)

// inRange is a counter's increase over the dashboard's time range.
func inRange(selector string) string { return fmt.Sprintf("increase(%s[$__range])", selector) }

// perSecond is a counter's rate over Grafana's rate interval.
func perSecond(selector string) string { return fmt.Sprintf("rate(%s[$__rate_interval])", selector) }

// share is part/total per group of labels by, part filled with 0 where it
// has no series and total limited to groups with games.
func share(by, part, total string) string {
	tot := fmt.Sprintf("sum by (%s) (%s)", by, total)
	return fmt.Sprintf("%s / (%s > 0)", orZero(fmt.Sprintf("sum by (%s) (%s)", by, part), tot), tot)
}

// Overview is the designers' dashboard: per ruleset, who wins from which
// side, draws, the first player's score, game length, how games end and
// the verdict.
func Overview() Dashboard {
	th := stats.DefaultThresholds()
	games := func(extra ...string) string {
		return sel(metricGamesCompleted, append([]string{byRuleset, byP0, byP1}, extra...)...)
	}
	var l layout

	l.row("Verdicts")
	l.add(12, 6, stat("Verdict per ruleset",
		"The verdict of each ruleset's latest completed measurement (1: viable, 0: not viable).",
		"none", thresholds("red", 1.0, "green"),
		[]ValueMapping{{Type: "value", Options: map[string]MappedValue{
			"0": {Text: "not viable", Color: "red", Index: 0},
			"1": {Text: "viable", Color: "green", Index: 1},
		}}},
		instantQuery(fmt.Sprintf("max by (ruleset) (%s)", sel(metricRulesetViable, byRuleset)), "{{ruleset}}")))
	l.add(12, 6, bars("Games recorded per ruleset", "Games recorded in the time range.",
		"none", ptr(0.0), nil, thresholds("blue"),
		instantQuery(fmt.Sprintf("sum by (ruleset) (%s)", inRange(games())), "{{ruleset}}")))

	l.row("Who wins, from which side")
	pair := "ruleset, p0, p1"
	l.add(12, 10, bars("First mover's win rate by pairing",
		"Share of the pairing's games won by the player moving first (p0), in the time range.",
		"percentunit", ptr(0.0), ptr(1.0), thresholds("blue"),
		instantQuery(share(pair, inRange(games(firstWins)), inRange(games())), "{{ruleset}}: {{p0}} (first) vs {{p1}}")))
	l.add(12, 10, bars("Second mover's win rate by pairing",
		"Share of the pairing's games won by the player moving second (p1), in the time range.",
		"percentunit", ptr(0.0), ptr(1.0), thresholds("blue"),
		instantQuery(share(pair, inRange(games(secondWins)), inRange(games())), "{{ruleset}}: {{p1}} (second) vs {{p0}}")))
	l.add(8, 8, bars("Draw rate per ruleset",
		fmt.Sprintf("Share of drawn games in the time range, over every pairing. Red above the verdict's default draw_heavy threshold (%.2f), which the verdict applies to the strongest rungs only.", th.DrawHeavy),
		"percentunit", ptr(0.0), ptr(1.0), thresholds("green", th.DrawHeavy, "red"),
		instantQuery(share("ruleset", inRange(games(draw)), inRange(games())), "{{ruleset}}")))
	firstScore := func(window func(string) string) string {
		tot := fmt.Sprintf("sum by (ruleset) (%s)", window(games()))
		wins := orZero(fmt.Sprintf("sum by (ruleset) (%s)", window(games(firstWins))), tot)
		draws := orZero(fmt.Sprintf("sum by (ruleset) (%s)", window(games(draw))), tot)
		return fmt.Sprintf("(%s + 0.5 * %s) / (%s > 0)", wins, draws, tot)
	}
	scoreTh := thresholds("red", 1-th.OneSided, "green", th.OneSided, "red")
	scoreHelp := fmt.Sprintf("The first mover's score (win 1, draw 1/2) over every game; colour-swapped pairs cancel the players' strengths. Red outside the verdict's default one_sided band [%.2f, %.2f], which the verdict applies to equal-strength games.", 1-th.OneSided, th.OneSided)
	l.add(8, 8, bars("First player's score per ruleset", scoreHelp, "percentunit", ptr(0.0), ptr(1.0), scoreTh,
		instantQuery(firstScore(inRange), "{{ruleset}}")))
	scoreOverTime := timeseries("First player's score over time", scoreHelp, "percentunit",
		rangeQuery(firstScore(perSecond), "{{ruleset}}"))
	scoreOverTime.FieldConfig.Defaults.Min, scoreOverTime.FieldConfig.Defaults.Max = ptr(0.0), ptr(1.0)
	l.add(8, 8, scoreOverTime)

	l.row("How games end")
	l.add(12, 9, bars("Results per ruleset",
		"Shares of first-mover wins, second-mover wins and draws in the time range.",
		"percentunit", ptr(0.0), ptr(1.0), thresholds("blue"),
		instantQuery(share("ruleset", inRange(games(firstWins)), inRange(games())), "{{ruleset}}: first mover wins"),
		instantQuery(share("ruleset", inRange(games(secondWins)), inRange(games())), "{{ruleset}}: second mover wins"),
		instantQuery(share("ruleset", inRange(games(draw)), inRange(games())), "{{ruleset}}: draws")))
	endings := sel(metricGameEndings, byRuleset)
	l.add(12, 9, bars("Endings by rule",
		"Share of each ruleset's games ended by each rule (checkmate, max_plies, ...), in the time range.",
		"percentunit", ptr(0.0), ptr(1.0), thresholds("blue"),
		instantQuery(fmt.Sprintf("sum by (ruleset, ending) (%s) / ignoring (ending) group_left () (sum by (ruleset) (%s) > 0)",
			inRange(endings), inRange(endings)), "{{ruleset}}: {{ending}}")))

	l.row("Game length")
	plies := func(suffix string) string { return sel(metricGamePlies+suffix, byRuleset) }
	quantile := func(q float64, window func(string) string) string {
		return fmt.Sprintf("histogram_quantile(%g, sum by (ruleset, le) (%s))", q, window(plies("_bucket")))
	}
	l.add(8, 8, bars("Game length per ruleset (median, 90th percentile)",
		"Plies per game in the time range, estimated from the histogram's buckets.",
		"none", ptr(0.0), nil, thresholds("blue"),
		instantQuery(quantile(0.5, inRange), "{{ruleset}} median"),
		instantQuery(quantile(0.9, inRange), "{{ruleset}} 90th percentile")))
	l.add(8, 8, bars("Mean game length per ruleset", "Mean plies per game in the time range.",
		"none", ptr(0.0), nil, thresholds("blue"),
		instantQuery(fmt.Sprintf("sum by (ruleset) (%s) / (sum by (ruleset) (%s) > 0)",
			inRange(plies("_sum")), inRange(plies("_count"))), "{{ruleset}}")))
	l.add(8, 8, timeseries("Game length over time (median)", "Median plies of the games recorded in each rate interval.",
		"none", rangeQuery(quantile(0.5, perSecond), "{{ruleset}}")))

	vars := []Variable{
		labelVariable("ruleset", "Ruleset", "Rule files with recorded games.", metricGamesCompleted, "ruleset"),
		labelVariable("p0", "First mover (p0)", "Player specs that moved first.", metricGamesCompleted, "p0", byRuleset),
		labelVariable("p1", "Second mover (p1)", "Player specs that moved second.", metricGamesCompleted, "p1", byRuleset),
	}
	return dashboard("balancefarm-overview", "balancefarm: rulesets",
		"Per ruleset: who wins from which side, draws, the first player's score, how games end, game length and the verdict.",
		vars, &l)
}
