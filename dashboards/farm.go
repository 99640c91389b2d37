package dashboards

import "fmt"

// Farm is the operators' dashboard: throughput, the job queue, failures
// and the workers.
func Farm() Dashboard {
	var l layout

	l.row("Throughput")
	l.add(12, 8, timeseries("Games per second",
		"Games recorded by the coordinator and games finished by the workers (the two differ by records in transit and duplicates).",
		"short",
		rangeQuery(fmt.Sprintf("sum(%s)", perSecond(sel(metricGamesCompleted, byRuleset))), "recorded"),
		rangeQuery(fmt.Sprintf("sum(%s)", perSecond(sel(metricWorkerGames, byRuleset))), "played by workers")))
	l.add(12, 8, timeseries("Games per second by ruleset", "Games recorded per second, by ruleset.", "short",
		rangeQuery(fmt.Sprintf("sum by (ruleset) (%s)", perSecond(sel(metricGamesCompleted, byRuleset))), "{{ruleset}}"),
		rangeQuery(fmt.Sprintf("sum by (ruleset) (%s)", perSecond(sel(metricJobsPublished, byRuleset))), "{{ruleset}} jobs queued")))

	l.row("Queue")
	// Every coordinator polls the same consumer, so the gauges are read
	// with max, not summed.
	l.add(8, 8, timeseries("Queue depth", "Jobs waiting for a worker (the workers consumer's pending count).", "short",
		rangeQuery(fmt.Sprintf("max(%s)", metricJobsQueued), "queued")))
	l.add(8, 8, timeseries("In-flight and redelivered jobs",
		"Jobs handed to a worker and not yet acknowledged, jobs on a second or later delivery, and games the workers are playing.",
		"short",
		rangeQuery(fmt.Sprintf("max(%s)", metricJobsInFlight), "in flight"),
		rangeQuery(fmt.Sprintf("max(%s)", metricJobsRedeliv), "redelivering"),
		rangeQuery(fmt.Sprintf("sum(%s)", metricWorkerBusy), "being played")))
	l.add(8, 8, stat("Batches", "Batches being collected now, and batches completed in the time range.", "none",
		thresholds("blue"), nil,
		instantQuery(fmt.Sprintf("sum(%s)", metricBatchesActive), "active"),
		instantQuery(fmt.Sprintf("sum(%s)", inRange(metricBatchesDone)), "completed")))

	l.row("Failures")
	l.add(6, 8, timeseries("Redelivered jobs per second",
		"Jobs the workers received on a second or later delivery: a worker died, stalled or failed the game.", "short",
		rangeQuery(fmt.Sprintf("sum by (ruleset) (%s)", perSecond(sel(metricWorkerRedeliv, byRuleset))), "{{ruleset}}")))
	l.add(6, 8, bars("Dead letters", "Jobs given up as engine failures in the time range, by who noticed.", "none",
		ptr(0.0), nil, thresholds("green", 1.0, "red"),
		instantQuery(fmt.Sprintf("sum by (ruleset, source) (%s)", inRange(sel(metricDeadLettered, byRuleset))), "{{ruleset}} ({{source}})"),
		instantQuery(fmt.Sprintf("sum by (ruleset) (%s)", inRange(sel(metricWorkerDead, byRuleset))), "{{ruleset}} (dead-lettered by workers)")))
	l.add(6, 8, timeseries("Engine errors per second by reason",
		"Failed attempts at a game: error, panic, wall_time, abandoned, bad_record, rule_file, bad_job, publish.", "short",
		rangeQuery(fmt.Sprintf("sum by (reason) (%s)", perSecond(sel(metricWorkerErrors, byRuleset))), "{{reason}}")))
	l.add(6, 8, timeseries("Record publish retries per second",
		"Failed attempts to publish a record, each retried; sustained retries mean NATS is unreachable or full.", "short",
		rangeQuery(fmt.Sprintf("sum(%s)", perSecond(metricWorkerPublish)), "retries")))

	l.row("Workers")
	l.add(4, 8, stat("Workers", "Worker processes Prometheus scrapes.", "none", thresholds("red", 1.0, "green"), nil,
		instantQuery(fmt.Sprintf("count(%s)", metricWorkerBusy), "workers")))
	l.add(10, 8, timeseries("Nodes per second, whole farm", "Nodes searched per second in recorded games, all workers together.", "short",
		rangeQuery(fmt.Sprintf("sum(%s)", perSecond(metricWorkerNodes)), "nodes/s")))
	l.add(10, 8, timeseries("Nodes per second by worker", "Nodes searched per second in recorded games, per worker.", "short",
		rangeQuery(fmt.Sprintf("sum by (instance) (%s)", perSecond(metricWorkerNodes)), "{{instance}}")))
	l.add(8, 8, timeseries("Games in progress by worker", "Games each worker is playing now.", "short",
		rangeQuery(fmt.Sprintf("sum by (instance) (%s)", metricWorkerBusy), "{{instance}}")))
	l.add(8, 8, timeseries("Nodes per second per game (median)", "Median of each recorded game's nodes per second, by ruleset.", "short",
		rangeQuery(fmt.Sprintf("histogram_quantile(0.5, sum by (ruleset, le) (%s))",
			perSecond(sel(metricWorkerNPS+"_bucket", byRuleset))), "{{ruleset}}")))
	l.add(8, 8, timeseries("Game wall time (median, 90th percentile)", "Wall time of recorded games as the workers measured it.", "s",
		rangeQuery(fmt.Sprintf("histogram_quantile(0.5, sum by (ruleset, le) (%s))",
			perSecond(sel(metricGameDuration+"_bucket", byRuleset))), "{{ruleset}} median"),
		rangeQuery(fmt.Sprintf("histogram_quantile(0.9, sum by (ruleset, le) (%s))",
			perSecond(sel(metricGameDuration+"_bucket", byRuleset))), "{{ruleset}} 90th percentile")))

	vars := []Variable{
		labelVariable("ruleset", "Ruleset", "Rule files with queued jobs.", metricJobsPublished, "ruleset"),
	}
	return dashboard("balancefarm-farm", "balancefarm: farm",
		"The farm at work: games per second, the job queue, redeliveries and dead letters, and the workers.",
		vars, &l)
}
