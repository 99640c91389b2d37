package local

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// lockName is the lock file inside a state directory. A process holds an
// exclusive flock on it for as long as its embedded server uses the store:
// two JetStream servers writing one file store corrupt it.
const lockName = "lock"

// Holder says who holds a state directory: written into the lock file by
// the process that holds it, read by a process that finds it held.
type Holder struct {
	PID     int       `json:"pid"`
	Command string    `json:"command"`
	Started time.Time `json:"started"`
	// URL is the holder's embedded server, where a client (coordinator
	// cancel, an outside worker) may reach the farm without opening the
	// store.
	URL string `json:"url,omitempty"`
}

func (h Holder) String() string {
	s := fmt.Sprintf("process %d", h.PID)
	if h.Command != "" {
		s += " (" + h.Command + ")"
	}
	if !h.Started.IsZero() {
		s += ", started " + h.Started.Local().Format("2006-01-02 15:04:05")
	}
	return s
}

// BusyError is the refusal to open a state directory another process
// holds.
type BusyError struct {
	Dir    string
	Holder Holder
}

func (e *BusyError) Error() string {
	return fmt.Sprintf("state directory %s is in use by %s: wait for it to finish, stop it, or give this run another -state directory",
		e.Dir, e.Holder)
}

// Lock is a held state directory.
type Lock struct {
	Dir    string
	f      *os.File
	holder Holder
}

// LockDir takes dir (creating it) for this process, or returns a
// *BusyError naming the process that holds it. The lock is released by
// Unlock or when the process exits, however it exits.
func LockDir(dir, command string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("state directory: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("state directory: %w", err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			h, _ := ReadHolder(dir)
			return nil, &BusyError{Dir: dir, Holder: h}
		}
		return nil, fmt.Errorf("locking state directory %s: %w", dir, err)
	}
	l := &Lock{Dir: dir, f: f, holder: Holder{PID: os.Getpid(), Command: command, Started: time.Now().UTC()}}
	if err := l.write(); err != nil {
		l.Unlock()
		return nil, err
	}
	return l, nil
}

// LockFirstFree takes dir, or when another process holds it the first of
// dir-2, dir-3, ... that is free, so that a second run in the same folder
// gets a store of its own instead of sharing one. busy holds the refusals
// of the directories passed over.
func LockFirstFree(dir, command string) (l *Lock, busy []*BusyError, err error) {
	const tries = 16
	for i := 1; i <= tries; i++ {
		d := dir
		if i > 1 {
			d = fmt.Sprintf("%s-%d", dir, i)
		}
		l, err := LockDir(d, command)
		var b *BusyError
		if errors.As(err, &b) {
			busy = append(busy, b)
			continue
		}
		return l, busy, err
	}
	return nil, busy, fmt.Errorf("state directories %s to %s-%d are all in use", dir, dir, tries)
}

func (l *Lock) write() error {
	data, _ := json.Marshal(l.holder)
	if err := l.f.Truncate(0); err != nil {
		return err
	}
	_, err := l.f.WriteAt(append(data, '\n'), 0)
	return err
}

// SetURL records the embedded server's URL for other processes.
func (l *Lock) SetURL(url string) error {
	l.holder.URL = url
	return l.write()
}

// Unlock releases the directory.
func (l *Lock) Unlock() {
	if l == nil || l.f == nil {
		return
	}
	// The holder's details go with the lock, so a later reader does not
	// take a finished run for a live one.
	l.f.Truncate(0)
	l.f.Close()
	l.f = nil
}

// ReadHolder reads who holds (or last held) dir.
func ReadHolder(dir string) (Holder, error) {
	var h Holder
	data, err := os.ReadFile(filepath.Join(dir, lockName))
	if err != nil {
		return h, err
	}
	if strings.TrimSpace(string(data)) == "" {
		return h, errors.New("no holder recorded")
	}
	err = json.Unmarshal(data, &h)
	return h, err
}

// Held reports whether another process holds dir now, and who.
func Held(dir string) (Holder, bool) {
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDONLY, 0)
	if err != nil {
		return Holder{}, false
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_SH|unix.LOCK_NB); err == nil {
		unix.Flock(int(f.Fd()), unix.LOCK_UN)
		return Holder{}, false
	}
	h, _ := ReadHolder(dir)
	return h, true
}
