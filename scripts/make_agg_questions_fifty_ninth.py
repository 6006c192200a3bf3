"""A fifty-ninth set of analyst questions over real public tables, written blind.

Written in session 69, after the fifty-eighth set's fixes and before any
run of the agent on these tables, over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --fifty-ninth`; checked
against every data script's list and the names in crates/, docs/,
scripts/ and tests/). Its first run is a held-out figure.

- education.csv: education spending in the 50 US states, 1970s
  (robustbase): `State` (postal code), `Region` (1 Northeastern, 2 North
  central, 3 Southern, 4 Western), `X1` (urban residents per thousand),
  `X2` (per capita income), `X3` (residents under 18 per thousand), `Y`
  (per capita spending on public education);
- summer.csv: 578 summer days of air pollution in Leeds (texmex): daily
  maxima of `O3`, `NO2`, `NO`, `SO2` (parts per billion) and `PM10`;
- Labour.csv: 569 Belgian firms in 1996 (Ecdat): `capital` (million
  euro), `labour` (workers), `output` (value added, million euro),
  `wage` (cost per worker, thousand euro);
- pottery.csv: 45 Romano-British pots (HSAUR): the share of nine oxides,
  `Al2O3`, `Fe2O3`, `MgO`, `CaO`, `Na2O`, `K2O`, `TiO2`, `MnO`, `BaO`;
- RockTheVote.csv: 85 cable TV systems in a turnout experiment (pscl):
  `strata`, `treated` (1 shown the ads), `r` (18- and 19-year-olds who
  voted), `n` (registered), `p` (the share who voted), `treatedIndex`;
- Train.csv: 2,929 stated choices between two train trips (Ecdat): `id`,
  `choiceid`, `choice` (choice1, choice2), and for each trip `price1`,
  `time1`, `change1`, `comfort1`, `price2` … `comfort2`.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fifty_ninth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifty_ninth_questions.jsonl"

ed = pd.read_csv(f"{data}/education.csv", index_col=0)
su = pd.read_csv(f"{data}/summer.csv", index_col=0)
la = pd.read_csv(f"{data}/Labour.csv", index_col=0)
po = pd.read_csv(f"{data}/pottery.csv", index_col=0)
rv = pd.read_csv(f"{data}/RockTheVote.csv", index_col=0)
tr = pd.read_csv(f"{data}/Train.csv", index_col=0)

# What the unanswerable questions name is in no row or column.
assert "PR" not in set(ed.State) and not any("co" == c.lower() for c in su.columns)
assert not any("profit" in c for c in la.columns) and not any(c.startswith("Pb") for c in po.columns)
assert not any("age" in c.lower() for c in rv.columns) and "choice3" not in set(tr.choice)

# (file, kind, question, gold)
Q = [
    # Education spending: a row a state.
    ("education.csv", "average", "What is the average per capita education spending across states?", num(ed.Y.mean())),
    ("education.csv", "lookup", "What is the per capita income in NY?", num(ed.X2[ed.State == "NY"].iloc[0])),
    ("education.csv", "argmax", "Which state spends the most per capita on education?", {"type": "one_of", "values": [ed.State[ed.Y.idxmax()]]}),
    ("education.csv", "count", "How many states are in region 3?", num((ed.Region == 3).sum())),
    ("education.csv", "group", "Which region has the highest average per capita income?", group_best(ed, "Region", "X2", "mean")),
    # Air pollution: a row a summer day.
    ("summer.csv", "average", "What is the average daily maximum ozone?", num(su.O3.mean())),
    ("summer.csv", "max", "What is the highest NO2 level?", num(su.NO2.max())),
    ("summer.csv", "count", "How many days had PM10 above 50?", num((su.PM10 > 50).sum())),
    ("summer.csv", "average", "What is the average SO2 on days with ozone above 40?", num(su.SO2[su.O3 > 40].mean())),
    ("summer.csv", "count", "How many days are recorded?", num(len(su))),
    # Belgian firms: a row a firm.
    ("Labour.csv", "average", "What is the average number of workers per firm?", num(la.labour.mean())),
    ("Labour.csv", "max", "What is the largest output of any firm?", num(la.output.max())),
    ("Labour.csv", "count", "How many firms have more than 1000 workers?", num((la.labour > 1000).sum())),
    ("Labour.csv", "average", "What is the average wage?", num(la.wage.mean())),
    ("Labour.csv", "sum", "What is the total capital of all firms?", num(la.capital.sum())),
    # Pottery: a row a pot.
    ("pottery.csv", "average", "What is the average aluminium trioxide content?", num(po.Al2O3.mean())),
    ("pottery.csv", "max", "What is the highest iron trioxide content?", num(po.Fe2O3.max())),
    ("pottery.csv", "count", "How many pots have more than 5 percent calcium oxide?", num((po.CaO > 5).sum())),
    ("pottery.csv", "average", "What is the average Na2O?", num(po.Na2O.mean())),
    ("pottery.csv", "min", "What is the lowest MgO value?", num(po.MgO.min())),
    # Rock the Vote: a row a cable TV system.
    ("RockTheVote.csv", "count", "How many cable systems were treated?", num((rv.treated == 1).sum())),
    ("RockTheVote.csv", "sum", "What is the total number of registered young voters?", num(rv.n.sum())),
    ("RockTheVote.csv", "average", "What is the average turnout proportion in treated systems?", num(rv.p[rv.treated == 1].mean())),
    ("RockTheVote.csv", "max", "What is the highest turnout proportion?", num(rv.p.max())),
    ("RockTheVote.csv", "sum", "How many young people turned out in total?", num(rv.r.sum())),
    # Train trips: a row a choice between two trips.
    ("Train.csv", "count", "How many times was the first option chosen?", num((tr.choice == "choice1").sum())),
    ("Train.csv", "average", "What is the average price of the first trip?", num(tr.price1.mean())),
    ("Train.csv", "average", "What is the average travel time of option 2?", num(tr.time2.mean())),
    ("Train.csv", "count", "How many distinct individuals are there?", num(tr.id.nunique())),
    ("Train.csv", "max", "What is the highest price of the second trip?", num(tr.price2.max())),
    # Nothing in the tables answers these.
    ("education.csv", "unanswerable", "What is the per capita education spending in PR?", UNKNOWN),
    ("summer.csv", "unanswerable", "What is the average carbon monoxide level?", UNKNOWN),
    ("Labour.csv", "unanswerable", "What is the average profit per firm?", UNKNOWN),
    ("pottery.csv", "unanswerable", "What is the average lead content of the pots?", UNKNOWN),
    ("RockTheVote.csv", "unanswerable", "What is the average age of the voters?", UNKNOWN),
    ("Train.csv", "unanswerable", "How many times was the third option chosen?", UNKNOWN),
]

write(Q, "rd59", out)
