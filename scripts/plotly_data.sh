#!/usr/bin/env bash
# Real public tables for the sixth analyst question set
# (scripts/make_agg_questions_sixth.py): six datasets that the `plotly`
# Python package ships (gzipped CSVs under plotly/package_data/datasets),
# fetched from PyPI (the only registry reachable here), checked against a
# pinned sha256, and written out as plain CSVs:
#
# - gapminder.csv: life expectancy, population and GDP per head of 142
#   countries every five years, 1952-2007 (Gapminder);
# - tips.csv: 244 restaurant bills, their tips, the day, the meal and the
#   party's size (Bryant & Smith);
# - stocks.csv: six tech stocks' weekly prices in 2018-2019, each as a
#   multiple of its first week's;
# - election.csv: the 2013 Montreal mayoral election's votes by district;
# - wind.csv: how often the wind blew from each direction at each
#   strength;
# - medals.csv: three nations' Olympic medals, by kind.
#
# Usage: bash scripts/plotly_data.sh [DIR]   (default: ~/.cache/aurag/data/plotly)
# Prints the directory. Nothing here is committed: the data is fetched.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

VERSION=5.24.1
WHEEL="plotly-$VERSION-py3-none-any.whl"
SHA256=f67073a1e637eb0dc3e46324d9d51e2fe76e9727c892dde64ddf1e1b51f29089
OUT="${1:-$HOME/.cache/aurag/data/plotly}"

data_prepare "$OUT" "$VERSION"
pypi_fetch "plotly==$VERSION" "$WHEEL" "$SHA256" "$tmp"
python3 - "$tmp/$WHEEL" "$OUT" gapminder tips stocks election wind medals <<'PY'
import gzip, sys, zipfile
wheel, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
z = zipfile.ZipFile(wheel)
for name in names:
    open(f"{out}/{name}.csv", "wb").write(gzip.decompress(z.read(f"plotly/package_data/datasets/{name}.csv.gz")))
PY
touch "$OUT/.done-$VERSION"
echo "$OUT"
