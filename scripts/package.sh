#!/usr/bin/env bash
# Builds the desktop app's Debian package, offline: the UI (vite), the app
# (cargo, release profile; `--debug` reuses the dev build and is much
# faster on a small machine) and the .deb with the sample files inside.
# Prints the .deb's path. macOS and Windows: see README ("Packaging").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
bash scripts/ui.sh build
profile=release; args=()
if [ "${1:-}" = "--debug" ]; then profile=debug; args=(--debug); fi
# The tauri CLI comes from npm (ui/node_modules/.bin), prebuilt for this platform.
ui/node_modules/.bin/tauri build "${args[@]}" --bundles deb --ci
deb=$(ls -t "$CARGO_TARGET_DIR/$profile/bundle/deb/"*.deb | head -n 1)
echo "package: $deb ($(du -h "$deb" | cut -f1))"
