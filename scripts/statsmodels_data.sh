#!/usr/bin/env bash
# Real public tables for the third analyst question set
# (scripts/make_agg_questions_third.py): five datasets that the
# `statsmodels` Python package ships, fetched from PyPI (the only registry
# reachable here), checked against a pinned sha256, and copied out as the
# CSVs they are:
#
# - grunfeld.csv: investment, market value and capital of 11 US firms,
#   1935-1954 (Grunfeld, 1958);
# - statecrime.csv: violent crime and murder rates, poverty, graduation and
#   urban shares of the US states, 2009;
# - macrodata.csv: US quarterly macroeconomic series, 1959-2009;
# - nile.csv: the Nile's annual flow at Aswan, 1871-1970;
# - cpunish.csv: executions in 17 US states in 1997.
#
# `--fourth` lays out six others for the fourth set
# (scripts/make_agg_questions_fourth.py): Longley's US employment series
# (1947-1962), world copper markets (1951-1975), House committees of the
# 104th Congress, yearly sunspot activity (1700-2008), El Niño sea surface
# temperatures by month (months across), and the 1997 Scottish devolution
# vote by council district.
#
# `--fifth` lays out six more for the fifth set
# (scripts/make_agg_questions_fifth.py): smoking and lung cancer in eight
# Chinese cities, Engel's household incomes and food spending, heart
# transplant survival, fertility rates by country (years across), German
# interest and inflation by quarter (E6.csv), and weekly CO2 at Mauna Loa.
#
# Usage: bash scripts/statsmodels_data.sh [--fourth|--fifth] [DIR]   (default: ~/.cache/aurag/data/statsmodels, statsmodels-fourth or statsmodels-fifth)
# Prints the directory. Nothing here is committed: the data is fetched.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

VERSION=0.14.4
WHEEL="statsmodels-$VERSION-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"
SHA256=4bbb150620b53133d6cd1c5d14c28a4f85701e6c781d9b689b53681effaa655f
NAMES="grunfeld/grunfeld statecrime/statecrime macrodata/macrodata nile/nile cpunish/cpunish"
SUFFIX=
if [ "${1:-}" = --fourth ]; then
  NAMES="longley/longley copper/copper committee/committee sunspots/sunspots elnino/elnino scotland/scotvote"
  SUFFIX=-fourth
  shift
elif [ "${1:-}" = --fifth ]; then
  NAMES="china_smoking/china_smoking engel/engel heart/heart fertility/fertility interest_inflation/E6 co2/co2"
  SUFFIX=-fifth
  shift
fi
OUT="${1:-$HOME/.cache/aurag/data/statsmodels$SUFFIX}"

data_prepare "$OUT" "$VERSION"
# (The wheel for one platform is fetched only for its data files, so pip is
# told which platform to take whatever this machine is.)
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --platform manylinux2014_x86_64 -d "$tmp" "statsmodels==$VERSION" >&2 || true
[ -f "$tmp/$WHEEL" ] || { echo "statsmodels_data: could not download $WHEEL from PyPI" >&2; exit 1; }
echo "$SHA256  $tmp/$WHEEL" | sha256sum -c --quiet - >&2
python3 - "$tmp/$WHEEL" "$OUT" $NAMES <<'PY'
import sys, zipfile
wheel, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
z = zipfile.ZipFile(wheel)
for path in names:
    name = path.split("/")[1]
    open(f"{out}/{name}.csv", "wb").write(z.read(f"statsmodels/datasets/{path}.csv"))
PY
touch "$OUT/.done-$VERSION"
echo "$OUT"
