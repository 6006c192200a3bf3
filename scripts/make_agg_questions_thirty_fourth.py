"""A thirty-fourth set of analyst questions over real public tables, written blind.

Written in session 56 with the thirty-third, over six R datasets the
project had never loaded (`bash scripts/rdatasets_data.sh
--thirty-fourth`), and committed before the agent was run on any of
them: its first run is a held-out figure.

- Chile.csv: 2,700 Chileans polled before the 1988 plebiscite: region
  ("C", "M", "N", "S", "SA"), community population, sex ("M", "F"), age,
  education ("P", "PS", "S"), income, support of the status quo, vote
  ("Y", "N", "U" undecided, "A" abstain);
- Moore.csv: 45 people in a conformity experiment: their partner's status
  (`partner.status`: "low", "high"), conformity, authoritarianism
  (`fcategory`, `fscore`);
- forbes.csv: 17 boiling points of water (°F, `bp`) at barometric
  pressures (inches of mercury, `pres`) in the Alps;
- Clothing.csv: 400 Dutch men's clothing stores: annual sales (`tsales`),
  sales per square metre, gross margin, owners, full-time and part-time
  workers, hours worked, store size (`ssize`, m²), year started;
- ovarian.csv: 26 women in an ovarian cancer trial: days followed
  (`futime`), status, age, residual disease, treatment (`rx` 1, 2), ECOG
  score;
- Highway1.csv: 39 Minnesota highway sections of 1973: accident rate per
  million vehicle miles (`rate`), length in miles (`len`), daily traffic
  in thousands (`ADT`), share of trucks (`trks`), speed limit (`slim`),
  lanes, highway type (`hwy`: "FAI", "PA", "MA", "MC").

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirty_fourth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirty_fourth_questions.jsonl"

ch = pd.read_csv(f"{data}/Chile.csv")
mo = pd.read_csv(f"{data}/Moore.csv")
fo = pd.read_csv(f"{data}/forbes.csv")
cl = pd.read_csv(f"{data}/Clothing.csv")
ov = pd.read_csv(f"{data}/ovarian.csv")
hw = pd.read_csv(f"{data}/Highway1.csv")

# What the unanswerable questions name is in no row or column.
assert "X" not in set(ch.vote) and "medium" not in set(mo["partner.status"]) and not any("temp" in c.lower() for c in fo.columns)
assert not any("rent" in c.lower() for c in cl.columns) and 3 not in set(ov.rx) and 80 not in set(hw.slim)

# (file, kind, question, gold)
Q = [
    # Chile poll: a row a person.
    ("Chile.csv", "count", "How many people voted Y?", num((ch.vote == "Y").sum())),
    ("Chile.csv", "average", "What is the average age of the respondents?", num(ch.age.mean())),
    ("Chile.csv", "count", "How many women were polled?", num((ch.sex == "F").sum())),
    ("Chile.csv", "count", "How many respondents are from region SA?", num((ch.region == "SA").sum())),
    ("Chile.csv", "max", "What is the highest income?", num(ch.income.max())),
    # Conformity experiment: a row a person.
    ("Moore.csv", "average", "What is the average conformity score?", num(mo.conformity.mean())),
    ("Moore.csv", "count", "How many subjects had a high status partner?", num((mo["partner.status"] == "high").sum())),
    ("Moore.csv", "max", "What is the highest conformity?", num(mo.conformity.max())),
    ("Moore.csv", "average", "What is the average conformity with a low status partner?", num(mo[mo["partner.status"] == "low"].conformity.mean())),
    ("Moore.csv", "count", "How many subjects are in the medium F category?", num((mo.fcategory == "medium").sum())),
    # Boiling points: a row a reading.
    ("forbes.csv", "max", "What is the highest boiling point?", num(fo.bp.max())),
    ("forbes.csv", "min", "What is the lowest pressure?", num(fo.pres.min())),
    ("forbes.csv", "average", "What is the average boiling point?", num(fo.bp.mean())),
    ("forbes.csv", "count", "How many readings had a pressure above 25?", num((fo.pres > 25).sum())),
    ("forbes.csv", "lookup", "What was the pressure when the boiling point was 200.9?", at(fo, "bp", 200.9, "pres")),
    # Clothing stores: a row a store.
    ("Clothing.csv", "average", "What are the average annual sales of a store?", num(cl.tsales.mean())),
    ("Clothing.csv", "max", "What is the largest store size?", num(cl.ssize.max())),
    ("Clothing.csv", "average", "What is the average gross margin?", num(cl.margin.mean())),
    ("Clothing.csv", "count", "How many stores have sales above 1000000?", num((cl.tsales > 1000000).sum())),
    ("Clothing.csv", "max", "What is the highest total sales?", num(cl.tsales.max())),
    # Ovarian cancer: a row a woman.
    ("ovarian.csv", "average", "What is the average age of the patients?", num(ov.age.mean())),
    ("ovarian.csv", "max", "What is the longest follow-up time?", num(ov.futime.max())),
    ("ovarian.csv", "count", "How many patients received treatment 2?", num((ov.rx == 2).sum())),
    ("ovarian.csv", "min", "How old was the youngest patient?", num(ov.age.min())),
    ("ovarian.csv", "count", "How many patients are there?", num(len(ov))),
    # Minnesota highways: a row a section.
    ("Highway1.csv", "average", "What is the average accident rate?", num(hw.rate.mean())),
    ("Highway1.csv", "max", "What is the highest speed limit?", num(hw.slim.max())),
    ("Highway1.csv", "count", "How many highway sections have a speed limit of 55?", num((hw.slim == 55).sum())),
    ("Highway1.csv", "sum", "What is the total length of all sections?", num(hw.len.sum())),
    ("Highway1.csv", "count", "How many sections are of highway type MC?", num((hw.hwy == "MC").sum())),
    # Nothing in the tables answers these.
    ("Chile.csv", "unanswerable", "How many people voted X?", UNKNOWN),
    ("Moore.csv", "unanswerable", "How many subjects had a medium status partner?", UNKNOWN),
    ("forbes.csv", "unanswerable", "What is the average air temperature?", UNKNOWN),
    ("Clothing.csv", "unanswerable", "What is the average rent of the stores?", UNKNOWN),
    ("ovarian.csv", "unanswerable", "How many patients received treatment 3?", UNKNOWN),
    ("Highway1.csv", "unanswerable", "How many sections have a speed limit of 80?", UNKNOWN),
]

write(Q, "rd34", out)
