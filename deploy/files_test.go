package deploy

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestYAMLParses decodes every YAML file, every document, and checks the
// Kubernetes manifests name an apiVersion, kind and name.
func TestYAMLParses(t *testing.T) {
	files := yamlFiles(t)
	if len(files) < 8 {
		t.Fatalf("found %d YAML files", len(files))
	}
	for _, p := range files {
		docs := readYAMLDocs(t, p)
		if len(docs) == 0 {
			t.Errorf("%s: empty", p)
		}
		if !strings.HasPrefix(p, "k8s/") || filepath.Base(p) == "nats-values.yaml" {
			continue
		}
		for i, d := range docs {
			if s(d["apiVersion"]) == "" || s(d["kind"]) == "" {
				t.Errorf("%s document %d: no apiVersion or kind", p, i+1)
			}
			if s(d["kind"]) != "Kustomization" && s(dig(d, "metadata", "name")) == "" {
				t.Errorf("%s document %d: no metadata.name", p, i+1)
			}
		}
	}
	// Every manifest is in the kustomization, so `kubectl apply -k` applies it.
	kust := readYAMLDocs(t, "k8s/kustomization.yaml")[0]
	listed := map[string]bool{}
	for _, r := range strs(kust["resources"]) {
		listed[r] = true
		if _, err := os.Stat(filepath.Join("k8s", r)); err != nil {
			t.Errorf("kustomization lists %s: %v", r, err)
		}
	}
	for p := range k8sDocs(t) {
		if !listed[filepath.Base(p)] {
			t.Errorf("%s is not in k8s/kustomization.yaml", p)
		}
	}
}

// TestSystemdUnits parses the units as INI and checks what each must have:
// hardening for services, a timer pointing at the regress service, and
// secrets passed as credentials rather than read from the disk.
func TestSystemdUnits(t *testing.T) {
	units := unitFiles(t)
	want := []string{"systemd/coordinator.service", "systemd/regress.service", "systemd/regress.timer", "systemd/worker@.service"}
	if strings.Join(units, " ") != strings.Join(want, " ") {
		t.Fatalf("units %v, want %v", units, want)
	}
	for _, p := range units {
		u := parseUnit(t, p)
		if _, ok := u["Unit"]; !ok {
			t.Errorf("%s: no [Unit]", p)
		}
		if strings.HasSuffix(p, ".timer") {
			if u["Timer"]["Unit"] == nil || u["Timer"]["Unit"][0] != "regress.service" || u["Timer"]["OnCalendar"] == nil {
				t.Errorf("%s: want OnCalendar and Unit=regress.service", p)
			}
			continue
		}
		svc := u["Service"]
		for _, k := range []string{"ExecStart", "User", "DynamicUser", "NoNewPrivileges", "ProtectSystem", "EnvironmentFile", "LoadCredential"} {
			if len(svc[k]) == 0 {
				t.Errorf("%s: [Service] has no %s", p, k)
			}
		}
		if len(svc["ExecStart"]) != 1 {
			t.Errorf("%s: %d ExecStart lines, want 1", p, len(svc["ExecStart"]))
		}
		if strings.Contains(strings.Join(svc["ExecStart"], " "), "/etc/balancefarm/secrets") {
			t.Errorf("%s: ExecStart reads secrets from /etc; pass them with LoadCredential= and %%d", p)
		}
		if !strings.HasSuffix(p, "regress.service") && u["Install"]["WantedBy"] == nil {
			t.Errorf("%s: no [Install] WantedBy", p)
		}
	}
}

// TestSystemdAnalyzeVerify runs systemd-analyze verify on the units, with
// ExecStart pointed at freshly built binaries. It is skipped where systemd
// is not installed; the INI checks above still run.
func TestSystemdAnalyzeVerify(t *testing.T) {
	tool, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze not installed")
	}
	dir := t.TempDir()
	var args []string
	for _, p := range unitFiles(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		for name := range binaries {
			text = strings.ReplaceAll(text, "/usr/local/bin/"+name, binary(t, name))
		}
		name := filepath.Base(p)
		if name == "worker@.service" {
			name = "worker@9465.service" // a template is verified as an instance
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, filepath.Join(dir, name))
	}
	out, err := exec.Command(tool, append([]string{"verify"}, args...)...).CombinedOutput()
	if err != nil || strings.Contains(string(out), "Unknown") || strings.Contains(string(out), "Failed") {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// TestPrometheusConfig has promtool check the Compose Prometheus's
// configuration.
func TestPrometheusConfig(t *testing.T) {
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("promtool not found on PATH, and CI=true: install Debian's prometheus package (apt-get install -y prometheus)")
		}
		t.Skip("promtool not found on PATH (apt-get install -y prometheus); skipping outside CI")
	}
	out, err := exec.Command(promtool, "check", "config", "prometheus/prometheus.yml").CombinedOutput()
	if err != nil {
		t.Errorf("promtool check config: %v\n%s", err, out)
	}
}

// TestKustomizeRenders renders deploy/k8s with kubectl's built-in
// kustomize (no cluster needed) where kubectl is installed.
func TestKustomizeRenders(t *testing.T) {
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl not installed")
	}
	out, err := exec.Command(kubectl, "kustomize", "k8s").CombinedOutput()
	if err != nil {
		t.Fatalf("kubectl kustomize: %v\n%s", err, out)
	}
	for _, kind := range []string{"Namespace", "Deployment", "Service", "ScaledObject", "TriggerAuthentication", "CronJob", "PersistentVolumeClaim"} {
		if !strings.Contains(string(out), "kind: "+kind+"\n") {
			t.Errorf("the rendered manifests have no %s", kind)
		}
	}
	if strings.Count(string(out), "namespace: balancefarm") < 6 {
		t.Error("the rendered manifests are not all in namespace balancefarm")
	}
}
