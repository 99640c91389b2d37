#!/usr/bin/env bash
# Renders a report page in headless Chromium (Debian's chromium package) to a
# PNG, to look at what a designer sees. The page must stand alone: Chromium
# runs with networking features off, so anything fetched from outside would
# be missing from the picture.
#
#   scripts/render-report.sh docs/example-report/chess.html /tmp/chess.png
set -euo pipefail
page=${1:?usage: render-report.sh PAGE.html OUT.png}
out=${2:?usage: render-report.sh PAGE.html OUT.png}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "render-report: chromium not found (apt-get install chromium)" >&2
  exit 1
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --window-size=1200,3000 --hide-scrollbars \
  --screenshot="$out" "file://$(realpath "$page")" 2>/dev/null
echo "rendered $page to $out"
