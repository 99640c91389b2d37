#!/usr/bin/env bash
# compare.sh times random chess games with dragontoothmg (./dtmg) and with
# the engine's BenchmarkRandomGamesChess, one after the other in each round
# (never both at once), both with GOMAXPROCS=1 under /usr/bin/time, and
# prints games per CPU second for each and their ratio, round by round,
# then the median ratio.
#
#   scripts/randcmp/compare.sh [ROUNDS [GAMES]]     (defaults 5 and 20000)
#
# Both run on one CPU, CPU (default 0), with taskset: left free to move, a
# run lands on either of this VM's two CPUs, which share a core, and the
# ratio then measures where each run happened to land as much as the code.
#
# It builds ./dtmg and the engine's test binary into $OUT (default: a new
# temporary folder), where table.tsv, median.txt and the raw outputs stay.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(git -C "$here" rev-parse --show-toplevel)
rounds=${1:-5}
games=${2:-20000}
cpu=${CPU:-0}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
(cd "$here" && go build -o "$out/dtmg" .)
(cd "$root" && go test -c -o "$out/engine.test" ./engine)
printf 'round\tdtmg_games_per_cpu_s\tdtmg_plies_per_game\tours_games_per_cpu_s\tours_plies_per_game\tratio_ours_over_dtmg\n' >"$out/table.tsv"
for r in $(seq 1 "$rounds"); do
	GOMAXPROCS=1 taskset -c "$cpu" /usr/bin/time -f '%U %S' -o "$out/dtmg.$r.time" "$out/dtmg" -games "$games" >"$out/dtmg.$r.out"
	(cd "$root/engine" && GOMAXPROCS=1 taskset -c "$cpu" /usr/bin/time -f '%U %S' -o "$out/ours.$r.time" "$out/engine.test" \
		-test.run '^$' -test.bench 'RandomGamesChess$' -test.benchtime "${games}x") >"$out/ours.$r.out"
	dc=$(awk '{print $1+$2}' "$out/dtmg.$r.time")
	oc=$(awk '{print $1+$2}' "$out/ours.$r.time")
	dp=$(awk '/^plies\/game:/{print $2}' "$out/dtmg.$r.out")
	op=$(awk '/RandomGamesChess/{for(i=1;i<NF;i++) if($(i+1)=="plies/game") print $i}' "$out/ours.$r.out")
	awk -v r="$r" -v g="$games" -v dc="$dc" -v oc="$oc" -v dp="$dp" -v op="$op" 'BEGIN{
		d=g/dc; o=g/oc; printf "%d\t%.0f\t%s\t%.0f\t%s\t%.3f\n", r, d, dp, o, op, o/d}' >>"$out/table.tsv"
	tail -n 1 "$out/table.tsv"
done
awk -F'\t' 'NR>1{print $6}' "$out/table.tsv" | sort -n |
	awk '{a[NR]=$1} END{printf "median ratio ours/dtmg: %.3f (%s)\n", (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2, ENVIRON["OUT"]}' | tee "$out/median.txt"
echo "results in $out"
