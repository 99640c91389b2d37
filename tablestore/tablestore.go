package tablestore

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	"balancefarm/protocol"
	"balancefarm/search"
)

// Schema is the version of the table file format written here.
const Schema = 1

// Ext is the name ending of a table file. It is not .json, so that a walk
// over a directory of rule files (regress) does not take a table for one.
const Ext = ".table"

// MaxBytes caps a table file: a table of 256 squares for each of a few
// dozen kinds is far below it.
const MaxBytes = 1 << 20

// DirName is the directory beside a set of rule files where their tables
// are looked for by default.
const DirName = "tables"

// Table is one kept table: the spec carrying it, the file it was learned
// for, how it was learned and the match that kept it.
type Table struct {
	Schema int `json:"schema"`
	// File is the rule file's name when the table was learned, for
	// people; FileHash is what matches a file to its table.
	File     string `json:"file"`
	FileHash string `json:"file_sha256"`
	// Spec is the player that plays with the table: a spec carrying its
	// rows (search.WithTable).
	Spec    string  `json:"spec"`
	Learned Learned `json:"learned"`
	Check   Check   `json:"check"`
}

// Learned says what the table was fitted from (selfplay.LearnTable).
type Learned struct {
	Spec       string  `json:"spec"`
	Games      int     `json:"games"`
	Seed       uint64  `json:"seed"`
	Positions  int     `json:"positions"`
	LossBefore float64 `json:"log_loss_before"`
	LossAfter  float64 `json:"log_loss_after"`
}

// Check is the match of Spec against Against (the spec without the
// table) that kept the table: its games and its Elo with a 95% interval.
type Check struct {
	Against string  `json:"against"`
	Pairs   int     `json:"pairs"`
	Seed    uint64  `json:"seed"`
	Wins    int     `json:"wins"`
	Draws   int     `json:"draws"`
	Losses  int     `json:"losses"`
	Elo     float64 `json:"elo"`
	EloLo   float64 `json:"elo_lo"`
	EloHi   float64 `json:"elo_hi"`
}

// Base is the spec the table improves on: Spec without its rows.
func (t *Table) Base() string { return search.WithoutTable(t.Spec) }

// Summary is one line saying what the table is and why it is kept.
func (t *Table) Summary() string {
	return fmt.Sprintf("learned from %d games of %s; %+.0f Elo (%+.0f to %+.0f) against %s over %d pairs",
		t.Learned.Games, t.Learned.Spec, t.Check.Elo, t.Check.EloLo, t.Check.EloHi, t.Check.Against, t.Check.Pairs)
}

// Validate lists every problem of the table, joined; nil when it can be
// kept and played.
func (t *Table) Validate() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if t.Schema != Schema {
		bad("schema %d: this build reads schema %d", t.Schema, Schema)
	}
	if !protocol.IsHash(t.FileHash) {
		bad("file_sha256 %q: want the 64 hex digits of the rule file's SHA-256", t.FileHash)
	}
	ps, err := search.ParseSpec(t.Spec)
	switch {
	case err != nil:
		bad("spec: %v", err)
	case len(ps.TableRows()) == 0:
		bad("spec %q carries no table rows", search.ShortSpec(t.Spec))
	case t.Check.Against != t.Base():
		bad("check.against %q: want the spec without its table, %q", t.Check.Against, t.Base())
	}
	if t.Learned.Games < 1 {
		bad("learned.games %d: want at least one game", t.Learned.Games)
	}
	c := t.Check
	if games := c.Wins + c.Draws + c.Losses; c.Pairs < 1 || c.Wins < 0 || c.Draws < 0 || c.Losses < 0 || games < 2 || games > 2*c.Pairs {
		bad("check: %d pairs but %d-%d-%d games", c.Pairs, c.Wins, c.Draws, c.Losses)
	}
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	switch {
	case !finite(c.Elo) || !finite(c.EloLo) || !finite(c.EloHi) || c.EloLo > c.Elo || c.Elo > c.EloHi:
		bad("check: Elo %g (%g to %g) is not an estimate inside its interval", c.Elo, c.EloLo, c.EloHi)
	case c.EloLo <= 0:
		bad("check: Elo interval %+.0f to %+.0f is not above zero: a table is kept only where it gains", c.EloLo, c.EloHi)
	}
	return errors.Join(errs...)
}

// Read decodes and validates one table file's bytes, at most MaxBytes.
func Read(r io.Reader) (*Table, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("table file over %d bytes", MaxBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var t Table
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("table file: %w", err)
	}
	if dec.More() {
		return nil, errors.New("table file: more than one JSON value")
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return &t, nil
}

// Encode is the table file's bytes.
func (t *Table) Encode() ([]byte, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// Dir is a directory of table files.
type Dir string

// ForFile is the table directory beside a rule file: DirName in the
// file's directory.
func ForFile(ruleFile string) Dir {
	return Dir(filepath.Join(filepath.Dir(ruleFile), DirName))
}

// Find is the table kept for the rule file of the given hash; nil when
// none is, or when the directory does not exist. A table file that cannot
// be read or is invalid is an error naming it, and so are two tables for
// one hash: the store must say which table a file plays, not guess.
func (d Dir) Find(hash string) (*Table, string, error) {
	entries, err := os.ReadDir(string(d))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	var found *Table
	var foundPath string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), Ext) {
			continue
		}
		path := filepath.Join(string(d), e.Name())
		t, err := readFile(path)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", path, err)
		}
		if t.FileHash != hash {
			continue
		}
		if found != nil {
			return nil, "", fmt.Errorf("%s and %s are both tables of the rule file %s: keep one", foundPath, path, hash[:12])
		}
		found, foundPath = t, path
	}
	return found, foundPath, nil
}

func readFile(path string) (*Table, error) {
	// A named pipe or device would block or never end: only a regular
	// file (a link to one included) is read.
	if st, err := os.Stat(path); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f)
}

// Write keeps t in the directory as NAME.table (NAME from t.File, its
// .json dropped), created if need be, replacing any earlier table of that
// name by a rename so that a reader never sees half a file. It returns
// the path written.
func (d Dir) Write(t *Table) (string, error) {
	data, err := t.Encode()
	if err != nil {
		return "", err
	}
	name := strings.TrimSuffix(filepath.Base(t.File), ".json")
	if name == "" || name == "." || name == string(filepath.Separator) || strings.ContainsAny(name, `/\`) {
		return "", fmt.Errorf("table of %q: no name to keep it under", t.File)
	}
	if err := os.MkdirAll(string(d), 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(string(d), name+Ext)
	tmp, err := os.CreateTemp(string(d), "."+name+"-*.tmp")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", err
	}
	return path, nil
}

// Fits reports whether spec is the table's base, the player its check
// matched it against: only that player is known to gain by it, so
// another (other budget, values or terms) keeps playing without it.
func (t *Table) Fits(spec string) bool {
	ps, err := search.ParseSpec(spec)
	if t == nil || err != nil || len(ps.TableRows()) > 0 {
		return false
	}
	return search.WithoutTable(spec) == t.Base()
}
