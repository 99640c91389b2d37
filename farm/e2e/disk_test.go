package e2e

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A full disk is a tmpfs of a few megabytes, mounted in a mount namespace
// of the test's own (unshare -rm: root, or a user where user namespaces
// are allowed), so that filling it costs no real disk and it vanishes
// with the namespace.

// tmpfsOK says whether this machine lets the test mount a tmpfs in a
// namespace of its own; the reason when it does not.
func tmpfsOK() (bool, string) {
	dir, err := os.MkdirTemp("", "balancefarm-tmpfs-probe-")
	if err != nil {
		return false, err.Error()
	}
	defer os.RemoveAll(dir)
	out, err := exec.Command("unshare", "-rm", "sh", "-c", `mount -t tmpfs -o size=64k tmpfs "$0"`, dir).CombinedOutput()
	if err != nil {
		return false, fmt.Sprintf("unshare -rm mount -t tmpfs: %v %s", err, out)
	}
	return true, ""
}

// namespaced is a command running script with sh in a mount namespace of
// its own, args as its $@ (after $0). It runs in a process group of its
// own, killed whole when ctx ends: a coordinator waiting on a full disk
// must not outlive the test, nor keep its output open.
func namespaced(ctx context.Context, script string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "unshare", append([]string{"-rm", "sh", "-c", script, "sh"}, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

// needTmpfs skips the test where no tmpfs can be mounted, except in CI
// (CI=true), where a test never skips silently: it fails.
func needTmpfs(t *testing.T) {
	t.Helper()
	if ok, why := tmpfsOK(); !ok {
		if os.Getenv("CI") == "true" {
			t.Fatal("cannot mount a tmpfs to fill (unshare -rm): " + why)
		}
		t.Skip("cannot mount a tmpfs to fill: " + why)
	}
}

// fullDiskMeasure is a short measurement of five-by-five by the
// coordinator's in-process workers: 40 games of one pairing, every one
// played, with stream limits that fit a small disk.
func fullDiskMeasure(state, out string) []string {
	return []string{"measure", "-players", "random,ab:d1", "-games", "40", "-precision", "0", "-sequential=false",
		"-workers", "1", "-state", state, "-out", out, "-results-max-bytes", "16000000", "-jobs-max-bytes", "4000000",
		"-progress", "off", "-metrics-addr", "", "-log-format", "json"}
}

// phases reads what the script wrote to $LOGS for each numbered run:
// its exit status, stdout and stderr, and how long it took.
type phase struct {
	status         int
	stdout, stderr string
	seconds        float64
	end            int64 // Unix nanoseconds
}

func readPhases(t *testing.T, logs string, n int) []phase {
	t.Helper()
	out := make([]phase, n)
	for i := range out {
		read := func(name string) string {
			data, err := os.ReadFile(filepath.Join(logs, fmt.Sprintf("%d.%s", i+1, name)))
			if err != nil {
				t.Fatalf("run %d: %v", i+1, err)
			}
			return string(data)
		}
		fields := strings.Fields(read("rc"))
		if len(fields) != 3 {
			t.Fatalf("run %d: status line %q", i+1, fields)
		}
		out[i].status, _ = strconv.Atoi(fields[0])
		start, _ := strconv.ParseInt(fields[1], 10, 64)
		end, _ := strconv.ParseInt(fields[2], 10, 64)
		out[i].seconds, out[i].end = float64(end-start)/1e9, end
		out[i].stdout, out[i].stderr = read("out"), read("err")
	}
	return out
}

// runScript is shell that runs "$@" as run number $1 (shifted away),
// keeping its output and "status start_ns end_ns" in $LOGS.
const runScript = `run() {
  n=$1; shift
  start=$(date +%s%N)
  "$@" >"$LOGS/$n.out" 2>"$LOGS/$n.err"
  rc=$?
  echo "$rc $start $(date +%s%N)" >"$LOGS/$n.rc"
}
`

// TestStateOnFullDisk is the "-state on a full disk" row: the
// disk under the farm store fills while a measurement runs. The run must
// stop within seconds saying the disk is full (it used to wait until
// interrupted), the next run on the still full disk must say the same,
// not that the store is damaged, and once space is freed the run after
// must resume the measurement intact.
func TestStateOnFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the coordinator and fills a tmpfs under its store")
	}
	needTmpfs(t)
	bins := buildBinaries(t)
	root := t.TempDir()
	state, out, logs := filepath.Join(root, "state"), filepath.Join(root, "out"), filepath.Join(root, "logs")
	for _, d := range []string{state, out, logs} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ruleFile, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The disk is filled once the results block holds a few records.
	script := runScript + `
run 1 "$@" &
while [ -z "$(find "$DIR" -path '*BF_RESULTS*' -name '*.blk' -size +8k 2>/dev/null)" ]; do
  [ -e "$LOGS/1.rc" ] && break
  sleep 0.05
done
dd if=/dev/zero of="$DIR/filler" bs=64k 2>/dev/null
date +%s%N >"$LOGS/filled"
wait
run 2 "$@"
ls "$OUT" >"$LOGS/reports-before"
rm "$DIR/filler"
run 3 "$@"
`
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	args := append([]string{bins["coordinator"]}, fullDiskMeasure(state, out)...)
	args = append(args, ruleFile)
	cmd := namespaced(ctx, `mount -t tmpfs -o size=64m tmpfs "$DIR" || exit 99`+"\n"+script, args...)
	cmd.Env = append(os.Environ(), "DIR="+state, "LOGS="+logs, "OUT="+out)
	if text, err := cmd.CombinedOutput(); ctx.Err() != nil || err != nil {
		t.Fatalf("the runs on a full disk did not end (%v, %v):\n%s", ctx.Err(), err, text)
	}
	runs := readPhases(t, logs, 3)
	for i, r := range runs {
		t.Logf("run %d: exit %d in %.1fs; stdout %q", i+1, r.status, r.seconds, r.stdout)
	}
	const full = "the disk holding the farm store " // local.DiskFullError
	filled, err := os.ReadFile(filepath.Join(logs, "filled"))
	if err != nil {
		t.Fatal(err)
	}
	filledAt, _ := strconv.ParseInt(strings.TrimSpace(string(filled)), 10, 64)
	// From the disk filling to the exit: the stop, and the in-process
	// workers' drain (a game whose record cannot be stored holds it for
	// its DrainTimeout, 10s).
	afterFull := float64(runs[0].end-filledAt) / 1e9
	t.Logf("run 1 ended %.1fs after the disk filled", afterFull)
	if r := runs[0]; r.status != 1 || !strings.Contains(r.stderr, "the results store is full") || !strings.Contains(r.stderr, full) || afterFull > 30 {
		t.Errorf("run with the disk filling: exit %d %.1fs after it filled, want 1 within 30s saying the disk is full:\n%s", r.status, afterFull, tail(r.stderr))
	}
	if r := runs[1]; r.status != 1 || !strings.Contains(r.stderr, full) || strings.Contains(r.stderr, "damaged") || r.seconds > 10 {
		t.Errorf("run on the full disk: exit %d after %.1fs, want 1 at once saying the disk is full, not damaged:\n%s", r.status, r.seconds, tail(r.stderr))
	}
	if before, err := os.ReadFile(filepath.Join(logs, "reports-before")); err != nil || len(before) > 0 {
		t.Errorf("runs on the full disk left reports: %q %v", before, err)
	}
	r := runs[2]
	if !slices.Contains([]int{0, 3, 5}, r.status) || strings.Contains(r.stderr, "damaged") {
		t.Fatalf("run after freeing the disk: exit %d, want a verdict:\n%s", r.status, tail(r.stderr))
	}
	if rep := readReport(t, out); rep.Games+rep.ErrorGames != 40 {
		t.Errorf("the resumed measurement reports %d games and %d errors, want the 40 planned", rep.Games, rep.ErrorGames)
	}
}

