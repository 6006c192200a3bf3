"""A sixth set of analyst questions over real public tables, written blind.

Written in session 50, after the fifth set's fixes, over six datasets that
the `plotly` package ships and the project had never loaded (`bash
scripts/plotly_data.sh`), and committed before the agent was run on any of
them. Its first run is the held-out figure for the code at that commit.

- gapminder.csv: life expectancy, population and GDP per head by country
  and continent, every five years from 1952 to 2007;
- tips.csv: restaurant bills and tips, with the day ("Sun", "Sat"), the
  meal, whether the party smoked, and its size;
- stocks.csv: six tech stocks' weekly prices as multiples of the first
  week's, with ISO dates;
- election.csv: Montreal's 2013 mayoral vote by district, a column a
  candidate;
- wind.csv: the share of time the wind blew from a direction at a strength;
- medals.csv: three nations' gold, silver and bronze medals.

The questions are what an analyst new to each table would ask, in their
words: "smokers" for smoker = Yes, "Saturday" for "Sat", "people" for a
party's size. Gold answers are computed by pandas (scripts/agg_gold.py);
none is typed.

Usage: python scripts/make_agg_questions_sixth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, one, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/plotly_questions.jsonl"

gm = pd.read_csv(f"{data}/gapminder.csv")
tp = pd.read_csv(f"{data}/tips.csv")
st = pd.read_csv(f"{data}/stocks.csv")
el = pd.read_csv(f"{data}/election.csv")
wd = pd.read_csv(f"{data}/wind.csv")
md = pd.read_csv(f"{data}/medals.csv")


def country(name, year, col):
    return one(gm[(gm.country == name) & (gm.year == year)][col])


y07 = gm[gm.year == 2007]
china = gm[gm.country == "China"].set_index("year").lifeExp

# (file, kind, question, gold)
Q = [
    # Gapminder: a row per country and year.
    ("gapminder.csv", "lookup", "What was the life expectancy in Japan in 2007?", country("Japan", 2007, "lifeExp")),
    ("gapminder.csv", "lookup", "What was the population of India in 1977?", country("India", 1977, "pop")),
    ("gapminder.csv", "argmax", "Which country had the highest GDP per capita in 2007?", argmax(y07, "gdpPercap", "country")),
    ("gapminder.csv", "argmin", "Which country had the lowest life expectancy in 1952?", argmin(gm[gm.year == 1952], "lifeExp", "country")),
    ("gapminder.csv", "average", "What was the average life expectancy in Africa in 2007?", num(y07[y07.continent == "Africa"].lifeExp.mean())),
    ("gapminder.csv", "sum", "What was the total population of Asia in 1952?", num(gm[(gm.continent == "Asia") & (gm.year == 1952)]["pop"].sum())),
    ("gapminder.csv", "count", "How many countries are in Europe?", num(gm[gm.continent == "Europe"].country.nunique())),
    ("gapminder.csv", "count", "How many countries had a life expectancy above 80 in 2007?", num((y07.lifeExp > 80).sum())),
    ("gapminder.csv", "group", "Which continent had the highest average life expectancy in 2007?", group_best(y07, "continent", "lifeExp", "mean")),
    ("gapminder.csv", "difference", "How much did the life expectancy of China change from 1952 to 2007?", num(china[2007] - china[1952])),
    # Tips: a row a bill.
    ("tips.csv", "average", "What is the average tip?", num(tp.tip.mean())),
    ("tips.csv", "max", "What was the largest total bill?", num(tp.total_bill.max())),
    ("tips.csv", "count", "How many bills were paid at dinner?", num((tp.time == "Dinner").sum())),
    ("tips.csv", "group", "On which day were the total tips highest?", group_best(tp, "day", "tip", "sum")),
    ("tips.csv", "average", "What is the average tip of smokers?", num(tp[tp.smoker == "Yes"].tip.mean())),
    ("tips.csv", "count", "How many parties had more than 4 people?", num((tp["size"] > 4).sum())),
    ("tips.csv", "sum", "What was the total amount of tips on Saturday?", num(tp[tp.day == "Sat"].tip.sum())),
    # Stocks: a row a week.
    ("stocks.csv", "max", "What was the highest value of AAPL?", num(st.AAPL.max())),
    ("stocks.csv", "argmax", "On which date was NFLX highest?", argmax(st, "NFLX", "date")),
    ("stocks.csv", "average", "What was the average MSFT in 2019?", num(st[st.date.str.startswith("2019")].MSFT.mean())),
    ("stocks.csv", "lookup", "What was GOOG on 2018-06-04?", at(st, "date", "2018-06-04", "GOOG")),
    # Montreal's 2013 mayoral election: a row a district.
    ("election.csv", "count", "How many districts did Coderre win?", num((el.winner == "Coderre").sum())),
    ("election.csv", "sum", "What was the total number of votes for Bergeron?", num(el.Bergeron.sum())),
    ("election.csv", "argmax", "Which district had the highest total?", argmax(el, "total", "district")),
    ("election.csv", "lookup", "Who won in 101-Bois-de-Liesse?", at(el, "district", "101-Bois-de-Liesse", "winner")),
    ("election.csv", "count", "How many districts were won by a majority?", num((el.result == "majority").sum())),
    ("election.csv", "average", "What was the average total vote per district?", num(el.total.mean())),
    # Wind: a row a direction and strength.
    ("wind.csv", "sum", "What is the total frequency for the N direction?", num(wd[wd.direction == "N"].frequency.sum())),
    ("wind.csv", "group", "Which direction had the highest total frequency?", group_best(wd, "direction", "frequency", "sum")),
    # Medals: a row a nation.
    ("medals.csv", "lookup", "How many gold medals did China win?", at(md, "nation", "China", "gold")),
    ("medals.csv", "argmax", "Which nation won the most silver medals?", argmax(md, "silver", "nation")),
    # Nothing in the tables answers these.
    ("gapminder.csv", "unanswerable", "What was the life expectancy in Atlantis in 2007?", UNKNOWN),
    ("gapminder.csv", "unanswerable", "What was the population of France in 2020?", UNKNOWN),
    ("tips.csv", "unanswerable", "What is the average tip on Mondays?", UNKNOWN),
    ("stocks.csv", "unanswerable", "What was the highest value of TSLA?", UNKNOWN),
    ("election.csv", "unanswerable", "How many districts did Plante win?", UNKNOWN),
    ("wind.csv", "unanswerable", "What is the average temperature for the N direction?", UNKNOWN),
]

write(Q, "pl6", out)
