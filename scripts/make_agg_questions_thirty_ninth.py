"""A thirty-ninth set of analyst questions over real public tables, written blind.

Written at the start of session 58, with the thirty-eighth and in the same
sitting, over six R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --thirty-ninth`), and committed before the
agent was run on any of them. Its first run is a held-out figure.

- womensrole.csv: answers to "women should take care of running their
  homes and leave running the country up to men", counted (`agree`,
  `disagree`) by years of education (0 to 20) and sex ("Male", "Female");
- homerun.csv: McGwire's and Sosa's home runs of 1998, a row a game
  (`gameno`, `month` by name, `homeruns`, `player`);
- Wheat.monarchs.csv: English monarchs, 1565-1821, with the year each
  reign started and ended;
- Prostitutes.csv: prostitutes registered in Paris each month, 1812-1854
  (`Year`, `month` "Jan", `count`);
- USFinanceIndustry.csv: US corporate profits by year, 1929-2012
  (billions: `CorporateProfitsAdj`, `Domestic`, `Financial`,
  `Nonfinancial`, `restOfWorld`) and the financial industry's share
  (`FinanceProportion`);
- meteo.csv: Texas wheat seasons, 1920-21 to 1930-31: rain, temperature,
  radiation and yield.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirty_ninth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirty_ninth_questions.jsonl"

wr = pd.read_csv(f"{data}/womensrole.csv")
hr = pd.read_csv(f"{data}/homerun.csv")
wm = pd.read_csv(f"{data}/Wheat.monarchs.csv")
pr = pd.read_csv(f"{data}/Prostitutes.csv")
fi = pd.read_csv(f"{data}/USFinanceIndustry.csv")
me = pd.read_csv(f"{data}/meteo.csv")

# What the unanswerable questions name is in no row or column.
assert 25 not in set(wr.education) and "Bonds" not in set(hr.player) and "Victoria" not in set(wm.name)
assert 1870 not in set(pr.Year) and 2020 not in set(fi.year) and "1940-41" not in set(me.year)

sosa = hr[hr.player == "Sosa"]
reign = wm.assign(length=wm.end - wm.start)

# (file, kind, question, gold)
Q = [
    # Women's role: a row a count of answers by education and sex.
    ("womensrole.csv", "sum", "How many women agreed in total?", num(wr[wr.sex == "Female"].agree.sum())),
    ("womensrole.csv", "sum", "How many men disagreed in total?", num(wr[wr.sex == "Male"].disagree.sum())),
    ("womensrole.csv", "sum", "How many people with 12 years of education agreed?", num(wr[wr.education == 12].agree.sum())),
    ("womensrole.csv", "sum", "What is the total number of people who disagreed?", num(wr.disagree.sum())),
    ("womensrole.csv", "group", "At which education level did the most people agree?", group_best(wr, "education", "agree", "sum")),
    # Home runs: a row a game.
    ("homerun.csv", "sum", "How many home runs did McGwire hit in total?", num(hr[hr.player == "McGwire"].homeruns.sum())),
    ("homerun.csv", "sum", "How many home runs did Sosa hit in August?", num(sosa[sosa.month == "August"].homeruns.sum())),
    ("homerun.csv", "group", "In which month did Sosa hit the most home runs?", group_best(sosa, "month", "homeruns", "sum")),
    ("homerun.csv", "max", "What is the most home runs in one game?", num(hr.homeruns.max())),
    ("homerun.csv", "count", "How many games did McGwire play?", num((hr.player == "McGwire").sum())),
    # Monarchs: a row a reign.
    ("Wheat.monarchs.csv", "lookup", "In what year did George III's reign start?", at(wm, "name", "George III", "start")),
    ("Wheat.monarchs.csv", "argmax", "Who reigned the longest?", argmax(reign, "length", "name")),
    ("Wheat.monarchs.csv", "lookup", "Which monarch came after Anne?", one(wm.name[wm.index[wm.name == "Anne"] + 1])),
    ("Wheat.monarchs.csv", "count", "How many monarchs started their reign before 1700?", num((wm.start < 1700).sum())),
    ("Wheat.monarchs.csv", "lookup", "When did Cromwell's rule end?", at(wm, "name", "Cromwell", "end")),
    # Paris registrations: a row a month.
    ("Prostitutes.csv", "max", "What was the highest monthly count?", num(pr["count"].max())),
    ("Prostitutes.csv", "lookup", "What was the count in Jan 1830?", num(pr[(pr.Year == 1830) & (pr.month == "Jan")]["count"].iloc[0])),
    ("Prostitutes.csv", "sum", "What was the total count in 1850?", num(pr[pr.Year == 1850]["count"].sum())),
    ("Prostitutes.csv", "group", "In which year was the average count highest?", group_best(pr, "Year", "count", "mean")),
    ("Prostitutes.csv", "average", "What is the average count?", num(pr["count"].mean())),
    # Corporate profits: a row a year.
    ("USFinanceIndustry.csv", "lookup", "What were financial profits in 2000?", at(fi, "year", 2000, "Financial")),
    ("USFinanceIndustry.csv", "argmax", "In which year was the finance proportion highest?", argmax(fi, "FinanceProportion", "year")),
    ("USFinanceIndustry.csv", "average", "What is the average corporate profit?", num(fi.CorporateProfitsAdj.mean())),
    ("USFinanceIndustry.csv", "count", "How many years had a finance proportion above 0.3?", num((fi.FinanceProportion > 0.3).sum())),
    ("USFinanceIndustry.csv", "min", "What was the lowest domestic profit?", num(fi.Domestic.min())),
    # Texas wheat: a row a season.
    ("meteo.csv", "lookup", "What was the yield in 1925-26?", at(me, "year", "1925-26", "yield")),
    ("meteo.csv", "argmax", "In which year was the yield highest?", argmax(me, "yield", "year")),
    ("meteo.csv", "average", "What is the average July rain?", num(me.rainJuly.mean())),
    ("meteo.csv", "average", "What is the average temperature?", num(me.temp.mean())),
    ("meteo.csv", "count", "How many years had a yield above 30?", num((me["yield"] > 30).sum())),
    # Nothing in the tables answers these.
    ("womensrole.csv", "unanswerable", "How many people with 25 years of education agreed?", UNKNOWN),
    ("homerun.csv", "unanswerable", "How many home runs did Bonds hit?", UNKNOWN),
    ("Wheat.monarchs.csv", "unanswerable", "When did Victoria's reign start?", UNKNOWN),
    ("Prostitutes.csv", "unanswerable", "What was the count in 1870?", UNKNOWN),
    ("USFinanceIndustry.csv", "unanswerable", "What were financial profits in 2020?", UNKNOWN),
    ("meteo.csv", "unanswerable", "What was the yield in 1940-41?", UNKNOWN),
]

write(Q, "rd39", out)
