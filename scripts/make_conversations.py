"""Conversations for `aurag eval chat`, with gold answers computed by pandas.

Each conversation is two to four turns over one workspace: the real public
tables that `scripts/vega_data.sh` fetches ("vega"), or the bundled sample
workspace, assets/sample ("sample"). Every follow-up turn ("what about
Europe?", "and in 2014?", "top 3 instead", "as a percentage", "and the
lowest?") is written beside the same question asked in full, so the
evaluation can say how often a follow-up is as right as its full form.
"why?" turns have no full form: they are right when they cite the turn
before's evidence. The gold answers come from the pandas expressions here,
run over the same files; none is typed by hand.

Gold shapes are those of scripts/make_agg_questions.py.

Usage: python scripts/make_conversations.py VEGA_DIR [OUT]
(needs pandas and openpyxl: `pip install pandas==2.2.3 openpyxl`).
"""
import json
import sqlite3
import sys

import pandas as pd

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/conversations.jsonl"

sw = pd.read_csv(f"{data}/seattle-weather.csv")
sw["year"] = pd.to_datetime(sw["date"]).dt.year
cars = pd.read_csv(f"{data}/cars.csv")
cars["year"] = pd.to_datetime(cars["Year"]).dt.year
st = pd.read_csv(f"{data}/stocks.csv")
st["d"] = pd.to_datetime(st["date"], format="%b %d %Y")
emp = pd.read_csv(f"{data}/us-employment.csv")
emp["d"] = pd.to_datetime(emp["month"])
ia = pd.read_csv(f"{data}/iowa-electricity.csv")
ia["y"] = pd.to_datetime(ia["year"]).dt.year
la = pd.read_csv(f"{data}/la-riots.csv")
ap = pd.read_sql("SELECT * FROM airports", sqlite3.connect(f"{data}/airports.db"))

# The sample workspace's sheet and database.
sales = pd.read_excel("assets/sample/financials.xlsx", sheet_name="Net sales by region", header=None, skiprows=4, usecols="A:E", names=["region", "s2018", "p2018", "s2017", "p2017"])
sales = sales.dropna(subset=["region"])
gw = pd.read_sql("SELECT * FROM goodwill_by_segment", sqlite3.connect("assets/sample/operations.db"))
gw["y"] = gw.period_end.str[-4:].astype(int)


def num(x):
    return {"type": "number", "value": round(float(x), 6)}


def pct(part, whole):
    return num(100.0 * part / whole)


def argmax(df, by, col):
    return {"type": "one_of", "values": sorted(map(str, df.loc[df[by] == df[by].max(), col]))}


def argmin(df, by, col):
    return {"type": "one_of", "values": sorted(map(str, df.loc[df[by] == df[by].min(), col]))}


def group_best(df, key, col, agg, low=False):
    g = df.groupby(key)[col].agg(agg)
    best = g.min() if low else g.max()
    return {"type": "one_of", "values": sorted(map(str, g[g == best].index))}


def top(df, by, col, n, low=False):
    rows = df.nsmallest(n, by) if low else df.nlargest(n, by)
    return {"type": "set", "values": list(map(str, rows[col]))}


def price(sym, when):
    return st[(st.symbol == sym) & (st.d == when)].price.iloc[0]


def gen(source, year):
    return ia[(ia.source == source) & (ia.y == year)].net_generation.iloc[0]


def region(name, year):
    return sales[sales.region == name][f"s{year}"].iloc[0]


UNKNOWN = {"type": "unknown"}
WHY = None


def t(kind, question, full, gold):
    return {"kind": kind, "question": question, "full": full, "gold": gold}


def first(question, gold):
    return t("new", question, question, gold)


def why():
    return t("why", "why?", None, WHY)


