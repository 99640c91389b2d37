package search

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Waits on an outside engine. A search is bounded by the game's context
// (the worker's wall budget), not by these.
const (
	// uciHandshakeWait is how long the engine has to answer uci and
	// isready: one that does not is not a working UCI engine.
	uciHandshakeWait = 30 * time.Second
	// uciStopWait is how long it has to answer stop before it is killed.
	uciStopWait = time.Second
	// uciQuitWait is how long it has to exit after quit.
	uciQuitWait = time.Second
	// uciMovetimeGrace is how far past a movetime budget a search may run
	// before it is stopped.
	uciMovetimeGrace = 5 * time.Second
	// maxUCILine bounds one line of the engine's output.
	maxUCILine = 1 << 20
)

// uciOptionDecl is an option the engine declared in its uci answer.
type uciOptionDecl struct {
	name string   // as the engine spells it
	typ  string   // check, spin, combo, button, string
	vars []string // a combo's values
}

// uciProcess is one running outside engine: its stdin, its stdout as a
// stream of lines, and the tail of its stderr for error messages.
type uciProcess struct {
	path    string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string   // closed when stdout ends
	done    chan struct{} // closed once the process has been waited for
	stderr  *tailBuffer
	name    string // id name
	options map[string]uciOptionDecl
	closed  sync.Once
}

// startUCI starts the program and makes the uci handshake, reading the
// options it declares.
func startUCI(ctx context.Context, path string) (*uciProcess, error) {
	cmd := exec.Command(path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	e := &uciProcess{path: path, cmd: cmd, stdin: stdin, lines: make(chan string, 64), done: make(chan struct{}),
		stderr: &tailBuffer{max: 2048}, options: map[string]uciOptionDecl{}}
	cmd.Stderr = e.stderr
	// A child the engine leaves holding stderr must not hold Wait.
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("uci engine %s: %w", path, err)
	}
	go func() {
		defer close(e.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 4096), maxUCILine)
		for sc.Scan() {
			e.lines <- strings.TrimRight(sc.Text(), "\r")
		}
		// Whatever stopped the scan, drain the pipe so the engine never
		// blocks writing to a reader that has gone.
		_, _ = io.Copy(io.Discard, stdout)
	}()
	go func() {
		_ = cmd.Wait()
		close(e.done)
	}()
	if err := e.send("uci"); err != nil {
		e.close()
		return nil, err
	}
	if _, err := e.await(ctx, "uciok", uciHandshakeWait, e.readDecl); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// readDecl notes an id name or option line of the uci answer.
func (e *uciProcess) readDecl(line string) {
	if rest, ok := strings.CutPrefix(line, "id name "); ok {
		e.name = strings.TrimSpace(rest)
		return
	}
	rest, ok := strings.CutPrefix(line, "option name ")
	if !ok {
		return
	}
	// "option name N type T [default D] [min a] [max b] [var v]..."
	name, rest, ok := strings.Cut(rest, " type ")
	if !ok {
		return
	}
	d := uciOptionDecl{name: strings.TrimSpace(name)}
	words := strings.Fields(rest)
	if len(words) > 0 {
		d.typ = words[0]
	}
	for i := 0; i < len(words); i++ {
		if words[i] != "var" {
			continue
		}
		// A value runs to the next keyword.
		j := i + 1
		for j < len(words) && words[j] != "var" && words[j] != "default" && words[j] != "min" && words[j] != "max" {
			j++
		}
		d.vars = append(d.vars, strings.Join(words[i+1:j], " "))
		i = j - 1
	}
	e.options[strings.ToLower(d.name)] = d
}

// send writes one command line.
func (e *uciProcess) send(cmd string) error {
	if _, err := io.WriteString(e.stdin, cmd+"\n"); err != nil {
		return fmt.Errorf("uci engine %s: writing %q: %w%s", e.path, cmd, err, e.stderrNote())
	}
	return nil
}

// errUCITimeout is an engine that did not answer in time.
var errUCITimeout = errors.New("did not answer in time")

// await reads lines until one whose first word is want, handing every
// other line to seen (when not nil). It gives up when ctx ends, after
// wait (0: no limit but ctx), or when the engine's output ends.
func (e *uciProcess) await(ctx context.Context, want string, wait time.Duration, seen func(string)) (string, error) {
	var timeout <-chan time.Time
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		timeout = t.C
	}
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				e.reap()
				return "", fmt.Errorf("uci engine %s exited while we waited for %s (%s)%s", e.path, want, e.exitState(), e.stderrNote())
			}
			if first, _, _ := strings.Cut(strings.TrimSpace(line), " "); first == want {
				return line, nil
			}
			if seen != nil {
				seen(line)
			}
		case <-timeout:
			return "", fmt.Errorf("uci engine %s: waiting for %s: %w (%s)", e.path, want, errUCITimeout, wait)
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// reap waits briefly for the process to be waited for after its output
// ended, so its exit status can be told.
func (e *uciProcess) reap() {
	select {
	case <-e.done:
	case <-time.After(uciQuitWait):
	}
}

func (e *uciProcess) exitState() string {
	select {
	case <-e.done:
		if ps := e.cmd.ProcessState; ps != nil {
			return ps.String()
		}
	default:
	}
	return "still running"
}

func (e *uciProcess) stderrNote() string {
	if s := strings.TrimSpace(e.stderr.String()); s != "" {
		return "; its stderr ends: " + s
	}
	return ""
}

// stop ends a running search: stop, then up to uciStopWait for its
// bestmove; an engine that does not answer is killed. It reports whether
// the engine is still usable.
func (e *uciProcess) stop() bool {
	if e.send("stop") != nil {
		e.kill()
		return false
	}
	if _, err := e.await(context.Background(), "bestmove", uciStopWait, nil); err != nil {
		e.kill()
		return false
	}
	return true
}

func (e *uciProcess) kill() {
	_ = e.cmd.Process.Kill()
	<-e.done
}

// close ends the process: quit, and a kill when it has not exited within
// uciQuitWait. Once closed, its goroutines have ended.
func (e *uciProcess) close() {
	e.closed.Do(func() {
		_ = e.send("quit")
		_ = e.stdin.Close()
		select {
		case <-e.done:
		case <-time.After(uciQuitWait):
			e.kill()
		}
		// The reader ends with stdout; drain what it had queued.
		for range e.lines {
		}
	})
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if over := len(t.b) - t.max; over > 0 {
		t.b = append(t.b[:0], t.b[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
