"""A forty-third set of analyst questions over real public tables, written blind.

Written at the start of session 60, with the forty-second and in the same
sitting, over six R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --forty-third`), and committed before the agent
was run on any of them. Its first run is a held-out figure.

- macro.csv: 14 countries' economies, 1966-1990: `country`, `year`,
  `gdp` (growth, %), `unem` (unemployment, %), `capmob`, `trade`;
- LakeHuron.csv: the level of Lake Huron in feet, 1875-1972, by `time`
  (the year);
- deaths.csv: monthly deaths from lung diseases in the UK, 1974-1979, by a
  decimal `time` (1974.0833 is February 1974);
- ca2006.csv: California's 53 House districts in 2006: votes for the
  Democrat (`D`), the Republican (`R`) and others, the incumbent's party
  (`IncParty`) and name (`IncName`), and the 2004 and 2000 presidential
  votes (`Bush2004`, `Kerry2004`, `Bush2000`, `Gore2000`);
- Dyestuff.csv: the yield of dyestuff from five samples of each of six
  batches (`Batch` "A" … "F", `Yield` in grams);
- cities.csv: air distances in miles between 11 US airports, a matrix
  with a row and a column an airport code ("ATL", "BOS", "SEA").

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_forty_third.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_forty_third_questions.jsonl"

ma = pd.read_csv(f"{data}/macro.csv")
lh = pd.read_csv(f"{data}/LakeHuron.csv")
de = pd.read_csv(f"{data}/deaths.csv")
ca = pd.read_csv(f"{data}/ca2006.csv")
dy = pd.read_csv(f"{data}/Dyestuff.csv")
ci = pd.read_csv(f"{data}/cities.csv").rename(columns={"Unnamed: 0": "airport"})

# What the unanswerable questions name is in no row or column.
assert "Spain" not in set(ma.country) and 1990 not in set(lh.time)
assert 1985 not in set(de.time.astype(int)) and 60 not in set(ca.district)
assert "G" not in set(dy.Batch) and "PHX" not in ci.columns

de = de.assign(year=de.time.astype(int))
uk = ma[ma.country == "United Kingdom"]

# (file, kind, question, gold)
Q = [
    # Economies: a row a country and year.
    ("macro.csv", "lookup", "What was the unemployment rate of Japan in 1980?", num(ma.unem[(ma.country == "Japan") & (ma.year == 1980)].iloc[0])),
    ("macro.csv", "group", "Which country had the highest average unemployment?", group_best(ma, "country", "unem", "mean")),
    ("macro.csv", "average", "What was the average gdp growth of the United Kingdom?", num(uk.gdp.mean())),
    ("macro.csv", "argmax", "In which year did Sweden have its highest unemployment?", argmax(ma[ma.country == "Sweden"], "unem", "year")),
    ("macro.csv", "count", "How many countries are in the table?", num(ma.country.nunique())),
    # Lake Huron: a row a year.
    ("LakeHuron.csv", "lookup", "What was the level of Lake Huron in 1900?", at(lh, "time", 1900, "LakeHuron")),
    ("LakeHuron.csv", "argmin", "In which year was the lake at its lowest?", argmin(lh, "LakeHuron", "time")),
    ("LakeHuron.csv", "average", "What is the average level of the lake?", num(lh.LakeHuron.mean())),
    ("LakeHuron.csv", "count", "In how many years was the level above 580?", num((lh.LakeHuron > 580).sum())),
    ("LakeHuron.csv", "change", "How much did the level change from 1875 to 1972?", num(lh.LakeHuron[lh.time == 1972].iloc[0] - lh.LakeHuron[lh.time == 1875].iloc[0])),
    # Lung deaths: a row a month.
    ("deaths.csv", "sum", "How many deaths were there in 1976?", num(de.deaths[de.year == 1976].sum())),
    ("deaths.csv", "max", "What was the highest number of deaths in a month?", num(de.deaths.max())),
    ("deaths.csv", "average", "What is the average number of deaths per month?", num(de.deaths.mean())),
    ("deaths.csv", "group", "Which year had the most deaths?", group_best(de, "year", "deaths", "sum")),
    ("deaths.csv", "count", "In how many months were there more than 3000 deaths?", num((de.deaths > 3000).sum())),
    # California's House races: a row a district.
    ("ca2006.csv", "count", "How many districts had a Republican incumbent?", num((ca.IncParty == "R").sum())),
    ("ca2006.csv", "lookup", "How many votes did the Democrat get in district 12?", at(ca, "district", 12, "D")),
    ("ca2006.csv", "sum", "What is the total number of votes for Bush in 2004?", num(ca.Bush2004.sum())),
    ("ca2006.csv", "argmax", "Which district gave Kerry the most votes in 2004?", argmax(ca, "Kerry2004", "district")),
    ("ca2006.csv", "lookup", "Who was the incumbent in district 8?", at(ca, "district", 8, "IncName")),
    # Dyestuff: a row a sample.
    ("Dyestuff.csv", "average", "What is the average yield?", num(dy.Yield.mean())),
    ("Dyestuff.csv", "group", "Which batch has the highest average yield?", group_best(dy, "Batch", "Yield", "mean")),
    ("Dyestuff.csv", "average", "What is the average yield of batch C?", num(dy.Yield[dy.Batch == "C"].mean())),
    ("Dyestuff.csv", "min", "What is the lowest yield?", num(dy.Yield.min())),
    ("Dyestuff.csv", "count", "How many samples have a yield above 1500?", num((dy.Yield > 1500).sum())),
    # Air distances: a row and a column an airport.
    ("cities.csv", "lookup", "What is the distance from ATL to SEA?", at(ci, "airport", "ATL", "SEA")),
    ("cities.csv", "lookup", "How far is BOS from LAX?", at(ci, "airport", "BOS", "LAX")),
    ("cities.csv", "argmax", "Which airport is farthest from MIA?", argmax(ci, "MIA", "airport")),
    ("cities.csv", "max", "What is the longest distance from DEN?", num(ci.DEN.max())),
    ("cities.csv", "count", "How many airports are more than 2000 miles from SEA?", num((ci.SEA > 2000).sum())),
    # Nothing in the tables answers these.
    ("macro.csv", "unanswerable", "What was the unemployment rate of Spain in 1980?", UNKNOWN),
    ("LakeHuron.csv", "unanswerable", "What was the level of Lake Huron in 1990?", UNKNOWN),
    ("deaths.csv", "unanswerable", "How many deaths were there in 1985?", UNKNOWN),
    ("ca2006.csv", "unanswerable", "How many votes did the Democrat get in district 60?", UNKNOWN),
    ("Dyestuff.csv", "unanswerable", "What is the average yield of batch G?", UNKNOWN),
    ("cities.csv", "unanswerable", "What is the distance from ATL to PHX?", UNKNOWN),
]

write(Q, "rd43", out)
