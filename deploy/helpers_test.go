package deploy

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"
)

// binaries are the programs the deploy files run, by name, and the
// packages they are built from.
var binaries = map[string]string{
	"coordinator": "balancefarm/cmd/coordinator",
	"worker":      "balancefarm/cmd/worker",
	"gensecrets":  "balancefarm/deploy/gensecrets",
}

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// binary builds (once per test run) and returns the path of a program.
func binary(t *testing.T, name string) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "balancefarm-deploy-test-")
		if buildErr != nil {
			return
		}
		goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(goTool); err != nil {
			goTool = "go"
		}
		names := make([]string, 0, len(binaries))
		for n := range binaries {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			out, err := exec.Command(goTool, "build", "-o", filepath.Join(buildDir, n), binaries[n]).CombinedOutput()
			if err != nil {
				buildErr = fmt.Errorf("building %s: %v\n%s", n, err, out)
				return
			}
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	if _, ok := binaries[name]; !ok {
		t.Fatalf("no binary %q", name)
	}
	return filepath.Join(buildDir, name)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// flagInfo is one flag as a binary's -h lists it.
type flagInfo struct {
	name     string
	isBool   bool
	defValue string
}

// flagSet is the flags of a binary (and subcommand).
type flagSet map[string]flagInfo

var (
	helpMu    sync.Mutex
	helpCache = map[string]flagSet{}
)

var (
	flagLineRE    = regexp.MustCompile(`^  -([A-Za-z0-9][A-Za-z0-9_.-]*)(?: ([^\s]+))?`)
	flagDefaultRE = regexp.MustCompile(`\(default "?([^")]*)"?\)`)
)

// flagsOf runs `BINARY [SUBCOMMAND] -h` and parses Go's flag listing. An
// unknown subcommand is an error naming it.
func flagsOf(t *testing.T, bin, sub string) (flagSet, error) {
	t.Helper()
	key := bin + " " + sub
	helpMu.Lock()
	defer helpMu.Unlock()
	if fs, ok := helpCache[key]; ok {
		return fs, nil
	}
	args := []string{"-h"}
	if sub != "" {
		args = []string{sub, "-h"}
	}
	out, _ := exec.Command(binary(t, bin), args...).CombinedOutput() // -h exits 0 or 2
	if bytes.Contains(out, []byte("unknown command")) {
		return nil, fmt.Errorf("`%s %s` does not exist: %s", bin, sub, firstLine(out))
	}
	fs := flagSet{}
	var last *flagInfo
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if m := flagLineRE.FindStringSubmatch(line); m != nil {
			fs[m[1]] = flagInfo{name: m[1], isBool: m[2] == "" || strings.HasPrefix(m[2], "\t")}
			f := fs[m[1]]
			last = &f
			if d := flagDefaultRE.FindStringSubmatch(line); d != nil {
				last.defValue = d[1]
			}
			fs[m[1]] = *last
			continue
		}
		if last != nil {
			if d := flagDefaultRE.FindStringSubmatch(line); d != nil {
				f := fs[last.name]
				f.defValue = d[1]
				fs[last.name] = f
			}
		}
	}
	if len(fs) == 0 {
		return nil, fmt.Errorf("`%s %s -h` listed no flags:\n%s", bin, sub, out)
	}
	helpCache[key] = fs
	return fs, nil
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}

// invocation is one command line a deploy file runs.
type invocation struct {
	where  string   // file and place in it
	binary string   // coordinator, worker or gensecrets
	args   []string // after the program name; a coordinator's start with the subcommand
}

func (inv invocation) subcommand() string {
	if inv.binary == "coordinator" && len(inv.args) > 0 {
		return inv.args[0]
	}
	return ""
}

// flagArgs returns the flags an invocation passes (name to value) and its
// positional arguments, parsing as Go's flag package does.
func (inv invocation) flagArgs(fs flagSet) (map[string]string, []string, error) {
	args := inv.args
	if inv.subcommand() != "" {
		args = args[1:]
	}
	out := map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return out, args[i+1:], nil
		}
		if len(a) < 2 || a[0] != '-' {
			return out, args[i:], nil
		}
		name := strings.TrimLeft(a, "-")
		name, value, hasValue := strings.Cut(name, "=")
		f, ok := fs[name]
		if !ok {
			return nil, nil, fmt.Errorf("flag -%s does not exist", name)
		}
		if !hasValue && !f.isBool {
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("flag -%s has no value", name)
			}
			i++
			value = args[i]
		}
		out[name] = value
	}
	return out, nil, nil
}

// readYAMLDocs reads every document of a YAML file.
func readYAMLDocs(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []map[string]any
	for {
		var d map[string]any
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if d != nil {
			docs = append(docs, d)
		}
	}
	return docs
}

// yamlFiles lists the YAML files under deploy/.
func yamlFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// Generic accessors for decoded YAML.

func m(v any) map[string]any { x, _ := v.(map[string]any); return x }

func l(v any) []any { x, _ := v.([]any); return x }

func s(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int, int64, float64, bool:
		return fmt.Sprint(x)
	}
	return ""
}

func strs(v any) []string {
	var out []string
	for _, e := range l(v) {
		out = append(out, s(e))
	}
	return out
}

// dig follows keys through nested maps.
func dig(v any, keys ...string) any {
	for _, k := range keys {
		v = m(v)[k]
	}
	return v
}
