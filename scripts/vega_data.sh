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
#        bash scripts/vega_data.sh --more [DIR]   (default: ~/.cache/aurag/data/vega-more)
# `--more` lays out the wheel's other tables, for the second question set
# (scripts/make_agg_questions_more.py), written after the parser: barley
# yields (Immer et al. 1934), Burtin's antibiotics, Nightingale's Crimean
# war deaths and Fisher's irises as CSVs, and US driving (miles per
# person and gas prices, 1956-2010) and Playfair's wheat prices and wages
# (1565-1821) as two tables of one SQLite database (history.db).
# Prints the directory. Nothing here is committed: the data is fetched.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

VERSION=0.9.0
SHA256=3d7c63917be6ca9b154b565f4779a31fedce57b01b5b9d99d8a34a7608062a1d
SET=main
if [ "${1:-}" = --more ]; then
  SET=more
  shift
fi
OUT="${1:-$HOME/.cache/aurag/data/vega$([ $SET = more ] && echo -more || true)}"
WHEEL="vega_datasets-$VERSION-py3-none-any.whl"

data_prepare "$OUT" "$VERSION"
pypi_fetch "vega_datasets==$VERSION" "$WHEEL" "$SHA256" "$tmp"
python3 - "$tmp/$WHEEL" "$OUT" "$SET" <<'EOF'
import csv, io, json, sqlite3, sys, zipfile
wheel, out, which = sys.argv[1], sys.argv[2], sys.argv[3]
z = zipfile.ZipFile(wheel)
data = lambda name: z.read(f"vega_datasets/_data/{name}")


def json_as_csv(name, path):
    rows = json.loads(data(name))
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else r[k]) for k in rows[0]})


if which == "more":
    for name in ["barley", "burtin", "crimea", "iris"]:
        json_as_csv(f"{name}.json", f"{out}/{name}.csv")
    db = f"{out}/history.db"
    con = sqlite3.connect(db)
    con.execute("DROP TABLE IF EXISTS driving")
    con.execute("DROP TABLE IF EXISTS wheat")
    con.execute("CREATE TABLE driving (year INTEGER PRIMARY KEY, miles REAL, gas REAL, side TEXT)")
    con.executemany("INSERT INTO driving VALUES (?,?,?,?)", [(r["year"], r["miles"], r["gas"], r["side"]) for r in json.loads(data("driving.json"))])
    con.execute("CREATE TABLE wheat (year INTEGER PRIMARY KEY, wheat REAL, wages REAL)")
    con.executemany("INSERT INTO wheat VALUES (?,?,?)", [(int(r["year"]), r["wheat"], r.get("wages")) for r in json.loads(data("wheat.json"))])
    con.commit()
    con.close()
    sys.exit(0)
for name in ["seattle-weather.csv", "us-employment.csv", "stocks.csv", "iowa-electricity.csv",
             "la-riots.csv", "seattle-temps.csv", "sf-temps.csv"]:
    open(f"{out}/{name}", "wb").write(data(name))
json_as_csv("cars.json", f"{out}/cars.csv")
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
