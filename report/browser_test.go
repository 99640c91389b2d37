package report

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The replay viewer runs in a real browser: headless Chromium loads the
// page from disk (nothing else to load) and, once the script has run, the
// example game stands at its last ply with that move marked. Skipped where
// no Chromium is installed (.ci/run installs Debian's).
func TestReplayViewerInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	bin := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		t.Skip("no Chromium installed")
	}
	dir := t.TempDir()
	r, err := Write(dir, gamesInput(t))
	if err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, r.Name+".html")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--dump-dom", "file://"+page)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	dom := string(out)
	for _, want := range []string{
		`class="mv now" data-ply="2"`, // the last move marked
		"after ply 2 of 2",            // the viewer's label, written by the script
		`href="#pc-`,                  // pieces drawn from the shared symbols
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("the page after its script lacks %q", want)
		}
	}
}
