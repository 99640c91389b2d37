package farm

import (
	"fmt"
	"golang.org/x/term"
	"io"
	"os"
	"time"

	"github.com/rs/zerolog"
)

// IsTerminal reports whether w is a character device (a terminal), the
// test the commands use to choose bars over plain lines and console logs
// over JSON.
//
// golang.org/x/term asks the terminal driver (a character device such as
// /dev/null is no terminal), and a terminal whose width cannot be read is
// not taken for one either: bars need a width to draw in.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return false
	}
	width, _, err := term.GetSize(int(f.Fd()))
	return err == nil && width > 0
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
