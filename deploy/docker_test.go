package deploy

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestDockerfiles checks that each image is built in a separate stage
// into a static binary, runs as a non-root user in a final stage without
// the toolchain, starts the binary it built, and uses the module's Go
// version.
func TestDockerfiles(t *testing.T) {
	goMod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(goMod)
	for image, p := range dockerfiles {
		t.Run(image, func(t *testing.T) {
			d := parseDockerfile(t, p)
			if len(d.stages) < 2 {
				t.Fatalf("%d stages; want a build stage and a run stage", len(d.stages))
			}
			final := d.stages[len(d.stages)-1]
			if strings.Contains(final.from, "golang") {
				t.Errorf("final stage FROM %s carries the toolchain", final.from)
			}
			if !d.cgoDisabled {
				t.Error("no ENV CGO_ENABLED=0 before the go build: the binary would not be static")
			}
			if d.user == "" || d.user == "root" || strings.HasPrefix(d.user, "0:") || d.user == "0" {
				t.Errorf("final stage runs as %q; want a non-root user", d.user)
			}
			if goVersion == nil || d.args["GO_VERSION"] != string(goVersion[1]) {
				t.Errorf("ARG GO_VERSION=%s, go.mod says go %s", d.args["GO_VERSION"], goVersion[1])
			}
			prog := programOf(d.entrypoint)
			built := false
			for out, pkg := range d.goBuilds {
				if _, err := os.Stat(filepath.Join("..", pkg)); err != nil {
					t.Errorf("builds %s, which does not exist: %v", pkg, err)
				}
				if filepath.Base(out) == prog {
					built = true
				}
			}
			if !built {
				t.Errorf("ENTRYPOINT runs %s, which no go build -o produces (%v)", prog, d.goBuilds)
			}
			checkDockerignore(t, p+".dockerignore", d.goBuilds)
		})
	}
}

// checkDockerignore checks that the build context the ignore file leaves
// holds every package the builds need. The ignore files list directories
// and files to leave out (plain paths, plus **/ patterns for test files).
func checkDockerignore(t *testing.T, path string, builds map[string]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (without it the whole repository is sent as build context)", err)
	}
	defer f.Close()
	var excluded []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "**/"):
		case strings.ContainsAny(line, "*?[!"):
			t.Errorf("%s: pattern %q is beyond what this test understands; list plain paths", path, line)
		default:
			excluded = append(excluded, strings.TrimSuffix(line, "/"))
		}
	}
	isAllowed := func(rel string) bool {
		for _, x := range excluded {
			if rel == x || strings.HasPrefix(rel, x+"/") {
				return false
			}
		}
		return true
	}
	for _, need := range []string{"go.mod", "go.sum"} {
		if !isAllowed(need) {
			t.Errorf("%s excludes %s", path, need)
		}
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	for _, pkg := range builds {
		cmd := exec.Command(goTool, "list", "-deps", "-f", "{{if not .Standard}}{{.Dir}}\t{{join .EmbedFiles \",\"}}{{end}}", pkg)
		cmd.Dir = ".." // the Dockerfile's build context
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", pkg, err, stderrOf(err))
		}
		root, _ := filepath.Abs("..")
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			dir, embeds, _ := strings.Cut(line, "\t")
			rel, err := filepath.Rel(root, dir)
			if err != nil || strings.HasPrefix(rel, "..") {
				continue // a module dependency, downloaded in the image
			}
			rel = filepath.ToSlash(rel)
			if !isAllowed(rel) {
				t.Errorf("%s excludes %s, which %s imports", path, rel, pkg)
			}
			for _, e := range strings.Split(embeds, ",") {
				if strings.Contains(e, "testdata/") || strings.HasSuffix(e, "_test.go") {
					t.Errorf("%s excludes %s/%s, which %s embeds", path, rel, e, pkg)
				}
			}
		}
	}
}

func stderrOf(err error) []byte {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.Stderr
	}
	return nil
}
