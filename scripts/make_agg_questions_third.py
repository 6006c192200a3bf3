"""A third set of analyst questions over real public tables, written blind.

Written in session 49 after the parser's changes for the second set
(scripts/make_agg_questions_more.py), over five statsmodels datasets the
project had never loaded (`bash scripts/statsmodels_data.sh`), and
committed before the agent was run on any of them: its first run measures
the code as it stood when they were written.

- grunfeld.csv: investment, market value and capital stock of 11 US firms,
  1935-1954;
- statecrime.csv: crime rates and demographics of the US states;
- macrodata.csv: US quarterly macroeconomic series, 1959-2009;
- nile.csv: the Nile's annual flow at Aswan, 1871-1970;
- cpunish.csv: executions in 17 US states in 1997.

Gold answers are computed by pandas (scripts/agg_gold.py); none is typed.

Usage: python scripts/make_agg_questions_third.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, group_best, num, one, top, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/statsmodels_questions.jsonl"

gr = pd.read_csv(f"{data}/grunfeld.csv")
sc = pd.read_csv(f"{data}/statecrime.csv")
sc["state"] = sc["state"].str.strip()
ma = pd.read_csv(f"{data}/macrodata.csv")
ni = pd.read_csv(f"{data}/nile.csv")
cp = pd.read_csv(f"{data}/cpunish.csv")


def firm(name):
    return gr[gr.firm == name]


def quarter(y, q, col):
    return one(ma[(ma.year == y) & (ma.quarter == q)][col])


# (file, kind, question, gold)
Q = [
    # Grunfeld's firms, one row a firm and year.
    ("grunfeld.csv", "group", "Which firm had the highest total investment?", group_best(gr, "firm", "invest", "sum")),
    ("grunfeld.csv", "average", "What was the average investment of General Electric?", num(firm("General Electric").invest.mean())),
    ("grunfeld.csv", "count_distinct", "How many firms are there?", num(gr.firm.nunique())),
    ("grunfeld.csv", "lookup", "What was the investment of US Steel in 1940?", one(gr[(gr.firm == "US Steel") & (gr.year == 1940)].invest)),
    ("grunfeld.csv", "argmax", "In which year did General Motors invest the most?", argmax(firm("General Motors"), "invest", "year")),
    ("grunfeld.csv", "sum", "What was the total investment of all firms in 1954?", num(gr[gr.year == 1954].invest.sum())),
    ("grunfeld.csv", "difference", "How much did the investment of Chrysler change from 1935 to 1954?",
     num(gr[(gr.firm == "Chrysler") & (gr.year == 1954)].invest.iloc[0] - gr[(gr.firm == "Chrysler") & (gr.year == 1935)].invest.iloc[0])),
    ("grunfeld.csv", "top", "Which 3 firms had the highest average market value?", {"type": "set", "values": list(gr.groupby("firm")["value"].mean().nlargest(3).index)}),
    ("grunfeld.csv", "max", "What was the highest capital stock of IBM?", num(firm("IBM").capital.max())),
    ("grunfeld.csv", "count", "How many firms invested more than 500 in 1950?", num(((gr.year == 1950) & (gr.invest > 500)).sum())),
    # The US states.
    ("statecrime.csv", "argmax", "Which state has the highest murder rate?", argmax(sc, "murder", "state")),
    ("statecrime.csv", "average", "What is the average poverty rate across the states?", num(sc.poverty.mean())),
    ("statecrime.csv", "count", "How many states have a violent crime rate above 500?", num((sc.violent > 500).sum())),
    ("statecrime.csv", "lookup", "What is the high school graduation rate of Ohio?", one(sc[sc.state == "Ohio"].hs_grad)),
    ("statecrime.csv", "argmin", "Which state has the lowest urban population?", argmin(sc, "urban", "state")),
    ("statecrime.csv", "lookup", "What is the murder rate in Texas?", one(sc[sc.state == "Texas"].murder)),
    ("statecrime.csv", "top", "Which 5 states have the highest poverty?", top(sc, "poverty", "state", 5)),
    # US macroeconomic series, one row a quarter.
    ("macrodata.csv", "lookup", "What was the unemployment rate in the second quarter of 1975?", quarter(1975, 2, "unemp")),
    ("macrodata.csv", "average", "What was the average unemployment rate in 1982?", num(ma[ma.year == 1982].unemp.mean())),
    ("macrodata.csv", "argmax", "In which year was inflation highest?", argmax(ma, "infl", "year")),
    ("macrodata.csv", "max", "What was the highest unemployment rate?", num(ma.unemp.max())),
    ("macrodata.csv", "count", "How many quarters had negative inflation?", num((ma.infl < 0).sum())),
    ("macrodata.csv", "average", "What was the average T-bill rate in the 1990s?", num(ma[(ma.year >= 1990) & (ma.year <= 1999)].tbilrate.mean())),
    ("macrodata.csv", "lookup", "What was real GDP in the first quarter of 2000?", quarter(2000, 1, "realgdp")),
    # The Nile's flow, one row a year.
    ("nile.csv", "lookup", "What was the Nile's volume in 1900?", one(ni[ni.year == 1900].volume)),
    ("nile.csv", "argmin", "In which year was the volume lowest?", argmin(ni, "volume", "year")),
    ("nile.csv", "average", "What was the average volume between 1871 and 1900?", num(ni[(ni.year >= 1871) & (ni.year <= 1900)].volume.mean())),
    ("nile.csv", "count", "How many years had a volume above 1200?", num((ni.volume > 1200).sum())),
    ("nile.csv", "difference", "How much did the volume change from 1871 to 1970?", num(ni[ni.year == 1970].volume.iloc[0] - ni[ni.year == 1871].volume.iloc[0])),
    # Executions by state, 1997.
    ("cpunish.csv", "argmax", "Which state had the most executions?", argmax(cp, "EXECUTIONS", "STATE")),
    ("cpunish.csv", "sum", "How many executions were there in total?", num(cp.EXECUTIONS.sum())),
    ("cpunish.csv", "lookup", "What was the income in Virginia?", one(cp[cp.STATE == "Virginia"].INCOME)),
    ("cpunish.csv", "count", "How many southern states are listed?", num((cp.SOUTH == 1).sum())),
    # Nothing in the tables answers these.
    ("grunfeld.csv", "unanswerable", "What was the investment of Ford in 1940?", UNKNOWN),
    ("statecrime.csv", "unanswerable", "What is the murder rate in Puerto Rico?", UNKNOWN),
    ("macrodata.csv", "unanswerable", "What was the unemployment rate in 2015?", UNKNOWN),
    ("nile.csv", "unanswerable", "What was the Nile's volume in 1990?", UNKNOWN),
    ("cpunish.csv", "unanswerable", "How many executions were there in California?", UNKNOWN),
    ("statecrime.csv", "unanswerable", "What is the average rainfall in Texas?", UNKNOWN),
]

write(Q, "sm", out)
