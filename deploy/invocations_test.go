package deploy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// imageBinary maps the images the deploy files run to their program.
var imageBinary = map[string]string{
	"balancefarm-coordinator": "coordinator",
	"balancefarm-worker":      "worker",
}

// dockerfiles are the images' Dockerfiles.
var dockerfiles = map[string]string{
	"balancefarm-coordinator": "docker/coordinator.Dockerfile",
	"balancefarm-worker":      "docker/worker.Dockerfile",
}

// dockerfile is the part of a Dockerfile the tests read.
type dockerfile struct {
	path        string
	stages      []dockerStage
	entrypoint  []string // of the final stage
	cmd         []string
	user        string
	expose      []string
	args        map[string]string
	goBuilds    map[string]string // -o output -> package path
	cgoDisabled bool              // ENV CGO_ENABLED=0 before the builds
}

type dockerStage struct {
	from, name string
}

// instructions splits a Dockerfile into instructions, joining continued
// lines and dropping comments.
func instructions(t *testing.T, p string) [][2]string {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][2]string
	var cur strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") || (line == "" && cur.Len() == 0) {
			continue
		}
		if strings.HasSuffix(line, "\\") {
			cur.WriteString(strings.TrimSuffix(line, "\\") + " ")
			continue
		}
		cur.WriteString(line)
		text := strings.TrimSpace(cur.String())
		cur.Reset()
		if text == "" {
			continue
		}
		kw, rest, _ := strings.Cut(text, " ")
		out = append(out, [2]string{strings.ToUpper(kw), strings.TrimSpace(rest)})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var goBuildRE = regexp.MustCompile(`go build [^&]*?-o (\S+) (\./\S+)`)

func parseDockerfile(t *testing.T, p string) dockerfile {
	t.Helper()
	d := dockerfile{path: p, args: map[string]string{}, goBuilds: map[string]string{}}
	for _, ins := range instructions(t, p) {
		kw, rest := ins[0], ins[1]
		switch kw {
		case "ARG":
			k, v, _ := strings.Cut(rest, "=")
			d.args[k] = v
		case "FROM":
			fields := strings.Fields(rest)
			st := dockerStage{from: fields[0]}
			if len(fields) == 3 && strings.EqualFold(fields[1], "AS") {
				st.name = fields[2]
			}
			d.stages = append(d.stages, st)
			d.entrypoint, d.cmd, d.user, d.expose = nil, nil, "", nil
		case "ENV":
			if strings.ReplaceAll(rest, " ", "") == "CGO_ENABLED=0" && len(d.goBuilds) == 0 {
				d.cgoDisabled = true
			}
		case "RUN":
			for _, mt := range goBuildRE.FindAllStringSubmatch(rest, -1) {
				d.goBuilds[mt[1]] = mt[2]
			}
		case "ENTRYPOINT", "CMD":
			var arr []string
			if err := json.Unmarshal([]byte(rest), &arr); err != nil {
				t.Fatalf("%s: %s must be in exec (JSON array) form so signals reach the program: %v", p, kw, err)
			}
			if kw == "ENTRYPOINT" {
				d.entrypoint = arr
			} else {
				d.cmd = arr
			}
		case "USER":
			d.user = rest
		case "EXPOSE":
			d.expose = append(d.expose, strings.Fields(rest)...)
		}
	}
	return d
}

// programOf names the program an image's entrypoint runs.
func programOf(entrypoint []string) string {
	if len(entrypoint) == 0 {
		return ""
	}
	return path.Base(entrypoint[0])
}

// composeFile is deploy/compose.yaml decoded.
func composeFile(t *testing.T) map[string]any {
	t.Helper()
	docs := readYAMLDocs(t, "compose.yaml")
	if len(docs) != 1 {
		t.Fatalf("compose.yaml: %d documents", len(docs))
	}
	return docs[0]
}

// composeInvocations are the balancefarm programs compose.yaml runs.
func composeInvocations(t *testing.T) []invocation {
	t.Helper()
	var out []invocation
	services := m(composeFile(t)["services"])
	for name, sv := range services {
		image := s(m(sv)["image"])
		bin, ok := imageBinary[image]
		if !ok {
			continue
		}
		d := parseDockerfile(t, dockerfiles[image])
		entry := d.entrypoint
		if e := strs(m(sv)["entrypoint"]); len(e) > 0 {
			entry = e
		}
		cmd := d.cmd
		if c := strs(m(sv)["command"]); len(c) > 0 {
			cmd = c
		}
		if p := programOf(entry); p != "" {
			bin = p
		}
		out = append(out, invocation{where: "compose.yaml service " + name, binary: bin, args: append(entry[1:len(entry):len(entry)], cmd...)})
	}
	return out
}

// dockerInvocations are the images' default command lines.
func dockerInvocations(t *testing.T) []invocation {
	t.Helper()
	var out []invocation
	for _, p := range dockerfiles {
		d := parseDockerfile(t, p)
		out = append(out, invocation{where: p + " ENTRYPOINT+CMD", binary: programOf(d.entrypoint), args: append(d.entrypoint[1:], d.cmd...)})
	}
	return out
}

// k8sDocs are every manifest of deploy/k8s but the Helm values and the
// kustomization.
func k8sDocs(t *testing.T) map[string][]map[string]any {
	t.Helper()
	out := map[string][]map[string]any{}
	paths, _ := filepath.Glob("k8s/*.yaml")
	for _, p := range paths {
		if base := filepath.Base(p); base == "nats-values.yaml" || base == "kustomization.yaml" {
			continue
		}
		out[p] = readYAMLDocs(t, p)
	}
	return out
}

