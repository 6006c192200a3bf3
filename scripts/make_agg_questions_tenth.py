"""A tenth set of analyst questions over real public tables, written blind.

Written in session 51, after the ninth set's fixes, over six more R
datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--tenth`), and committed before the agent was run on any of them. Its
first run is the held-out figure for the session's code at that commit.

- UScereal.csv: 65 cereals named in the row names, makers as one letter;
- Caschool.csv: California school districts, scores under short names
  ("testscr", "mathscr", "enrltot", "str");
- Grunfeld.csv: a panel of ten firms, numbered, over twenty years;
- Nightingale.csv: the army's deaths in the Crimea by month, with the
  month as a date and as "Jan" and a year;
- sleepstudy.csv: reaction times by day and subject (numbered);
- survey.csv: students' answers, coded ("Freq", "Never", "Regul").

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_tenth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_tenth_questions.jsonl"

ce = pd.read_csv(f"{data}/UScereal.csv").rename(columns={"Unnamed: 0": "cereal"})
ca = pd.read_csv(f"{data}/Caschool.csv")
gr = pd.read_csv(f"{data}/Grunfeld.csv")
ni = pd.read_csv(f"{data}/Nightingale.csv")
sl = pd.read_csv(f"{data}/sleepstudy.csv")
su = pd.read_csv(f"{data}/survey.csv")

firm2 = gr[gr.firm == 2].set_index("year").value

# (file, kind, question, gold)
Q = [
    # US breakfast cereals: a row a cereal.
    ("UScereal.csv", "argmax", "Which cereal has the most calories?", argmax(ce, "calories", "cereal")),
    ("UScereal.csv", "average", "What is the average sugar content of cereals from manufacturer K?", num(ce[ce.mfr == "K"].sugars.mean())),
    ("UScereal.csv", "count", "How many cereals are on shelf 3?", num((ce.shelf == 3).sum())),
    ("UScereal.csv", "lookup", "How much protein does All-Bran have?", at(ce, "cereal", "All-Bran", "protein")),
    ("UScereal.csv", "group", "Which manufacturer has the highest average fibre?", group_best(ce, "mfr", "fibre", "mean")),
    # California school districts: a row a district.
    ("Caschool.csv", "average", "What is the average test score of districts in Los Angeles county?", num(ca[ca.county == "Los Angeles"].testscr.mean())),
    ("Caschool.csv", "argmax", "Which district has the highest math score?", argmax(ca, "mathscr", "district")),
    ("Caschool.csv", "count", "How many districts have more than 10000 students enrolled?", num((ca.enrltot > 10000).sum())),
    ("Caschool.csv", "average", "What is the average student-teacher ratio?", num(ca.str.mean())),
    ("Caschool.csv", "sum", "What is the total enrollment in Fresno county?", num(ca[ca.county == "Fresno"].enrltot.sum())),
    ("Caschool.csv", "count", "How many districts are in Kern county?", num((ca.county == "Kern").sum())),
    # Grunfeld's firms: a row a firm's year.
    ("Grunfeld.csv", "lookup", "What was the investment of firm 1 in 1940?", one(gr[(gr.firm == 1) & (gr.year == 1940)].inv)),
    ("Grunfeld.csv", "group", "Which firm had the highest average investment?", group_best(gr, "firm", "inv", "mean")),
    ("Grunfeld.csv", "average", "What was the average capital in 1954?", num(gr[gr.year == 1954].capital.mean())),
    ("Grunfeld.csv", "change", "How much did the value of firm 2 change from 1935 to 1954?", num(firm2[1954] - firm2[1935])),
    # The army in the Crimea: a row a month.
    ("Nightingale.csv", "lookup", "How many soldiers died of disease in January 1855?", one(ni[(ni.Month == "Jan") & (ni.Year == 1855)].Disease)),
    ("Nightingale.csv", "sum", "What was the total number of deaths from wounds?", num(ni.Wounds.sum())),
    ("Nightingale.csv", "max", "What was the highest disease mortality rate?", num(ni["Disease.rate"].max())),
    ("Nightingale.csv", "average", "What was the average size of the army in 1855?", num(ni[ni.Year == 1855].Army.mean())),
    # Sleep deprivation: a row a subject's day.
    ("sleepstudy.csv", "average", "What is the average reaction time on day 0?", num(sl[sl.Days == 0].Reaction.mean())),
    ("sleepstudy.csv", "group", "Which subject had the slowest average reaction time?", group_best(sl, "Subject", "Reaction", "mean")),
    ("sleepstudy.csv", "max", "What was the longest reaction time?", num(sl.Reaction.max())),
    ("sleepstudy.csv", "count", "How many measurements are there for subject 309?", num((sl.Subject == 309).sum())),
    # A survey of students: a row a student.
    ("survey.csv", "count", "How many students are left-handed?", num((su["W.Hnd"] == "Left").sum())),
    ("survey.csv", "average", "What is the average height of female students?", num(su[su.Sex == "Female"].Height.mean())),
    ("survey.csv", "count", "How many students never smoke?", num((su.Smoke == "Never").sum())),
    ("survey.csv", "average", "What is the average pulse of students who exercise frequently?", num(su[su.Exer == "Freq"].Pulse.mean())),
    ("survey.csv", "max", "What is the age of the oldest student?", num(su.Age.max())),
    ("survey.csv", "count", "How many male students are there?", num((su.Sex == "Male").sum())),
    ("survey.csv", "average", "What is the average pulse of students who smoke heavily?", num(su[su.Smoke == "Heavy"].Pulse.mean())),
    # Nothing in the tables answers these.
    ("UScereal.csv", "unanswerable", "How many calories does Cinnamon Life have?", UNKNOWN),
    ("Caschool.csv", "unanswerable", "What is the average test score of districts in Cook county?", UNKNOWN),
    ("Grunfeld.csv", "unanswerable", "What was the investment of firm 12 in 1940?", UNKNOWN),
    ("Nightingale.csv", "unanswerable", "How many soldiers died of disease in January 1857?", UNKNOWN),
    ("sleepstudy.csv", "unanswerable", "What is the average reaction time on day 20?", UNKNOWN),
    ("survey.csv", "unanswerable", "What is the average height of students who play chess?", UNKNOWN),
]

write(Q, "rd10", out)
