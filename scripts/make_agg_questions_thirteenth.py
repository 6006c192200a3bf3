"""A thirteenth set of analyst questions over real public tables, written blind.

Written in session 53, after the twelfth set's fixes, over six more R
datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--thirteenth`), and committed before the agent was run on any of them. Its
first run is the held-out figure for the session's code at that commit.

- swiss.csv: 47 French-speaking Swiss provinces of 1888, named in the row
  names: fertility, agriculture, examination, education, Catholic share,
  infant mortality;
- Produc.csv: 48 US states (capitals, "NEW_YORK") by year, 1970-1986:
  public capital (`pcap`), private capital (`pc`), gross state product
  (`gsp`), employment (`emp`), unemployment rate (`unemp`);
- esoph.csv: oesophageal cancer cases and controls by age group, alcohol
  group and tobacco group ("25-34", "120+", "0-9g/day");
- trees.csv: 31 felled black cherry trees: girth, height, volume;
- Florida.csv: Florida's 2000 presidential vote by county (capitals in the
  row names, "PALM.BEACH"), a column per candidate;
- Guerry.csv: France's 86 departments in the 1830s: region letter, crime,
  literacy, donations, population.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirteenth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirteenth_questions.jsonl"

sw = pd.read_csv(f"{data}/swiss.csv").rename(columns={"Unnamed: 0": "province"})
pr = pd.read_csv(f"{data}/Produc.csv")
es = pd.read_csv(f"{data}/esoph.csv")
tr = pd.read_csv(f"{data}/trees.csv")
fl = pd.read_csv(f"{data}/Florida.csv").rename(columns={"Unnamed: 0": "county"})
gu = pd.read_csv(f"{data}/Guerry.csv")

# What the unanswerable questions name is in no row.
assert "Zurich" not in set(sw.province) and "ALASKA" not in set(pr.state) and "15-24" not in set(es.agegp)
assert "ORLEANS" not in set(fl.county) and "Bretagne" not in set(gu.Department)

y = pr[pr.year == 1982]
ny = pr[pr.state == "NEW_YORK"].set_index("year").gsp

# (file, kind, question, gold)
Q = [
    # Swiss provinces: a row a province.
    ("swiss.csv", "argmax", "Which province has the highest fertility?", argmax(sw, "Fertility", "province")),
    ("swiss.csv", "lookup", "What share of Lausanne's population is Catholic?", at(sw, "province", "Lausanne", "Catholic")),
    ("swiss.csv", "average", "What is the average infant mortality across the provinces?", num(sw["Infant.Mortality"].mean())),
    ("swiss.csv", "count", "How many provinces have an agriculture share above 50 percent?", num((sw.Agriculture > 50).sum())),
    ("swiss.csv", "argmin", "Which province has the lowest education level?", argmin(sw, "Education", "province")),
    # US states by year: a row a state and year.
    ("Produc.csv", "lookup", "What was California's gross state product in 1986?", num(pr[(pr.state == "CALIFORNIA") & (pr.year == 1986)].gsp.iloc[0])),
    ("Produc.csv", "argmax", "Which state had the highest unemployment rate in 1982?", argmax(y, "unemp", "state")),
    ("Produc.csv", "average", "What was the average unemployment rate in Texas?", num(pr[pr.state == "TEXAS"].unemp.mean())),
    ("Produc.csv", "sum", "What was the total employment across all states in 1975?", num(pr[pr.year == 1975].emp.sum())),
    ("Produc.csv", "change", "How much did New York's gross state product grow from 1970 to 1986?", num(ny[1986] - ny[1970])),
    ("Produc.csv", "group", "Which state has the largest average public capital stock?", group_best(pr, "state", "pcap", "mean")),
    # Oesophageal cancer: a row an age, alcohol and tobacco group.
    ("esoph.csv", "sum", "How many cases are there in total?", num(es.ncases.sum())),
    ("esoph.csv", "sum", "How many cases are in the 75+ age group?", num(es[es.agegp == "75+"].ncases.sum())),
    ("esoph.csv", "group", "Which age group has the most cases?", group_best(es, "agegp", "ncases", "sum")),
    ("esoph.csv", "sum", "What is the total number of controls for alcohol consumption of 120+ g/day?", num(es[es.alcgp == "120+"].ncontrols.sum())),
    # Cherry trees: a row a tree.
    ("trees.csv", "average", "What is the average volume of the trees?", num(tr.Volume.mean())),
    ("trees.csv", "max", "What is the tallest tree's height?", num(tr.Height.max())),
    ("trees.csv", "count", "How many trees are taller than 80 feet?", num((tr.Height > 80).sum())),
    ("trees.csv", "lookup", "What is the girth of the tree with the largest volume?", num(tr.loc[tr.Volume.idxmax(), "Girth"])),
    ("trees.csv", "average", "What is the average volume of trees with a girth over 15 inches?", num(tr[tr.Girth > 15].Volume.mean())),
    # Florida, 2000: a row a county.
    ("Florida.csv", "lookup", "How many votes did Nader get in Alachua county?", at(fl, "county", "ALACHUA", "NADER")),
    ("Florida.csv", "argmax", "Which county gave Bush the most votes?", argmax(fl, "BUSH", "county")),
    ("Florida.csv", "sum", "How many votes did Gore get in total?", num(fl.GORE.sum())),
    ("Florida.csv", "count", "In how many counties did Bush get more votes than Gore?", num((fl.BUSH > fl.GORE).sum())),
    ("Florida.csv", "lookup", "How many votes did Buchanan get in Palm Beach?", at(fl, "county", "PALM.BEACH", "BUCHANAN")),
    # France's departments: a row a department.
    ("Guerry.csv", "argmax", "Which department has the highest literacy?", argmax(gu, "Literacy", "Department")),
    ("Guerry.csv", "average", "What is the average literacy of departments in the N region?", num(gu[gu.Region == "N"].Literacy.mean())),
    ("Guerry.csv", "count", "How many departments are in region C?", num((gu.Region == "C").sum())),
    ("Guerry.csv", "lookup", "What was the population of Seine in 1831?", at(gu, "Department", "Seine", "Pop1831")),
    ("Guerry.csv", "group", "Which region has the highest average crime against persons?", group_best(gu, "Region", "Crime_pers", "mean")),
    # Nothing in the tables answers these.
    ("swiss.csv", "unanswerable", "What is the fertility of Zurich?", UNKNOWN),
    ("Produc.csv", "unanswerable", "What was Alaska's gross state product in 1980?", UNKNOWN),
    ("esoph.csv", "unanswerable", "How many cases are in the 15-24 age group?", UNKNOWN),
    ("trees.csv", "unanswerable", "What is the average age of the trees?", UNKNOWN),
    ("Florida.csv", "unanswerable", "How many votes did Gore get in Orleans county?", UNKNOWN),
    ("Guerry.csv", "unanswerable", "What is the literacy rate of the department of Bretagne?", UNKNOWN),
]

write(Q, "rd13", out)
