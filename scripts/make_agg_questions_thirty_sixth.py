"""A thirty-sixth set of analyst questions over real public tables, written blind.

Written at the start of session 57, on session 56's final code (6e6d2c5),
over six R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --thirty-sixth`), and committed before the agent
was run on any of them. Its first run is a held-out figure.

- Forbes2000.csv: the Forbes 2000 companies of 2004: rank, name,
  country, category, sales, profits, assets, market value (billions of
  US dollars), a few profits missing ("NA");
- Bundesliga.csv: 14,018 Bundesliga matches, 1963-2008: `HomeTeam`,
  `AwayTeam`, `HomeGoals`, `AwayGoals`, round, year, date;
- heptathlon.csv: 25 athletes of the 1988 Olympic heptathlon, named in
  the row names ("Joyner-Kersee (USA)"): each event's result and the
  score;
- presidentialElections.csv: the Democratic candidate's share of each
  state's vote (`demVote`), 1932-2012, and whether the state is in the
  South;
- USPop.csv: the US population at each census, 1790-2000, in millions;
- HairEyeColor.csv: 592 statistics students by hair colour, eye colour
  and sex, counted (`Freq`).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirty_sixth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirty_sixth_questions.jsonl"

fo = pd.read_csv(f"{data}/Forbes2000.csv")
bu = pd.read_csv(f"{data}/Bundesliga.csv")
he = pd.read_csv(f"{data}/heptathlon.csv").rename(columns={"Unnamed: 0": "athlete"})
pe = pd.read_csv(f"{data}/presidentialElections.csv")
us = pd.read_csv(f"{data}/USPop.csv")
hc = pd.read_csv(f"{data}/HairEyeColor.csv")

# What the unanswerable questions name is in no row or column.
assert "Iceland" not in set(fo.country) and bu.Year.max() < 2015
assert not any("pole" in c.lower() or "vault" in c.lower() for c in he.columns)
assert "Puerto Rico" not in set(pe.state) and 2010 not in set(us.year) and "Grey" not in set(hc.Eye)

texas = pe[pe.state == "Texas"]
ohio = pe[pe.state == "Ohio"]
y72 = pe[(pe.year == 1972) & (pe.state != "Total")]

# (file, kind, question, gold)
Q = [
    # Forbes 2000: a row a company.
    ("Forbes2000.csv", "count", "How many companies are from Japan?", num((fo.country == "Japan").sum())),
    ("Forbes2000.csv", "sum", "What are the total sales of companies in the United Kingdom?", num(fo[fo.country == "United Kingdom"].sales.sum())),
    ("Forbes2000.csv", "argmax", "Which company has the highest market value?", argmax(fo, "marketvalue", "name")),
    ("Forbes2000.csv", "average", "What is the average profit of banking companies?", num(fo[fo.category == "Banking"].profits.mean())),
    ("Forbes2000.csv", "group", "Which country has the most companies?", group_best(fo, "country", "name", "count")),
    ("Forbes2000.csv", "lookup", "What were the sales of Toyota Motor?", at(fo, "name", "Toyota Motor", "sales")),
    # Bundesliga: a row a match.
    ("Bundesliga.csv", "count", "How many matches were played in 1990?", num((bu.Year == 1990).sum())),
    ("Bundesliga.csv", "max", "What is the most goals a home team scored in one match?", num(bu.HomeGoals.max())),
    ("Bundesliga.csv", "count", "How many home games did Bayern Muenchen play?", num((bu.HomeTeam == "Bayern Muenchen").sum())),
    ("Bundesliga.csv", "average", "What is the average number of away goals?", num(bu.AwayGoals.mean())),
    ("Bundesliga.csv", "sum", "How many goals did Hamburger SV score at home?", num(bu[bu.HomeTeam == "Hamburger SV"].HomeGoals.sum())),
    # Heptathlon: a row an athlete.
    ("heptathlon.csv", "argmax", "Who had the highest score?", argmax(he, "score", "athlete")),
    ("heptathlon.csv", "average", "What is the average score?", num(he.score.mean())),
    ("heptathlon.csv", "lookup", "What was Behmer's long jump?", at(he, "athlete", "Behmer (GDR)", "longjump")),
    ("heptathlon.csv", "count", "How many athletes scored more than 6000 points?", num((he.score > 6000).sum())),
    ("heptathlon.csv", "min", "What was the fastest 200m time?", num(he.run200m.min())),
    # Presidential elections: a row a state and year ("Total" the country).
    ("presidentialElections.csv", "lookup", "What was the Democratic vote in California in 1960?", one(pe[(pe.state == "California") & (pe.year == 1960)].demVote)),
    ("presidentialElections.csv", "argmax", "In which year did Texas give the Democrats the highest vote?", argmax(texas, "demVote", "year")),
    ("presidentialElections.csv", "count", "In how many elections did the Democrats get more than 50% in Ohio?", num((ohio.demVote > 50).sum())),
    ("presidentialElections.csv", "argmin", "Which state had the lowest Democratic vote in 1972?", argmin(y72, "demVote", "state")),
    ("presidentialElections.csv", "max", "What is the highest Democratic vote share?", num(pe.demVote.max())),
    # US population: a row a census.
    ("USPop.csv", "lookup", "What was the population in 1900?", at(us, "year", 1900, "population")),
    ("USPop.csv", "change", "How much did the population grow from 1900 to 2000?", num(us[us.year == 2000].population.iloc[0] - us[us.year == 1900].population.iloc[0])),
    ("USPop.csv", "max", "What is the largest population?", num(us.population.max())),
    ("USPop.csv", "count", "In how many censuses was the population above 100 million?", num((us.population > 100).sum())),
    # Hair and eye colour: a row a count by hair, eye and sex.
    ("HairEyeColor.csv", "sum", "How many students have blue eyes?", num(hc[hc.Eye == "Blue"].Freq.sum())),
    ("HairEyeColor.csv", "sum", "How many students have red hair?", num(hc[hc.Hair == "Red"].Freq.sum())),
    ("HairEyeColor.csv", "group", "What is the most common hair colour?", group_best(hc, "Hair", "Freq", "sum")),
    ("HairEyeColor.csv", "sum", "How many female students have brown eyes?", num(hc[(hc.Sex == "Female") & (hc.Eye == "Brown")].Freq.sum())),
    ("HairEyeColor.csv", "sum", "How many students are there in total?", num(hc.Freq.sum())),
    # Nothing in the tables answers these.
    ("Forbes2000.csv", "unanswerable", "How many companies are from Iceland?", UNKNOWN),
    ("Bundesliga.csv", "unanswerable", "How many matches were played in 2015?", UNKNOWN),
    ("heptathlon.csv", "unanswerable", "What was Joyner-Kersee's pole vault?", UNKNOWN),
    ("presidentialElections.csv", "unanswerable", "What was the Democratic vote in Puerto Rico in 1960?", UNKNOWN),
    ("USPop.csv", "unanswerable", "What was the population in 2010?", UNKNOWN),
    ("HairEyeColor.csv", "unanswerable", "How many students have grey eyes?", UNKNOWN),
]

write(Q, "rd36", out)
