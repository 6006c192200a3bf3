#!/usr/bin/env bash
# Real public tables for the aggregation questions (docs/tables.md): the CSVs
# that the `vega-datasets` Python package ships (Seattle weather, US
# employment, stock prices, Iowa electricity, the 1992 LA riots deaths,
# hourly temperatures, US airports, car models), fetched from PyPI (the only
# registry reachable here), checked against a pinned sha256, and laid out as
# an analyst would drop them in: CSVs as they are, cars.json as cars.csv, and
# airports as a SQLite database (airports.db, table `airports`).
#
# Usage: bash scripts/vega_data.sh [DIR]   (default: ~/.cache/aurag/data/vega)
# Prints the directory. Nothing here is committed: the data is fetched.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

VERSION=0.9.0
SHA256=3d7c63917be6ca9b154b565f4779a31fedce57b01b5b9d99d8a34a7608062a1d
OUT="${1:-$HOME/.cache/aurag/data/vega}"
WHEEL="vega_datasets-$VERSION-py3-none-any.whl"

if [ -f "$OUT/.done-$VERSION" ]; then
  echo "$OUT"
  exit 0
fi
mkdir -p "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pypi_fetch "vega_datasets==$VERSION" "$WHEEL" "$SHA256" "$tmp"
python3 - "$tmp/$WHEEL" "$OUT" <<'EOF'
import csv, io, json, sqlite3, sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
z = zipfile.ZipFile(wheel)
data = lambda name: z.read(f"vega_datasets/_data/{name}")
for name in ["seattle-weather.csv", "us-employment.csv", "stocks.csv", "iowa-electricity.csv",
             "la-riots.csv", "seattle-temps.csv", "sf-temps.csv"]:
    open(f"{out}/{name}", "wb").write(data(name))
cars = json.loads(data("cars.json"))
with open(f"{out}/cars.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(cars[0].keys()))
    w.writeheader()
    for c in cars:
        w.writerow({k: ("" if v is None else v) for k, v in c.items()})
db = f"{out}/airports.db"
con = sqlite3.connect(db)
con.execute("DROP TABLE IF EXISTS airports")
con.execute("CREATE TABLE airports (iata TEXT PRIMARY KEY, name TEXT, city TEXT, state TEXT, country TEXT, latitude REAL, longitude REAL)")
rows = list(csv.DictReader(io.StringIO(data("airports.csv").decode())))
con.executemany("INSERT INTO airports VALUES (?,?,?,?,?,?,?)",
                [(r["iata"], r["name"], r["city"], r["state"], r["country"], float(r["latitude"]), float(r["longitude"])) for r in rows])
con.commit()
con.close()
EOF
touch "$OUT/.done-$VERSION"
echo "$OUT"
