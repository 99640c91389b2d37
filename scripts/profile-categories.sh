#!/usr/bin/env bash
# profile-categories.sh says where a CPU profile's time went: for the whole
# profile and for each pairing (the label a measurement's in-process games
# carry), the share spent in move generation (the planes family's passes
# over the list among it), legality, make/unmake, the
# end-of-game test, other reads of the board (PieceAt, bitsets), evaluation,
# search and the Go runtime.
#
#   BALANCEFARM_CPUPROFILE=cpu.pprof coordinator measure -quick rulesets/chess.json
#   scripts/profile-categories.sh cpu.pprof [COORDINATOR_BINARY]
#
# Each row's shares are of its own samples (flat time, by function name;
# "end" is the end-of-game test, "other" what no pattern names), its last
# column its share of the whole profile. Samples that landed in the Go
# runtime's asynchronous preemption (many on a loaded machine) name no
# function of their own and are left out of the shares. Needs the go tool.
set -euo pipefail
prof=${1:?usage: profile-categories.sh PROFILE [BINARY]}
bin=${2:-}

# top prints "share function" lines of flat time for pprof's arguments.
top() {
	go tool pprof -top -nodecount=100000 -ignore='runtime\.asyncPreempt' "$@" $bin "$prof" 2>/dev/null |
		awk 'found && $1 ~ /s$|ms$/ { sub(/%$/, "", $2); name = $6; for (i = 7; i <= NF; i++) name = name " " $i; print $2, name }
		     /flat%/ { found = 1 }'
}

# categorise sums the shares of top's lines into the categories, in order.
categorise() {
	awk '
	{ share = $1; $1 = ""; f = $0 }
	f ~ /^ *runtime\.|^ *(gcBgMarkWorker|memeqbody|aeshash)/ { c["runtime"] += share; next }
	f ~ /^ *balancefarm\/engine\..*\.(gen[A-Z][A-Za-z]*|emit|dedupe|keepCaptures|seatPrey|[a-z]+Moves|drop[A-Z][A-Za-z]*|cardTargetSet|appendTargeted|passingLandings|forcedFilter|itemSquares)/ { c["movegen"] += share; next }
	f ~ /^ *balancefarm\/engine\..*(legal|Legal|attack|Attack|prepare|evasion|classify|testMove|fastVerdict|checkSquares|givesCheck|pinned|facing|liteSet)/ { c["legality"] += share; next }
	f ~ /^ *balancefarm\/engine\..*(Outcome|outcome|Over|boardOutcome|standsOnGoal|countedOut|repetition|reached|extinct|presence)/ { c["end"] += share; next }
	f ~ /^ *balancefarm\/engine\..*(Make|Unmake|make|unmake|pushUndo|put\(|remove|endMove|fxSet|setEP|castleMove|zob|Null)/ { c["make/unmake"] += share; next }
	f ~ /^ *balancefarm\/(engine\.|internal\/maskray)/ { c["reads"] += share; next }
	f ~ /^ *balancefarm\/search\..*(evaluat|addMobility|addHands|addReach|features|evalStatus|pieceSquare)/ { c["evaluation"] += share; next }
	f ~ /^ *balancefarm\/search\./ { c["search"] += share; next }
	{ c["other"] += share }
	END {
		n = split("movegen legality make/unmake reads end evaluation search runtime other", order, " ")
		total = 0
		for (i = 1; i <= n; i++) total += c[order[i]]
		line = ""
		for (i = 1; i <= n; i++) line = line sprintf(" %6.1f", total > 0 ? 100 * c[order[i]] / total : 0)
		print line
	}'
}

printf '%-44s %6s %6s %6s %6s %6s %6s %6s %6s %6s %7s\n' pairing movegen legal make reads end eval search runtime other share%
printf '%-44s' "(all)"
top | categorise | tr -d '\n'
printf ' %7s\n' 100
# Each pairing's label and its share of the samples.
go tool pprof -tags $bin "$prof" 2>/dev/null |
	awk '/^ *pairing:/ { on = 1; next } on && /^ *[a-z_]+: Total/ { on = 0 }
	     on && /\): / { i = index($0, "("); j = index($0, "%)"); share = substr($0, i + 1, j - i - 1); print share "\t" substr($0, index($0, "): ") + 3) }' |
	while IFS=$'\t' read -r share label; do
		[ -n "$label" ] || continue
		re=$(printf '%s' "$label" | sed 's/[][\.*^$+?(){}|]/\\&/g')
		printf '%-44s' "$label"
		top -tagfocus="pairing=^${re}\$" | categorise | tr -d '\n'
		printf ' %7s\n' "$share"
	done
