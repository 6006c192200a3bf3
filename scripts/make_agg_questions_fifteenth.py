"""A fifteenth set of analyst questions over real public tables, written blind.

Written in session 53, after the fourteenth set's fixes, over six more R
datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--fifteenth`), and committed before the agent was run on any of them. Its
first run is the held-out figure for the session's code at that commit.

- road.csv: road deaths in 26 US states, named in the row names and cut
  short ("Calif", "Mass"): deaths, drivers, population density, rural
  road length, temperature, fuel;
- hills.csv: 35 Scottish hill races named in the row names: distance,
  climb, record time;
- cats.csv: 144 cats: sex ("F", "M"), body weight (`Bwt`), heart weight
  (`Hwt`);
- Insurance.csv: car insurance by district (1-4), car group and age band
  ("<25", "25-29", "30-35", ">35"): policy holders and claims;
- whiteside.csv: a house's weekly gas use and outside temperature,
  before and after wall insulation (`Insul`);
- ToothGrowth.csv: 60 guinea pigs' tooth length by supplement ("OJ",
  "VC") and dose (0.5, 1, 2).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fifteenth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifteenth_questions.jsonl"

ro = pd.read_csv(f"{data}/road.csv").rename(columns={"Unnamed: 0": "state"})
hi = pd.read_csv(f"{data}/hills.csv").rename(columns={"Unnamed: 0": "race"})
ca = pd.read_csv(f"{data}/cats.csv")
ins = pd.read_csv(f"{data}/Insurance.csv")
wh = pd.read_csv(f"{data}/whiteside.csv")
tg = pd.read_csv(f"{data}/ToothGrowth.csv")

# What the unanswerable questions name is in no row.
assert "Texas" not in set(ro.state) and "Snowdon" not in set(hi.race) and 7 not in set(ins.District) and 3 not in set(tg.dose)

# (file, kind, question, gold)
Q = [
    # Road deaths: a row a state.
    ("road.csv", "argmax", "Which state had the most road deaths?", argmax(ro, "deaths", "state")),
    ("road.csv", "lookup", "How many road deaths were there in Alaska?", at(ro, "state", "Alaska", "deaths")),
    ("road.csv", "lookup", "How many road deaths were there in California?", at(ro, "state", "Calif", "deaths")),
    ("road.csv", "average", "What is the average population density?", num(ro.popden.mean())),
    ("road.csv", "count", "How many states have more than 1000 deaths?", num((ro.deaths > 1000).sum())),
    # Hill races: a row a race.
    ("hills.csv", "argmax", "Which race has the longest distance?", argmax(hi, "dist", "race")),
    ("hills.csv", "lookup", "What is the record time for Carnethy?", at(hi, "race", "Carnethy", "time")),
    ("hills.csv", "average", "What is the average climb of the races?", num(hi.climb.mean())),
    ("hills.csv", "count", "How many races are longer than 10 miles?", num((hi.dist > 10).sum())),
    ("hills.csv", "argmax", "Which race has the biggest climb?", argmax(hi, "climb", "race")),
    # Cats: a row a cat.
    ("cats.csv", "average", "What is the average heart weight of female cats?", num(ca[ca.Sex == "F"].Hwt.mean())),
    ("cats.csv", "count", "How many male cats are there?", num((ca.Sex == "M").sum())),
    ("cats.csv", "max", "What is the heaviest body weight?", num(ca.Bwt.max())),
    ("cats.csv", "average", "What is the average body weight of male cats?", num(ca[ca.Sex == "M"].Bwt.mean())),
    ("cats.csv", "count", "How many cats have a heart weight above 15?", num((ca.Hwt > 15).sum())),
    # Insurance: a row a district, car group and age band.
    ("Insurance.csv", "sum", "How many claims were there in total?", num(ins.Claims.sum())),
    ("Insurance.csv", "group", "Which district has the most claims?", group_best(ins, "District", "Claims", "sum")),
    ("Insurance.csv", "sum", "How many policy holders are there in district 4?", num(ins[ins.District == 4].Holders.sum())),
    ("Insurance.csv", "sum", "What is the total number of claims for drivers over 35?", num(ins[ins.Age == ">35"].Claims.sum())),
    ("Insurance.csv", "group", "Which age group has the most holders?", group_best(ins, "Age", "Holders", "sum")),
    # Gas use: a row a week.
    ("whiteside.csv", "average", "What is the average gas consumption after insulation?", num(wh[wh.Insul == "After"].Gas.mean())),
    ("whiteside.csv", "average", "What is the average gas consumption before insulation?", num(wh[wh.Insul == "Before"].Gas.mean())),
    ("whiteside.csv", "min", "What was the lowest outside temperature?", num(wh.Temp.min())),
    ("whiteside.csv", "count", "How many weeks were recorded after insulation?", num((wh.Insul == "After").sum())),
    ("whiteside.csv", "max", "What is the highest gas consumption?", num(wh.Gas.max())),
    # Tooth growth: a row a guinea pig.
    ("ToothGrowth.csv", "average", "What is the average tooth length for the OJ supplement?", num(tg[tg.supp == "OJ"].len.mean())),
    ("ToothGrowth.csv", "average", "What is the average length at a dose of 2?", num(tg[tg.dose == 2].len.mean())),
    ("ToothGrowth.csv", "group", "Which supplement has the higher average length?", group_best(tg, "supp", "len", "mean")),
    ("ToothGrowth.csv", "count", "How many guinea pigs received a dose of 0.5?", num((tg.dose == 0.5).sum())),
    ("ToothGrowth.csv", "max", "What is the longest tooth length?", num(tg.len.max())),
    # Nothing in the tables answers these.
    ("road.csv", "unanswerable", "How many road deaths were there in Texas?", UNKNOWN),
    ("hills.csv", "unanswerable", "What is the record time for Snowdon?", UNKNOWN),
    ("cats.csv", "unanswerable", "What is the average tail length of the cats?", UNKNOWN),
    ("Insurance.csv", "unanswerable", "How many claims were there in district 7?", UNKNOWN),
    ("whiteside.csv", "unanswerable", "What is the average electricity use after insulation?", UNKNOWN),
    ("ToothGrowth.csv", "unanswerable", "What is the average length for the VC supplement at a dose of 3?", UNKNOWN),
]

write(Q, "rd15", out)
