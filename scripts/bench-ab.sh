#!/usr/bin/env bash
# bench-ab.sh compares the engine's random-game speed of two git revisions.
#
#   scripts/bench-ab.sh [BASE [NEW [ROUNDS]]]     (defaults: HEAD~1, the working tree, 6)
#
# This machine's speed drifts by more than half over minutes, so timing one
# build after the other compares the drift, not the builds. Here both run at
# the same time, one per core, and swap cores every round; the geometric mean
# of the per-round ratios cancels a core's bias. Needs two cores and taskset.
set -euo pipefail
base=${1:-HEAD~1}
new=${2:-}
rounds=${3:-6}
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

build() { # rev dir out
	if [[ -z $1 ]]; then
		(cd "$root" && go test -c -o "$3" ./engine)
	else
		git -C "$root" worktree add --detach "$2" "$1" >/dev/null 2>&1
		(cd "$2" && go test -c -o "$3" ./engine)
	fi
}
build "$base" "$tmp/base" "$tmp/base.test"
build "$new" "$tmp/new" "$tmp/new.test"

cd "$root/engine"
run() { taskset -c "$1" "$2" -test.run '^$' -test.bench RandomGamesChess -test.benchtime 1500x | awk '/^Benchmark/ {print $5, $5 * $7}'; }
logsum=0
for i in $(seq "$rounds"); do
	a=$((i % 2)) b=$(((i + 1) % 2))
	run "$a" "$tmp/base.test" >"$tmp/a" &
	run "$b" "$tmp/new.test" >"$tmp/b" &
	wait
	read -r ga pa <"$tmp/a"
	read -r gb pb <"$tmp/b"
	ratio=$(awk -v x="$pb" -v y="$pa" 'BEGIN {printf "%.3f", x / y}')
	logsum=$(awk -v s="$logsum" -v r="$ratio" 'BEGIN {print s + log(r)}')
	echo "round $i: base ${ga} games/s on core $a, new ${gb} games/s on core $b, plies/s ratio $ratio"
done
awk -v s="$logsum" -v n="$rounds" 'BEGIN {printf "new/base plies per second, geometric mean: %.3f\n", exp(s / n)}'
