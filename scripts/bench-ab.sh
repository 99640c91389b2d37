#!/usr/bin/env bash
# bench-ab.sh compares the engine's random-game speed of two git revisions.
#
#   scripts/bench-ab.sh [BASE [NEW [ROUNDS]]]     (defaults: HEAD~1, the working tree, 6)
#
# Environment: LAYOUTS (default 4) link orders per revision, CPU (default 0)
# the CPU both run on, GAMES (default 3000) random chess games a run.
#
# Three things move this machine's figures besides the code:
#   - the host: speed drifts by half over minutes, so the two builds run one
#     after the other, A B then B A, and only their ratio within a round counts;
#   - the other CPU: this VM's two CPUs share one core (and its instruction
#     cache), so both run alone, pinned to one CPU;
#   - the link order: where the hot functions land decides how they share the
#     instruction cache, worth several percent either way for a change that
#     moves them. Each revision is built LAYOUTS times, the default order and
#     -ldflags=-randlayout=1..LAYOUTS-1, and each layout of one is compared
#     with the same layout of the other.
# The figures are the median of every ratio (plies per CPU second), which a
# pair the host's change of phase splits does not move, and their geometric
# mean.
set -euo pipefail
base=${1:-HEAD~1}
new=${2:-}
rounds=${3:-6}
layouts=${LAYOUTS:-4}
cpu=${CPU:-0}
games=${GAMES:-3000}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
cleanup() {
	for d in "$tmp/base" "$tmp/new"; do
		git -C "$root" worktree remove --force "$d" >/dev/null 2>&1 || true
	done
	rm -rf "$tmp"
	git -C "$root" worktree prune
}
trap cleanup EXIT

build() { # rev dir name
	local src=$root
	if [[ -n $1 ]]; then
		git -C "$root" worktree add --detach "$2" "$1" >/dev/null 2>&1
		src=$2
	fi
	for l in $(seq 0 $((layouts - 1))); do
		local flags=()
		if ((l > 0)); then
			flags=(-ldflags="-randlayout=$l")
		fi
		(cd "$src" && go test -c "${flags[@]}" -o "$tmp/$3.$l.test" ./engine)
	done
}
build "$base" "$tmp/base" base
build "$new" "$tmp/new" new

cd "$root/engine"
# run BINARY: plies per CPU second, user and system time of the whole process
# (wall time, the benchmark's own, also counts the time the host takes the
# CPU away, and reads far noisier here).
run() {
	GOMAXPROCS=1 taskset -c "$cpu" /usr/bin/time -f '%U %S' -o "$tmp/time" "$1" -test.run '^$' \
		-test.bench 'RandomGamesChess$' -test.benchtime "${games}x" >"$tmp/out"
	awk -v g="$games" -v cpu="$(awk '{print $1 + $2}' "$tmp/time")" \
		'/^Benchmark/ {for (i = 1; i < NF; i++) if ($(i+1) == "plies/game") printf "%.0f\n", g * $i / cpu}' "$tmp/out"
}
logsum=0
n=0
for i in $(seq "$rounds"); do
	line="round $i:"
	for l in $(seq 0 $((layouts - 1))); do
		if (((i + l) % 2)); then
			pa=$(run "$tmp/base.$l.test")
			pb=$(run "$tmp/new.$l.test")
		else
			pb=$(run "$tmp/new.$l.test")
			pa=$(run "$tmp/base.$l.test")
		fi
		ratio=$(awk -v x="$pb" -v y="$pa" 'BEGIN {printf "%.3f", x / y}')
		echo "$ratio" >>"$tmp/ratios"
		logsum=$(awk -v s="$logsum" -v r="$ratio" 'BEGIN {print s + log(r)}')
		n=$((n + 1))
		line="$line layout $l ${ratio}"
	done
	echo "$line (base $pa plies/s on the last)"
done
median=$(sort -n "$tmp/ratios" | awk '{a[NR] = $1} END {printf "%.3f", (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}')
awk -v s="$logsum" -v n="$n" -v m="$median" 'BEGIN {printf "new/base plies per CPU second over %d pairs: median %s, geometric mean %.3f\n", n, m, exp(s / n)}'
