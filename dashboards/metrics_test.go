package dashboards

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// farmDir is the package whose metrics the dashboards read.
const farmDir = "../farm"

// exportedMetrics reads the metric names the farm registers from its
// source: every call whose first argument is a "balancefarm_..." string
// literal, a histogram (by the constructor's name) standing for its
// _bucket, _sum and _count series.
func exportedMetrics(t *testing.T) map[string]bool {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(farmDir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			name, err := strconv.Unquote(lit.Value)
			if err != nil || !strings.HasPrefix(name, "balancefarm_") {
				return true
			}
			var fn string
			switch x := call.Fun.(type) {
			case *ast.SelectorExpr:
				fn = x.Sel.Name
			case *ast.Ident:
				fn = x.Name
			}
			if strings.Contains(strings.ToLower(fn), "histogram") {
				for _, suffix := range []string{"_bucket", "_sum", "_count"} {
					out[name+suffix] = true
				}
			} else {
				out[name] = true
			}
			return true
		})
	}
	if len(out) == 0 {
		t.Fatalf("found no balancefarm_ metrics in %s", farmDir)
	}
	return out
}

var metricNameRE = regexp.MustCompile(`\bbalancefarm_[a-z0-9_]+`)

func TestQueriesUseExportedMetrics(t *testing.T) {
	exported := exportedMetrics(t)
	missing := map[string][]string{}
	check := func(where, expr string) {
		seen := map[string]bool{}
		for _, name := range metricNameRE.FindAllString(expr, -1) {
			if !exported[name] && !seen[name] {
				missing[name] = append(missing[name], where)
			}
			seen[name] = true
		}
	}
	for _, q := range queries(t) {
		check(q.String(), q.expr)
	}
	for _, v := range variableQueries(t) {
		check(v.file+" variable "+v.name, v.selector)
	}
	var names []string
	for name := range missing {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Errorf("%s is not exported by the farm (farm/metrics.go) but used by %s", name, strings.Join(missing[name], "; "))
	}
}
