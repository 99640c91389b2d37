package report

// Audit says what the farm's audits did to the measurement's games: how
// many results were played again from their jobs, what that cost, and
// which worker ids were quarantined because a game played again differed
// from the one they returned. A quarantined worker's games are not in the
// report: they were discarded and played again by others.
type Audit struct {
	Audited    int `json:"audited"`
	Mismatches int `json:"mismatches"`
	// Seconds is the audits' wall time; GameSeconds the counted games'
	// as their workers measured it.
	Seconds     float64      `json:"seconds"`
	GameSeconds float64      `json:"game_seconds"`
	Quarantined []Quarantine `json:"quarantined,omitempty"`
}

// Quarantine names a worker id an audit caught and what was thrown away.
type Quarantine struct {
	Worker string `json:"worker"`
	Job    string `json:"job"`
	Reason string `json:"reason"`
	// Discarded counts the worker's games thrown away and played again;
	// Refused, its records refused after.
	Discarded int `json:"discarded"`
	Refused   int `json:"refused"`
}
