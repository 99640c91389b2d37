package deploy

import (
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"balancefarm/deploy/natsauth"
)

// portOf is the port of host:port, a URL, or a Compose "ip:host:container"
// mapping (the container port).
func portOf(t *testing.T, where, addr string) string {
	t.Helper()
	if u, err := url.Parse(addr); err == nil && u.Scheme != "" && u.Host != "" {
		return u.Port()
	}
	if parts := strings.Split(addr, ":"); len(parts) == 3 {
		return parts[2]
	}
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Errorf("%s: %q is not host:port: %v", where, addr, err)
	}
	return port
}

func hostOf(addr string) string {
	if u, err := url.Parse(addr); err == nil && u.Scheme != "" && u.Host != "" {
		return u.Hostname()
	}
	h, _, _ := net.SplitHostPort(addr)
	return h
}

// farmPorts are the ports the binaries listen on by default.
type farmPorts struct{ api, coordinatorMetrics, workerMetrics string }

// defaultPorts reads the binaries' defaults, which must be loopback.
func defaultPorts(t *testing.T) farmPorts {
	t.Helper()
	serve, err := flagsOf(t, "coordinator", "serve")
	if err != nil {
		t.Fatal(err)
	}
	worker, err := flagsOf(t, "worker", "")
	if err != nil {
		t.Fatal(err)
	}
	for where, addr := range map[string]string{
		"coordinator serve -addr": serve["addr"].defValue, "coordinator serve -metrics-addr": serve["metrics-addr"].defValue,
		"worker -metrics-addr": worker["metrics-addr"].defValue,
	} {
		if ip := net.ParseIP(hostOf(addr)); ip == nil || !ip.IsLoopback() {
			t.Errorf("%s defaults to %q; listeners must default to loopback", where, addr)
		}
	}
	return farmPorts{
		api:                portOf(t, "serve -addr", serve["addr"].defValue),
		coordinatorMetrics: portOf(t, "serve -metrics-addr", serve["metrics-addr"].defValue),
		workerMetrics:      portOf(t, "worker -metrics-addr", worker["metrics-addr"].defValue),
	}
}

