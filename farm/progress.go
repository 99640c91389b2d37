package farm

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// ProgressView shows how far each batch has got: bars on a terminal, a
// plain line per batch every interval otherwise.
type ProgressView struct {
	bars     *mpb.Progress
	w        io.Writer
	interval time.Duration

	mu      sync.Mutex
	tracked []*tracked
	stop    chan struct{}
	stopped chan struct{}
}

type tracked struct {
	name        string
	done, total int
	first       int // records already there when tracking began
	start, last time.Time
	printed     int
	bar         *mpb.Bar
}

// NewProgressView makes a view writing to w. mode is "bars", "lines",
// "off" or "auto" (bars when w is a terminal).
func NewProgressView(w io.Writer, mode string, interval time.Duration) (*ProgressView, error) {
	if mode == "auto" {
		mode = "lines"
		if IsTerminal(w) {
			mode = "bars"
		}
	}
	v := &ProgressView{w: w, interval: interval, stop: make(chan struct{}), stopped: make(chan struct{})}
	switch mode {
	case "bars":
		v.bars = mpb.New(mpb.WithOutput(w), mpb.WithWidth(40), mpb.WithRefreshRate(200*time.Millisecond))
		close(v.stopped)
	case "lines":
		if interval <= 0 {
			return nil, fmt.Errorf("progress interval %s must be positive", interval)
		}
		go v.printLines()
	case "off":
		v.w = io.Discard
		close(v.stopped)
	default:
		return nil, fmt.Errorf("unknown progress mode %q (auto, bars, lines or off)", mode)
	}
	return v, nil
}

// Track adds a batch and returns the Progress callback to hand to
// Coordinator.Run.
func (v *ProgressView) Track(name string, total int) Progress {
	t := &tracked{name: name, total: total, first: -1, start: time.Now()}
	v.mu.Lock()
	v.tracked = append(v.tracked, t)
	v.mu.Unlock()
	if v.bars == nil {
		return func(done, total int) {
			v.mu.Lock()
			defer v.mu.Unlock()
			if t.first < 0 {
				t.first, t.start = done, time.Now()
			}
			t.done = done
			if total > 0 {
				t.total = total
			}
		}
	}
	bar := v.bars.AddBar(int64(total),
		mpb.PrependDecorators(
			decor.Name(name, decor.WC{C: decor.DindentRight | decor.DextraSpace}),
			decor.CountersNoUnit("%d/%d games", decor.WCSyncWidth),
		),
		mpb.AppendDecorators(
			decor.EwmaSpeed(0, "%.1f games/s", 30, decor.WCSyncSpace),
			decor.OnComplete(decor.EwmaETA(decor.ET_STYLE_GO, 30, decor.WCSyncSpace), "done"),
		),
	)
	t.bar = bar
	return func(done, total int) {
		v.mu.Lock()
		defer v.mu.Unlock()
		now := time.Now()
		// Sequential stopping shrinks the batch as pairings settle.
		if total > 0 && total != t.total {
			t.total = total
			bar.SetTotal(int64(total), false)
		}
		if t.first < 0 {
			// What was recorded before (a resumed batch) is not speed.
			t.first, t.last = done, now
			bar.SetCurrent(int64(done))
			return
		}
		bar.EwmaSetCurrent(int64(done), now.Sub(t.last))
		t.last = now
	}
}

// printLines writes one line per batch that moved, every interval.
func (v *ProgressView) printLines() {
	defer close(v.stopped)
	tick := time.NewTicker(v.interval)
	defer tick.Stop()
	for {
		select {
		case <-v.stop:
			v.writeLines(true)
			return
		case <-tick.C:
			v.writeLines(false)
		}
	}
}

// manyBatches is where lines mode stops printing a line per batch and
// prints one for them all (regress measures a whole library at once).
const manyBatches = 4

func (v *ProgressView) writeLines(final bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.tracked) > manyBatches {
		v.writeTotal(final)
		return
	}
	for _, t := range v.tracked {
		if t.done == t.printed && !(final && t.printed == 0) {
			continue
		}
		t.printed = t.done
		// The total shrinks as sequential pairings stop: a cap while
		// games are played, the count once they are all in.
		line := fmt.Sprintf("%s: %d games of at most %d", t.name, t.done, t.total)
		if t.total > 0 && t.done >= t.total {
			line = fmt.Sprintf("%s: %d games played", t.name, t.done)
		}
		if played, secs := t.done-max(t.first, 0), time.Since(t.start).Seconds(); played > 0 && secs > 0 {
			rate := float64(played) / secs
			line += fmt.Sprintf(", %.1f games/s", rate)
			if left := t.total - t.done; left > 0 {
				line += fmt.Sprintf(", ~%s left", time.Duration(float64(left)/rate*float64(time.Second)).Round(time.Second))
			}
		}
		fmt.Fprintln(v.w, line)
	}
}

// writeTotal is the one line for many batches: files finished, games.
func (v *ProgressView) writeTotal(final bool) {
	done, total, finished, printed := 0, 0, 0, 0
	for _, t := range v.tracked {
		done += t.done
		total += t.total
		printed += t.printed
		if t.total > 0 && t.done >= t.total {
			finished++
		}
		t.printed = t.done
	}
	if done == printed && !final {
		return
	}
	fmt.Fprintf(v.w, "%d/%d files done, %d/%d games\n", finished, len(v.tracked), done, total)
}

// Close finishes the display; call it once every batch is done.
func (v *ProgressView) Close() {
	if v.bars != nil {
		// A bar that will never complete (its batch failed) would hold
		// Wait forever; abort it, keeping its last state on screen.
		v.mu.Lock()
		for _, t := range v.tracked {
			if t.bar != nil && !t.bar.Completed() {
				t.bar.Abort(false)
			}
		}
		v.mu.Unlock()
		v.bars.Wait()
		return
	}
	select {
	case <-v.stopped:
	default:
		close(v.stop)
		<-v.stopped
	}
}
