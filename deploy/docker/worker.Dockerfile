# syntax=docker/dockerfile:1
# The worker image: one `worker` process playing up to -concurrency games
# (default: one per CPU it is given). Build from the repository root:
#
#   docker build -f deploy/docker/worker.Dockerfile -t balancefarm-worker .

ARG GO_VERSION=1.26

FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
# Static binary: nothing from the build image's libc is needed at run time.
ENV CGO_ENABLED=0
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    go build -trimpath -ldflags="-s -w" -o /out/worker ./cmd/worker

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/worker /usr/local/bin/worker
USER 65532:65532
# 9465: /metrics (-metrics-addr).
EXPOSE 9465
ENTRYPOINT ["/usr/local/bin/worker"]
CMD ["-metrics-addr", "0.0.0.0:9465"]
