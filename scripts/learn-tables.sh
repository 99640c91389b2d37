#!/usr/bin/env bash
# learn-tables.sh learns a piece-square table for each public classic that has
# none kept, one file after another, and keeps it in rulesets/tables/ only
# where its check match shows a gain (`coordinator learn -check 200 -keep`).
# It can be stopped and started again: a file whose log in OUT has the
# check's verdict is not learned twice.
#
#   scripts/learn-tables.sh OUT [FILE...]
#
# FILEs are names in rulesets/ (default: every file of docs/classics.md's
# table with no table kept). Each takes about 5 minutes on two cores for an
# 8x8 game (3,000 games of ab:n2000, then 200 pairs against ab:n10000), up to
# 17 for shogi. At the end it prints a Markdown row per file: the check's
# W-D-L, its Elo with the 95% interval, and whether the table was kept.
set -euo pipefail
out=${1:?usage: learn-tables.sh OUT [FILE...]}
shift
source "$(dirname "$0")/classics-setup.sh" "$@"
verdict='^learn: the table (gains|shows no gain)'
for f in "${files[@]}"; do
	name=${f%.json}
	log=$out/$name.log
	[[ -s $root/rulesets/tables/$name.table ]] && [[ ! -s $log ]] && continue
	grep -Eq "$verdict" "$log" 2>/dev/null && continue
	# exit 6: the check showed no gain, which is an answer, not a failure
	"$bin" learn -spec ab:n2000 -games 3000 -seed 1000 -for ab:n10000 -check 200 \
		-keep "$root/rulesets/tables" "$root/rulesets/$f" >"$out/$name.spec" 2>"$log" ||
		[[ $? == 6 ]] || echo "$f: learn failed, see $log" >&2
done
echo "| file | check, W-D-L | Elo (95%) | kept |"
echo "|---|---|---|---|"
for f in "${files[@]}"; do
	name=${f%.json}
	log=$out/$name.log
	grep -Eq "$verdict" "$log" 2>/dev/null || continue
	wdl=$(grep -o 'W-D-L [0-9]*-[0-9]*-[0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	elo=$(grep -Eo 'Elo [+-][0-9]+ \([^)]*\)' "$log" | tail -1 | cut -d' ' -f2-)
	kept=no
	grep -q '^learn: kept in' "$log" && kept=yes
	echo "| $name | $wdl | $elo | $kept |"
done
