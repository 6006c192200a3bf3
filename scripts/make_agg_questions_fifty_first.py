"""A fifty-first set of analyst questions over real public tables, written blind.

Written in session 66 over six R datasets the project had never loaded
(`bash scripts/rdatasets_data.sh --fifty-first`; checked this time
against every data script's list and the names in crates/ and docs/), and
committed before the agent was run on any of them. Its first run is a
held-out figure.

- respiratory.csv: 111 patients of a respiratory illness trial, a row a
  visit (HSAUR): `center` (1, 2), patient `id` (numbered within each
  center), `treat` (P placebo, A active), `sex` (M/F), `age`,
  `baseline` and `outcome` (0 poor, 1 good), `visit` (1-4);
- fgl.csv: 214 fragments of glass from crime scenes (MASS): refractive
  index `RI`, oxides by their element (`Na`, `Mg`, `Al`, `Si`, `K`, `Ca`,
  `Ba`, `Fe`), `type` (WinF, WinNF, Veh, Con, Tabl, Head);
- Treatment.csv: 2,675 men in an evaluation of a job training programme
  (Ecdat): `treat` (TRUE/FALSE), `age`, `educ` (years), `ethn` (black,
  hispanic, other), `married`, real earnings `re74`, `re75`, `re78`,
  unemployed `u74`, `u75`;
- CrohnD.csv: 117 patients in a Crohn's disease trial (robustbase):
  `nrAdvE` (adverse events), `BMI`, `height`, `country` (c1, c2), `sex`,
  `age`, `weight`, `treat` (placebo, d1, d2);
- BudgetFood.csv: 23,972 Spanish households' budgets (Ecdat): `wfood`
  (food's share of spending), `totexp` (total expenditure), `age` of the
  head, household `size`, `town` (size class 1-5), `sex` of the head (man,
  woman);
- USAccDeaths.csv: accidental deaths in the US by month, 1973-1978
  (datasets): `time` as R writes a monthly series (1973, 1973.0833, …),
  `USAccDeaths`.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fifty_first.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifty_first_questions.jsonl"

rs = pd.read_csv(f"{data}/respiratory.csv", index_col=0)
gl = pd.read_csv(f"{data}/fgl.csv", index_col=0)
tr = pd.read_csv(f"{data}/Treatment.csv", index_col=0)
cr = pd.read_csv(f"{data}/CrohnD.csv", index_col=0)
bf = pd.read_csv(f"{data}/BudgetFood.csv", index_col=0)
ud = pd.read_csv(f"{data}/USAccDeaths.csv", index_col=0)

# What the unanswerable questions name is in no row or column.
assert 3 not in set(rs.center) and "Bottle" not in set(gl.type)
assert not any("80" in c for c in tr.columns) and "d3" not in set(cr.treat)
assert 7 not in set(bf.town) and ud.time.max() < 1980

ud["year"] = ud.time.round(6).astype(int)

# (file, kind, question, gold)
Q = [
    # Respiratory trial: a row a patient's visit.
    ("respiratory.csv", "count", "How many patients are there?", num(len(rs.groupby(["center", "id"])))),
    ("respiratory.csv", "average", "What is the average age?", num(rs.age.mean())),
    ("respiratory.csv", "count", "How many visits had an outcome of 1?", num((rs.outcome == 1).sum())),
    ("respiratory.csv", "count", "How many visits were for female patients?", num((rs.sex == "F").sum())),
    ("respiratory.csv", "average", "What is the average outcome at visit 4 for treatment A?", num(rs.outcome[(rs.visit == 4) & (rs.treat == "A")].mean())),
    # Glass fragments: a row a fragment.
    ("fgl.csv", "count", "How many glass fragments are of type Head?", num((gl.type == "Head").sum())),
    ("fgl.csv", "average", "What is the average Na content?", num(gl.Na.mean())),
    ("fgl.csv", "group", "Which glass type has the highest average refractive index?", group_best(gl, "type", "RI", "mean")),
    ("fgl.csv", "max", "What is the highest Fe?", num(gl.Fe.max())),
    ("fgl.csv", "count", "How many fragments have a Ba value above 0?", num((gl.Ba > 0).sum())),
    ("fgl.csv", "group", "Which type of glass is most common?", mode(gl.type)),
    # Job training: a row a man.
    ("Treatment.csv", "count", "How many men were in the treatment group?", num(tr.treat.sum())),
    ("Treatment.csv", "average", "What were the average 1978 earnings?", num(tr.re78.mean())),
    ("Treatment.csv", "average", "What is the average age of married men?", num(tr.age[tr.married].mean())),
    ("Treatment.csv", "count", "How many hispanic men are there?", num((tr.ethn == "hispanic").sum())),
    ("Treatment.csv", "average", "What is the average education of black men?", num(tr.educ[tr.ethn == "black"].mean())),
    ("Treatment.csv", "max", "What were the highest earnings in 1975?", num(tr.re75.max())),
    # Crohn's disease trial: a row a patient.
    ("CrohnD.csv", "count", "How many patients received the placebo?", num((cr.treat == "placebo").sum())),
    ("CrohnD.csv", "average", "What is the average BMI?", num(cr.BMI.mean())),
    ("CrohnD.csv", "group", "Which treatment group has the highest average number of adverse events?", group_best(cr, "treat", "nrAdvE", "mean")),
    ("CrohnD.csv", "count", "How many patients are from country c2?", num((cr.country == "c2").sum())),
    ("CrohnD.csv", "average", "What is the average weight of female patients?", num(cr.weight[cr.sex == "F"].mean())),
    ("CrohnD.csv", "sum", "How many adverse events were there in total?", num(cr.nrAdvE.sum())),
    # Spanish household budgets: a row a household.
    ("BudgetFood.csv", "average", "What is the average household size?", num(bf["size"].mean())),
    ("BudgetFood.csv", "average", "What is the average total expenditure?", num(bf.totexp.mean())),
    ("BudgetFood.csv", "count", "How many households are headed by a woman?", num((bf.sex == "woman").sum())),
    ("BudgetFood.csv", "average", "What is the average food share for households in town 5?", num(bf.wfood[bf.town == 5].mean())),
    ("BudgetFood.csv", "max", "What is the largest household size?", num(bf["size"].max())),
    ("BudgetFood.csv", "group", "Which town has the highest average total expenditure?", group_best(bf, "town", "totexp", "mean")),
    # US accidental deaths: a row a month.
    ("USAccDeaths.csv", "sum", "How many accidental deaths were there in 1975?", num(ud.USAccDeaths[ud.year == 1975].sum())),
    ("USAccDeaths.csv", "group", "Which year had the most accidental deaths?", group_best(ud, "year", "USAccDeaths", "sum")),
    ("USAccDeaths.csv", "max", "What was the highest monthly number of accidental deaths?", num(ud.USAccDeaths.max())),
    ("USAccDeaths.csv", "average", "What was the average monthly number of deaths in 1978?", num(ud.USAccDeaths[ud.year == 1978].mean())),
    ("USAccDeaths.csv", "count", "How many months had more than 10,000 deaths?", num((ud.USAccDeaths > 10000).sum())),
    # Nothing in the tables answers these.
    ("respiratory.csv", "unanswerable", "How many visits were there at center 3?", UNKNOWN),
    ("fgl.csv", "unanswerable", "How many fragments are of type Bottle?", UNKNOWN),
    ("Treatment.csv", "unanswerable", "What were the average earnings in 1980?", UNKNOWN),
    ("CrohnD.csv", "unanswerable", "How many patients received treatment d3?", UNKNOWN),
    ("BudgetFood.csv", "unanswerable", "What is the average food share in town 7?", UNKNOWN),
    ("USAccDeaths.csv", "unanswerable", "How many accidental deaths were there in 1980?", UNKNOWN),
]

write(Q, "rd51", out)
