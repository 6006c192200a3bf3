"""A twenty-second set of analyst questions over real public tables, written blind.

Written in session 54 together with the twenty-third set, after that
session's last fixes, over six more R datasets the project had never
loaded (`bash scripts/rdatasets_data.sh --twenty-second`), and committed
before the agent was run on any of them. Its first run is the held-out
figure for the session's final code; no rule was written for it.

- women.csv: 15 American women aged 30-39: height (in), weight (lb);
- cars.csv: 50 cars of the 1920s: speed (mph), stopping distance (`dist`,
  ft);
- USJudgeRatings.csv: lawyers' ratings of 43 judges named in the row
  names: integrity (`INTG`), diligence (`DILG`), worthy of retention
  (`RTEN`) and others, as capitals;
- rock.csv: 48 rock samples: pore area, perimeter (`peri`), shape,
  permeability (`perm`);
- Galton.csv: 928 children's heights and their parents' mean height;
- Cigar.csv: cigarette price, population, sales by state (codes) and year
  (written "63" to "92").

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_twenty_second.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_twenty_second_questions.jsonl"

wo = pd.read_csv(f"{data}/women.csv")
ca = pd.read_csv(f"{data}/cars.csv")
ju = pd.read_csv(f"{data}/USJudgeRatings.csv").rename(columns={"Unnamed: 0": "judge"})
ro = pd.read_csv(f"{data}/rock.csv")
ga = pd.read_csv(f"{data}/Galton.csv")
ci = pd.read_csv(f"{data}/Cigar.csv")

# What the unanswerable questions name is in no row or column.
assert not any("age" == c.lower() for c in wo.columns) and not any("weight" in c.lower() for c in ca.columns)
assert "SMITH,J." not in set(ju.judge) and not any("poro" in c.lower() for c in ro.columns)
assert not any("weight" in c.lower() for c in ga.columns) and 95 not in set(ci.year)

# (file, kind, question, gold)
Q = [
    # Women: a row a height.
    ("women.csv", "average", "What is the average weight of the women?", num(wo.weight.mean())),
    ("women.csv", "lookup", "What is the weight of a woman who is 65 inches tall?", at(wo, "height", 65, "weight")),
    ("women.csv", "count", "How many women are taller than 65 inches?", num((wo.height > 65).sum())),
    ("women.csv", "max", "What is the maximum weight?", num(wo.weight.max())),
    ("women.csv", "average", "What is the average height?", num(wo.height.mean())),
    # Cars: a row a car.
    ("cars.csv", "average", "What is the average stopping distance?", num(ca.dist.mean())),
    ("cars.csv", "max", "What is the highest speed?", num(ca.speed.max())),
    ("cars.csv", "count", "How many cars had a speed above 20?", num((ca.speed > 20).sum())),
    ("cars.csv", "max", "What is the longest stopping distance?", num(ca.dist.max())),
    ("cars.csv", "average", "What is the average distance for cars going 10 mph?", num(ca[ca.speed == 10].dist.mean())),
    # Judges: a row a judge.
    ("USJudgeRatings.csv", "argmax", "Which judge has the highest integrity rating?", argmax(ju, "INTG", "judge")),
    ("USJudgeRatings.csv", "average", "What is the average integrity rating?", num(ju.INTG.mean())),
    ("USJudgeRatings.csv", "lookup", "What is the retention rating of AARONSON,L.H.?", at(ju, "judge", "AARONSON,L.H.", "RTEN")),
    ("USJudgeRatings.csv", "count", "How many judges have a retention rating above 8?", num((ju.RTEN > 8).sum())),
    ("USJudgeRatings.csv", "min", "What is the lowest diligence rating?", num(ju.DILG.min())),
    # Rock: a row a sample.
    ("rock.csv", "average", "What is the average area?", num(ro.area.mean())),
    ("rock.csv", "max", "What is the maximum perimeter?", num(ro.peri.max())),
    ("rock.csv", "average", "What is the average permeability?", num(ro.perm.mean())),
    ("rock.csv", "count", "How many samples have a permeability above 1000?", num((ro.perm > 1000).sum())),
    ("rock.csv", "min", "What is the smallest shape value?", num(ro["shape"].min())),
    # Galton: a row a child.
    ("Galton.csv", "average", "What is the average child height?", num(ga.child.mean())),
    ("Galton.csv", "average", "What is the average parent height?", num(ga.parent.mean())),
    ("Galton.csv", "count", "How many children are taller than 70 inches?", num((ga.child > 70).sum())),
    ("Galton.csv", "max", "What is the height of the tallest child?", num(ga.child.max())),
    ("Galton.csv", "average", "What is the average child height when the parent height is 72.5?", num(ga[ga.parent == 72.5].child.mean())),
    # Cigarettes: a row a state and year.
    ("Cigar.csv", "average", "What was the average cigarette price in 1992?", num(ci[ci.year == 92].price.mean())),
    ("Cigar.csv", "max", "What is the highest sales figure?", num(ci.sales.max())),
    ("Cigar.csv", "average", "What were the average sales in 1980?", num(ci[ci.year == 80].sales.mean())),
    ("Cigar.csv", "group", "Which year had the highest average price?", group_best(ci, "year", "price", "mean")),
    ("Cigar.csv", "average", "What is the average population?", num(ci["pop"].mean())),
    # Nothing in the tables answers these.
    ("women.csv", "unanswerable", "What is the average age of the women?", UNKNOWN),
    ("cars.csv", "unanswerable", "What is the average weight of the cars?", UNKNOWN),
    ("USJudgeRatings.csv", "unanswerable", "What is the retention rating of SMITH,J.?", UNKNOWN),
    ("rock.csv", "unanswerable", "What is the average porosity?", UNKNOWN),
    ("Galton.csv", "unanswerable", "What is the average weight of the children?", UNKNOWN),
    ("Cigar.csv", "unanswerable", "What was the average cigarette price in 1995?", UNKNOWN),
]

write(Q, "rd22", out)