// TestPortsAndPathsAgree checks that every file names the same ports and
// metrics path as the binaries and as one another.
func TestPortsAndPathsAgree(t *testing.T) {
	want := defaultPorts(t)
	agree := func(where, what, got, wanted string) {
		if got != wanted {
			t.Errorf("%s: %s is %q, want %q", where, what, got, wanted)
		}
	}

	// The command lines.
	for _, inv := range allInvocations(t) {
		key := strings.TrimSpace(inv.binary + " " + inv.subcommand())
		fs, err := flagsOf(t, inv.binary, inv.subcommand())
		if err != nil {
			continue // TestFlagsExistInBinaries reports it
		}
		flags, _, err := inv.flagArgs(fs)
		if err != nil {
			continue
		}
		switch key {
		case "coordinator serve":
			agree(inv.where, "-addr port", portOf(t, inv.where, flags["addr"]), want.api)
			agree(inv.where, "-metrics-addr port", portOf(t, inv.where, flags["metrics-addr"]), want.coordinatorMetrics)
		case "worker":
			agree(inv.where, "-metrics-addr port", portOf(t, inv.where, flags["metrics-addr"]), want.workerMetrics)
		}
	}

	// The images.
	for image, p := range dockerfiles {
		d := parseDockerfile(t, p)
		wantExpose := []string{want.workerMetrics}
		if image == "balancefarm-coordinator" {
			wantExpose = []string{want.api, want.coordinatorMetrics}
		}
		got := slices.Clone(d.expose)
		sort.Strings(got)
		sort.Strings(wantExpose)
		agree(p, "EXPOSE", strings.Join(got, " "), strings.Join(wantExpose, " "))
	}

	// Compose: published ports bind loopback; the coordinator's API is one.
	services := m(composeFile(t)["services"])
	for name, sv := range services {
		for _, mapping := range strs(m(sv)["ports"]) {
			if !strings.HasPrefix(mapping, "127.0.0.1:") {
				t.Errorf("compose.yaml service %s publishes %q beyond loopback", name, mapping)
			}
		}
	}
	agree("compose.yaml coordinator", "published port", portOf(t, "compose", strs(m(services["coordinator"])["ports"])[0]), want.api)

	// Prometheus scrapes those ports at the farm's metrics path.
	prom := readYAMLDocs(t, "prometheus/prometheus.yml")[0]
	jobs := map[string]map[string]any{}
	for _, j := range l(prom["scrape_configs"]) {
		jobs[s(m(j)["job_name"])] = m(j)
		if p := s(m(j)["metrics_path"]); p != "" {
			agree("prometheus.yml job "+s(m(j)["job_name"]), "metrics_path", p, metricsPath(t))
		}
	}
	coordTargets := strs(dig(l(jobs["balancefarm-coordinator"]["static_configs"])[0], "targets"))
	for _, target := range coordTargets {
		agree("prometheus.yml coordinator target", "port", portOf(t, "prometheus.yml", target), want.coordinatorMetrics)
		if _, ok := services[hostOf(target)]; !ok {
			t.Errorf("prometheus.yml scrapes %s, which is not a Compose service", target)
		}
	}
	workerSD := m(l(jobs["balancefarm-worker"]["dns_sd_configs"])[0])
	agree("prometheus.yml worker DNS discovery", "port", s(workerSD["port"]), want.workerMetrics)
	for _, n := range strs(workerSD["names"]) {
		if _, ok := services[n]; !ok {
			t.Errorf("prometheus.yml discovers %s, which is not a Compose service", n)
		}
	}

	// Kubernetes: container ports, Services and scrape annotations.
	for p, docs := range k8sDocs(t) {
		for _, doc := range docs {
			kind, name := s(doc["kind"]), s(dig(doc, "metadata", "name"))
			spec := podSpec(doc)
			for _, c := range l(spec["containers"]) {
				ports := map[string]string{}
				for _, cp := range l(m(c)["ports"]) {
					ports[s(m(cp)["name"])] = s(m(cp)["containerPort"])
				}
				switch s(m(c)["image"]) {
				case "balancefarm-coordinator":
					if kind == "CronJob" {
						continue
					}
					agree(p+" "+name, "api port", ports["api"], want.api)
					agree(p+" "+name, "metrics port", ports["metrics"], want.coordinatorMetrics)
				case "balancefarm-worker":
					agree(p+" "+name, "metrics port", ports["metrics"], want.workerMetrics)
				default:
					continue
				}
				ann := podAnnotations(doc)
				agree(p+" "+name, "prometheus.io/port", s(ann["prometheus.io/port"]), ports["metrics"])
				agree(p+" "+name, "prometheus.io/path", s(ann["prometheus.io/path"]), metricsPath(t))
				for _, probe := range []string{"readinessProbe", "livenessProbe"} {
					if pr := m(m(c)[probe]); pr != nil {
						if port := s(dig(pr, "httpGet", "port")); ports[port] == "" {
							t.Errorf("%s %s: %s uses port %q, which the container does not name", p, name, probe, port)
						}
					}
				}
			}
			if kind == "Service" {
				for _, sp := range l(dig(doc, "spec", "ports")) {
					switch s(m(sp)["name"]) {
					case "api":
						agree(p+" Service "+name, "api port", s(m(sp)["port"]), want.api)
					case "metrics":
						agree(p+" Service "+name, "metrics port", s(m(sp)["port"]), want.coordinatorMetrics)
					}
				}
			}
		}
	}
}

// metricsPath is the path farm.ServeMetrics serves.
func metricsPath(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("../farm/metrics.go")
	if err != nil {
		t.Fatal(err)
	}
	mt := regexp.MustCompile(`"GET (/[a-z]+)"`).FindSubmatch(src)
	if mt == nil {
		t.Fatal(`farm/metrics.go no longer registers "GET /metrics"`)
	}
	return string(mt[1])
}

var (
	confListenRE  = regexp.MustCompile(`(?m)^listen:\s*\S+:(\d+)`)
	confHTTPRE    = regexp.MustCompile(`(?m)^http:\s*\S+:(\d+)`)
	confRouteRE   = regexp.MustCompile(`tls://([a-z0-9-]+):(\d+)`)
	confClusterRE = regexp.MustCompile(`(?s)cluster \{.*?listen:\s*\S+:(\d+)`)
)

