"""A twenty-fifth set of analyst questions over real public tables, written blind.

Written in session 55 together with the twenty-fourth set, after that
session's fixes for the twenty-second and twenty-third sets, over six more
R datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--twenty-fifth`), and committed before the agent was run on any of them.
Its first run is the held-out figure for the session's final code.

- sleep.csv: Student's sleep data: extra hours of sleep (`extra`) of ten
  patients (`ID`) under two drugs (`group`: 1, 2);
- Jevons.csv: Jevons' estimates of numbers of beans: the actual number,
  the estimate, how often (`frequency`) and the error;
- Sitka.csv: 79 Sitka spruce trees' log size (`size`) on five days
  (`Time`: 152 to 258) under ozone or in control (`treat`);
- menarche.csv: 3,918 Warsaw girls by mean age of their group (`Age`):
  how many (`Total`) and how many had reached menarche (`Menarche`);
- biopsy.csv: 699 breast tumour biopsies: nine scores (`V1` clump
  thickness … `V9` mitoses, `V6` bare nuclei with gaps) and the class
  ("benign", "malignant");
- Benefits.csv: 4,877 blue-collar workers who lost their jobs: state
  unemployment rate (`stateur`), age, tenure, why the job was lost
  (`joblost`), sex, whether unemployment insurance was received (`ui`).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twenty_fifth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, group_best, mode, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twenty_fifth_questions.jsonl"

sl = pd.read_csv(f"{data}/sleep.csv")
je = pd.read_csv(f"{data}/Jevons.csv")
si = pd.read_csv(f"{data}/Sitka.csv")
me = pd.read_csv(f"{data}/menarche.csv")
bi = pd.read_csv(f"{data}/biopsy.csv")
be = pd.read_csv(f"{data}/Benefits.csv")

# What the unanswerable questions name is in no row or column.
assert 3 not in set(sl.group) and not any("time" in c.lower() for c in je.columns) and "fertilizer" not in set(si.treat)
assert not any("boy" in c.lower() for c in me.columns) and "borderline" not in set(bi["class"]) and not any("wage" in c.lower() for c in be.columns)

# (file, kind, question, gold)
Q = [
    # Sleep: a row a patient and a drug.
    ("sleep.csv", "average", "What is the average extra sleep?", num(sl.extra.mean())),
    ("sleep.csv", "group", "Which group had more extra sleep on average?", group_best(sl, "group", "extra", "mean")),
    ("sleep.csv", "lookup", "What is the extra sleep of patient 3 in group 2?", one(sl[(sl.ID == 3) & (sl.group == 2)].extra)),
    ("sleep.csv", "count", "How many patients slept less than usual?", num((sl.extra < 0).sum())),
    ("sleep.csv", "max", "What is the highest extra sleep in group 1?", num(sl[sl.group == 1].extra.max())),
    # Jevons' beans: a row an actual number and an estimate.
    ("Jevons.csv", "sum", "What is the total frequency?", num(je.frequency.sum())),
    ("Jevons.csv", "max", "What is the largest error?", num(je.error.max())),
    ("Jevons.csv", "average", "What is the average actual number?", num(je.actual.mean())),
    ("Jevons.csv", "lookup", "What was the frequency when the actual number was 5 and the estimate was 5?", one(je[(je.actual == 5) & (je.estimated == 5)].frequency)),
    ("Jevons.csv", "max", "What is the highest actual number?", num(je.actual.max())),
    # Sitka spruce: a row a tree on a day.
    ("Sitka.csv", "average", "What is the average size of trees in the ozone treatment?", num(si[si.treat == "ozone"]["size"].mean())),
    ("Sitka.csv", "count", "How many measurements are from the control group?", num((si.treat == "control").sum())),
    ("Sitka.csv", "group", "Which treatment has the highest average size?", group_best(si, "treat", "size", "mean")),
    ("Sitka.csv", "max", "What is the largest size?", num(si["size"].max())),
    ("Sitka.csv", "average", "What is the average size at time 258?", num(si[si.Time == 258]["size"].mean())),
    # Menarche: a row a group of girls of one mean age.
    ("menarche.csv", "sum", "How many girls were surveyed in total?", num(me.Total.sum())),
    ("menarche.csv", "sum", "How many girls had reached menarche in total?", num(me.Menarche.sum())),
    ("menarche.csv", "argmax", "At what age were the most girls surveyed?", argmax(me, "Total", "Age")),
    ("menarche.csv", "lookup", "How many girls aged 13.08 had reached menarche?", one(me[me.Age == 13.08].Menarche)),
    ("menarche.csv", "min", "What is the youngest age in the survey?", num(me.Age.min())),
    # Biopsies: a row a biopsy.
    ("biopsy.csv", "count", "How many samples are malignant?", num((bi["class"] == "malignant").sum())),
    ("biopsy.csv", "average", "What is the average clump thickness?", num(bi.V1.mean())),
    ("biopsy.csv", "average", "What is the average clump thickness of malignant samples?", num(bi[bi["class"] == "malignant"].V1.mean())),
    ("biopsy.csv", "mode", "What is the most common class?", mode(bi["class"])),
    ("biopsy.csv", "average", "What is the average V6 for benign samples?", num(bi[bi["class"] == "benign"].V6.mean())),
    # Benefits: a row a worker.
    ("Benefits.csv", "average", "What is the average age?", num(be.age.mean())),
    ("Benefits.csv", "count", "How many workers received unemployment insurance?", num((be.ui == "yes").sum())),
    ("Benefits.csv", "mode", "What is the most common reason for job loss?", mode(be.joblost)),
    ("Benefits.csv", "average", "What is the average tenure of women?", num(be[be.sex == "female"].tenure.mean())),
    ("Benefits.csv", "count", "How many workers lost their job because their position was abolished?", num((be.joblost == "position_abolished").sum())),
    # Nothing in the tables answers these.
    ("sleep.csv", "unanswerable", "What is the average extra sleep in group 3?", UNKNOWN),
    ("Jevons.csv", "unanswerable", "What is the average reaction time?", UNKNOWN),
    ("Sitka.csv", "unanswerable", "What is the average size in the fertilizer treatment?", UNKNOWN),
    ("menarche.csv", "unanswerable", "How many boys were surveyed?", UNKNOWN),
    ("biopsy.csv", "unanswerable", "How many samples are borderline?", UNKNOWN),
    ("Benefits.csv", "unanswerable", "What is the average wage?", UNKNOWN),
]

write(Q, "rd25", out)
