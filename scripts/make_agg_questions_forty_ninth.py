"""A forty-ninth set of analyst questions over real public tables, written blind.

Written at the start of session 65 over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --forty-ninth`), and
committed before the agent was run on any of them. Its first run is a
held-out figure.

- tips.csv: 244 restaurant bills (reshape2): `total_bill`, `tip`, the
  payer's `sex`, `smoker` (Yes/No), `day` (Thur, Fri, Sat, Sun), `time`
  (Lunch/Dinner), party `size`;
- iris.csv: 150 irises (datasets): sepal and petal length and width (cm),
  `Species` (setosa, versicolor, virginica);
- baseball.csv: 21,699 batting seasons of 1,228 players, 1871-2007 (plyr):
  player `id`, `year`, `team`, league `lg`, games `g`, at bats `ab`, runs
  `r`, hits `h`, home runs `hr`, stolen bases `sb`, …;
- AMSsurvey.csv: new mathematics PhDs in the US (car): institution `type`
  (I(Pu), I(Pr), II, III, IV, Va), `sex`, `citizen` (US/Non-US), `count`
  (2008-09) and `count11` (2011-12);
- movies.csv: 58,788 films from IMDb (ggplot2): `title`, `year`, `length`
  (minutes), `budget`, `rating`, `votes`, `mpaa`, 0/1 genre flags
  (Action, Comedy, Drama, …);
- Vocab.csv: 21,638 respondents of the US General Social Survey,
  1974-2004 (car): `year`, `sex`, `education` (years), `vocabulary` (words
  right of 10).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_forty_ninth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_forty_ninth_questions.jsonl"

ti = pd.read_csv(f"{data}/tips.csv", index_col=0)
ir = pd.read_csv(f"{data}/iris.csv", index_col=0)
bb = pd.read_csv(f"{data}/baseball.csv", index_col=0)
am = pd.read_csv(f"{data}/AMSsurvey.csv", index_col=0)
mv = pd.read_csv(f"{data}/movies.csv", index_col=0)
vo = pd.read_csv(f"{data}/Vocab.csv", index_col=0)

# What the unanswerable questions name is in no row or column.
assert "Mon" not in set(ti.day) and "germanica" not in set(ir.Species)
assert 2010 not in set(bb.year) and "VII" not in set(am.type)
assert 2010 not in set(mv.year) and 1970 not in set(vo.year)

# (file, kind, question, gold)
Q = [
    # Restaurant bills: a row a bill.
    ("tips.csv", "average", "What is the average tip?", num(ti.tip.mean())),
    ("tips.csv", "count", "How many bills were paid on Saturday?", num((ti.day == "Sat").sum())),
    ("tips.csv", "average", "What is the average tip at dinner?", num(ti.tip[ti.time == "Dinner"].mean())),
    ("tips.csv", "group", "Which day has the highest average total bill?", group_best(ti, "day", "total_bill", "mean")),
    ("tips.csv", "count", "How many bills were paid by smokers?", num((ti.smoker == "Yes").sum())),
    ("tips.csv", "max", "What is the largest party size?", num(ti["size"].max())),
    # Irises: a row a flower.
    ("iris.csv", "average", "What is the average petal length?", num(ir["Petal.Length"].mean())),
    ("iris.csv", "average", "What is the average sepal width of setosa flowers?", num(ir["Sepal.Width"][ir.Species == "setosa"].mean())),
    ("iris.csv", "group", "Which species has the largest average petal width?", group_best(ir, "Species", "Petal.Width", "mean")),
    ("iris.csv", "count", "How many flowers have a petal length greater than 5?", num((ir["Petal.Length"] > 5).sum())),
    ("iris.csv", "max", "What is the maximum sepal length of versicolor?", num(ir["Sepal.Length"][ir.Species == "versicolor"].max())),
    # Batting seasons: a row a player's stint with a team in a year.
    ("baseball.csv", "sum", "How many home runs were hit in 2000?", num(bb.hr[bb.year == 2000].sum())),
    ("baseball.csv", "argmax", "Which player hit the most home runs in a single season?", argmax(bb, "hr", "id")),
    ("baseball.csv", "average", "What is the average number of at bats?", num(bb.ab.mean())),
    ("baseball.csv", "group", "Which team appears most often?", mode(bb.team)),
    ("baseball.csv", "sum", "What is the total number of stolen bases in 1990?", num(bb.sb[bb.year == 1990].sum())),
    ("baseball.csv", "count", "How many different players are there?", num(bb.id.nunique())),
    # New mathematics PhDs: a row a type, sex and citizenship.
    ("AMSsurvey.csv", "sum", "How many female PhDs are counted in total?", num(am["count"][am.sex == "Female"].sum())),
    ("AMSsurvey.csv", "sum", "What is the total count for non-US citizens?", num(am["count"][am.citizen == "Non-US"].sum())),
    ("AMSsurvey.csv", "group", "Which type has the largest total count?", group_best(am, "type", "count", "sum")),
    ("AMSsurvey.csv", "sum", "What is the total count11 for males?", num(am.count11[am.sex == "Male"].sum())),
    ("AMSsurvey.csv", "count", "How many groups have a count above 50?", num((am["count"] > 50).sum())),
    # IMDb films: a row a film.
    ("movies.csv", "count", "How many movies were released in 1999?", num((mv.year == 1999).sum())),
    ("movies.csv", "average", "What is the average rating of the movies?", num(mv.rating.mean())),
    ("movies.csv", "argmax", "Which movie has the most votes?", argmax(mv, "votes", "title")),
    ("movies.csv", "count", "How many comedies are there?", num((mv.Comedy == 1).sum())),
    ("movies.csv", "average", "What is the average length of R rated movies?", num(mv.length[mv.mpaa == "R"].mean())),
    ("movies.csv", "max", "What is the highest budget?", num(mv.budget.max())),
    # General Social Survey: a row a respondent.
    ("Vocab.csv", "average", "What is the average vocabulary score?", num(vo.vocabulary.mean())),
    ("Vocab.csv", "average", "What is the average vocabulary score of women?", num(vo.vocabulary[vo.sex == "Female"].mean())),
    ("Vocab.csv", "count", "How many respondents were surveyed in 2004?", num((vo.year == 2004).sum())),
    ("Vocab.csv", "group", "Which year had the highest average vocabulary score?", group_best(vo, "year", "vocabulary", "mean")),
    ("Vocab.csv", "count", "How many respondents have more than 16 years of education?", num((vo.education > 16).sum())),
    # Nothing in the tables answers these.
    ("tips.csv", "unanswerable", "What is the average tip on Monday?", UNKNOWN),
    ("iris.csv", "unanswerable", "How many flowers are of the species germanica?", UNKNOWN),
    ("baseball.csv", "unanswerable", "How many home runs were hit in 2010?", UNKNOWN),
    ("AMSsurvey.csv", "unanswerable", "What is the total count for type VII?", UNKNOWN),
    ("movies.csv", "unanswerable", "How many movies were released in 2010?", UNKNOWN),
    ("Vocab.csv", "unanswerable", "What is the average vocabulary score in 1970?", UNKNOWN),
]

write(Q, "rd49", out)
