// Package deploy holds balancefarm's deployment files and their tests:
// Dockerfiles (docker/), a Compose file with a three-node NATS JetStream
// cluster, the coordinator, workers, Prometheus and Grafana (compose.yaml,
// nats/, prometheus/), Kubernetes manifests and values for the NATS Helm
// chart (k8s/), and systemd units for a plain-Linux farm (systemd/).
// README.md says how to start each. The tests check what can be checked
// without a container engine: the files parse, every flag they pass
// exists in the binaries, ports and metric paths agree across files, and
// the NATS configuration with generated credentials (natsauth) carries a
// real batch from a coordinator to a worker.
package deploy
