"""A second set of analyst questions over real public tables, written after the parser.

The first set (scripts/make_agg_questions.py) was written early and the
parser was fixed against it for many sessions, so its figure is a
development figure. These questions were written in one sitting (session
49), over tables the project had never loaded, before the agent was run on
any of them, and committed before their first run: that run's figure is
the held-out one. The tables are the other tables of the vega-datasets
wheel, laid out by `bash scripts/vega_data.sh --more`:

- barley.csv: barley yields by variety, site and year (Immer et al., 1934);
- burtin.csv: three antibiotics' minimum inhibitory concentrations against
  16 bacteria (Will Burtin, 1951);
- crimea.csv: monthly British army deaths in the Crimean war by cause
  (Florence Nightingale);
- iris.csv: Fisher's 150 irises;
- history.db, a SQLite database: `driving` (miles driven per person and
  the gas price in the US, 1956-2010) and `wheat` (Playfair's price of
  wheat and weekly wages, 1565-1821).

Gold answers are computed by pandas (scripts/agg_gold.py); none is typed.

Usage: python scripts/make_agg_questions_more.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sqlite3
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, one, top, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/vega_more_questions.jsonl"

ba = pd.read_csv(f"{data}/barley.csv")
bu = pd.read_csv(f"{data}/burtin.csv")
cr = pd.read_csv(f"{data}/crimea.csv")
cr["d"] = pd.to_datetime(cr["date"])
ir = pd.read_csv(f"{data}/iris.csv")
db = sqlite3.connect(f"{data}/history.db")
dr = pd.read_sql("SELECT * FROM driving", db)
wh = pd.read_sql("SELECT * FROM wheat", db)


def months(df, by, best):
    """The month(s) of the extreme, as the CSV writes the date and as a month and year."""
    rows = df[df[by] == (df[by].max() if best == "max" else df[by].min())]
    return {"type": "one_of", "values": sorted(set(rows["date"]) | set(rows["d"].dt.strftime("%B %Y")))}


# (file, kind, question, gold)
Q = [
    # Barley yields (bushels an acre), 10 varieties at 6 sites in 1931 and 1932.
    ("barley.csv", "sum", "What was the total barley yield in 1931?", num(ba[ba.year == 1931]["yield"].sum())),
    ("barley.csv", "group", "Which site had the highest average yield?", group_best(ba, "site", "yield", "mean")),
    ("barley.csv", "group", "Which variety had the lowest total yield?", {"type": "one_of", "values": sorted(map(str, (g := ba.groupby("variety")["yield"].sum())[g == g.min()].index))}),
    ("barley.csv", "average", "What was the average yield at Waseca?", num(ba[ba.site == "Waseca"]["yield"].mean())),
    ("barley.csv", "count_distinct", "How many varieties of barley are there?", num(ba.variety.nunique())),
    ("barley.csv", "max", "What was the highest yield at Morris in 1932?", num(ba[(ba.site == "Morris") & (ba.year == 1932)]["yield"].max())),
    ("barley.csv", "argmax", "Which variety had the highest yield at Duluth in 1932?", argmax(ba[(ba.site == "Duluth") & (ba.year == 1932)], "yield", "variety")),
    ("barley.csv", "count", "How many plots yielded more than 40 bushels?", num((ba["yield"] > 40).sum())),
    ("barley.csv", "lookup", "What was the yield of Trebi at Crookston in 1931?", one(ba[(ba.variety == "Trebi") & (ba.site == "Crookston") & (ba.year == 1931)]["yield"])),
    ("barley.csv", "top", "Which 3 sites had the highest total yield?", {"type": "set", "values": list(ba.groupby("site")["yield"].sum().nlargest(3).index)}),
    ("barley.csv", "group", "Which year had the higher total yield?", group_best(ba, "year", "yield", "sum")),
    ("barley.csv", "count_distinct", "How many sites grew barley?", num(ba.site.nunique())),
    # Burtin's antibiotics: the smallest concentration that stops each bacterium.
    ("burtin.csv", "count", "How many bacteria are gram negative?", num((bu.Gram_Staining == "negative").sum())),
    ("burtin.csv", "argmax", "Which bacteria needs the highest amount of penicillin?", argmax(bu, "Penicillin", "Bacteria")),
    ("burtin.csv", "average", "What is the average neomycin value for gram positive bacteria?", num(bu[bu.Gram_Staining == "positive"].Neomycin.mean())),
    ("burtin.csv", "argmin", "Which bacterium has the lowest streptomycin value?", argmin(bu, "Streptomycin", "Bacteria")),
    ("burtin.csv", "count", "How many bacteria are in the Streptococcus genus?", num((bu.Genus == "Streptococcus").sum())),
    ("burtin.csv", "lookup", "What is the penicillin value for Salmonella typhosa?", at(bu, "Bacteria", "Salmonella (Eberthella) typhosa", "Penicillin")),
    # Nightingale's Crimean war deaths, one row a month, April 1854 to March 1856.
    ("crimea.csv", "sum", "How many soldiers died of disease in total?", num(cr.disease.sum())),
    ("crimea.csv", "argmax", "In which month were deaths from disease highest?", months(cr, "disease", "max")),
    ("crimea.csv", "sum", "How many deaths from wounds were there in 1855?", num(cr[cr.d.dt.year == 1855].wounds.sum())),
    ("crimea.csv", "average", "What was the average number of deaths from other causes per month?", num(cr.other.mean())),
    ("crimea.csv", "count", "How many months had more than 1000 deaths from disease?", num((cr.disease > 1000).sum())),
    ("crimea.csv", "lookup", "How many soldiers died of wounds in November 1854?", one(cr[cr.date == "1854-11-01"].wounds)),
    # Fisher's irises, 50 of each species.
    ("iris.csv", "count", "How many irises are virginica?", num((ir.species == "virginica").sum())),
    ("iris.csv", "average", "What is the average petal length of setosa?", num(ir[ir.species == "setosa"].petalLength.mean())),
    ("iris.csv", "group", "Which species has the largest average sepal width?", group_best(ir, "species", "sepalWidth", "mean")),
    ("iris.csv", "max", "What is the longest sepal length?", num(ir.sepalLength.max())),
    ("iris.csv", "count", "How many irises have a petal width greater than 2?", num((ir.petalWidth > 2).sum())),
    ("iris.csv", "min", "What is the smallest petal width of versicolor?", num(ir[ir.species == "versicolor"].petalWidth.min())),
    # US driving and gas prices (SQLite).
    ("history.db", "lookup", "What was the gas price in 1980?", at(dr, "year", 1980, "gas")),
    ("history.db", "argmax", "In which year was the gas price highest?", argmax(dr, "gas", "year")),
    ("history.db", "average", "What was the average gas price in the 1990s?", num(dr[(dr.year >= 1990) & (dr.year <= 1999)].gas.mean())),
    ("history.db", "lookup", "How many miles did Americans drive per person in 2000?", at(dr, "year", 2000, "miles")),
    ("history.db", "difference", "How much did miles driven change from 1956 to 2010?", num(dr[dr.year == 2010].miles.iloc[0] - dr[dr.year == 1956].miles.iloc[0])),
    ("history.db", "min", "What was the lowest gas price after 1990?", num(dr[dr.year > 1990].gas.min())),
    # Playfair's wheat prices (shillings a quarter) and wages, every five years (SQLite).
    ("history.db", "lookup", "What was the price of wheat in 1700?", at(wh, "year", 1700, "wheat")),
    ("history.db", "argmax", "In which year was wheat most expensive?", argmax(wh, "wheat", "year")),
    ("history.db", "average", "What were the average wages between 1700 and 1800?", num(wh[(wh.year >= 1700) & (wh.year <= 1800)].wages.mean())),
    ("history.db", "count", "How many years had a wheat price above 60?", num((wh.wheat > 60).sum())),
    ("history.db", "top", "Which 3 years had the highest wheat prices?", top(wh, "wheat", "year", 3)),
    # Nothing in the tables answers these.
    ("barley.csv", "unanswerable", "What was the barley yield at Waseca in 1935?", UNKNOWN),
    ("burtin.csv", "unanswerable", "What is the average ampicillin value?", UNKNOWN),
    ("crimea.csv", "unanswerable", "How many soldiers died of disease in 1857?", UNKNOWN),
    ("history.db", "unanswerable", "What was the gas price in 2015?", UNKNOWN),
    ("iris.csv", "unanswerable", "What is the average petal length of iris pallida?", UNKNOWN),
    ("history.db", "unanswerable", "What was the price of wheat in 1900?", UNKNOWN),
    ("barley.csv", "unanswerable", "Which variety was grown at Fargo?", UNKNOWN),
    ("barley.csv", "unanswerable", "What was the oat yield at Waseca in 1931?", UNKNOWN),
]

write(Q, "more", out)