C = [
    # Car models.
    ("vega", [
        first("How many cars are from Japan?", num((cars.Origin == "Japan").sum())),
        t("swap", "what about Europe?", "How many cars are from Europe?", num((cars.Origin == "Europe").sum())),
        t("percentage", "as a percentage?", "What percentage of cars are from Europe?", pct((cars.Origin == "Europe").sum(), len(cars))),
        why(),
    ]),
    ("vega", [
        first("What is the average miles per gallon of cars from Japan?", num(cars[cars.Origin == "Japan"].Miles_per_Gallon.mean())),
        t("swap", "and for the USA?", "What is the average miles per gallon of cars from the USA?", num(cars[cars.Origin == "USA"].Miles_per_Gallon.mean())),
    ]),
    ("vega", [
        first("Which car has the highest horsepower?", argmax(cars, "Horsepower", "Name")),
        t("top_n", "top 3 instead", "Which 3 cars have the highest horsepower?", top(cars, "Horsepower", "Name", 3)),
    ]),
    ("vega", [
        first("Which car has the lowest weight?", argmin(cars, "Weight_in_lbs", "Name")),
        t("flip", "and the highest?", "Which car has the highest weight?", argmax(cars, "Weight_in_lbs", "Name")),
    ]),
    ("vega", [
        first("How many cars have 8 cylinders?", num((cars.Cylinders == 8).sum())),
        t("swap", "what about 4 cylinders?", "How many cars have 4 cylinders?", num((cars.Cylinders == 4).sum())),
        t("narrow", "and from Japan?", "How many cars from Japan have 4 cylinders?", num(((cars.Cylinders == 4) & (cars.Origin == "Japan")).sum())),
    ]),
    ("vega", [
        first("What is the average horsepower of cars with 4 cylinders?", num(cars[cars.Cylinders == 4].Horsepower.mean())),
        t("swap", "and with 6?", "What is the average horsepower of cars with 6 cylinders?", num(cars[cars.Cylinders == 6].Horsepower.mean())),
    ]),
    ("vega", [
        first("What is the average acceleration of cars from 1975?", num(cars[cars.year == 1975].Acceleration.mean())),
        t("years", "and from 1980?", "What is the average acceleration of cars from 1980?", num(cars[cars.year == 1980].Acceleration.mean())),
    ]),
    ("vega", [
        first("How many cars are from Japan?", num((cars.Origin == "Japan").sum())),
        t("swap", "what about Korea?", "How many cars are from Korea?", UNKNOWN),
    ]),
    # Seattle weather.
    ("vega", [
        first("How many days did it snow in Seattle?", num((sw.weather == "snow").sum())),
        t("swap", "and rain?", "How many days did it rain in Seattle?", num((sw.weather == "rain").sum())),
        t("years", "in 2013?", "How many days did it rain in Seattle in 2013?", num(((sw.weather == "rain") & (sw.year == 2013)).sum())),
    ]),
    ("vega", [
        first("What was the total precipitation in 2015?", num(sw[sw.year == 2015].precipitation.sum())),
        t("years", "and in 2014?", "What was the total precipitation in 2014?", num(sw[sw.year == 2014].precipitation.sum())),
        t("percentage", "as a percentage", "What percentage of the total precipitation fell in 2014?", pct(sw[sw.year == 2014].precipitation.sum(), sw.precipitation.sum())),
    ]),
    ("vega", [
        first("What was the total precipitation in 2015?", num(sw[sw.year == 2015].precipitation.sum())),
        t("years", "and in 2020?", "What was the total precipitation in 2020?", UNKNOWN),
    ]),
    ("vega", [
        first("What was the average wind in 2012?", num(sw[sw.year == 2012].wind.mean())),
        t("years", "what about 2013?", "What was the average wind in 2013?", num(sw[sw.year == 2013].wind.mean())),
        t("aggregate", "and the maximum?", "What was the maximum wind in 2013?", num(sw[sw.year == 2013].wind.max())),
    ]),
    ("vega", [
        first("How many days in 2014 had temp_max above 30?", num(((sw.year == 2014) & (sw.temp_max > 30)).sum())),
        t("years", "and in 2015?", "How many days in 2015 had temp_max above 30?", num(((sw.year == 2015) & (sw.temp_max > 30)).sum())),
    ]),
    ("vega", [
        first("Which year had the highest total precipitation?", group_best(sw, "year", "precipitation", "sum")),
        t("flip", "and the lowest?", "Which year had the lowest total precipitation?", group_best(sw, "year", "precipitation", "sum", low=True)),
    ]),
    # Stock prices.
    ("vega", [
        first("What was the highest price of AAPL?", num(st[st.symbol == "AAPL"].price.max())),
        t("swap", "and of MSFT?", "What was the highest price of MSFT?", num(st[st.symbol == "MSFT"].price.max())),
        t("flip", "and the lowest?", "What was the lowest price of MSFT?", num(st[st.symbol == "MSFT"].price.min())),
    ]),
    ("vega", [
        first("What was the average price of AMZN in 2009?", num(st[(st.symbol == "AMZN") & (st.d.dt.year == 2009)].price.mean())),
        t("years", "and in 2008?", "What was the average price of AMZN in 2008?", num(st[(st.symbol == "AMZN") & (st.d.dt.year == 2008)].price.mean())),
        t("swap", "what about IBM?", "What was the average price of IBM in 2008?", num(st[(st.symbol == "IBM") & (st.d.dt.year == 2008)].price.mean())),
    ]),
    ("vega", [
        first("How much did the price of AAPL change from Jan 1 2005 to Jan 1 2010?", num(price("AAPL", "2010-01-01") - price("AAPL", "2005-01-01"))),
        t("swap", "what about MSFT?", "How much did the price of MSFT change from Jan 1 2005 to Jan 1 2010?", num(price("MSFT", "2010-01-01") - price("MSFT", "2005-01-01"))),
        t("percentage", "as a percentage", "What was the percentage change in the price of MSFT from Jan 1 2005 to Jan 1 2010?", pct(price("MSFT", "2010-01-01") - price("MSFT", "2005-01-01"), price("MSFT", "2005-01-01"))),
    ]),
    ("vega", [
        first("What was the price of IBM on Jan 1 2005?", num(price("IBM", "2005-01-01"))),
        t("years", "and on Jan 1 2006?", "What was the price of IBM on Jan 1 2006?", num(price("IBM", "2006-01-01"))),
        t("years", "what about Mar 1 2006?", "What was the price of IBM on Mar 1 2006?", num(price("IBM", "2006-03-01"))),
    ]),
    ("vega", [
        first("What was the average price of MSFT?", num(st[st.symbol == "MSFT"].price.mean())),
        t("swap", "what about TSLA?", "What was the average price of TSLA?", UNKNOWN),
    ]),
    # US employment.
    ("vega", [
        first("What was manufacturing employment in January 2009?", num(emp[emp.d == "2009-01-01"].manufacturing.iloc[0])),
        t("years", "and in January 2010?", "What was manufacturing employment in January 2010?", num(emp[emp.d == "2010-01-01"].manufacturing.iloc[0])),
        t("swap", "what about construction?", "What was construction employment in January 2010?", num(emp[emp.d == "2010-01-01"].construction.iloc[0])),
    ]),
    ("vega", [
        first("What was the total nonfarm change in 2009?", num(emp[emp.d.dt.year == 2009].nonfarm_change.sum())),
        t("years", "and in 2010?", "What was the total nonfarm change in 2010?", num(emp[emp.d.dt.year == 2010].nonfarm_change.sum())),
    ]),
    ("vega", [
        first("What was the average construction employment in 2010?", num(emp[emp.d.dt.year == 2010].construction.mean())),
        t("years", "what about 2011?", "What was the average construction employment in 2011?", num(emp[emp.d.dt.year == 2011].construction.mean())),
        t("swap", "and manufacturing?", "What was the average manufacturing employment in 2011?", num(emp[emp.d.dt.year == 2011].manufacturing.mean())),
    ]),
    # Iowa electricity.
    ("vega", [
        first("What was the net generation of Nuclear Energy in 2010?", num(gen("Nuclear Energy", 2010))),
        t("years", "and in 2015?", "What was the net generation of Nuclear Energy in 2015?", num(gen("Nuclear Energy", 2015))),
        t("swap", "what about Renewables?", "What was the net generation of Renewables in 2015?", num(gen("Renewables", 2015))),
    ]),
    ("vega", [
        first("What was the total net generation from Renewables?", num(ia[ia.source == "Renewables"].net_generation.sum())),
        t("percentage", "as a percentage?", "What percentage of the total net generation was from Renewables?", pct(ia[ia.source == "Renewables"].net_generation.sum(), ia.net_generation.sum())),
    ]),
    ("vega", [
        first("How much did the net generation of Renewables change from 2001 to 2017?", num(gen("Renewables", 2017) - gen("Renewables", 2001))),
        t("percentage", "and as a percentage?", "What was the percentage change in the net generation of Renewables from 2001 to 2017?", pct(gen("Renewables", 2017) - gen("Renewables", 2001), gen("Renewables", 2001))),
        t("swap", "what about Fossil Fuels?", "What was the percentage change in the net generation of Fossil Fuels from 2001 to 2017?", pct(gen("Fossil Fuels", 2017) - gen("Fossil Fuels", 2001), gen("Fossil Fuels", 2001))),
    ]),
    # Los Angeles riots.
    ("vega", [
        first("How many victims were Latino?", num((la.race == "Latino").sum())),
        t("swap", "and Black?", "How many victims were Black?", num((la.race == "Black").sum())),
        t("percentage", "as a percentage?", "What percentage of victims were Black?", pct((la.race == "Black").sum(), len(la))),
        why(),
    ]),
    ("vega", [
        first("How many victims were female?", num((la.gender == "Female").sum())),
        t("swap", "what about male?", "How many victims were male?", num((la.gender == "Male").sum())),
    ]),
    # Airports (SQLite).
    ("vega", [
        first("How many airports are in the state TX?", num((ap.state == "TX").sum())),
        t("swap", "and in CA?", "How many airports are in the state CA?", num((ap.state == "CA").sum())),
        t("percentage", "as a percentage", "What percentage of airports are in the state CA?", pct((ap.state == "CA").sum(), len(ap))),
    ]),
    ("vega", [
        first("How many airports are in the city Chicago?", num((ap.city == "Chicago").sum())),
        t("swap", "what about Houston?", "How many airports are in the city Houston?", num((ap.city == "Houston").sum())),
    ]),
    # The bundled sample workspace: a report's sheet and a SQLite table.
    ("sample", [
        first("What were APAC net sales in 2018?", num(region("APAC", 2018))),
        t("swap", "what about EMEA?", "What were EMEA net sales in 2018?", num(region("EMEA", 2018))),
        t("years", "and in 2017?", "What were EMEA net sales in 2017?", num(region("EMEA", 2017))),
        why(),
    ]),
    ("sample", [
        first("What were Americas net sales in 2017?", num(region("Americas", 2017))),
        t("swap", "and JPKO?", "What were JPKO net sales in 2017?", num(region("JPKO", 2017))),
        t("years", "what about 2018?", "What were JPKO net sales in 2018?", num(region("JPKO", 2018))),
    ]),
    ("sample", [
        first("What was the closing goodwill of Mobileye in 2019?", num(gw[(gw.segment == "Mobileye") & (gw.y == 2019)].closing_musd.iloc[0])),
        t("swap", "what about Data Center Group?", "What was the closing goodwill of Data Center Group in 2019?", num(gw[(gw.segment == "Data Center Group") & (gw.y == 2019)].closing_musd.iloc[0])),
        t("years", "and in 2018?", "What was the closing goodwill of Data Center Group in 2018?", num(gw[(gw.segment == "Data Center Group") & (gw.y == 2018)].closing_musd.iloc[0])),
    ]),
]

with open(out, "w") as f:
    for i, (workspace, turns) in enumerate(C):
        f.write(json.dumps({"id": f"conv-{i + 1:03}", "workspace": workspace, "turns": turns}) + "\n")
follow = sum(len(ts) - 1 for _, ts in C)
print(f"{len(C)} conversations, {follow} follow-up turns -> {out}", file=sys.stderr)
