package measure

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"
)

// The engine plays a job the same way twice: a measurement's audits of
// honest workers never differ, and its report says nothing of them. A
// batch whose audits quarantined a worker has a report that names it.
func TestAuditsInTheReport(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tf := startFarm(t, ctx)
	f, err := Read("../rulesets/five-by-five.json")
	if err != nil {
		t.Fatal(err)
	}
	s := Settings{Players: []string{"random", "ab:d1"}, Games: 6, Seed: 7, Slots: 2}
	out, err := tf.m.Run(ctx, f, s, farm.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Audit == nil || out.Audit.Audited < 1 || out.Audit.Mismatches != 0 || len(out.Audit.Quarantined) != 0 {
		t.Fatalf("audits of honest workers: %+v", out.Audit)
	}
	quarantined := func(q farm.Quarantine) *farm.AuditSummary {
		q.Job, q.Reason, q.Discarded = out.Results[0].JobID, "moves differ from ply 1", 2
		return &farm.AuditSummary{Audited: 3, Mismatches: 1, Quarantined: []farm.Quarantine{q}}
	}
	tests := []struct {
		name  string
		audit *farm.AuditSummary
		want  string // in the JSON and Markdown reports; "" for no audit section
		// wantMD is the Markdown report's line on it.
		wantMD string
	}{
		{"honest workers", out.Audit, "", ""},
		{"a quarantined worker", quarantined(farm.Quarantine{Worker: "liar"}), "liar", "Worker **liar** quarantined: 2 games discarded"},
		{"a quarantined credential", quarantined(farm.Quarantine{Credential: "w2", Worker: "w2-17"}), "w2",
			"Credential **w2** quarantined: 2 games discarded and played again, 0 records refused (job " + out.Results[0].JobID + ", worker id w2-17"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tf.m.keepAudit(&farm.Outcome{BatchID: out.BatchID, Audit: tc.audit})
			dir := t.TempDir()
			rep, err := tf.m.Report(f, s.Players, out.Results, out.DeadLetters, time.Second, dir)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := os.ReadFile(filepath.Join(dir, rep.Name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			md, err := os.ReadFile(filepath.Join(dir, rep.Name+".md"))
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == "" {
				if rep.Audit != nil || strings.Contains(string(doc), `"audit"`) || strings.Contains(string(md), "Audits:") {
					t.Fatalf("a report of honest workers mentions audits: %+v", rep.Audit)
				}
				return
			}
			if rep.Audit == nil || len(rep.Audit.Quarantined) != 1 || cmp.Or(rep.Audit.Quarantined[0].Credential, rep.Audit.Quarantined[0].Worker) != tc.want {
				t.Fatalf("report's audit %+v does not name %s", rep.Audit, tc.want)
			}
			if !strings.Contains(string(doc), `"quarantined"`) || !strings.Contains(string(doc), `"`+tc.want+`"`) || !strings.Contains(string(md), tc.wantMD) {
				t.Fatalf("the written reports do not name %s:\n%s", tc.want, md)
			}
		})
	}
}
