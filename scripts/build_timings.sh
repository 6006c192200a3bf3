#!/usr/bin/env bash
# Measures the build as docs/build.md reports it:
#   bash scripts/build_timings.sh cold   a clean clone's build into an empty
#                                        target dir (what a fresh machine pays)
#   bash scripts/build_timings.sh warm   edit a file of the agent crate, then
#                                        `cargo test -p aurag --no-run` and the
#                                        workspace's test build (the edit loop)
# Both use `cargo test --workspace --no-run --timings` (the suite's build) and
# print the wall time and the ten slowest units from cargo's timings report.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
mode="${1:-warm}"
case "$mode" in
  cold)
    target="${AURAG_COLD_TARGET:-$(mktemp -d /tmp/aurag-cold-target.XXXXXX)}"
    clone="$(mktemp -d /tmp/aurag-cold-clone.XXXXXX)"
    git clone -q . "$clone"
    (cd "$clone" && bash scripts/ui.sh build)
    start=$(date +%s)
    (cd "$clone" && CARGO_TARGET_DIR="$target" cargo test --workspace --no-run --timings 2>&1 | tail -n 2)
    end=$(date +%s)
    report="$clone/target/cargo-timings/cargo-timing.html"
    [ -f "$report" ] || report="$target/cargo-timings/cargo-timing.html"
    ;;
  warm)
    # A real edit, not a touch (incremental compilation sees through a
    # touch): a function added to the agent's selection step, then removed.
    cargo test --workspace --no-run -q 2>/dev/null
    f=crates/agent/src/agent/select.rs
    cp "$f" "$f.orig"
    trap 'mv "$f.orig" "$f"' EXIT
    printf '\n#[allow(dead_code)]\nfn warm_build_probe(x: usize) -> usize {\n    x * 2 + 1\n}\n' >> "$f"
    s=$(date +%s)
    cargo test -p aurag --no-run 2>&1 | tail -n 1
    e=$(date +%s)
    echo "cargo test -p aurag (the agent crate and its unit tests): $((e - s)) s"
    printf '\n#[allow(dead_code)]\nfn warm_build_probe_2(x: usize) -> usize {\n    x * 3\n}\n' >> "$f"
    start=$(date +%s)
    cargo test --workspace --no-run --timings 2>&1 | tail -n 1
    end=$(date +%s)
    echo "cargo test --workspace --no-run (agent, eval, CLI, app, integration tests): $((end - start)) s"
    report="$CARGO_TARGET_DIR/cargo-timings/cargo-timing.html"
    [ -f "$report" ] || report="target/cargo-timings/cargo-timing.html"
    ;;
  *) echo "usage: build_timings.sh cold|warm" >&2; exit 2 ;;
esac
echo "build ($mode): $(( (end - start) / 60 )) min $(( (end - start) % 60 )) s wall on $(nproc) cores"
python3 - "$report" <<'PY'
import json, re, sys
html = open(sys.argv[1]).read()
m = re.search(r"const UNIT_DATA = (\[.*?\]);", html, re.S)
units = json.loads(m.group(1)) if m else []
units.sort(key=lambda u: -u.get("duration", 0))
total = sum(u.get("duration", 0) for u in units)
print(f"{len(units)} units, {total/60:.1f} CPU-minutes of compiling; the ten slowest:")
for u in units[:10]:
    print(f"  {u['duration']:7.1f} s  {u['name']} {u.get('version','')} {u.get('target','').strip()}")
PY
