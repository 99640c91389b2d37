package local

import (
	"fmt"
	"strings"
	"sync"

	"balancefarm/farm"

	"github.com/rs/zerolog"
)

// minDiskRoom is the free space the disk under a local farm's store must
// keep: a record of the longest game, and as much again for the server's
// own files (indexes, the batch states). Below it the server fails its
// writes without answering them, so a run is stopped instead.
const minDiskRoom = 2 * farm.MaxRecordBytes

// DiskFullError is a local farm whose disk has no room for its store:
// what the server said when a write failed, or what the disk reports
// free.
type DiskFullError struct {
	Dir  string
	Free uint64 // bytes free, as the file system reports them
	Said string // the server's complaint, if it made one
}

func (e *DiskFullError) Error() string {
	msg := fmt.Sprintf("the disk holding the farm store %s is full (%d bytes free, %d needed)", e.Dir, e.Free, minDiskRoom)
	if e.Said != "" {
		msg += "; the server said: " + e.Said
	}
	return msg + ". Free space on it (the store is kept) and run the same command again to resume, or give this run another -state directory"
}

// diskRoom is a *DiskFullError when the file system holding dir has less
// than minDiskRoom free; nil where it cannot tell.
func diskRoom(dir string) error {
	free, known := freeBytes(dir)
	if !known || free >= minDiskRoom {
		return nil
	}
	return &DiskFullError{Dir: dir, Free: free}
}

// writeFailures keeps the server's first complaint that its disk is full,
// whenever it comes: the server answers no write it failed, so only its
// log says why records stopped. The complaint stands for the rest of the
// process: the stream that failed a write fails every later one until
// the server restarts, whatever space is freed meanwhile.
type writeFailures struct {
	mu   sync.Mutex
	said string
}

func (w *writeFailures) Run(_ *zerolog.Event, level zerolog.Level, msg string) {
	if level < zerolog.ErrorLevel || !strings.Contains(strings.ToLower(msg), "no space left") {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.said == "" {
		w.said = msg
	}
}

func (w *writeFailures) first() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.said
}

// Room says whether the disk under the farm's store has room for more
// records: a *DiskFullError once the server failed a write for want of
// space or the disk has less than minDiskRoom free. It is the farm's
// farm.Config.StoreRoom.
func (f *Farm) Room() error {
	said := f.noSpace.first()
	if said == "" {
		return diskRoom(f.StateDir)
	}
	free, _ := freeBytes(f.StateDir)
	return &DiskFullError{Dir: f.StateDir, Free: free, Said: said}
}
