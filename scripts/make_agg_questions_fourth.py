"""A fourth set of analyst questions over real public tables, written blind.

Written at the end of session 49, after the fixes the second and third
sets asked for, over six more statsmodels datasets the project had never
loaded (`bash scripts/statsmodels_data.sh --fourth`), and committed before
the agent was run on any of them: its first run measures the session's
final code on tables nobody here fixed anything against.

- longley.csv: Longley's US employment series, 1947-1962 (names in
  capitals: TOTEMP, GNP, UNEMP, ARMED, POP);
- copper.csv: world copper consumption and prices, 1951-1975;
- committee.csv: House committees of the 104th Congress;
- sunspots.csv: yearly sunspot activity, 1700-2008;
- elnino.csv: El Niño sea surface temperatures, a row a year and a column
  a month;
- scotvote.csv: the 1997 Scottish devolution vote by council district.

Gold answers are computed by pandas (scripts/agg_gold.py); none is typed.

Usage: python scripts/make_agg_questions_fourth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/statsmodels_fourth_questions.jsonl"

lo = pd.read_csv(f"{data}/longley.csv")
cu = pd.read_csv(f"{data}/copper.csv")
co = pd.read_csv(f"{data}/committee.csv")
su = pd.read_csv(f"{data}/sunspots.csv")
el = pd.read_csv(f"{data}/elnino.csv")
sv = pd.read_csv(f"{data}/scotvote.csv")


# (file, kind, question, gold)
Q = [
    # Longley's employment series, one row a year.
    ("longley.csv", "lookup", "What was total employment in 1950?", at(lo, "YEAR", 1950, "TOTEMP")),
    ("longley.csv", "argmax", "In which year was unemployment highest?", argmax(lo, "UNEMP", "YEAR")),
    ("longley.csv", "average", "What was the average GNP?", num(lo.GNP.mean())),
    ("longley.csv", "count", "How many years had armed forces above 3000?", num((lo.ARMED > 3000).sum())),
    ("longley.csv", "difference", "How much did the population change from 1947 to 1962?", num(lo[lo.YEAR == 1962].POP.iloc[0] - lo[lo.YEAR == 1947].POP.iloc[0])),
    # World copper, one row a year.
    ("copper.csv", "lookup", "What was the copper price in 1960?", at(cu, "YEAR", 1960, "COPPERPRICE")),
    ("copper.csv", "argmax", "In which year was world consumption of copper highest?", argmax(cu, "WORLDCONSUMPTION", "YEAR")),
    ("copper.csv", "average", "What was the average aluminum price?", num(cu.ALUMPRICE.mean())),
    ("copper.csv", "count", "How many years had a copper price above 40?", num((cu.COPPERPRICE > 40).sum())),
    # House committees.
    ("committee.csv", "argmax", "Which committee has the largest staff?", argmax(co, "STAFF", "COMMITTEE")),
    ("committee.csv", "lookup", "How many bills did the Rules committee have in the 104th congress?", at(co, "COMMITTEE", "Rules", "BILLS104")),
    ("committee.csv", "average", "What is the average committee size?", num(co.SIZE.mean())),
    ("committee.csv", "count", "How many committees have no subcommittees?", num((co.SUBS == 0).sum())),
    ("committee.csv", "sum", "What is the total staff of all committees?", num(co.STAFF.sum())),
    # Sunspots, one row a year.
    ("sunspots.csv", "argmax", "In which year was sun activity highest?", argmax(su, "SUNACTIVITY", "YEAR")),
    ("sunspots.csv", "average", "What was the average sunspot activity in the 1800s?", num(su[(su.YEAR >= 1800) & (su.YEAR <= 1899)].SUNACTIVITY.mean())),
    ("sunspots.csv", "count", "How many years had sun activity of zero?", num((su.SUNACTIVITY == 0).sum())),
    ("sunspots.csv", "lookup", "What was the sun activity in 1900?", at(su, "YEAR", 1900, "SUNACTIVITY")),
    # El Niño sea surface temperatures, months across.
    ("elnino.csv", "lookup", "What was the temperature in March 1983?", at(el, "YEAR", 1983, "MAR")),
    ("elnino.csv", "argmax", "Which year had the warmest January?", argmax(el, "JAN", "YEAR")),
    ("elnino.csv", "average", "What was the average December temperature?", num(el.DEC.mean())),
    # The 1997 Scottish devolution vote.
    ("scotvote.csv", "argmax", "Which council district had the highest yes vote?", argmax(sv, "YES", "COUNCILDIST")),
    ("scotvote.csv", "lookup", "What was the yes vote in Glasgow City?", at(sv, "COUNCILDIST", "Glasgow_City", "YES")),
    ("scotvote.csv", "count", "How many council districts had a yes vote above 60?", num((sv.YES > 60).sum())),
    ("scotvote.csv", "average", "What is the average council tax?", num(sv.COUTAX.mean())),
    # Nothing in the tables answers these.
    ("longley.csv", "unanswerable", "What was total employment in 1970?", UNKNOWN),
    ("copper.csv", "unanswerable", "What was the copper price in 1990?", UNKNOWN),
    ("committee.csv", "unanswerable", "Which committee has the most senators?", UNKNOWN),
    ("sunspots.csv", "unanswerable", "What was the sun activity in 2020?", UNKNOWN),
    ("scotvote.csv", "unanswerable", "What was the yes vote in Cardiff?", UNKNOWN),
]

write(Q, "sm4", out)
