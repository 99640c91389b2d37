package dashboards

import (
	"os"
	"os/exec"
	"testing"
)

// needTool finds an executable the test cannot do without. Outside CI a
// missing tool skips the test with a message saying how to get it; in CI
// (CI=true, as .ci/run sets) it fails the test, so that a broken CI image
// never passes silently.
func needTool(t *testing.T, name, hint string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s not found on PATH, and CI=true: %s", name, hint)
	}
	t.Skipf("%s not found on PATH (%s); skipping outside CI", name, hint)
	return ""
}

const prometheusHint = "install Debian's prometheus package: apt-get update && apt-get install -y prometheus"
