# Shared environment for the project's scripts: one cargo target directory
# outside the clone, so CI and every script reuse the same build.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/aurag/target}"
export AURAG_VENV="${AURAG_VENV:-$HOME/.cache/aurag/venv}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
mkdir -p "$CARGO_TARGET_DIR"