// tail is the end of a long output.
func tail(s string) string {
	if len(s) > 3000 {
		return "..." + s[len(s)-3000:]
	}
	return s
}

// TestOutOnFullDisk is the "-out on a full disk" row: a finished
// measurement is reported again onto disks from one page, two pages apart,
// to more than its reports take. Whatever fits, the directory must hold
// either none of the measurement's files or all of them whole: never a
// JSON claiming a verdict beside a truncated page (as it used to), and a
// run that left no report exits 1 saying so.
func TestOutOnFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the coordinator and reports onto a small tmpfs")
	}
	needTmpfs(t)
	bins := buildBinaries(t)
	root := t.TempDir()
	state, ref, out, keep := filepath.Join(root, "state"), filepath.Join(root, "ref"), filepath.Join(root, "out"), filepath.Join(root, "keep")
	for _, d := range []string{out, keep} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ruleFile, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "five-by-five.json"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	// The measurement, reported onto a roomy disk: what a whole set is.
	measure := append(fullDiskMeasure(state, ref), ruleFile)
	if text, err := exec.CommandContext(ctx, bins["coordinator"], measure...).CombinedOutput(); err != nil && !isExit(err, 5) && !isExit(err, 3) {
		t.Fatalf("the measurement: %v\n%s", err, tail(string(text)))
	}
	whole := map[string]int64{}
	var total int64
	entries, err := os.ReadDir(ref)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		whole[e.Name()] = info.Size()
		total += (info.Size() + 4095) &^ 4095
	}
	if len(whole) != 6 {
		t.Fatalf("the measurement wrote %v, want a report set and summary.md", whole)
	}
	var sizes []string
	for kb := int64(4); kb <= total/1024+8; kb += 8 {
		sizes = append(sizes, fmt.Sprintf("%dk", kb))
	}
	// Each size: its own tmpfs on out, the report run again onto it, and
	// what it left kept on the real disk.
	script := runScript + `
for size in $SIZES; do
  mount -t tmpfs -o size=$size tmpfs "$OUT" || exit 99
  mkdir "$LOGS/$size"
  LOGS="$LOGS/$size" run 1 "$@"
  cp -a "$OUT" "$LOGS/$size/left"
  umount "$OUT"
done
`
	report := append([]string{bins["coordinator"]}, fullDiskMeasure(state, out)...)
	report = append(report, ruleFile)
	cmd := namespaced(ctx, script, report...)
	cmd.Env = append(os.Environ(), "OUT="+out, "LOGS="+keep, "SIZES="+strings.Join(sizes, " "))
	if text, err := cmd.CombinedOutput(); ctx.Err() != nil || err != nil {
		t.Fatalf("reporting onto small disks (%v, %v):\n%s", ctx.Err(), err, text)
	}
	refused, written := 0, 0
	for _, size := range sizes {
		r := readPhases(t, filepath.Join(keep, size), 1)[0]
		left, err := os.ReadDir(filepath.Join(keep, size, "left"))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int64{}
		for _, e := range left {
			info, err := e.Info()
			if err != nil {
				t.Fatal(err)
			}
			got[e.Name()] = info.Size()
		}
		reports := 0
		for name, n := range got {
			want, ok := whole[name]
			// A re-report's wall time may round a digit shorter.
			if !ok || n < want-8 || n > want+8 {
				t.Errorf("%s disk: %s left with %d bytes; a whole one has %d", size, name, n, want)
			}
			if name != "summary.md" {
				reports++
			}
		}
		switch {
		case reports != 0 && reports != len(whole)-1:
			t.Errorf("%s disk: part of the report set left: %v", size, got)
		case reports == 0 && (r.status != 1 || !strings.Contains(r.stderr, "no space left on device")):
			t.Errorf("%s disk: no report left, yet exit %d without saying the disk is full:\n%s", size, r.status, tail(r.stderr))
		case reports == 0:
			refused++
		default:
			written++
		}
	}
	t.Logf("%d disk sizes from %s to %s: %d refused the reports whole, %d took them whole", len(sizes), sizes[0], sizes[len(sizes)-1], refused, written)
	if refused == 0 || written == 0 {
		t.Errorf("the sizes never cut a report set (%d refused, %d written): the test proves nothing", refused, written)
	}
}

// isExit reports a process that exited with status code.
func isExit(err error, code int) bool {
	var exit *exec.ExitError
	return errors.As(err, &exit) && exit.ExitCode() == code
}
