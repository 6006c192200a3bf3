"""A ninth set of analyst questions over real public tables, written blind.

Written in session 51, after the eighth set's fixes, over six R datasets
the project had never loaded (`bash scripts/rdatasets_data.sh`), and
committed before the agent was run on any of them. Its first run is the
held-out figure for the session's code at that commit.

- Cars93.csv: 93 cars of 1993, columns named with dots ("MPG.city",
  "Man.trans.avail");
- diamonds.csv: 53,940 diamonds, the largest table yet;
- Prestige.csv: occupations named in the row names ("general.managers"),
  types as codes ("prof", "bc", "wc");
- warpbreaks.csv: wool "A", "B" and tension "L", "M", "H";
- Arbuthnot.csv: London's christenings by year, 1629-1710;
- Housing.csv: house sales with yes/no features ("airco", "prefarea").

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_ninth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_questions.jsonl"

cars = pd.read_csv(f"{data}/Cars93.csv")
dia = pd.read_csv(f"{data}/diamonds.csv")
pre = pd.read_csv(f"{data}/Prestige.csv").rename(columns={"Unnamed: 0": "occupation"})
wb = pd.read_csv(f"{data}/warpbreaks.csv")
arb = pd.read_csv(f"{data}/Arbuthnot.csv")
hs = pd.read_csv(f"{data}/Housing.csv")

# (file, kind, question, gold)
Q = [
    # Cars of 1993: a row a model.
    ("Cars93.csv", "argmax", "Which manufacturer makes the most expensive car?", argmax(cars, "Price", "Manufacturer")),
    ("Cars93.csv", "average", "What is the average price of midsize cars?", num(cars[cars.Type == "Midsize"].Price.mean())),
    ("Cars93.csv", "count", "How many cars have a manual transmission available?", num((cars["Man.trans.avail"] == "Yes").sum())),
    ("Cars93.csv", "lookup", "What is the city mpg of the Honda Civic?", at(cars, "Make", "Honda Civic", "MPG.city")),
    ("Cars93.csv", "group", "Which type of car has the highest average horsepower?", group_best(cars, "Type", "Horsepower", "mean")),
    ("Cars93.csv", "count", "How many cars are of non-USA origin?", num((cars.Origin == "non-USA").sum())),
    # Diamonds: a row a stone.
    ("diamonds.csv", "average", "What is the average price of diamonds with an Ideal cut?", num(dia[dia.cut == "Ideal"].price.mean())),
    ("diamonds.csv", "count", "How many diamonds weigh more than 2 carats?", num((dia.carat > 2).sum())),
    ("diamonds.csv", "max", "What is the price of the most expensive diamond?", num(dia.price.max())),
    ("diamonds.csv", "group", "Which color has the highest average price?", group_best(dia, "color", "price", "mean")),
    ("diamonds.csv", "count", "How many diamonds have a clarity of IF?", num((dia.clarity == "IF").sum())),
    # Occupations in Canada, 1971: a row an occupation.
    ("Prestige.csv", "argmax", "Which occupation has the highest income?", argmax(pre, "income", "occupation")),
    ("Prestige.csv", "average", "What is the average prestige score of professional occupations?", num(pre[pre.type == "prof"].prestige.mean())),
    ("Prestige.csv", "count", "How many occupations have more than 50 percent women?", num((pre.women > 50).sum())),
    ("Prestige.csv", "lookup", "What is the income of nurses?", at(pre, "occupation", "nurses", "income")),
    ("Prestige.csv", "average", "What is the average education of blue-collar occupations?", num(pre[pre.type == "bc"].education.mean())),
    # Breaks in yarn: a row a loom run.
    ("warpbreaks.csv", "average", "What is the average number of breaks for wool A?", num(wb[wb.wool == "A"].breaks.mean())),
    ("warpbreaks.csv", "group", "Which tension level has the most breaks on average?", group_best(wb, "tension", "breaks", "mean")),
    ("warpbreaks.csv", "sum", "What is the total number of breaks?", num(wb.breaks.sum())),
    ("warpbreaks.csv", "max", "What is the maximum number of breaks for wool B at high tension?", num(wb[(wb.wool == "B") & (wb.tension == "H")].breaks.max())),
    # London's christenings: a row a year.
    ("Arbuthnot.csv", "lookup", "How many males were christened in 1700?", at(arb, "Year", 1700, "Males")),
    ("Arbuthnot.csv", "argmax", "In which year were the most females christened?", argmax(arb, "Females", "Year")),
    ("Arbuthnot.csv", "sum", "What was the total number of plague deaths?", num(arb.Plague.sum())),
    ("Arbuthnot.csv", "average", "What was the average ratio of males to females?", num(arb.Ratio.mean())),
    ("Arbuthnot.csv", "count", "How many years had more than 8000 male christenings?", num((arb.Males > 8000).sum())),
    # House sales in Windsor: a row a house.
    ("Housing.csv", "average", "What is the average price of houses with air conditioning?", num(hs[hs.airco == "yes"].price.mean())),
    ("Housing.csv", "count", "How many houses have 4 bedrooms?", num((hs.bedrooms == 4).sum())),
    ("Housing.csv", "max", "What is the highest house price?", num(hs.price.max())),
    ("Housing.csv", "average", "What is the average lot size of houses with a driveway?", num(hs[hs.driveway == "yes"].lotsize.mean())),
    ("Housing.csv", "count", "How many houses have more than 2 bathrooms?", num((hs.bathrms > 2).sum())),
    ("Housing.csv", "average", "What is the average price of houses in the preferred area?", num(hs[hs.prefarea == "yes"].price.mean())),
    # Nothing in the tables answers these.
    ("Cars93.csv", "unanswerable", "What is the price of the Tesla Model 3?", UNKNOWN),
    ("diamonds.csv", "unanswerable", "What is the average price of diamonds with a Perfect cut?", UNKNOWN),
    ("Prestige.csv", "unanswerable", "What is the income of astronauts?", UNKNOWN),
    ("warpbreaks.csv", "unanswerable", "What is the average number of breaks for wool C?", UNKNOWN),
    ("Arbuthnot.csv", "unanswerable", "How many males were christened in 1750?", UNKNOWN),
    ("Housing.csv", "unanswerable", "What is the average price of houses with a swimming pool?", UNKNOWN),
]

write(Q, "rd9", out)
