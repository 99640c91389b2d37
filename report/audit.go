package report

// Audit says what the farm's audits did to the measurement's games: how
// many results were played again from their jobs, what that cost, and
// which credentials or worker ids were quarantined because a game played
// again differed from the one they returned. A quarantined worker's games are not in the
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

// Quarantine names a publisher an audit caught and what was thrown away:
// a NATS credential, when the farm binds results to the credential that
// published them, else a worker id.
type Quarantine struct {
	// Credential is the NATS user whose results were all thrown away,
	// whatever worker id each carried; empty on a farm without per-user
	// credentials.
	Credential string `json:"credential,omitempty"`
	// Worker is the worker id of the result that differed: without a
	// credential, the worker id quarantined.
	Worker string `json:"worker"`
	Job    string `json:"job"`
	Reason string `json:"reason"`
	// Discarded counts the worker's games thrown away and played again;
	// Refused, its records refused after.
	Discarded int `json:"discarded"`
	Refused   int `json:"refused"`
}
