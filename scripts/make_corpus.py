#!/usr/bin/env python3
"""Builds a larger, realistic corpus from TAT-QA dev contexts for benchmarks
and acceptance-style checks (not committed; written outside the repo):

  pdf/report_NN.pdf   annual-report excerpts, 3 contexts (pages) each, tables in aligned columns
  workbook.xlsx       one sheet per context table, typed numbers with currency/percent/thousands formats
  tables.db           one SQLite table per context table (typed columns), plus a view

Usage: python3 scripts/make_corpus.py OUT_DIR [N_CONTEXTS] [TATQA_DEV_JSON]
"""
import json
import os
import re
import sqlite3
import sys

import xlsxwriter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_sample import DATA, ascii_text, make_pdf, num  # noqa: E402


def fmt_for(cell):
    s = cell.strip()
    if s.endswith("%"):
        return "pct"
    if "$" in s:
        return "money"
    if "," in s:
        return "thousands"
    return "plain"


def sheet_name(i, c):
    first = next((r[0] for r in c["table"]["table"] if r[0].strip()), "table")
    name = re.sub(r"[\[\]:*?/\\']", "", f"{i:03d} {first}")[:31]
    return name.strip() or f"{i:03d}"


def make_workbook(ctxs, path):
    wb = xlsxwriter.Workbook(path, {"constant_memory": False})
    fmts = {
        "money": wb.add_format({"num_format": '"$"#,##0.0##'}),
        "thousands": wb.add_format({"num_format": "#,##0.0##"}),
        "pct": wb.add_format({"num_format": "0.0#%"}),
        "plain": None,
    }
    bold = wb.add_format({"bold": True})
    used = set()
    for i, c in ctxs:
        name = sheet_name(i, c)
        while name.lower() in used:
            name = name[:28] + f"_{len(used)}"
        used.add(name.lower())
        ws = wb.add_worksheet(name)
        for r, row in enumerate(c["table"]["table"]):
            for col, x in enumerate(row):
                v = num(x) if col > 0 else None
                if v is not None:
                    f = fmts[fmt_for(x)]
                    if f is None:
                        ws.write_number(r, col, v)
                    else:
                        ws.write_number(r, col, v, f)
                elif x.strip():
                    ws.write(r, col, x, bold if r < 2 else None)
    wb.close()


def ident(s, used):
    base = re.sub(r"[^0-9a-zA-Z]+", "_", s).strip("_").lower()[:40] or "col"
    name, k = base, 1
    while name in used:
        k += 1
        name = f"{base}_{k}"
    used.add(name)
    return name


def make_db(ctxs, path):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    for i, c in ctxs:
        t = c["table"]["table"]
        header = [" ".join(r[j] for r in t[:2] if r[j].strip()) or f"col{j}" for j in range(len(t[0]))]
        used = set()
        cols = [ident(h if j else "item", used) for j, h in enumerate(header)]
        name = f"t{i:03d}_" + ident(next((r[0] for r in t[2:] if r[0].strip()), "table"), set())
        db.execute(f'CREATE TABLE "{name}" (' + ", ".join(f'"{c_}" {"TEXT" if j == 0 else "REAL"}' for j, c_ in enumerate(cols)) + ")")
        for row in t[2:]:
            if not any(x.strip() for x in row):
                continue
            vals = [row[0]] + [num(x) for x in row[1:]]
            db.execute(f'INSERT INTO "{name}" VALUES ({",".join("?" * len(vals))})', vals)
    db.execute("CREATE VIEW table_sizes AS SELECT name, type FROM sqlite_master WHERE type = 'table'")
    db.commit()
    db.close()


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    data = json.load(open(sys.argv[3] if len(sys.argv) > 3 else DATA))
    ctxs = list(enumerate(data))[:n]
    os.makedirs(os.path.join(out, "pdf"), exist_ok=True)
    for k in range(0, len(ctxs), 3):
        make_pdf([c for _, c in ctxs[k : k + 3]], os.path.join(out, "pdf", f"report_{k // 3:02d}.pdf"))
    make_workbook(ctxs, os.path.join(out, "workbook.xlsx"))
    make_db(ctxs, os.path.join(out, "tables.db"))
    print("wrote", out, len(ctxs), "contexts")


if __name__ == "__main__":
    main()