// podSpec finds the pod template of a workload.
func podSpec(doc map[string]any) map[string]any {
	switch s(doc["kind"]) {
	case "Deployment", "StatefulSet", "DaemonSet", "Job":
		return m(dig(doc, "spec", "template", "spec"))
	case "CronJob":
		return m(dig(doc, "spec", "jobTemplate", "spec", "template", "spec"))
	}
	return nil
}

func podAnnotations(doc map[string]any) map[string]any {
	if s(doc["kind"]) == "CronJob" {
		return m(dig(doc, "spec", "jobTemplate", "spec", "template", "metadata", "annotations"))
	}
	return m(dig(doc, "spec", "template", "metadata", "annotations"))
}

// k8sInvocations are the balancefarm containers of the manifests.
func k8sInvocations(t *testing.T) []invocation {
	t.Helper()
	var out []invocation
	for p, docs := range k8sDocs(t) {
		for _, doc := range docs {
			for _, c := range l(podSpec(doc)["containers"]) {
				image := s(m(c)["image"])
				bin, ok := imageBinary[strings.Split(image, ":")[0]]
				if !ok {
					continue
				}
				args := append(strs(m(c)["command"])[min(1, len(strs(m(c)["command"]))):], strs(m(c)["args"])...)
				out = append(out, invocation{where: fmt.Sprintf("%s %s/%s container %s", p, s(doc["kind"]), s(dig(doc, "metadata", "name")), s(m(c)["name"])),
					binary: bin, args: args})
			}
		}
	}
	return out
}

// unit is a systemd unit file: section -> key -> values (a key may repeat).
type unit map[string]map[string][]string

// parseUnit reads a unit file as INI: [Section] headers, Key=Value lines,
// # and ; comments. Anything else is an error.
func parseUnit(t *testing.T, p string) unit {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	u := unit{}
	section := ""
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = line[1 : len(line)-1]
			if _, dup := u[section]; dup {
				t.Errorf("%s:%d: section [%s] repeated", p, i+1, section)
			}
			u[section] = map[string][]string{}
		case strings.Contains(line, "=") && section != "":
			k, v, _ := strings.Cut(line, "=")
			if strings.HasSuffix(line, "\\") {
				t.Errorf("%s:%d: continued lines are not used here; keep each setting on one line", p, i+1)
			}
			u[section][strings.TrimSpace(k)] = append(u[section][strings.TrimSpace(k)], strings.TrimSpace(v))
		default:
			t.Errorf("%s:%d: not a section header or Key=Value: %q", p, i+1, line)
		}
	}
	return u
}

// unitFiles lists the systemd units.
func unitFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, pattern := range []string{"systemd/*.service", "systemd/*.timer"} {
		ps, _ := filepath.Glob(pattern)
		out = append(out, ps...)
	}
	sort.Strings(out)
	return out
}

// envFile reads systemd/balancefarm.env (KEY=VALUE lines).
func envFile(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile("systemd/balancefarm.env")
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || k == "" || strings.ContainsAny(v, `"'`) {
			t.Fatalf("balancefarm.env:%d: want KEY=VALUE without quotes, got %q", i+1, line)
		}
		env[k] = v
	}
	return env
}

var (
	envRefRE    = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)
	specifierRE = regexp.MustCompile(`%[a-zA-Z%]`)
)

// unitSpecifiers are example values of the specifiers the units use.
var unitSpecifiers = map[string]string{"%d": "/run/credentials/unit", "%i": "9465", "%H": "farmhost", "%S": "/var/lib", "%%": "%"}

// systemdInvocations expands each ExecStart with balancefarm.env and
// example specifier values, and splits it into words as systemd does for
// lines without quotes.
func systemdInvocations(t *testing.T) []invocation {
	t.Helper()
	env := envFile(t)
	var out []invocation
	for _, p := range unitFiles(t) {
		for _, line := range parseUnit(t, p)["Service"]["ExecStart"] {
			if strings.ContainsAny(line, `"'`) {
				t.Errorf("%s: ExecStart has quotes; the test splits on spaces", p)
			}
			line = envRefRE.ReplaceAllStringFunc(line, func(ref string) string {
				mt := envRefRE.FindStringSubmatch(ref)
				name := mt[1] + mt[2]
				v, ok := env[name]
				if !ok {
					t.Errorf("%s: ExecStart uses $%s, which balancefarm.env does not set", p, name)
				}
				return v
			})
			line = specifierRE.ReplaceAllStringFunc(line, func(spec string) string {
				v, ok := unitSpecifiers[spec]
				if !ok {
					t.Errorf("%s: specifier %s has no example value in the test", p, spec)
				}
				return v
			})
			words := strings.Fields(line)
			out = append(out, invocation{where: p + " ExecStart", binary: path.Base(words[0]), args: words[1:]})
		}
	}
	return out
}

// allInvocations is every balancefarm command line of every deploy file.
func allInvocations(t *testing.T) []invocation {
	t.Helper()
	var out []invocation
	out = append(out, composeInvocations(t)...)
	out = append(out, dockerInvocations(t)...)
	out = append(out, k8sInvocations(t)...)
	out = append(out, systemdInvocations(t)...)
	sort.Slice(out, func(i, j int) bool { return out[i].where < out[j].where })
	return out
}
