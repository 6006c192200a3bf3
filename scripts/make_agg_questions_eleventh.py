"""An eleventh set of analyst questions over real public tables, written blind.

Written in session 52, after the tenth set's fixes, over six more R
datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--eleventh`), and committed before the agent was run on any of them. Its
first run is the held-out figure for the session's code at that commit.

- States.csv: the US states of 1992 named by their postal codes in the
  row names, regions as census codes ("PAC", "NE"), SAT scores, the share
  of students taking the SAT, spending per pupil, teachers' pay;
- Computers.csv: 6,259 personal computers sold 1993-1995: price, speed,
  hard drive, RAM, screen, yes/no for a CD drive and a premium maker;
- WorldPhones.csv: telephones by region (columns) and year (rows);
- chickwts.csv: chicks' weights by feed;
- Journals.csv: 180 economics journals: title, publisher, society or not,
  library price, pages, citations, field;
- USPersonalExpenditure.csv: US spending by category (rows) and year
  (columns "1940" to "1960"), in billions of dollars.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_eleventh.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, mode, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_eleventh_questions.jsonl"

st = pd.read_csv(f"{data}/States.csv").rename(columns={"Unnamed: 0": "state"})
co = pd.read_csv(f"{data}/Computers.csv")
ph = pd.read_csv(f"{data}/WorldPhones.csv").rename(columns={"Unnamed: 0": "year"}).set_index("year")
ch = pd.read_csv(f"{data}/chickwts.csv")
jo = pd.read_csv(f"{data}/Journals.csv")
ex = pd.read_csv(f"{data}/USPersonalExpenditure.csv").rename(columns={"Unnamed: 0": "category"}).set_index("category")

# What the unanswerable questions name is in no row.
assert "PR" not in set(st.state) and 64 not in set(co.ram) and 1970 not in ph.index
assert "corn" not in set(ch.feed) and not jo.pub.str.contains("Pearson").any()
assert not ex.index.str.contains("Transport").any()

# (file, kind, question, gold)
Q = [
    # US states: a row a state, by its postal code.
    ("States.csv", "argmax", "Which state has the highest teacher pay?", argmax(st, "pay", "state")),
    ("States.csv", "average", "What is the average SAT math score in the PAC region?", num(st[st.region == "PAC"].SATM.mean())),
    ("States.csv", "count", "How many states are in region SA?", num((st.region == "SA").sum())),
    ("States.csv", "sum", "What is the total population of the states in region NE?", num(st[st.region == "NE"]["pop"].sum())),
    ("States.csv", "argmin", "Which state has the lowest percentage of students taking the SAT?", argmin(st, "percent", "state")),
    # Personal computers: a row a computer.
    ("Computers.csv", "average", "What is the average price of computers with a CD drive?", num(co[co.cd == "yes"].price.mean())),
    ("Computers.csv", "count", "How many computers have 8 MB of RAM?", num((co.ram == 8).sum())),
    ("Computers.csv", "max", "What is the price of the most expensive computer?", num(co.price.max())),
    ("Computers.csv", "average", "What is the average hard drive size of premium computers?", num(co[co.premium == "yes"].hd.mean())),
    ("Computers.csv", "count", "How many computers have a 17 inch screen?", num((co.screen == 17).sum())),
    # Telephones in the world: a row a year, a column a region.
    ("WorldPhones.csv", "lookup", "How many telephones were there in Europe in 1958?", num(ph.loc[1958, "Europe"])),
    ("WorldPhones.csv", "argmin", "Which region had the fewest phones in 1961?", {"type": "one_of", "values": [ph.loc[1961].idxmin()]}),
    ("WorldPhones.csv", "change", "How much did the number of phones in Asia grow from 1951 to 1961?", num(ph.loc[1961, "Asia"] - ph.loc[1951, "Asia"])),
    ("WorldPhones.csv", "average", "What was the average number of phones in Oceania?", num(ph.Oceania.mean())),
    ("WorldPhones.csv", "change", "By what percentage did phones in Africa increase between 1956 and 1961?", num((ph.loc[1961, "Africa"] / ph.loc[1956, "Africa"] - 1) * 100)),
    # Chicks' weights: a row a chick.
    ("chickwts.csv", "average", "What is the average weight of chicks fed casein?", num(ch[ch.feed == "casein"].weight.mean())),
    ("chickwts.csv", "group", "Which feed gives the highest average weight?", group_best(ch, "feed", "weight", "mean")),
    ("chickwts.csv", "count", "How many chicks were fed soybean?", num((ch.feed == "soybean").sum())),
    ("chickwts.csv", "min", "What is the lowest chick weight?", num(ch.weight.min())),
    ("chickwts.csv", "max", "What is the heaviest weight among chicks fed horsebean?", num(ch[ch.feed == "horsebean"].weight.max())),
    # Economics journals: a row a journal.
    ("Journals.csv", "argmax", "Which journal has the most citations?", argmax(jo, "citestot", "title")),
    ("Journals.csv", "count", "How many journals are published by Elsevier?", num((jo.pub == "Elsevier").sum())),
    ("Journals.csv", "average", "What is the average library price of finance journals?", num(jo[jo.field == "Finance"].libprice.mean())),
    ("Journals.csv", "count", "How many journals are published by a society?", num((jo.society == "yes").sum())),
    ("Journals.csv", "mode", "Which publisher publishes the most journals?", mode(jo.pub)),
    # US personal expenditure: a row a category, a column a year.
    ("USPersonalExpenditure.csv", "lookup", "How much was spent on Medical and Health in 1950?", num(ex.loc["Medical and Health", "1950"])),
    ("USPersonalExpenditure.csv", "sum", "What was the total personal expenditure in 1960?", num(ex["1960"].sum())),
    ("USPersonalExpenditure.csv", "argmax", "Which category had the highest expenditure in 1945?", {"type": "one_of", "values": [ex["1945"].idxmax()]}),
    ("USPersonalExpenditure.csv", "change", "How much did spending on Personal Care grow from 1940 to 1960?", num(ex.loc["Personal Care", "1960"] - ex.loc["Personal Care", "1940"])),
    ("USPersonalExpenditure.csv", "average", "What was the average spending on private education across the years?", num(ex.loc["Private Education"].mean())),
    # Nothing in the tables answers these.
    ("States.csv", "unanswerable", "What is the average teacher pay in Puerto Rico?", UNKNOWN),
    ("Computers.csv", "unanswerable", "What is the average price of computers with 64 MB of RAM?", UNKNOWN),
    ("WorldPhones.csv", "unanswerable", "How many telephones were there in Europe in 1970?", UNKNOWN),
    ("chickwts.csv", "unanswerable", "What is the average weight of chicks fed corn?", UNKNOWN),
    ("Journals.csv", "unanswerable", "How many journals are published by Pearson?", UNKNOWN),
    ("USPersonalExpenditure.csv", "unanswerable", "How much was spent on transportation in 1950?", UNKNOWN),
]

write(Q, "rd11", out)
