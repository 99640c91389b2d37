package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"balancefarm/farm"

	"github.com/chromedp/cdproto/browser"
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

	ctx := browserContext(t, chromium)
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
	// The list says which file, when, how it came out and by which ladder.
	entry, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#measurements li")))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"kr.json", " UTC", strings.ReplaceAll(verdictWord, "_", " "), "random, ab:d1"} {
		if !strings.Contains(entry, want) {
			t.Errorf("the list's entry %q lacks %q", entry, want)
		}
	}
	// A spec carrying a learned table is listed without its rows.
	short, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[shortSpec("ab:n10000:P=1/N@gggh/K@hhg"), shortSpec("ab:n10000:N@gg"), shortSpec("ab:d1")].join(" | ")`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "ab:n10000:P=1+table | ab:n10000+table | ab:d1"; short != want {
		t.Errorf("shortSpec gives %q, want %q", short, want)
	}
	followDownloads(t, ctx, map[string]string{"#games-link": "kr.pgn", "#games-jsonl": "kr.games.jsonl", "#report-json": "kr.json"})
	followLinks(t, ctx)

	// The permalink opens the report, whose links work too.
	permalink := attr("permalink", "href")
	err = chromedp.Do(ctx, chromedp.Navigate(base+permalink), chromedp.WaitVisible(chromedp.ID("games")))
	if err != nil {
		t.Fatalf("opening the permalink %s: %v", permalink, err)
	}
	if at, err := chromedp.Run(ctx, chromedp.Location()); err != nil || !strings.HasSuffix(at, "/report.html") {
		t.Errorf("the permalink %s opened %q (%v), not the report", permalink, at, err)
	}
	// "Every game: kr.pgn" among the report's facts.
	followDownloads(t, ctx, map[string]string{".facts a": "kr.pgn"})
	followLinks(t, ctx)
}

// TestBrowserCancel opens a running measurement at its permalink and
// cancels it with the page's button.
func TestBrowserCancel(t *testing.T) {
	chromium := findChromium(t)
	t.Chdir(t.TempDir())
	// Every game played, many of them: it is still running when cancelled.
	base, _, serveErr, _ := startServe(t, "-sequential=false")
	ctype, body := multipartBody(t, "kr.json", kingsAndRooks, map[string]string{"games": "2000", "players": "ab:d2,ab:d1"})
	resp, err := http.Post(base+"/v1/measurements", ctype, body)
	if err != nil {
		t.Fatal(err)
	}
	var sum farm.Summary
	json.NewDecoder(resp.Body).Decode(&sum)
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST: %s", resp.Status)
	}

	ctx := browserContext(t, chromium)
	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/m/"+sum.ID),
		chromedp.WaitVisible(chromedp.ID("cancel")),
		// The page asks before cancelling; this test says yes.
		chromedp.Evaluate[chromedp.Void]("window.confirm = () => true; undefined"),
		chromedp.Click(chromedp.ID("cancel")),
		chromedp.WaitVisible(chromedp.CSS(`#state[data-state="cancelled"]`)),
	)
	if err != nil {
		t.Fatalf("cancelling from the page: %v\nserve's log:\n%s", err, serveErr)
	}
	var d farm.Detail
	getJSON(t, base+"/v1/measurements/"+sum.ID, &d)
	if d.State != farm.StateCancelled || d.Done >= d.Games {
		t.Errorf("after the page's cancel: %s with %d of %d games", d.State, d.Done, d.Games)
	}
}

// browserContext is a headless Chromium's tab, closed when the test ends.
func browserContext(t *testing.T, chromium string) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium),
		// The test may run as root (CI containers), where Chromium's
		// sandbox refuses to start; it only opens this test's own page.
		chromedp.NoSandbox, chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("disable-gpu", true))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	t.Cleanup(cancelCtx)
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// followDownloads clicks each link (by CSS selector) of the page in the browser and
// checks that it saves a file under the name given, not shown inline.
func followDownloads(t *testing.T, ctx context.Context, links map[string]string) {
	t.Helper()
	names := make(chan string, len(links)+1)
	listen, stop := context.WithCancel(ctx)
	defer stop()
	chromedp.Listen(listen, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadWillBegin); ok {
			select {
			case names <- e.SuggestedFilename:
			default:
			}
		}
	})
	dir := t.TempDir()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: new(true)})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	for sel, want := range links {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
			t.Errorf("clicking %s: %v", sel, err)
			continue
		}
		select {
		case got := <-names:
			if got != want {
				t.Errorf("%s saves %q, want %q", sel, got, want)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%s started no download", sel)
		}
	}
}

