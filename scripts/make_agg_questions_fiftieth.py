"""A fiftieth set of analyst questions over real public tables, written blind.

Written at the start of session 66 over six R datasets
(`bash scripts/rdatasets_data.sh --fiftieth`), and committed before the
agent was run on any of them. Three of them the project had never loaded
(SumHes, CPSch3, Fishing): the first run over those is a held-out figure.
The other three (mpg, midwest, Titanic) had been chosen as new by a check
that missed scripts/penguins_data.sh: the eighth set
(scripts/make_agg_questions_eighth.py) asks other questions of them, and
lib tests hold excerpts of midwest and Titanic. Their questions are new,
their tables are not.

- mpg.csv: 234 cars of 1999 and 2008 (ggplot2): `manufacturer`, `model`,
  engine displacement `displ` (litres), `year`, `cyl`, `trans`, drive
  `drv` (f, r, 4), city and highway miles per gallon `cty` and `hwy`,
  fuel `fl`, `class` (compact, suv, pickup, …);
- midwest.csv: 437 counties of five Midwest states (ggplot2): `county`
  (upper case), `state` (IL, IN, MI, OH, WI), `poptotal`, `popdensity`,
  percentages (`percollege`, `percbelowpoverty`, …), `inmetro` (0/1);
- Titanic.csv: the Titanic's 2,201 people as 32 counts (datasets):
  `Class` (1st, 2nd, 3rd, Crew), `Sex`, `Age` (Child/Adult), `Survived`
  (No/Yes), `Freq`;
- SumHes.csv: 125 countries' population (thousands), real GDP per head and
  savings rate, 1960-1985 (Ecdat's Summers-Heston panel): `year`,
  `country` (upper case), `opec` and `com` (yes/no), `pop`, `gdp`, `sr`;
- CPSch3.csv: 11,130 workers of the US Current Population Survey,
  1992-1998 (Ecdat): `year`, average hourly earnings `ahe`, `sex`;
- Fishing.csv: 1,182 anglers' choice of fishing mode (Ecdat): `mode`
  (beach, pier, boat, charter), `price` and `catch` of the mode chosen,
  prices and catch rates of each mode, monthly `income`.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fiftieth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, group_best, group_least, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fiftieth_questions.jsonl"

mp = pd.read_csv(f"{data}/mpg.csv", index_col=0)
mw = pd.read_csv(f"{data}/midwest.csv", index_col=0)
ti = pd.read_csv(f"{data}/Titanic.csv", index_col=0)
sh = pd.read_csv(f"{data}/SumHes.csv", index_col=0)
cp = pd.read_csv(f"{data}/CPSch3.csv", index_col=0)
fi = pd.read_csv(f"{data}/Fishing.csv", index_col=0)


def cell(df, conditions, col):
    """The one row meeting every (column, value) condition: its `col`."""
    rows = df
    for c, v in conditions:
        rows = rows[rows[c] == v]
    assert len(rows) == 1, (conditions, len(rows))
    return num(rows[col].iloc[0])


# What the unanswerable questions name is in no row or column.
assert "bmw" not in set(mp.manufacturer) and "IA" not in set(mw.state)
assert "4th" not in set(ti.Class) and 1990 not in set(sh.year)
assert 2005 not in set(cp.year) and "kayak" not in set(fi["mode"])
assert {"KENYA", "JAPAN", "BRAZIL"} <= set(sh.country)

survived = ti[ti.Survived == "Yes"]
brazil = sh[sh.country == "BRAZIL"].set_index("year").gdp

# (file, kind, question, gold)
Q = [
    # Cars: a row a model, year and transmission.
    ("mpg.csv", "average", "What is the average highway mileage?", num(mp.hwy.mean())),
    ("mpg.csv", "count", "How many cars are SUVs?", num((mp["class"] == "suv").sum())),
    ("mpg.csv", "group", "Which manufacturer has the most cars?", mode(mp.manufacturer)),
    ("mpg.csv", "average", "What is the average city mpg of Honda cars?", num(mp.cty[mp.manufacturer == "honda"].mean())),
    ("mpg.csv", "group", "Which class has the lowest average highway mpg?", group_least(mp, "class", "hwy", "mean")),
    ("mpg.csv", "count", "How many cars from 2008 have 8 cylinders?", num(((mp.year == 2008) & (mp.cyl == 8)).sum())),
    ("mpg.csv", "max", "What is the largest engine displacement?", num(mp.displ.max())),
    # Midwest counties: a row a county.
    ("midwest.csv", "sum", "What is the total population of Ohio?", num(mw.poptotal[mw.state == "OH"].sum())),
    ("midwest.csv", "argmax", "Which county has the largest population?", argmax(mw, "poptotal", "county")),
    ("midwest.csv", "count", "How many counties are in Wisconsin?", num((mw.state == "WI").sum())),
    ("midwest.csv", "average", "What is the average percentage of people below poverty?", num(mw.percbelowpoverty.mean())),
    ("midwest.csv", "group", "Which state has the highest average percentage of college graduates?", group_best(mw, "state", "percollege", "mean")),
    ("midwest.csv", "count", "How many counties are in a metro area?", num((mw.inmetro == 1).sum())),
    ("midwest.csv", "lookup", "What is the population density of Cook county?", cell(mw, [("county", "COOK")], "popdensity")),
    # The Titanic: a row a count of people of one class, sex, age and fate.
    ("Titanic.csv", "sum", "How many people survived?", num(survived.Freq.sum())),
    ("Titanic.csv", "sum", "How many crew members were aboard?", num(ti.Freq[ti.Class == "Crew"].sum())),
    ("Titanic.csv", "sum", "How many children survived?", num(survived.Freq[survived.Age == "Child"].sum())),
    ("Titanic.csv", "group", "Which class had the most survivors?", group_best(survived, "Class", "Freq", "sum")),
    ("Titanic.csv", "sum", "How many women in first class died?", num(ti.Freq[(ti.Class == "1st") & (ti.Sex == "Female") & (ti.Survived == "No")].sum())),
    # Summers-Heston: a row a country and year.
    ("SumHes.csv", "lookup", "What was the GDP of Kenya in 1980?", cell(sh, [("country", "KENYA"), ("year", 1980)], "gdp")),
    ("SumHes.csv", "argmax", "Which country had the highest GDP in 1985?", argmax(sh[sh.year == 1985], "gdp", "country")),
    ("SumHes.csv", "average", "What is the average savings rate of OPEC countries?", num(sh.sr[sh.opec == "yes"].mean())),
    ("SumHes.csv", "count", "How many countries are there?", num(sh.country.nunique())),
    ("SumHes.csv", "lookup", "What was the population of Japan in 1960?", cell(sh, [("country", "JAPAN"), ("year", 1960)], "pop")),
    ("SumHes.csv", "change", "How much did Brazil's GDP grow from 1960 to 1985?", num(brazil[1985] - brazil[1960])),
    ("SumHes.csv", "group", "Which year had the highest average savings rate?", group_best(sh, "year", "sr", "mean")),
    # Current Population Survey: a row a worker.
    ("CPSch3.csv", "average", "What are the average hourly earnings?", num(cp.ahe.mean())),
    ("CPSch3.csv", "average", "What were the average hourly earnings of women in 1998?", num(cp.ahe[(cp.sex == "female") & (cp.year == 1998)].mean())),
    ("CPSch3.csv", "count", "How many workers were surveyed in 1992?", num((cp.year == 1992).sum())),
    ("CPSch3.csv", "group", "Which year had the highest average hourly earnings?", group_best(cp, "year", "ahe", "mean")),
    ("CPSch3.csv", "max", "What is the highest hourly wage?", num(cp.ahe.max())),
    # Anglers: a row an angler's trip.
    ("Fishing.csv", "group", "What is the most common fishing mode?", mode(fi["mode"])),
    ("Fishing.csv", "average", "What is the average income of people who fish from a pier?", num(fi.income[fi["mode"] == "pier"].mean())),
    ("Fishing.csv", "count", "How many anglers chose a charter boat?", num((fi["mode"] == "charter").sum())),
    ("Fishing.csv", "average", "What is the average price paid?", num(fi.price.mean())),
    ("Fishing.csv", "group", "Which mode has the highest average catch rate?", group_best(fi, "mode", "catch", "mean")),
    # Nothing in the tables answers these.
    ("mpg.csv", "unanswerable", "How many cars are made by BMW?", UNKNOWN),
    ("midwest.csv", "unanswerable", "What is the total population of Iowa?", UNKNOWN),
    ("Titanic.csv", "unanswerable", "How many passengers were in fourth class?", UNKNOWN),
    ("SumHes.csv", "unanswerable", "What was the GDP of Kenya in 1990?", UNKNOWN),
    ("CPSch3.csv", "unanswerable", "What were the average hourly earnings in 2005?", UNKNOWN),
    ("Fishing.csv", "unanswerable", "How many anglers fished from a kayak?", UNKNOWN),
]

write(Q, "rd50", out)
