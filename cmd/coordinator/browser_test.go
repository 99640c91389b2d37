package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// findChromium is a headless-capable Chromium on PATH. On CI (CI=true,
// where .ci/run installs Debian's chromium) a missing one fails the test;
// elsewhere the test is skipped, saying how to get one.
func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium on PATH, and CI=true: .ci/run installs it (apt-get install -y chromium)")
	}
	t.Skip("no chromium on PATH: install it (apt-get install -y chromium) to run the browser test")
	return ""
}

// TestBrowserSubmit drives the serve page in a real headless Chromium:
// it picks a rule file in the form, submits it, and waits for the verdict
// and the pairing's running score to appear on the page.
func TestBrowserSubmit(t *testing.T) {
	chromium := findChromium(t)
	t.Chdir(t.TempDir())
	rules, err := filepath.Abs(writeFile(t, ".", "kr.json", kingsAndRooks))
	if err != nil {
		t.Fatal(err)
	}
	base, _, serveErr, _ := startServe(t)

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium),
		// The test may run as root (CI containers), where Chromium's
		// sandbox refuses to start; it only opens this test's own page.
		chromedp.NoSandbox, chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("disable-gpu", true))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(alloc)
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.ID("submit-form")),
		chromedp.SetValue(chromedp.ID("games"), "6"),
		chromedp.SetUploadFiles(chromedp.ID("file"), []string{rules}),
		chromedp.Click(chromedp.ID("submit")),
		chromedp.WaitVisible(chromedp.ID("verdict")),
	)
	if err != nil {
		t.Fatalf("browser: %v\nserve's log:\n%s", err, serveErr)
	}
	text := func(id string) string {
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID(id)))
		if err != nil {
			t.Fatalf("reading #%s: %v", id, err)
		}
		return s
	}
	attr := func(id, name string) string {
		a, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.ID(id), name))
		if err != nil || !a.Exists {
			t.Fatalf("reading #%s's %s: %v (exists %v)", id, name, err, a.Exists)
		}
		return a.Value
	}
	verdict, verdictWord, state, table := text("verdict"), attr("verdict", "data-verdict"), attr("state", "data-state"), text("pairings")
	reportLink, gamesLink := attr("report-link", "href"), attr("games-link", "href")
	switch verdictWord {
	case "viable", "not_viable", "inconclusive":
	default:
		t.Errorf("verdict %q (%q) is none of viable, not_viable, inconclusive", verdictWord, verdict)
	}
	if state != "complete" {
		t.Errorf("state %q with a verdict shown, want complete", state)
	}
	if !strings.Contains(table, "ab:d1 vs random") || !strings.Contains(table, "(6)") {
		t.Errorf("pairing table lacks ab:d1 vs random over 6 games:\n%s", table)
	}
	if !strings.HasSuffix(reportLink, "/report.html") || !strings.HasSuffix(gamesLink, "/games") {
		t.Errorf("links %q and %q, want the report page and the games", reportLink, gamesLink)
	}
}