// followLinks follows every link of the page open in the browser: one
// within the page must name an element of it, one on the server must
// answer 200.
func followLinks(t *testing.T, ctx context.Context) {
	t.Helper()
	const collect = `(() => {
  const out = { here: location.origin, links: [], dangling: [] };
  for (const a of document.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href");
    if (href.startsWith("#")) {
      if (!document.getElementById(decodeURIComponent(href.slice(1)))) out.dangling.push(href);
    } else {
      out.links.push(a.href);
    }
  }
  return out;
})()`
	page, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
		Here     string
		Links    []string
		Dangling []string
	}](collect))
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Dangling) > 0 {
		t.Errorf("links within the page name no element: %v", page.Dangling)
	}
	if len(page.Links) == 0 {
		t.Error("the page links nothing")
	}
	for _, link := range page.Links {
		if !strings.HasPrefix(link, page.Here+"/") {
			continue
		}
		resp, err := http.Get(link)
		if err != nil {
			t.Errorf("%s: %v", link, err)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: %s", link, resp.Status)
		}
	}
}

// TestBrowserTokenLinks serves behind a token: the user types it into the
// page once, submits, and then every link the page shows (the report, the
// games, the results) and the report's own links open in the browser,
// which cannot send the bearer token but holds the session cookie the
// page traded it for.
func TestBrowserTokenLinks(t *testing.T) {
	chromium := findChromium(t)
	t.Chdir(t.TempDir())
	rules, err := filepath.Abs(writeFile(t, ".", "kr.json", kingsAndRooks))
	if err != nil {
		t.Fatal(err)
	}
	const token = "browser-test-token-0123456789"
	tokenFile := writeFile(t, ".", "api.token", token+"\n")
	base, _, serveErr, _ := startServe(t, "-token-file", tokenFile)

	ctx := browserContext(t, chromium)
	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.ID("submit-form")),
		chromedp.SendKeys(chromedp.ID("token"), token),
		chromedp.SetValue(chromedp.ID("games"), "6"),
		chromedp.SetUploadFiles(chromedp.ID("file"), []string{rules}),
		chromedp.Click(chromedp.ID("submit")),
		chromedp.WaitVisible(chromedp.ID("verdict")),
	)
	if err != nil {
		t.Fatalf("browser: %v\nserve's log:\n%s", err, serveErr)
	}
	followLinksInBrowser(t, ctx)

	// The Report link opens the report, whose links open too.
	opened, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	err = chromedp.Do(opened, chromedp.Click(chromedp.ID("report-link")), chromedp.WaitVisible(chromedp.ID("wall")))
	if err != nil {
		t.Fatalf("opening the report: %v\nserve's log:\n%s", err, serveErr)
	}
	followLinksInBrowser(t, ctx)
}

// followLinksInBrowser asks for every link of the page open in the
// browser on its server from the page itself, as following it would (with
// the browser's cookies, without the page's token), and checks each
// answers 200.
func followLinksInBrowser(t *testing.T, ctx context.Context) {
	t.Helper()
	const fetchAll = `(async () => {
  const out = [];
  for (const a of document.querySelectorAll("a[href]")) {
    if (!a.href.startsWith(location.origin + "/")) continue;
    const resp = await fetch(a.href);
    out.push({ href: a.href, status: resp.status });
  }
  return out;
})()`
	links, err := chromedp.Run(ctx, chromedp.Evaluate[[]struct {
		Href   string
		Status int
	}](fetchAll, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if len(links) == 0 {
		t.Error("the page links nothing on its server")
	}
	for _, l := range links {
		if l.Status != http.StatusOK {
			t.Errorf("%s: %d in the browser", l.Href, l.Status)
		}
	}
}
