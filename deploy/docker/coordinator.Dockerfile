# syntax=docker/dockerfile:1
# The coordinator image: `coordinator` (serve, measure, regress, ...), the
# rule-file library under /usr/share/balancefarm/rulesets, and `gensecrets`
# for the one-shot job that writes TLS certificates and NATS credentials.
# Build from the repository root:
#
#   docker build -f deploy/docker/coordinator.Dockerfile -t balancefarm-coordinator .

ARG GO_VERSION=1.26

FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
# Static binaries: nothing from the build image's libc is needed at run time.
ENV CGO_ENABLED=0
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    go build -trimpath -ldflags="-s -w" -o /out/coordinator ./cmd/coordinator && \
    go build -trimpath -ldflags="-s -w" -o /out/gensecrets ./deploy/gensecrets
# Directories the non-root user writes: the state of local mode, reports,
# and the secrets volume Compose initialises from this image.
RUN mkdir -p /out/var/lib/balancefarm/state /out/var/lib/balancefarm/reports /out/var/lib/balancefarm/secrets

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/coordinator /out/gensecrets /usr/local/bin/
COPY --from=build /src/rulesets /usr/share/balancefarm/rulesets
COPY --from=build --chown=65532:65532 /out/var/lib/balancefarm /var/lib/balancefarm
USER 65532:65532
WORKDIR /var/lib/balancefarm
# 8464: the measurement API (serve -addr); 9464: /metrics (-metrics-addr).
EXPOSE 8464 9464
ENTRYPOINT ["/usr/local/bin/coordinator"]
CMD ["serve", "-addr", "0.0.0.0:8464", "-metrics-addr", "0.0.0.0:9464"]
