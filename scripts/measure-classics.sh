#!/usr/bin/env bash
# measure-classics.sh measures the public classics of docs/classics.md, one
# file after another, each with its wall and CPU time, and can be stopped and
# started again: a file whose report is in OUT is not measured twice.
#
#   scripts/measure-classics.sh OUT [PLAYERS [FILE...]]
#
# PLAYERS is a ladder for -players (default: the default ladder); FILEs are
# names in rulesets/ (default: every file of the classics table). At the end
# it prints a Markdown row per file: verdict, equal-strength games, draw rate
# and first mover's score (95%), wall and CPU time. `coordinator compare OUT
# OTHER` sets two such directories side by side. Needs jq for the rows.
set -euo pipefail
out=${1:?usage: measure-classics.sh OUT [PLAYERS [FILE...]]}
players=${2:-}
shift $(($# > 1 ? 2 : 1))
source "$(dirname "$0")/classics-setup.sh" "$@"
args=()
[[ -n $players ]] && args=(-players "$players")
for f in "${files[@]}"; do
	name=${f%.json}
	[[ -s $out/$name.json ]] && continue
	/usr/bin/time -f '%e %U %S' -o "$out/$name.time" \
		"$bin" measure "${args[@]}" -no-fail -out "$out" "$root/rulesets/$f" >"$out/$name.log" 2>&1 ||
		echo "$f: measure failed, see $out/$name.log" >&2
done
echo "| file | verdict | equal-strength games | draw rate (95%) | first mover's score (95%) | wall | CPU |"
echo "|---|---|---|---|---|---|---|"
for f in "${files[@]}"; do
	name=${f%.json}
	[[ -s $out/$name.json ]] || continue
	read -r wall user sys <"$out/$name.time"
	jq -r --arg f "$f" --arg wall "$wall" --arg cpu "$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')" '
		def r: (. * 1000 | round / 1000 | tostring);
		def iv: "\(.estimate | r) (\(.low | r)–\(.high | r))";
		([.checks[] | select(.name == "draw_heavy") | .value | iv] | first // "–") as $draws |
		"| `\($f)` | \(.verdict) | \(.scope.games // "?") | \($draws) | \(.first_mover.score | iv) | \($wall) s | \($cpu) s |"
	' "$out/$name.json"
done
