#!/usr/bin/env bash
# same-games.sh plays the same games with two coordinator binaries and
# prints the rule files whose games differ move for move.
#
#   scripts/same-games.sh BASE_BIN NEW_BIN [SEEDS]     (SEEDS default "1 2")
#
# For every rulesets/*.json, canaries and seeds the engine plays: ab:n3000
# against mcts:i200 and swapped, per seed. Timings are stripped before the
# diff; a file the base binary refuses is skipped (listed as refused).
# Runs two games at a time. Exit status 1 when some file differs.
# PLAYERS="A B" plays A against B and swapped instead (say, to check the
# games of an opt-in evaluation term: PLAYERS="ab:n3000e14 mcts:i200").
set -euo pipefail
base=${1:?usage: same-games.sh BASE_BIN NEW_BIN [SEEDS]}
new=${2:?usage: same-games.sh BASE_BIN NEW_BIN [SEEDS]}
seeds=${3:-1 2}
root=$(git rev-parse --show-toplevel)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$root"

jobs=()
for f in rulesets/*.json rulesets/canaries/*.json rulesets/seeds/*.json; do
	for s in $seeds; do
		read -r a b <<<"${PLAYERS:-ab:n3000 mcts:i200}"
		for pair in "$a $b" "$b $a"; do
			set -- $pair
			for which in base new; do
				jobs+=("$which $f $s $1 $2")
			done
		done
	done
done

play() { # which file seed p0 p1
	local bin=$base
	[[ $1 == new ]] && bin=$new
	local key
	key=$(echo "$2-$3-$4-$5" | tr '/:' '__')
	# The game's own lines, without wall times.
	"$bin" play -p0 "$4" -p1 "$5" -seed "$3" "$2" 2>&1 | sed -E 's/, [0-9.]+(s|ms|µs|m[0-9.]+s)$//' >"$out/$1.$key" || true
}
export -f play
export base new out
printf '%s\n' "${jobs[@]}" | xargs -P 2 -L 1 bash -c 'play "$@"' _

status=0
for f in rulesets/*.json rulesets/canaries/*.json rulesets/seeds/*.json; do
	key=$(echo "$f" | tr '/:' '__')
	if grep -lq "not supported yet\|invalid rule file\|cannot play" "$out"/base."$key"-* 2>/dev/null; then
		echo "refused  $f"
		continue
	fi
	same=1
	for b in "$out"/base."$key"-*; do
		n=${b/\/base./\/new.}
		cmp -s "$b" "$n" || same=0
	done
	if ((same)); then
		echo "same     $f"
	else
		echo "DIFFERS  $f"
		status=1
	fi
done
exit $status
