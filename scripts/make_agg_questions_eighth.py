"""An eighth set of analyst questions over real public tables, written blind.

Written in session 51, after the seventh set's fixes, over six tables the
project had never loaded (`bash scripts/penguins_data.sh`), and committed
before the agent was run on any of them. Its first run is the held-out
figure for the session's code at that commit.

- penguins.csv: Palmer penguins, a row a penguin, species and island named;
- mpg.csv: ggplot2's cars, makers in lower case, drive trains as codes;
- USArrests.csv: a row a state, named in a first column with no header;
- Titanic.csv: a contingency table, where a row is a group of people and
  `Freq` says how many;
- quakes.csv: earthquakes off Fiji, numbers only;
- midwest.csv: counties in upper case, states as two-letter codes.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_eighth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, mode, num, top, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/penguins_questions.jsonl"

pg = pd.read_csv(f"{data}/penguins.csv")
mp = pd.read_csv(f"{data}/mpg.csv")
us = pd.read_csv(f"{data}/USArrests.csv").rename(columns={"Unnamed: 0": "state"})
ti = pd.read_csv(f"{data}/Titanic.csv")
qk = pd.read_csv(f"{data}/quakes.csv")
mw = pd.read_csv(f"{data}/midwest.csv")

# (file, kind, question, gold)
Q = [
    # Palmer penguins: a row a penguin.
    ("penguins.csv", "count", "How many penguins were observed on Biscoe island?", num((pg.island == "Biscoe").sum())),
    ("penguins.csv", "average", "What is the average body mass of Gentoo penguins?", num(pg[pg.species == "Gentoo"].body_mass_g.mean())),
    ("penguins.csv", "group", "Which species has the longest average flipper length?", group_best(pg, "species", "flipper_length_mm", "mean")),
    ("penguins.csv", "max", "What is the body mass of the heaviest penguin?", num(pg.body_mass_g.max())),
    ("penguins.csv", "count", "How many female penguins were measured in 2008?", num(((pg.sex == "female") & (pg.year == 2008)).sum())),
    ("penguins.csv", "average", "What is the average bill length of Adelie penguins on Dream island?", num(pg[(pg.species == "Adelie") & (pg.island == "Dream")].bill_length_mm.mean())),
    # ggplot2's fuel economy: a row a car model and version.
    ("mpg.csv", "mode", "Which manufacturer has the most cars in the data?", mode(mp.manufacturer)),
    ("mpg.csv", "average", "What is the average highway mpg of SUVs?", num(mp[mp["class"] == "suv"].hwy.mean())),
    ("mpg.csv", "max", "What is the highest city mpg?", num(mp.cty.max())),
    ("mpg.csv", "count", "How many cars from 2008 have 8 cylinders?", num(((mp.year == 2008) & (mp.cyl == 8)).sum())),
    ("mpg.csv", "average", "What is the average engine displacement of Toyota cars?", num(mp[mp.manufacturer == "toyota"].displ.mean())),
    ("mpg.csv", "change", "By how much did the average city mpg change from 1999 to 2008?", num(mp[mp.year == 2008].cty.mean() - mp[mp.year == 1999].cty.mean())),
    # Arrests by state, 1973: a row a state.
    ("USArrests.csv", "argmax", "Which state has the highest murder rate?", argmax(us, "Murder", "state")),
    ("USArrests.csv", "lookup", "What is the assault rate in Texas?", at(us, "state", "Texas", "Assault")),
    ("USArrests.csv", "count", "How many states have an urban population above 80 percent?", num((us.UrbanPop > 80).sum())),
    ("USArrests.csv", "average", "What is the average murder rate across the states?", num(us.Murder.mean())),
    ("USArrests.csv", "argmin", "Which state has the lowest urban population?", argmin(us, "UrbanPop", "state")),
    ("USArrests.csv", "top", "Which 3 states have the highest assault rates?", top(us, "Assault", "state", 3)),
    # The Titanic: a row a group of people, Freq of them.
    ("Titanic.csv", "sum", "How many people survived?", num(ti[ti.Survived == "Yes"].Freq.sum())),
    ("Titanic.csv", "sum", "How many crew members were on board?", num(ti[ti.Class == "Crew"].Freq.sum())),
    ("Titanic.csv", "sum", "How many children survived?", num(ti[(ti.Age == "Child") & (ti.Survived == "Yes")].Freq.sum())),
    ("Titanic.csv", "sum", "How many female passengers in 1st class survived?", num(ti[(ti.Class == "1st") & (ti.Sex == "Female") & (ti.Survived == "Yes")].Freq.sum())),
    # Earthquakes off Fiji: a row a quake.
    ("quakes.csv", "max", "What was the largest magnitude?", num(qk.mag.max())),
    ("quakes.csv", "count", "How many earthquakes had a magnitude of 5 or more?", num((qk.mag >= 5).sum())),
    ("quakes.csv", "average", "What is the average depth of the earthquakes?", num(qk.depth.mean())),
    ("quakes.csv", "count", "How many earthquakes were deeper than 600 km?", num((qk.depth > 600).sum())),
    # Midwest counties, 2000: a row a county.
    ("midwest.csv", "count", "How many counties are in Ohio?", num((mw.state == "OH").sum())),
    ("midwest.csv", "argmax", "Which county has the largest population?", argmax(mw, "poptotal", "county")),
    ("midwest.csv", "sum", "What is the total population of Wisconsin?", num(mw[mw.state == "WI"].poptotal.sum())),
    ("midwest.csv", "lookup", "What is the population of Dane county?", at(mw, "county", "DANE", "poptotal")),
    ("midwest.csv", "group", "Which state has the highest average percentage of college graduates?", group_best(mw, "state", "percollege", "mean")),
    # Nothing in the tables answers these.
    ("penguins.csv", "unanswerable", "How many emperor penguins were observed?", UNKNOWN),
    ("mpg.csv", "unanswerable", "What is the average highway mpg of Tesla cars?", UNKNOWN),
    ("USArrests.csv", "unanswerable", "What is the murder rate in Ontario?", UNKNOWN),
    ("Titanic.csv", "unanswerable", "How many passengers were in 4th class?", UNKNOWN),
    ("quakes.csv", "unanswerable", "How many earthquakes were there in Japan?", UNKNOWN),
    ("midwest.csv", "unanswerable", "What is the population of Texas?", UNKNOWN),
]

write(Q, "pg8", out)
