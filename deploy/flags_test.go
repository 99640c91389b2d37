package deploy

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// longRunning are the invocations that listen: they must say where.
var longRunning = map[string][]string{
	"coordinator serve": {"addr", "metrics-addr"},
	"worker":            {"metrics-addr"},
}

// TestFlagsExistInBinaries checks every flag every deploy file passes
// against the binaries' own -h listing, and the security rules: whoever
// talks to NATS brings credentials and TLS, and whatever listens is told
// the address explicitly (the binaries default to loopback).
func TestFlagsExistInBinaries(t *testing.T) {
	invs := allInvocations(t)
	if len(invs) < 10 {
		t.Fatalf("found only %d command lines in the deploy files", len(invs))
	}
	for _, inv := range invs {
		t.Run(inv.where, func(t *testing.T) {
			if _, ok := binaries[inv.binary]; !ok {
				t.Fatalf("runs %q, which is not one of the balancefarm binaries", inv.binary)
			}
			fset, err := flagsOf(t, inv.binary, inv.subcommand())
			if err != nil {
				t.Fatal(err)
			}
			flags, positional, err := inv.flagArgs(fset)
			if err != nil {
				t.Fatalf("%s %s: %v (args %q)", inv.binary, inv.subcommand(), err, inv.args)
			}
			if _, usesNATS := flags["nats"]; usesNATS {
				for _, f := range []string{"creds", "tls-ca", "tls-cert", "tls-key"} {
					if flags[f] == "" {
						t.Errorf("connects to NATS without -%s", f)
					}
				}
			}
			key := strings.TrimSpace(inv.binary + " " + inv.subcommand())
			for _, f := range longRunning[key] {
				if flags[f] == "" {
					t.Errorf("%s listens but the file does not pass -%s (the default is loopback)", key, f)
				}
			}
			if inv.subcommand() == "regress" && len(positional) != 1 {
				t.Errorf("regress should name its rule-file directory, got positional arguments %q", positional)
			}
		})
	}
}

// TestEnvironmentVariablesAreRead checks that every environment variable
// a deploy file gives a balancefarm container is one the code reads; the
// binaries are configured by flags, so today the list must be empty.
func TestEnvironmentVariablesAreRead(t *testing.T) {
	read := envVarsReadByCode(t)
	check := func(where string, env map[string]any) {
		for name := range env {
			if !read[name] {
				t.Errorf("%s sets %s, which no balancefarm code reads (os.Getenv/LookupEnv)", where, name)
			}
		}
	}
	for name, sv := range m(composeFile(t)["services"]) {
		if _, ok := imageBinary[s(m(sv)["image"])]; ok {
			check("compose.yaml service "+name, m(m(sv)["environment"]))
		}
	}
	for p, docs := range k8sDocs(t) {
		for _, doc := range docs {
			for _, c := range l(podSpec(doc)["containers"]) {
				env := map[string]any{}
				for _, e := range l(m(c)["env"]) {
					env[s(m(e)["name"])] = true
				}
				if len(l(m(c)["envFrom"])) > 0 {
					t.Errorf("%s: envFrom hides which variables a container gets", p)
				}
				check(p+" container "+s(m(c)["name"]), env)
			}
		}
	}
	// The units' variables feed ExecStart only: each must be used, and each
	// use set (systemdInvocations reports unset ones).
	env := envFile(t)
	used := map[string]bool{}
	for _, p := range unitFiles(t) {
		for _, lines := range parseUnit(t, p)["Service"] {
			for _, line := range lines {
				for _, mt := range envRefRE.FindAllStringSubmatch(line, -1) {
					used[mt[1]+mt[2]] = true
				}
			}
		}
	}
	systemdInvocations(t)
	for name := range env {
		if !used[name] {
			t.Errorf("balancefarm.env sets %s, which no unit uses", name)
		}
	}
}

// envVarsReadByCode finds the string literals passed to os.Getenv and
// os.LookupEnv anywhere in the module's non-test code.
func envVarsReadByCode(t *testing.T) map[string]bool {
	t.Helper()
	read := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != ".." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return nil // another engineer's file mid-edit; the compiler will say
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Getenv" && sel.Sel.Name != "LookupEnv") {
				return true
			}
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if v, err := strconv.Unquote(lit.Value); err == nil {
					read[v] = true
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return read
}
