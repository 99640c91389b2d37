# classics-setup.sh is sourced by the scripts that go over the public
# classics one file after another (measure-classics.sh, learn-tables.sh):
# with $out set and the FILE arguments passed on, it sets root, builds the
# coordinator into $out once (bin), and sets files to those arguments or,
# with none, to every file of docs/classics.md's table.
#
#   source "$(dirname "$0")/classics-setup.sh" "$@"
root=$(git rev-parse --show-toplevel)
mkdir -p "$out"
bin="$out/coordinator"
[[ -x $bin ]] || (cd "$root" && go build -o "$bin" ./cmd/coordinator)
files=("$@")
if ((${#files[@]} == 0)); then
	mapfile -t files < <(sed -n 's/^| `\([a-z0-9-]*\.json\)` .*/\1/p' "$root/docs/classics.md" | sort -u)
fi
