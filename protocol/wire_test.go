package protocol

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestWireFormat checks that jobs and results, whose identity is now one
// embedded struct, read and write the flat JSON they always had.
func TestWireFormat(t *testing.T) {
	id := JobIdentity{JobID: "b-000003", BatchID: "b", Ruleset: "chess", RulesetHash: "ab12",
		P0: "random", P1: "ab:d1", Seed: 9, PairID: 1, Game: 3}
	tests := []struct {
		name string
		wire string
		into any
		want any
	}{
		{"job",
			`{"v":1,"job_id":"b-000003","batch_id":"b","ruleset":"chess","ruleset_hash":"ab12","p0":"random","p1":"ab:d1","seed":9,"pair_id":1,"game":3,"max_nodes":500}`,
			&Job{}, &Job{V: 1, JobIdentity: id, MaxNodes: 500}},
		{"result",
			`{"v":1,"job_id":"b-000003","batch_id":"b","ruleset":"chess","ruleset_hash":"ab12","p0":"random","p1":"ab:d1","seed":9,"pair_id":1,"game":3,"moves":["a2a3"],"plies":1,"result":"1-0","winner":0,"ending":"checkmate","nodes":12,"lead_changes":2,"duration_ms":5,"worker_id":"w","attempt":1}`,
			&Result{}, &Result{V: 1, JobIdentity: id, Moves: []string{"a2a3"}, Plies: 1, Result: ResultFirstWins,
				Winner: FirstMover, Ending: "checkmate", Nodes: 12, LeadChanges: 2, DurationMS: 5, WorkerID: "w", Attempt: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := json.Unmarshal([]byte(tt.wire), tt.into); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(tt.into, tt.want) {
				t.Fatalf("decoded %+v, want %+v", tt.into, tt.want)
			}
			if got := string(Marshal(tt.want)); got != tt.wire {
				t.Errorf("encoded\n%s\nwant\n%s", got, tt.wire)
			}
		})
	}
}
