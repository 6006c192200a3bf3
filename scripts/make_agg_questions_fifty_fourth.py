"""A fifty-fourth set of analyst questions over real public tables, written blind.

Written in session 67, after the fifty-third set's fixes and before any
run of the agent on these tables, over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --fifty-fourth`; checked
against every data script's list and the names in crates/, docs/,
scripts/ and tests/). Its first run is a held-out figure.

- azcabgptca.csv: 1,959 Arizona Medicare patients after a CABG or PTCA
  heart procedure, 1991 (COUNT): `died` (1 died), `procedure` (1 CABG),
  `age` (65-79), `gender` (1 male), `los` (days in hospital), `type` (1
  emergency or urgent);
- BtheB.csv: 100 patients in a trial of "Beat the Blues", a computer
  course of therapy for depression (HSAUR): `drug` (anti-depressants, Yes
  or No), `length` (of the episode, <6m or >6m), `treatment` (TAU or
  BtheB), `bdi.pre`, `bdi.2m` … `bdi.8m` (the Beck Depression Inventory
  before and after two to eight months);
- foster.csv: 61 rat litters in a foster feeding experiment (HSAUR):
  `litgen` (the litter's genotype, A, B, I, J), `motgen` (the mother's),
  `weight` (of the litter);
- PatentsRD.csv: 181 firms' patents and R&D, 1983-1991 (Ecdat), a row a
  firm's year: `year`, `fi` (the firm), `sector` and `geo` (codes),
  `patent` (European patent applications), `rdexp` and `spil` (logs);
- Lanza.csv: 198 patients of four trials of misoprostol against
  gastrointestinal damage (HSAUR): `study` (I-IV), `treatment`
  (Misoprostol, Placebo), `classification` (1-5);
- Mofa.csv: U.S. financial companies' affiliates in 50 countries, 1982
  (Ecdat), a row a country named in R's unnamed first column: `capexp`,
  `gdp`, `sales`, `nbaf` (affiliates), `netinc`.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fifty_fourth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, group_best, group_least, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifty_fourth_questions.jsonl"

az = pd.read_csv(f"{data}/azcabgptca.csv", index_col=0)
bb = pd.read_csv(f"{data}/BtheB.csv", index_col=0)
fo = pd.read_csv(f"{data}/foster.csv", index_col=0)
pr = pd.read_csv(f"{data}/PatentsRD.csv", index_col=0)
la = pd.read_csv(f"{data}/Lanza.csv", index_col=0)
mo = pd.read_csv(f"{data}/Mofa.csv", index_col=0)
mo["country"] = mo.index
mo["netinc"] = pd.to_numeric(mo.netinc, errors="coerce")


# What the unanswerable questions name is in no row or column.
assert not any("year" in c for c in az.columns) and "bdi.12m" not in bb.columns
assert "K" not in set(fo.litgen) and pr.year.max() < 2005
assert "V" not in set(la.study) and not any("year" in c for c in mo.columns)

# (file, kind, question, gold)
Q = [
    # Heart patients: a row a patient.
    ("azcabgptca.csv", "count", "How many patients died?", num((az.died == 1).sum())),
    ("azcabgptca.csv", "average", "What is the average length of stay?", num(az.los.mean())),
    ("azcabgptca.csv", "max", "What is the longest length of stay?", num(az.los.max())),
    ("azcabgptca.csv", "average", "What is the average age of the patients?", num(az.age.mean())),
    ("azcabgptca.csv", "average", "What is the average length of stay for patients who died?", num(az.los[az.died == 1].mean())),
    ("azcabgptca.csv", "count", "How many patients stayed more than 20 days?", num((az.los > 20).sum())),
    # Beat the Blues: a row a patient.
    ("BtheB.csv", "count", "How many patients took anti-depressant drugs?", num((bb.drug == "Yes").sum())),
    ("BtheB.csv", "count", "How many patients are in the TAU group?", num((bb.treatment == "TAU").sum())),
    ("BtheB.csv", "average", "What is the average bdi.pre score?", num(bb["bdi.pre"].mean())),
    ("BtheB.csv", "group", "Which treatment has the lower average bdi.8m?", group_least(bb, "treatment", "bdi.8m", "mean")),
    ("BtheB.csv", "max", "What is the highest BDI at 2 months?", num(bb["bdi.2m"].max())),
    ("BtheB.csv", "count", "How many patients had an episode length of >6m?", num((bb.length == ">6m").sum())),
    # Foster feeding: a row a litter.
    ("foster.csv", "average", "What is the average litter weight?", num(fo.weight.mean())),
    ("foster.csv", "group", "Which mother genotype has the highest average litter weight?", group_best(fo, "motgen", "weight", "mean")),
    ("foster.csv", "count", "How many litters had genotype A?", num((fo.litgen == "A").sum())),
    ("foster.csv", "max", "What is the heaviest litter weight?", num(fo.weight.max())),
    ("foster.csv", "average", "What is the average weight of litters whose mother had genotype J?", num(fo.weight[fo.motgen == "J"].mean())),
    # Patents: a row a firm's year.
    ("PatentsRD.csv", "count", "How many firms are there?", num(pr.fi.nunique())),
    ("PatentsRD.csv", "sum", "What is the total number of patents in 1990?", num(pr.patent[pr.year == 1990].sum())),
    ("PatentsRD.csv", "group", "Which year had the most patents?", group_best(pr, "year", "patent", "sum")),
    ("PatentsRD.csv", "average", "What is the average number of patents?", num(pr.patent.mean())),
    ("PatentsRD.csv", "max", "What is the maximum number of patents?", num(pr.patent.max())),
    # Misoprostol trials: a row a patient.
    ("Lanza.csv", "count", "How many patients received Misoprostol?", num((la.treatment == "Misoprostol").sum())),
    ("Lanza.csv", "count", "How many patients were in study III?", num((la.study == "III").sum())),
    ("Lanza.csv", "group", "What is the most common classification?", mode(la.classification)),
    ("Lanza.csv", "count", "How many placebo patients had a classification of 5?", num(((la.treatment == "Placebo") & (la.classification == 5)).sum())),
    # Affiliates abroad: a row a country.
    ("Mofa.csv", "average", "What is the average capital expenditure?", num(mo.capexp.mean())),
    ("Mofa.csv", "sum", "What are the total sales?", num(mo.sales.sum())),
    ("Mofa.csv", "argmax", "Which country has the highest GDP?", argmax(mo, "gdp", "country")),
    ("Mofa.csv", "count", "How many countries have more than 10 affiliates?", num((mo.nbaf > 10).sum())),
    ("Mofa.csv", "max", "What is the highest net income?", num(mo.netinc.max())),
    # Nothing in the tables answers these.
    ("azcabgptca.csv", "unanswerable", "What was the average length of stay in 1995?", UNKNOWN),
    ("BtheB.csv", "unanswerable", "What is the average BDI at 12 months?", UNKNOWN),
    ("foster.csv", "unanswerable", "How many litters had genotype K?", UNKNOWN),
    ("PatentsRD.csv", "unanswerable", "What is the total number of patents in 2005?", UNKNOWN),
    ("Lanza.csv", "unanswerable", "How many patients were in study V?", UNKNOWN),
    ("Mofa.csv", "unanswerable", "What was the average net income in 1990?", UNKNOWN),
]

write(Q, "rd54", out)
