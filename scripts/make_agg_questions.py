"""Analyst questions over real public tables, with gold answers computed by pandas.

The tables are the vega-datasets CSVs that `scripts/vega_data.sh` fetches
(NOAA Seattle weather, BLS employment, stock prices, EIA Iowa electricity,
LA Times riot deaths, car models, FAA airports as SQLite). Each question is
written here in plain language next to the pandas expression that answers
it; the script runs the expressions and writes one JSON line per question
to tests/data/vega_questions.jsonl. No gold answer is typed by hand.

The gold shapes are in scripts/agg_gold.py.

Usage: python scripts/make_agg_questions.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sqlite3
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, group_best, mode, num, one, top, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/vega_questions.jsonl"

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



# (file, kind, question, gold)
Q = [
    # Seattle weather, 2012-2015, one row a day.
    ("seattle-weather.csv", "count", "How many days did it snow in Seattle?", num((sw.weather == "snow").sum())),
    ("seattle-weather.csv", "count", "How many days had rain?", num((sw.weather == "rain").sum())),
    ("seattle-weather.csv", "count", "How many days had fog?", num((sw.weather == "fog").sum())),
    ("seattle-weather.csv", "average", "What is the average temp_max?", num(sw.temp_max.mean())),
    ("seattle-weather.csv", "average", "What was the average maximum temperature in Seattle?", num(sw.temp_max.mean())),
    ("seattle-weather.csv", "max", "What was the highest temp_max?", num(sw.temp_max.max())),
    ("seattle-weather.csv", "min", "What was the lowest temp_min?", num(sw.temp_min.min())),
    ("seattle-weather.csv", "sum", "What was the total precipitation in 2015?", num(sw[sw.year == 2015].precipitation.sum())),
    ("seattle-weather.csv", "average", "What was the average wind in 2012?", num(sw[sw.year == 2012].wind.mean())),
    ("seattle-weather.csv", "argmax", "On which date was the precipitation highest?", argmax(sw, "precipitation", "date")),
    ("seattle-weather.csv", "count", "How many days in 2014 had temp_max above 30?", num(((sw.year == 2014) & (sw.temp_max > 30)).sum())),
    ("seattle-weather.csv", "group", "Which weather occurred most often?", mode(sw.weather)),
    ("seattle-weather.csv", "max", "What was the maximum wind in 2013?", num(sw[sw.year == 2013].wind.max())),
    ("seattle-weather.csv", "count", "How many days had precipitation greater than 20?", num((sw.precipitation > 20).sum())),
    ("seattle-weather.csv", "average", "What was the average temp_min when the weather was snow?", num(sw[sw.weather == "snow"].temp_min.mean())),
    ("seattle-weather.csv", "group", "Which year had the highest total precipitation?", group_best(sw, "year", "precipitation", "sum")),
    ("seattle-weather.csv", "count", "How many days of Seattle weather are recorded?", num(len(sw))),
    # Car models (cars.json as CSV).
    ("cars.csv", "count", "How many cars are from Japan?", num((cars.Origin == "Japan").sum())),
    ("cars.csv", "average", "What is the average miles per gallon of cars from Japan?", num(cars[cars.Origin == "Japan"].Miles_per_Gallon.mean())),
    ("cars.csv", "count", "How many cars have 8 cylinders?", num((cars.Cylinders == 8).sum())),
    ("cars.csv", "argmax", "Which car has the highest horsepower?", argmax(cars, "Horsepower", "Name")),
    ("cars.csv", "average", "What is the average horsepower of cars with 4 cylinders?", num(cars[cars.Cylinders == 4].Horsepower.mean())),
    ("cars.csv", "group", "Which origin has the highest average miles per gallon?", group_best(cars, "Origin", "Miles_per_Gallon", "mean")),
    ("cars.csv", "max", "What is the maximum weight in lbs of a car?", num(cars.Weight_in_lbs.max())),
    ("cars.csv", "argmin", "Which car has the lowest weight?", argmin(cars, "Weight_in_lbs", "Name")),
    ("cars.csv", "count", "How many cars from Europe have more than 100 horsepower?", num(((cars.Origin == "Europe") & (cars.Horsepower > 100)).sum())),
    ("cars.csv", "sum", "What is the total displacement of all cars?", num(cars.Displacement.sum())),
    ("cars.csv", "count_distinct", "How many different origins do the cars have?", num(cars.Origin.nunique())),
    ("cars.csv", "average", "What is the average acceleration of cars from 1975?", num(cars[cars.year == 1975].Acceleration.mean())),
    ("cars.csv", "top", "Which 3 cars have the highest horsepower?", top(cars, "Horsepower", "Name", 3)),
    ("cars.csv", "min", "What is the lowest miles per gallon among cars with 8 cylinders?", num(cars[cars.Cylinders == 8].Miles_per_Gallon.min())),
    ("cars.csv", "count", "How many cars weigh more than 4000 lbs?", num((cars.Weight_in_lbs > 4000).sum())),
    # Monthly stock prices, 2000-2010.
    ("stocks.csv", "max", "What was the highest price of AAPL?", num(st[st.symbol == "AAPL"].price.max())),
    ("stocks.csv", "average", "What was the average price of MSFT?", num(st[st.symbol == "MSFT"].price.mean())),
    ("stocks.csv", "lookup", "What was the price of IBM on Jan 1 2005?", one(st[(st.symbol == "IBM") & (st.d == "2005-01-01")].price)),
    ("stocks.csv", "group", "Which symbol has the highest average price?", group_best(st, "symbol", "price", "mean")),
    ("stocks.csv", "min", "What was the lowest price of AMZN?", num(st[st.symbol == "AMZN"].price.min())),
    ("stocks.csv", "argmax", "When did GOOG reach its highest price?", argmax(st[st.symbol == "GOOG"], "price", "date")),
    ("stocks.csv", "difference", "How much did the price of AAPL change from Jan 1 2005 to Jan 1 2010?",
     num(st[(st.symbol == "AAPL") & (st.d == "2010-01-01")].price.iloc[0] - st[(st.symbol == "AAPL") & (st.d == "2005-01-01")].price.iloc[0])),
    ("stocks.csv", "count", "How many monthly prices are there for GOOG?", num((st.symbol == "GOOG").sum())),
    ("stocks.csv", "average", "What was the average price of AMZN in 2009?", num(st[(st.symbol == "AMZN") & (st.d.dt.year == 2009)].price.mean())),
    # US employment by month, 2006-2015 (thousands).
    ("us-employment.csv", "argmax", "Which month had the highest nonfarm employment?", argmax(emp, "nonfarm", "month")),
    ("us-employment.csv", "min", "What was the lowest nonfarm_change?", num(emp.nonfarm_change.min())),
    ("us-employment.csv", "average", "What was the average construction employment in 2010?", num(emp[emp.d.dt.year == 2010].construction.mean())),
    ("us-employment.csv", "count", "How many months had a nonfarm change below 0?", num((emp.nonfarm_change < 0).sum())),
    ("us-employment.csv", "lookup", "What was manufacturing employment in January 2009?", one(emp[emp.d == "2009-01-01"].manufacturing)),
    ("us-employment.csv", "argmin", "In which month was the nonfarm change the lowest?", argmin(emp, "nonfarm_change", "month")),
    ("us-employment.csv", "sum", "What was the total nonfarm change in 2009?", num(emp[emp.d.dt.year == 2009].nonfarm_change.sum())),
    ("us-employment.csv", "max", "What was the maximum government employment?", num(emp.government.max())),
    # Iowa electricity by source and year, 2001-2017.
    ("iowa-electricity.csv", "sum", "What was the total net generation from Renewables?", num(ia[ia.source == "Renewables"].net_generation.sum())),
    ("iowa-electricity.csv", "lookup", "What was the net generation of Nuclear Energy in 2010?", one(ia[(ia.source == "Nuclear Energy") & (ia.y == 2010)].net_generation)),
    ("iowa-electricity.csv", "group", "Which source had the highest total net generation?", group_best(ia, "source", "net_generation", "sum")),
    # "In which year": the year ("2017"), not the date the CSV writes for it.
    ("iowa-electricity.csv", "argmax", "In which year did Renewables have the highest net generation?", argmax(ia[ia.source == "Renewables"], "net_generation", "y")),
    ("iowa-electricity.csv", "sum", "What was the total net generation in 2017?", num(ia[ia.y == 2017].net_generation.sum())),
    ("iowa-electricity.csv", "average", "What was the average net generation of Fossil Fuels?", num(ia[ia.source == "Fossil Fuels"].net_generation.mean())),
    ("iowa-electricity.csv", "difference", "How much did the net generation of Renewables change from 2001 to 2017?",
     num(ia[(ia.source == "Renewables") & (ia.y == 2017)].net_generation.iloc[0] - ia[(ia.source == "Renewables") & (ia.y == 2001)].net_generation.iloc[0])),
    # Deaths during the 1992 Los Angeles riots.
    ("la-riots.csv", "count", "How many victims were Latino?", num((la.race == "Latino").sum())),
    ("la-riots.csv", "average", "What was the average age of the victims?", num(la.age.mean())),
    ("la-riots.csv", "count", "How many deaths were of type Homicide?", num((la.type == "Homicide").sum())),
    ("la-riots.csv", "group", "Which neighborhood had the most deaths?", mode(la.neighborhood)),
    ("la-riots.csv", "count", "How many victims were female?", num((la.gender == "Female").sum())),
    ("la-riots.csv", "max", "What was the age of the oldest victim?", num(la.age.max())),
    ("la-riots.csv", "count", "How many deaths were officer-involved shootings?", num((la.type == "Officer-involved shooting").sum())),
    ("la-riots.csv", "count", "How many people died on 1992-04-30?", num((la.death_date == "1992-04-30").sum())),
    # US airports (a SQLite database).
    ("airports.db", "count", "How many airports are in the state TX?", num((ap.state == "TX").sum())),
    ("airports.db", "count", "How many airports are in Texas?", num((ap.state == "TX").sum())),
    ("airports.db", "group", "Which city has the most airports?", mode(ap.city)),
    ("airports.db", "lookup", "What is the name of the airport with iata code JFK?", one(ap[ap.iata == "JFK"].name)),
    ("airports.db", "lookup", "In which city is the airport LAX?", one(ap[ap.iata == "LAX"].city)),
    ("airports.db", "count", "How many airports are in the city Chicago?", num((ap.city == "Chicago").sum())),
    ("airports.db", "count_distinct", "How many different states have airports?", num(ap.state.nunique())),
    ("airports.db", "argmax", "Which airport has the highest latitude?", argmax(ap, "latitude", "name")),
    # Nothing in the tables answers these.
    ("seattle-weather.csv", "unanswerable", "How many days did it hail in Seattle?", UNKNOWN),
    ("stocks.csv", "unanswerable", "What was the average price of TSLA?", UNKNOWN),
    ("cars.csv", "unanswerable", "How many cars are from Korea?", UNKNOWN),
    ("seattle-weather.csv", "unanswerable", "What was the total precipitation in 2020?", UNKNOWN),
    ("seattle-weather.csv", "unanswerable", "What was the average humidity in Seattle?", UNKNOWN),
    ("airports.db", "unanswerable", "How many airports are in the country Canada?", UNKNOWN),
    ("iowa-electricity.csv", "unanswerable", "What was the net generation from coal in 2010?", UNKNOWN),
    ("cars.csv", "unanswerable", "What is the price of the chevrolet chevelle malibu?", UNKNOWN),
    ("stocks.csv", "unanswerable", "What was the price of MSFT in 2015?", UNKNOWN),
    ("us-employment.csv", "unanswerable", "What was the unemployment rate in January 2009?", UNKNOWN),
    ("la-riots.csv", "unanswerable", "What was the average income of the victims?", UNKNOWN),
    ("airports.db", "unanswerable", "Which airline has the most flights from JFK?", UNKNOWN),
    ("cars.csv", "unanswerable", "How many Tesla cars are there?", UNKNOWN),
    ("us-employment.csv", "unanswerable", "What was nonfarm employment in 2020?", UNKNOWN),
    ("seattle-weather.csv", "unanswerable", "What was the wind in Seattle on 2016/05/01?", UNKNOWN),
    ("stocks.csv", "unanswerable", "What was the revenue of GOOG in 2008?", UNKNOWN),
    ("seattle-weather.csv", "unanswerable", "How many hurricanes hit Seattle in 2014?", UNKNOWN),
    ("la-riots.csv", "unanswerable", "How many victims were from Canada?", UNKNOWN),
    ("iowa-electricity.csv", "unanswerable", "What was the net generation of Solar in 2030?", UNKNOWN),
    ("cars.csv", "unanswerable", "What is the top speed of the ford pinto?", UNKNOWN),
]

write(Q, "vega", out)
