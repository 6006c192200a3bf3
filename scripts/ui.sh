#!/usr/bin/env bash
# The UI's npm steps: `ui.sh install` (npm ci, once per lockfile),
# `ui.sh build` (typecheck + vite build into ui/dist, which the app embeds),
# `ui.sh test` (vitest).
set -euo pipefail
cd "$(dirname "$0")/../ui"
command -v npm >/dev/null || { echo "ui: npm not found (apt-get install nodejs npm)" >&2; exit 1; }
install() {
  if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.aurag-lock; then
    # `npm install` over the committed lockfile, not `npm ci`: the registry
    # mirror here serves only this platform's optional packages (the tauri
    # CLI's other-platform binaries), which `npm ci` treats as a lock mismatch.
    npm install --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.aurag-lock
  fi
}
case "${1:-build}" in
  install) install ;;
  # The build's output is shown only when it fails (tsc writes its errors
  # to stdout).
  build) install; out=$(npm run -s build 2>&1) || { echo "$out" >&2; echo "ui: build failed" >&2; exit 1; }; echo "ui: built ui/dist" >&2 ;;
  test) install; npx vitest run ;;
  *) echo "usage: ui.sh install|build|test" >&2; exit 2 ;;
esac
