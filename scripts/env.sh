# Shared environment for the project's scripts: one cargo target directory
# outside the clone, so CI and every script reuse the same build.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/aurag/target}"
export AURAG_VENV="${AURAG_VENV:-$HOME/.cache/aurag/venv}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
mkdir -p "$CARGO_TARGET_DIR"

# data_prepare DIR VERSION: for the data scripts. When DIR already holds
# this VERSION (its .done-VERSION marker), prints DIR and ends the script;
# else makes DIR, and a scratch folder $tmp that is removed on exit.
data_prepare() {
  if [ -f "$1/.done-$2" ]; then
    echo "$1"
    exit 0
  fi
  mkdir -p "$1"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
}
# pypi_fetch SPEC FILE SHA256 DIR [binary|source]: downloads one
# distribution of SPEC (a wheel, or with `source` the sdist) from PyPI into
# DIR and checks that it is FILE with the pinned SHA256. Fails with one line
# when the file cannot be had or its hash differs.
pypi_fetch() {
  local spec=$1 file=$2 sha=$3 dir=$4 only=--only-binary=:all:
  [ "${5:-binary}" = source ] && only=--no-binary=:all:
  python3 -m pip download -q --no-deps "$only" -d "$dir" "$spec" >&2 || true
  [ -f "$dir/$file" ] || { echo "pypi_fetch: could not download $file ($spec) from PyPI" >&2; return 1; }
  echo "$sha  $dir/$file" | sha256sum -c --quiet - >&2 || { echo "pypi_fetch: $file does not match its pinned sha256" >&2; return 1; }
}
