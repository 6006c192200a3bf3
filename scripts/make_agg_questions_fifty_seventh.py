"""A fifty-seventh set of analyst questions over real public tables, written blind.

Written in session 69, after the fifty-sixth set's fixes and before any
run of the agent on these tables, over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --fifty-seventh`; checked
against every data script's list and the names in crates/, docs/,
scripts/ and tests/). Its first run is a held-out figure.

- lbw.csv: 189 births (COUNT, Hosmer and Lemeshow): `low` (1 birth
  weight under 2500 g), `smoke` (1 mother smoked), `race` (1-3), `age`
  (mother's), `lwt` (mother's weight in lbs), `ptl` (premature labors),
  `ht` (hypertension), `ui` (uterine irritability), `ftv` (physician
  visits in the first trimester), `bwt` (birth weight in grams);
- logan.csv: 838 men of the 1972-78 General Social Survey (survival):
  `occupation` and `focc` (father's occupation: farm, operatives,
  craftsmen, sales, professional), `education` (years of schooling),
  `race` (non-black, black);
- WeightLoss.csv: 34 dieters (car): `group` (Control, Diet, DietEx),
  `wl1` … `wl3` (weight loss at one, two, three months), `se1` … `se3`
  (self esteem at one, two, three months);
- stagec.csv: 146 stage C prostate cancer patients (rpart): `pgtime`
  (years to progression or follow-up), `pgstat` (1 progressed), `age`,
  `eet` (early endocrine therapy, 1 no, 2 yes), `g2` (percent of cells in
  G2 phase, some not given), `grade`, `gleason`, `ploidy` (diploid,
  tetraploid, aneuploid);
- liver.csv: 606 patients of a drug trial (texmex): liver tests at
  baseline (`ALP.B`, `ALT.B`, `AST.B`, `TBL.B`) and after treatment
  (`ALP.M` … `TBL.M`), `dose` (A, B, C, D);
- politicalInformation.csv: 1,807 respondents of the 2000 American
  National Election Study (pscl): `y` (the interviewer's rating of their
  political information, Very Low … Very High), `collegeDegree`,
  `female`, `homeOwn`, `govt` (No, Yes), `age`, `length` (interview
  minutes), `id` (interviewer).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fifty_seventh.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, group_least, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifty_seventh_questions.jsonl"

lb = pd.read_csv(f"{data}/lbw.csv", index_col=0)
lg = pd.read_csv(f"{data}/logan.csv", index_col=0)
wl = pd.read_csv(f"{data}/WeightLoss.csv", index_col=0)
sc = pd.read_csv(f"{data}/stagec.csv", index_col=0)
lv = pd.read_csv(f"{data}/liver.csv", index_col=0)
pi = pd.read_csv(f"{data}/politicalInformation.csv", index_col=0)

# What the unanswerable questions name is in no row or column.
assert not any("height" in c or "length" in c for c in lb.columns) and "unemployed" not in set(lg.occupation)
assert "Surgery" not in set(wl.group) and not any("psa" in c.lower() for c in sc.columns)
assert "E" not in set(lv.dose) and not any("income" in c.lower() for c in pi.columns)

# (file, kind, question, gold)
Q = [
    # Births: a row a baby and its mother.
    ("lbw.csv", "average", "What is the average birth weight?", num(lb.bwt.mean())),
    ("lbw.csv", "count", "How many babies had low birth weight?", num((lb.low == 1).sum())),
    ("lbw.csv", "average", "What is the average birth weight for mothers who smoked?", num(lb.bwt[lb.smoke == 1].mean())),
    ("lbw.csv", "min", "What is the lowest birth weight?", num(lb.bwt.min())),
    ("lbw.csv", "average", "What is the average age of the mothers?", num(lb.age.mean())),
    ("lbw.csv", "count", "How many mothers had hypertension?", num((lb.ht == 1).sum())),
    # Occupational mobility: a row a man surveyed.
    ("logan.csv", "average", "What is the average years of education?", num(lg.education.mean())),
    ("logan.csv", "count", "How many respondents are in sales?", num((lg.occupation == "sales").sum())),
    ("logan.csv", "group", "Which occupation has the highest average education?", group_best(lg, "occupation", "education", "mean")),
    ("logan.csv", "count", "How many respondents have a father in farming?", num((lg.focc == "farm").sum())),
    ("logan.csv", "average", "What is the average education of black respondents?", num(lg.education[lg.race == "black"].mean())),
    # Weight loss: a row a dieter.
    ("WeightLoss.csv", "average", "What is the average weight loss at 1 month?", num(wl.wl1.mean())),
    ("WeightLoss.csv", "group", "Which group lost the most weight at 3 months on average?", group_best(wl, "group", "wl3", "mean")),
    ("WeightLoss.csv", "count", "How many people are in the Diet group?", num((wl.group == "Diet").sum())),
    ("WeightLoss.csv", "max", "What is the highest self esteem at 2 months?", num(wl.se2.max())),
    ("WeightLoss.csv", "average", "What is the average self esteem at 3 months for the Control group?", num(wl.se3[wl.group == "Control"].mean())),
    # Prostate cancer: a row a patient.
    ("stagec.csv", "average", "What is the average age of the prostate cancer patients?", num(sc.age.mean())),
    ("stagec.csv", "count", "How many prostate cancer patients had progression?", num((sc.pgstat == 1).sum())),
    ("stagec.csv", "count", "How many tumors are diploid?", num((sc.ploidy == "diploid").sum())),
    ("stagec.csv", "average", "What is the average Gleason score?", num(sc.gleason.mean())),
    ("stagec.csv", "group", "Which ploidy has the highest average g2?", group_best(sc, "ploidy", "g2", "mean")),
    # Liver trial: a row a patient.
    ("liver.csv", "count", "How many patients received dose D?", num((lv.dose == "D").sum())),
    ("liver.csv", "average", "What is the average ALT at baseline?", num(lv["ALT.B"].mean())),
    ("liver.csv", "max", "What is the highest total bilirubin after treatment?", num(lv["TBL.M"].max())),
    ("liver.csv", "group", "Which dose has the highest average ALT after treatment?", group_best(lv, "dose", "ALT.M", "mean")),
    ("liver.csv", "average", "What is the average ALP at baseline for dose A?", num(lv["ALP.B"][lv.dose == "A"].mean())),
    # Political information: a row a respondent.
    ("politicalInformation.csv", "average", "What is the average age of the respondents?", num(pi.age.mean())),
    ("politicalInformation.csv", "count", "How many respondents have a college degree?", num((pi.collegeDegree == "Yes").sum())),
    ("politicalInformation.csv", "average", "What is the average interview length?", num(pi.length.mean())),
    ("politicalInformation.csv", "count", "How many respondents were rated Very High?", num((pi.y == "Very High").sum())),
    ("politicalInformation.csv", "average", "What is the average age of female respondents?", num(pi.age[pi.female == "Yes"].mean())),
    ("politicalInformation.csv", "count", "How many respondents own their home?", num((pi.homeOwn == "Yes").sum())),
    # Nothing in the tables answers these.
    ("lbw.csv", "unanswerable", "What is the average birth length?", UNKNOWN),
    ("logan.csv", "unanswerable", "How many respondents are unemployed?", UNKNOWN),
    ("WeightLoss.csv", "unanswerable", "What is the average weight loss for the Surgery group?", UNKNOWN),
    ("stagec.csv", "unanswerable", "What is the average PSA of the prostate cancer patients?", UNKNOWN),
    ("liver.csv", "unanswerable", "How many patients received dose E?", UNKNOWN),
    ("politicalInformation.csv", "unanswerable", "What is the average income of the respondents?", UNKNOWN),
]

write(Q, "rd57", out)
