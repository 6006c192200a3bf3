"""A twelfth set of analyst questions over real public tables, written blind.

Written in session 52, after the eleventh set's fixes, over six more R
datasets the project had never loaded (`bash scripts/rdatasets_data.sh
--twelfth`), and committed before the agent was run on any of them. Its
first run is the held-out figure for the session's code at that commit.

- LifeCycleSavings.csv: 50 countries named in the row names: savings
  rate (`sr`), shares under 15 and over 75 (`pop15`, `pop75`), income per
  head (`dpi`) and its growth (`ddpi`);
- InsectSprays.csv: insects counted after six sprays, lettered A to F;
- painters.csv: 54 painters named in the row names, scored on
  composition, drawing, colour and expression, their school a letter;
- UN.csv: 207 countries' infant mortality and GDP per head;
- Animals.csv: 28 animals' body and brain weights;
- Davis.csv: 200 people's measured and reported weight and height, sex as
  "M" and "F".

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twelfth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, argmin, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twelfth_questions.jsonl"

ls = pd.read_csv(f"{data}/LifeCycleSavings.csv").rename(columns={"Unnamed: 0": "country"})
ins = pd.read_csv(f"{data}/InsectSprays.csv")
pa = pd.read_csv(f"{data}/painters.csv").rename(columns={"Unnamed: 0": "painter"})
un = pd.read_csv(f"{data}/UN.csv").rename(columns={"Unnamed: 0": "country"})
an = pd.read_csv(f"{data}/Animals.csv").rename(columns={"Unnamed: 0": "animal"})
da = pd.read_csv(f"{data}/Davis.csv")

# What the unanswerable questions name is in no row.
assert "Mexico" not in set(ls.country) and "G" not in set(ins.spray) and "Picasso" not in set(pa.painter)
assert "Atlantis" not in set(un.country) and "Tiger" not in set(an.animal)

# (file, kind, question, gold)
Q = [
    # Savings across countries: a row a country.
    ("LifeCycleSavings.csv", "argmax", "Which country has the highest savings rate?", argmax(ls, "sr", "country")),
    ("LifeCycleSavings.csv", "lookup", "What is the savings rate of Japan?", at(ls, "country", "Japan", "sr")),
    ("LifeCycleSavings.csv", "average", "What is the average disposable income per capita?", num(ls.dpi.mean())),
    ("LifeCycleSavings.csv", "count", "How many countries have a savings rate above 15?", num((ls.sr > 15).sum())),
    ("LifeCycleSavings.csv", "argmin", "Which country has the lowest percentage of population under 15?", argmin(ls, "pop15", "country")),
    # Insect sprays: a row a plot.
    ("InsectSprays.csv", "group", "Which spray has the lowest average insect count?", {"type": "one_of", "values": sorted(map(str, (g := ins.groupby("spray")["count"].mean())[g == g.min()].index))}),
    ("InsectSprays.csv", "sum", "What is the total insect count for spray C?", num(ins[ins.spray == "C"]["count"].sum())),
    ("InsectSprays.csv", "average", "What is the average count for spray A?", num(ins[ins.spray == "A"]["count"].mean())),
    ("InsectSprays.csv", "max", "What is the highest insect count?", num(ins["count"].max())),
    ("InsectSprays.csv", "count", "How many observations are there for spray F?", num((ins.spray == "F").sum())),
    # Painters: a row a painter.
    ("painters.csv", "argmax", "Which painter has the highest drawing score?", argmax(pa, "Drawing", "painter")),
    ("painters.csv", "lookup", "What is Rubens's colour score?", at(pa, "painter", "Rubens", "Colour")),
    ("painters.csv", "average", "What is the average composition score of school D painters?", num(pa[pa.School == "D"].Composition.mean())),
    ("painters.csv", "count", "How many painters belong to school A?", num((pa.School == "A").sum())),
    ("painters.csv", "group", "Which school has the highest average expression score?", group_best(pa, "School", "Expression", "mean")),
    # Countries of the UN: a row a country.
    ("UN.csv", "lookup", "What is the infant mortality of Brazil?", at(un, "country", "Brazil", "infant.mortality")),
    ("UN.csv", "argmax", "Which country has the highest GDP?", argmax(un, "gdp", "country")),
    ("UN.csv", "count", "How many countries have an infant mortality rate above 100?", num((un["infant.mortality"] > 100).sum())),
    ("UN.csv", "average", "What is the average GDP per capita?", num(un.gdp.mean())),
    ("UN.csv", "argmin", "Which country has the lowest infant mortality?", argmin(un, "infant.mortality", "country")),
    # Animals: a row an animal.
    ("Animals.csv", "argmax", "Which animal has the largest brain?", argmax(an, "brain", "animal")),
    ("Animals.csv", "lookup", "What is the body weight of a cow?", at(an, "animal", "Cow", "body")),
    ("Animals.csv", "count", "How many animals have a body weight over 1000 kg?", num((an.body > 1000).sum())),
    ("Animals.csv", "lookup", "How heavy is the brain of a chimpanzee?", at(an, "animal", "Chimpanzee", "brain")),
    ("Animals.csv", "argmin", "Which animal has the smallest body weight?", argmin(an, "body", "animal")),
    # Measured and reported weights: a row a person.
    ("Davis.csv", "average", "What is the average weight of women?", num(da[da.sex == "F"].weight.mean())),
    ("Davis.csv", "average", "What is the average height of men?", num(da[da.sex == "M"].height.mean())),
    ("Davis.csv", "count", "How many people are taller than 180 cm?", num((da.height > 180).sum())),
    ("Davis.csv", "max", "What is the highest reported weight?", num(da.repwt.max())),
    ("Davis.csv", "count", "How many men are in the data?", num((da.sex == "M").sum())),
    # Nothing in the tables answers these.
    ("LifeCycleSavings.csv", "unanswerable", "What is the savings rate of Mexico?", UNKNOWN),
    ("InsectSprays.csv", "unanswerable", "What is the average count for spray G?", UNKNOWN),
    ("painters.csv", "unanswerable", "What is Picasso's drawing score?", UNKNOWN),
    ("UN.csv", "unanswerable", "What is the infant mortality of Atlantis?", UNKNOWN),
    ("Animals.csv", "unanswerable", "What is the brain weight of a tiger?", UNKNOWN),
    ("Davis.csv", "unanswerable", "What is the average weight of children?", UNKNOWN),
]

write(Q, "rd12", out)
