"""Gold answers for the analyst question sets, computed by pandas.

Shared by scripts/make_agg_questions.py and
scripts/make_agg_questions_more.py: each question is written next to the
pandas expression that answers it, and these turn the expression's result
into the gold shapes that `aurag eval agg` scores (crates/eval/src/agg.rs):

  {"type": "number", "value": x}         a number (scored with a tolerance)
  {"type": "one_of", "values": [...]}    one of these texts, or all of them (ties of an argmax)
  {"type": "set", "values": [...]}       exactly these texts, any order (top-N)
  {"type": "unknown"}                    the tables cannot answer: say "unknown"
"""
import json

import pandas as pd


def num(x):
    return {"type": "number", "value": round(float(x), 6)}


def argmax(df, by, col):
    """Every row that ties for the maximum."""
    return {"type": "one_of", "values": sorted(map(str, df.loc[df[by] == df[by].max(), col]))}


def argmin(df, by, col):
    return {"type": "one_of", "values": sorted(map(str, df.loc[df[by] == df[by].min(), col]))}


def mode(series):
    counts = series.value_counts()
    return {"type": "one_of", "values": sorted(map(str, counts[counts == counts.max()].index))}


def group_best(df, key, col, agg):
    g = df.groupby(key)[col].agg(agg)
    return {"type": "one_of", "values": sorted(map(str, g[g == g.max()].index))}


def group_least(df, key, col, agg):
    """Every group that ties for the smallest aggregate."""
    g = df.groupby(key)[col].agg(agg)
    return {"type": "one_of", "values": sorted(map(str, g[g == g.min()].index))}


def top(df, by, col, n):
    return {"type": "set", "values": list(map(str, df.nlargest(n, by)[col]))}


def one(series):
    assert len(series) == 1, series
    return num(series.iloc[0]) if pd.api.types.is_numeric_dtype(series) else {"type": "one_of", "values": [str(series.iloc[0])]}


def at(df, key, value, col):
    """The one row whose `key` is `value`: its `col`."""
    return one(df.loc[df[key] == value, col])


UNKNOWN = {"type": "unknown"}


def write(questions, prefix, out):
    """One JSON line per question: (file, kind, question, gold) tuples, ids PREFIX-001 on."""
    with open(out, "w") as f:
        for i, (file, kind, question, gold) in enumerate(questions, 1):
            f.write(json.dumps({"id": f"{prefix}-{i:03d}", "file": file, "kind": kind, "question": question, "gold": gold}) + "\n")
    print(f"{len(questions)} questions -> {out}")
