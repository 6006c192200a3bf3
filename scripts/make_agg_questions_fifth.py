"""A fifth set of analyst questions over real public tables, written blind.

Written at the end of session 49, after the fourth set's fixes, over six
more statsmodels datasets the project had never loaded (`bash
scripts/statsmodels_data.sh --fifth`), and committed before the agent was
run on any of them. Its first run is the held-out figure for the
session's final code; nothing was changed after it.

- china_smoking.csv: smokers and non-smokers with and without lung cancer
  in eight Chinese cities;
- engel.csv: Engel's household incomes and food expenditure;
- heart.csv: survival after heart transplant, with age;
- fertility.csv: the World Bank's fertility rate by country, a column a
  year (1960-2013);
- E6.csv: German inflation (Dp) and interest rate (R) by quarter;
- co2.csv: weekly CO2 at Mauna Loa, dates written as yyyymmdd numbers.

Gold answers are computed by pandas (scripts/agg_gold.py); none is typed.

Usage: python scripts/make_agg_questions_fifth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/statsmodels_fifth_questions.jsonl"

cs = pd.read_csv(f"{data}/china_smoking.csv")
en = pd.read_csv(f"{data}/engel.csv")
he = pd.read_csv(f"{data}/heart.csv")
fe = pd.read_csv(f"{data}/fertility.csv")
e6 = pd.read_csv(f"{data}/E6.csv")
co = pd.read_csv(f"{data}/co2.csv")


def country(name, year):
    return one(fe[fe["Country Name"] == name][str(year)])


# (file, kind, question, gold)
Q = [
    # Smoking and lung cancer, a row a city.
    ("china_smoking.csv", "argmax", "Which city had the most lung cancer cases among smokers?", argmax(cs, "smoking_yes_cancer_yes", "Location")),
    ("china_smoking.csv", "lookup", "How many smokers with cancer were there in Beijing?", one(cs[cs.Location == "Beijing"].smoking_yes_cancer_yes)),
    ("china_smoking.csv", "sum", "What is the total number of non-smokers without cancer?", num(cs.smoking_no_cancer_no.sum())),
    # Engel's households.
    ("engel.csv", "average", "What is the average food expenditure?", num(en.foodexp.mean())),
    ("engel.csv", "max", "What is the highest income?", num(en.income.max())),
    ("engel.csv", "count", "How many households have an income above 1000?", num((en.income > 1000).sum())),
    # Heart transplant survival.
    ("heart.csv", "average", "What is the average age of the patients?", num(he.age.mean())),
    ("heart.csv", "count", "How many patients survived more than 100 days?", num((he.survival > 100).sum())),
    ("heart.csv", "max", "What was the longest survival?", num(he.survival.max())),
    # Fertility by country, years across.
    ("fertility.csv", "lookup", "What was the fertility rate of Japan in 2000?", country("Japan", 2000)),
    ("fertility.csv", "argmax", "Which country had the highest fertility rate in 1960?", argmax(fe, "1960", "Country Name")),
    ("fertility.csv", "average", "What was the average fertility rate in 2010?", num(fe["2010"].mean())),
    ("fertility.csv", "difference", "How much did the fertility rate of India change from 1960 to 2010?", num(fe[fe["Country Name"] == "India"]["2010"].iloc[0] - fe[fe["Country Name"] == "India"]["1960"].iloc[0])),
    # German interest and inflation by quarter.
    ("E6.csv", "lookup", "What was the interest rate in the first quarter of 1980?", one(e6[(e6.year == 1980) & (e6.quarter == 1)].R)),
    ("E6.csv", "average", "What was the average inflation in 1990?", num(e6[e6.year == 1990].Dp.mean())),
    ("E6.csv", "count", "How many quarters had an interest rate above 0.1?", num((e6.R > 0.1).sum())),
    # Weekly CO2 at Mauna Loa.
    ("co2.csv", "max", "What was the highest co2 level?", num(co.co2.max())),
    ("co2.csv", "average", "What was the average co2 in 1990?", num(co[(co.date >= 19900101) & (co.date <= 19901231)].co2.mean())),
    ("co2.csv", "count", "How many weekly measurements are there?", num(len(co))),
    # Nothing in the tables answers these.
    ("china_smoking.csv", "unanswerable", "How many smokers with cancer were there in Tokyo?", UNKNOWN),
    ("fertility.csv", "unanswerable", "What was the fertility rate of Atlantis in 2000?", UNKNOWN),
    ("co2.csv", "unanswerable", "What was the average co2 in 2020?", UNKNOWN),
    ("heart.csv", "unanswerable", "What is the average weight of the patients?", UNKNOWN),
]

write(Q, "sm5", out)