// TestNATSAddressesAgree checks the NATS ports and names across nats.conf,
// Compose, the Helm values and the manifests.
func TestNATSAddressesAgree(t *testing.T) {
	conf, err := os.ReadFile("nats/nats.conf")
	if err != nil {
		t.Fatal(err)
	}
	clientPort := string(confListenRE.FindSubmatch(conf)[1])
	monitorPort := string(confHTTPRE.FindSubmatch(conf)[1])
	clusterPort := string(confClusterRE.FindSubmatch(conf)[1])
	services := m(composeFile(t)["services"])
	var natsServices []string
	for name, sv := range services {
		if strings.HasPrefix(s(m(sv)["image"]), "nats:") {
			natsServices = append(natsServices, name)
			if got := s(dig(sv, "environment", "NATS_SERVER_NAME")); got != name {
				t.Errorf("compose.yaml %s: NATS_SERVER_NAME %q, want the service name", name, got)
			}
			if !slices.Contains(strs(m(sv)["volumes"]), "./nats/nats.conf:/etc/nats/nats.conf:ro") ||
				!slices.Equal(strs(m(sv)["command"]), []string{"-c", "/etc/nats/nats.conf"}) {
				t.Errorf("compose.yaml %s: does not run ./nats/nats.conf as /etc/nats/nats.conf", name)
			}
			if hc := strings.Join(strs(dig(sv, "healthcheck", "test")), " "); !strings.Contains(hc, ":"+monitorPort+"/healthz") {
				t.Errorf("compose.yaml %s: health check %q is not on the monitoring port %s", name, hc, monitorPort)
			}
		}
	}
	sort.Strings(natsServices)
	if len(natsServices) != 3 {
		t.Fatalf("compose.yaml runs %d NATS servers, want 3: %v", len(natsServices), natsServices)
	}
	if !strings.Contains(string(conf), "$NATS_SERVER_NAME") {
		t.Error("nats.conf does not take server_name from NATS_SERVER_NAME")
	}
	var routeHosts []string
	for _, mt := range confRouteRE.FindAllStringSubmatch(string(conf), -1) {
		routeHosts = append(routeHosts, mt[1])
		if mt[2] != clusterPort {
			t.Errorf("nats.conf route to %s:%s, but the cluster listens on %s", mt[1], mt[2], clusterPort)
		}
	}
	sort.Strings(routeHosts)
	if !slices.Equal(routeHosts, natsServices) {
		t.Errorf("nats.conf routes to %v, Compose runs %v", routeHosts, natsServices)
	}

	values := readYAMLDocs(t, "k8s/nats-values.yaml")[0]
	if got := s(dig(values, "config", "nats", "port")); got != clientPort {
		t.Errorf("nats-values.yaml client port %s, nats.conf %s", got, clientPort)
	}
	if got := s(dig(values, "config", "monitor", "port")); got != monitorPort {
		t.Errorf("nats-values.yaml monitor port %s, nats.conf %s", got, monitorPort)
	}
	if s(dig(values, "config", "cluster", "replicas")) != "3" || s(dig(values, "config", "jetstream", "enabled")) != "true" {
		t.Error("nats-values.yaml: want a 3-replica cluster with JetStream")
	}

	for _, inv := range allInvocations(t) {
		fs, err := flagsOf(t, inv.binary, inv.subcommand())
		if err != nil {
			continue
		}
		flags, _, err := inv.flagArgs(fs)
		if err != nil || flags["nats"] == "" {
			continue
		}
		urls := strings.Split(flags["nats"], ",")
		var hosts []string
		for _, u := range urls {
			if p := portOf(t, inv.where, u); p != clientPort {
				t.Errorf("%s: NATS URL %s, but the servers listen on %s", inv.where, u, clientPort)
			}
			hosts = append(hosts, hostOf(u))
		}
		if strings.HasPrefix(inv.where, "compose.yaml") {
			sort.Strings(hosts)
			if !slices.Equal(hosts, natsServices) {
				t.Errorf("%s: connects to %v, want every NATS service %v", inv.where, hosts, natsServices)
			}
		}
	}
	for p, docs := range k8sDocs(t) {
		for _, doc := range docs {
			if s(doc["kind"]) != "ScaledObject" {
				continue
			}
			for _, tr := range l(dig(doc, "spec", "triggers")) {
				meta := m(m(tr)["metadata"])
				// Every batch has its own consumer: KEDA reads the farm's
				// queue from the coordinator's API, with its token.
				u := s(meta["url"])
				if s(m(tr)["type"]) != "metrics-api" || hostOf(u) != "coordinator.balancefarm.svc.cluster.local" ||
					!strings.HasSuffix(u, "/v1/queue") || s(meta["valueLocation"]) != "queued" || s(meta["authMode"]) != "bearer" {
					t.Errorf("%s: KEDA trigger %v does not read the queue from the coordinator's API", p, tr)
				}
				if got := portOf(t, p, u); got != "8464" {
					t.Errorf("%s: KEDA reads the API on port %s, the coordinator serves it on 8464", p, got)
				}
			}
		}
	}
}

