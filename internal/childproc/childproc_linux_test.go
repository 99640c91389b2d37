package childproc

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A child started with DieWithParent by a process that then dies is killed
// with it: the middle process here is this test binary run again, which
// starts a sleep and exits at once.
func TestChildDiesWithParent(t *testing.T) {
	if os.Getenv("CHILDPROC_MIDDLE") == "1" {
		sleep := exec.Command("sleep", "60")
		DieWithParent(sleep)
		if err := sleep.Start(); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString(strconv.Itoa(sleep.Process.Pid) + "\n")
		os.Exit(0)
	}
	middle := exec.Command(os.Args[0], "-test.run", "^TestChildDiesWithParent$")
	middle.Env = append(os.Environ(), "CHILDPROC_MIDDLE=1")
	out, err := middle.Output()
	if err != nil {
		t.Fatalf("middle process: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0]))
	if err != nil {
		t.Fatalf("middle process printed %q", out)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		// Signal 0 finds a process. The orphan, once killed, is a zombie
		// until init reaps it, and where init reaps nothing it stays one.
		if err := syscall.Kill(pid, 0); err != nil || zombie(pid) {
			return
		}
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the child %d of a dead parent still runs after 10 s", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// zombie reports whether the process has ended and waits to be reaped:
// state Z in /proc/PID/stat, after the command name in parentheses.
func zombie(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
	return strings.HasPrefix(strings.TrimSpace(rest), "Z")
}
