package farm

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/rs/zerolog"
)

// IsTerminal reports whether w is a character device (a terminal), the
// test the commands use to choose bars over plain lines and console logs
// over JSON.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// NewLogger builds the process logger. format is "json", "console" or
// "auto" (console on a terminal, JSON otherwise); level is a zerolog level
// name; service names the process in every line. Lines about one batch or
// game carry "batch" and "job" fields.
func NewLogger(w io.Writer, format, level, service string) (zerolog.Logger, error) {
	lvl, err := zerolog.ParseLevel(level)
	if err != nil || level == "" {
		return zerolog.Nop(), fmt.Errorf("unknown log level %q", level)
	}
	switch format {
	case "auto":
		if IsTerminal(w) {
			w = zerolog.ConsoleWriter{Out: w, TimeFormat: time.TimeOnly}
		}
	case "console":
		w = zerolog.ConsoleWriter{Out: w, TimeFormat: time.TimeOnly, NoColor: !IsTerminal(w)}
	case "json":
	default:
		return zerolog.Nop(), fmt.Errorf("unknown log format %q (json, console or auto)", format)
	}
	// Millisecond timestamps: games and redeliveries are shorter than a second.
	zerolog.TimeFieldFormat = time.RFC3339Nano
	return zerolog.New(w).Level(lvl).With().Timestamp().Str("service", service).Logger(), nil
}