// TestGrafanaWiring checks that Compose gives Grafana the provisioning
// folder and the dashboards where the provider looks, and a Prometheus URL
// that reaches the Prometheus service.
func TestGrafanaWiring(t *testing.T) {
	services := m(composeFile(t)["services"])
	grafana := m(services["grafana"])
	provider := readYAMLDocs(t, "../dashboards/provisioning/dashboards/balancefarm.yaml")[0]
	providerPath := s(dig(l(provider["providers"])[0], "options", "path"))
	vols := strs(grafana["volumes"])
	for _, wantVol := range []string{"../dashboards/provisioning:/etc/grafana/provisioning:ro", "../dashboards/json:" + providerPath + ":ro"} {
		if !slices.Contains(vols, wantVol) {
			t.Errorf("compose.yaml grafana lacks the volume %q (has %v)", wantVol, vols)
		}
	}
	sources := readYAMLDocs(t, "../dashboards/provisioning/datasources/prometheus.yaml")[0]
	ds := m(l(sources["datasources"])[0])
	if s(ds["url"]) != "${PROMETHEUS_URL}" {
		t.Fatalf("the provisioned data source URL is %q; the test expects ${PROMETHEUS_URL}", s(ds["url"]))
	}
	promURL := s(dig(grafana, "environment", "PROMETHEUS_URL"))
	var promListen string
	for _, a := range strs(m(services["prometheus"])["command"]) {
		if v, ok := strings.CutPrefix(a, "--web.listen-address="); ok {
			promListen = v
		}
	}
	if hostOf(promURL) != "prometheus" || portOf(t, "PROMETHEUS_URL", promURL) != portOf(t, "prometheus listen", promListen) {
		t.Errorf("Grafana's PROMETHEUS_URL %q does not reach the prometheus service listening on %q", promURL, promListen)
	}
	prom := readYAMLDocs(t, "prometheus/prometheus.yml")[0]
	if got, scrape := s(dig(ds, "jsonData", "timeInterval")), s(dig(prom, "global", "scrape_interval")); got != scrape {
		t.Errorf("the data source's timeInterval %q differs from Prometheus's scrape_interval %q", got, scrape)
	}
}

var secretPathRE = regexp.MustCompile(`/etc/(?:balancefarm|nats)/secrets/([A-Za-z0-9_.-]+)`)

// TestSecretsAgree checks that every secret file a deploy file names is
// one gensecrets writes, that every Kubernetes secret the files use is
// created by the README's commands, and that bind mounts exist.
func TestSecretsAgree(t *testing.T) {
	files := map[string]bool{}
	for _, f := range natsauth.Files {
		files[f] = true
	}
	paths := append(yamlFiles(t), "nats/nats.conf")
	paths = append(paths, unitFiles(t)...)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, mt := range secretPathRE.FindAllStringSubmatch(string(data), -1) {
			if !files[mt[1]] {
				t.Errorf("%s names the secret file %s, which gensecrets does not write (%v)", p, mt[1], natsauth.Files)
			}
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	secretNames := map[string]bool{}
	for p, docs := range k8sDocs(t) {
		for _, doc := range docs {
			for _, v := range l(podSpec(doc)["volumes"]) {
				sec := m(m(v)["secret"])
				if sec == nil {
					continue
				}
				secretNames[s(sec["secretName"])] = true
				for _, it := range l(sec["items"]) {
					if !files[s(m(it)["key"])] {
						t.Errorf("%s: secret key %s is not a gensecrets file", p, s(m(it)["key"]))
					}
				}
			}
			for _, ref := range l(dig(doc, "spec", "secretTargetRef")) {
				secretNames[s(m(ref)["name"])] = true
				if !files[s(m(ref)["key"])] {
					t.Errorf("%s: secret key %s is not a gensecrets file", p, s(m(ref)["key"]))
				}
			}
		}
	}
	values := readYAMLDocs(t, "k8s/nats-values.yaml")[0]
	for _, keys := range [][]string{{"config", "nats", "tls", "secretName"}, {"config", "cluster", "tls", "secretName"}, {"tlsCA", "secretName"}} {
		secretNames[s(dig(values, keys...))] = true
	}
	for _, p := range l(dig(values, "podTemplate", "patch")) {
		if n := s(dig(m(p)["value"], "secret", "secretName")); n != "" {
			secretNames[n] = true
		}
	}
	for name := range secretNames {
		if name == "" || !strings.Contains(string(readme), "kubectl -n balancefarm create secret") || !strings.Contains(string(readme), " "+name+" ") {
			t.Errorf("README.md does not create the Kubernetes secret %q the files use", name)
		}
	}

	for name, sv := range m(composeFile(t)["services"]) {
		for _, v := range strs(m(sv)["volumes"]) {
			src, _, _ := strings.Cut(v, ":")
			if strings.HasPrefix(src, ".") {
				if _, err := os.Stat(filepath.FromSlash(src)); err != nil {
					t.Errorf("compose.yaml %s mounts %s: %v", name, src, err)
				}
			}
		}
	}
}
