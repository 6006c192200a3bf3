"""A forty-eighth set of analyst questions over real public tables, written blind.

Written at the start of session 64 over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --forty-eighth`), and
committed before the agent was run on any of them. Its first run is a
held-out figure.

- kyphosis.csv: 81 children after corrective spinal surgery (rpart):
  `Kyphosis` (absent/present after the operation), `Age` (months),
  `Number` (vertebrae involved), `Start` (the first vertebra operated on);
- cu.summary.csv: 117 cars from Consumer Reports, 1990 (rpart): the car
  in the unnamed first column, `Price`, `Country`, `Reliability` (Much
  worse … Much better), `Mileage`, `Type` (Small, Compact, Medium, Large,
  Sporty, Van);
- skulls.csv: 150 Egyptian skulls from five epochs (HSAUR): `epoch`
  (c4000BC … cAD150), maximum breadth `mb`, basibregmatic height `bh`,
  basialveolar length `bl`, nasal height `nh` (mm);
- mastectomy.csv: 44 breast cancer patients (HSAUR): survival `time`
  (months), `event` (death, TRUE/FALSE), `metastized` (yes/no);
- Trucks.csv: truck accidents in the Netherlands before and after a law
  (vcd): `Freq`, `period`, `collision` (back/forward), `parked` (yes/no),
  `light` (daylight, night, illuminate / night, dark);
- fishing.csv: 147 deep-sea trawl sites (COUNT): `site`, total abundance
  `totabund`, `density`, `meandepth` (m), `year`, `period`, `sweptarea`.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_forty_eighth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_forty_eighth_questions.jsonl"

ky = pd.read_csv(f"{data}/kyphosis.csv")
cu = pd.read_csv(f"{data}/cu.summary.csv", index_col=0)
cu["car"] = cu.index
sk = pd.read_csv(f"{data}/skulls.csv")
ms = pd.read_csv(f"{data}/mastectomy.csv")
tr = pd.read_csv(f"{data}/Trucks.csv")
fi = pd.read_csv(f"{data}/fishing.csv")

# What the unanswerable questions name is in no row or column.
assert not any("weight" in c.lower() for c in ky.columns) and "Italy" not in set(cu.Country)
assert "c1000BC" not in set(sk.epoch) and not any("age" in c.lower() for c in ms.columns)
assert "dawn" not in set(tr.light) and 1995 not in set(fi.year)

# (file, kind, question, gold)
Q = [
    # Children after spinal surgery: a row a child.
    ("kyphosis.csv", "count", "How many children had kyphosis present after the operation?", num((ky.Kyphosis == "present").sum())),
    ("kyphosis.csv", "average", "What is the average age of the children in months?", num(ky.Age.mean())),
    ("kyphosis.csv", "max", "What is the largest number of vertebrae involved?", num(ky.Number.max())),
    ("kyphosis.csv", "average", "What is the average start vertebra for children with kyphosis present?", num(ky.Start[ky.Kyphosis == "present"].mean())),
    ("kyphosis.csv", "count", "How many children were older than 100 months?", num((ky.Age > 100).sum())),
    # Consumer Reports cars: a row a car.
    ("cu.summary.csv", "average", "What is the average price of the cars?", num(cu.Price.mean())),
    ("cu.summary.csv", "count", "How many cars are from Germany?", num((cu.Country == "Germany").sum())),
    ("cu.summary.csv", "argmax", "Which car is the most expensive?", argmax(cu, "Price", "car")),
    ("cu.summary.csv", "group", "Which country has the most cars?", mode(cu.Country)),
    ("cu.summary.csv", "average", "What is the average mileage of small cars?", num(cu.Mileage[cu.Type == "Small"].mean())),
    ("cu.summary.csv", "count", "How many cars have a reliability of Much better?", num((cu.Reliability == "Much better").sum())),
    # Egyptian skulls: a row a skull.
    ("skulls.csv", "average", "What is the average maximum breadth of the skulls?", num(sk.mb.mean())),
    ("skulls.csv", "average", "What is the average nasal height of skulls from c4000BC?", num(sk.nh[sk.epoch == "c4000BC"].mean())),
    ("skulls.csv", "group", "Which epoch has the largest average maximum breadth?", group_best(sk, "epoch", "mb", "mean")),
    ("skulls.csv", "count", "How many skulls are from cAD150?", num((sk.epoch == "cAD150").sum())),
    ("skulls.csv", "max", "What is the largest basialveolar length?", num(sk.bl.max())),
    # Mastectomy patients: a row a patient.
    ("mastectomy.csv", "average", "What is the average survival time?", num(ms.time.mean())),
    ("mastectomy.csv", "count", "How many patients had metastized tumours?", num((ms.metastized == "yes").sum())),
    ("mastectomy.csv", "average", "What is the average survival time of patients whose tumour had not metastized?", num(ms.time[ms.metastized == "no"].mean())),
    ("mastectomy.csv", "max", "What is the longest survival time?", num(ms.time.max())),
    ("mastectomy.csv", "count", "How many patients survived longer than 100 months?", num((ms.time > 100).sum())),
    # Truck accidents: a row a combination of period, collision, parked and light.
    ("Trucks.csv", "sum", "How many truck accidents were there in total?", num(tr.Freq.sum())),
    ("Trucks.csv", "sum", "How many accidents happened after the law?", num(tr.Freq[tr.period == "after"].sum())),
    ("Trucks.csv", "sum", "How many accidents happened in daylight?", num(tr.Freq[tr.light == "daylight"].sum())),
    ("Trucks.csv", "group", "Which collision type had the most accidents?", group_best(tr, "collision", "Freq", "sum")),
    ("Trucks.csv", "sum", "How many accidents involved parked trucks?", num(tr.Freq[tr.parked == "yes"].sum())),
    # Trawl sites: a row a site.
    ("fishing.csv", "average", "What is the average total abundance?", num(fi.totabund.mean())),
    ("fishing.csv", "max", "What is the greatest mean depth?", num(fi.meandepth.max())),
    ("fishing.csv", "count", "How many sites were sampled in 2001?", num((fi.year == 2001).sum())),
    ("fishing.csv", "argmin", "Which site had the lowest total abundance?", argmin(fi, "totabund", "site")),
    ("fishing.csv", "average", "What is the average mean depth of sites in the 2000-2002 period?", num(fi.meandepth[fi.period == "2000-2002"].mean())),
    # Nothing in the tables answers these.
    ("kyphosis.csv", "unanswerable", "What is the average weight of the children?", UNKNOWN),
    ("cu.summary.csv", "unanswerable", "How many cars are from Italy?", UNKNOWN),
    ("skulls.csv", "unanswerable", "What is the average nasal height of skulls from c1000BC?", UNKNOWN),
    ("mastectomy.csv", "unanswerable", "What is the average age of the patients?", UNKNOWN),
    ("Trucks.csv", "unanswerable", "How many accidents happened at dawn?", UNKNOWN),
    ("fishing.csv", "unanswerable", "How many sites were sampled in 1995?", UNKNOWN),
]

write(Q, "rd48", out)
