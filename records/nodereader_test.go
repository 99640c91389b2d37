package records

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// nodeReader is an independent reader of the records run under node: a
// script in testdata that takes a PGN file and its JSON lines, and the
// npm library it loads from the folder the environment variable names.
type nodeReader struct {
	env, script, install string
	node, dir, path      string
}

// newNodeReader finds node and the library's folder, failing under
// CI=true and skipping elsewhere when either is missing.
func newNodeReader(t *testing.T, env, script, install string) *nodeReader {
	t.Helper()
	r := &nodeReader{env: env, script: script, install: install, dir: os.Getenv(env)}
	node, err := exec.LookPath("node")
	if r.dir == "" || err != nil {
		why := fmt.Sprintf("needs node and %s=DIR with node_modules of %s (npm install %s; .ci/run does)", env, install, install)
		if os.Getenv("CI") == "true" {
			t.Fatal(why)
		}
		t.Skip(why)
	}
	r.node = node
	if r.path, err = filepath.Abs(filepath.Join("testdata", script)); err != nil {
		t.Fatal(err)
	}
	return r
}

// replay writes games as meta says, runs the script on them and returns
// its output, with an error unless it says every game replayed ("N of N
// games replayed by NAME").
func (r *nodeReader) replay(t *testing.T, meta Meta, games []Game, name string) (string, error) {
	t.Helper()
	var pgn, jsonl bytes.Buffer
	if err := WritePGN(&pgn, meta, games); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSONL(&jsonl, games); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(t.TempDir(), "games")
	for path, data := range map[string][]byte{base + ".pgn": pgn.Bytes(), base + ".games.jsonl": jsonl.Bytes()} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(r.node, r.path, base+".pgn", base+".games.jsonl")
	cmd.Env = append(os.Environ(), r.env+"="+r.dir)
	out, err := cmd.CombinedOutput()
	if want := fmt.Sprintf("%d of %d games replayed by %s", len(games), len(games), name); err == nil && !strings.Contains(string(out), want) {
		err = fmt.Errorf("the output does not say %q", want)
	}
	return string(bytes.TrimSpace(out)), err
}
