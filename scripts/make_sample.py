#!/usr/bin/env python3
"""Builds the bundled sample workspace files in assets/sample/ from TAT-QA dev
contexts (CC BY 4.0, Zhu et al., ACL 2021), keeping the real numbers.

  annual_report_excerpt.pdf  three pages of prose, each with a table set in
                             aligned columns as annual reports do
  financials.xlsx            two sheets of typed numbers with currency,
                             thousands and percent formats, a merged header
                             and a formula with its cached value
  operations.db              a SQLite database with two tables and a view

Usage: python3 scripts/make_sample.py [TATQA_DEV_JSON] [OUT_DIR]
Needs fpdf2 and XlsxWriter (scripts/setup.sh installs them in a venv).
The outputs are committed; rerun this only to change them.
"""
import json
import os
import sqlite3
import sys

from fpdf import FPDF
import xlsxwriter

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "shared", "data", "tatqa", "tatqa_dataset_dev.json")
OUT = os.path.join(HERE, "..", "assets", "sample")

# TAT-QA dev context indices used, and why.
PDF_CONTEXTS = [0, 19, 11]   # sales by contract type; results of operations; stock-based compensation
XLSX_CONTEXTS = [18, 2]      # net sales by region (currency, percent); actuarial assumptions (percent)
SQLITE_CONTEXT = 13          # goodwill by segment, two periods


def ascii_text(s):
    """The PDF core fonts are Latin-1; map typographic characters."""
    table = {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2014": "-", "\u2013": "-", "\u2022": "*", "\u00a0": " "}
    return "".join(table.get(ch, ch) for ch in s).encode("latin-1", "replace").decode("latin-1")


def num(cell):
    """Parse a report number: '$ 1,452.4' -> 1452.4, '(155)' -> -155, '40.0%' -> 0.4."""
    s = cell.replace("$", "").replace(",", "").replace(" ", "").strip()
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    pct = s.endswith("%")
    s = s.rstrip("%")
    try:
        v = float(s)
    except ValueError:
        return None
    v = -v if neg else v
    return v / 100.0 if pct else v


def make_pdf(ctxs, path):
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(True, margin=18)
    for c in ctxs:
        pdf.add_page()
        paras = [p["text"] for p in sorted(c["paragraphs"], key=lambda p: p["order"])]
        title = paras[0] if len(paras[0]) < 80 else None
        if title:
            pdf.set_font("Helvetica", "B", 13)
            pdf.cell(0, 8, ascii_text(title), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
            paras = paras[1:]
        pdf.set_font("Helvetica", "", 10)
        # The table follows the paragraph that introduces it ("the following
        # table", "the table below"), else all the prose.
        split = len(paras)
        for i, p in enumerate(paras):
            low = p.lower()
            if "following table" in low or "table below" in low or "were as follows" in low:
                split = i + 1
                break
        for p in paras[:split]:
            pdf.multi_cell(0, 5, ascii_text(p), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
        table = c["table"]["table"]
        ncols = len(table[0])
        label_w = 80
        w = (pdf.w - pdf.l_margin - pdf.r_margin - label_w) / max(1, ncols - 1)
        pdf.ln(2)
        for r, row in enumerate(table):
            is_header = all(num(x) is None or (x.strip().isdigit() and len(x.strip()) == 4) for x in row[1:])
            pdf.set_font("Helvetica", "B" if is_header else "", 9)
            pdf.cell(label_w, 5.5, ascii_text(row[0]), new_x="RIGHT", new_y="TOP")
            for x in row[1:]:
                pdf.cell(w, 5.5, ascii_text(x), align="C" if is_header else "R", new_x="RIGHT", new_y="TOP")
            pdf.ln(5.5)
        pdf.ln(5)
        pdf.set_font("Helvetica", "", 10)
        for p in paras[split:]:
            pdf.multi_cell(0, 5, ascii_text(p), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
    pdf.set_creation_date(__import__("datetime").datetime(2024, 1, 1, tzinfo=__import__("datetime").timezone.utc))
    pdf.output(path)


def make_xlsx(ctxs, path):
    wb = xlsxwriter.Workbook(path)
    wb.set_properties({"created": __import__("datetime").datetime(2024, 1, 1)})
    bold = wb.add_format({"bold": True})
    center = wb.add_format({"bold": True, "align": "center"})
    money = wb.add_format({"num_format": '"$"#,##0'})
    thousands = wb.add_format({"num_format": "#,##0"})
    pct = wb.add_format({"num_format": "0.0%"})
    pct2 = wb.add_format({"num_format": "0.00%"})

    # Sheet 1: net sales by region (context 18), a merged header per year,
    # a formula total with its cached value.
    t = ctxs[0]["table"]["table"]
    ws = wb.add_worksheet("Net sales by region")
    ws.write(0, 0, "Net sales by region (dollars in thousands)", bold)
    ws.merge_range(2, 1, 2, 2, "Fiscal Year 2018", center)
    ws.merge_range(2, 3, 2, 4, "Fiscal Year 2017", center)
    for c, h in enumerate(t[1][1:], start=1):
        ws.write(3, c, h, bold)
    ws.write(3, 0, "Region", bold)
    data_rows = [r for r in t[2:] if r[0] != "Total"]
    for i, row in enumerate(data_rows):
        r = 4 + i
        ws.write(r, 0, row[0])
        ws.write_number(r, 1, num(row[1]), money if i == 0 else thousands)
        ws.write_number(r, 2, num(row[2]), pct)
        ws.write_number(r, 3, num(row[3]), money if i == 0 else thousands)
        ws.write_number(r, 4, num(row[4]), pct)
    total = [r for r in t if r[0] == "Total"][0]
    tr = 4 + len(data_rows)
    ws.write(tr, 0, "Total", bold)
    ws.write_formula(tr, 1, f"=SUM(B5:B{tr})", money, num(total[1]))
    ws.write_formula(tr, 3, f"=SUM(D5:D{tr})", money, num(total[3]))
    ws.set_column(0, 0, 34)
    ws.set_column(1, 4, 16)

    # Sheet 2: actuarial assumptions (context 2), percentages, blank cells.
    t = ctxs[1]["table"]["table"]
    ws = wb.add_worksheet("Actuarial assumptions")
    ws.write(0, 0, "Weighted average actuarial assumptions", bold)
    ws.merge_range(2, 1, 2, 2, "Domestic", center)
    ws.merge_range(2, 3, 2, 4, "International", center)
    for c, h in enumerate(t[2][1:], start=1):
        ws.write_number(3, c, int(h), bold)
    ws.write(3, 0, "Assumption", bold)
    for i, row in enumerate(t[3:]):
        r = 4 + i
        ws.write(r, 0, row[0])
        for c, x in enumerate(row[1:], start=1):
            v = num(x)
            if v is not None:
                ws.write_number(r, c, v, pct2)
    ws.set_column(0, 0, 34)
    wb.close()


def make_sqlite(ctx, path):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute(
        "CREATE TABLE goodwill_by_segment (segment TEXT NOT NULL, period_start TEXT NOT NULL, period_end TEXT NOT NULL, "
        "opening_musd REAL, acquisitions_musd REAL, transfers_musd REAL, other_musd REAL, closing_musd REAL)"
    )
    t = ctx["table"]["table"]
    period = None
    for row in t:
        if row[0] == "(In Millions)":
            period = (row[1], row[5])
            continue
        if row[0] == "Total":
            continue
        vals = [num(x) if num(x) is not None else 0.0 for x in row[1:]]
        db.execute("INSERT INTO goodwill_by_segment VALUES (?,?,?,?,?,?,?,?)", (row[0], period[0], period[1], *vals))
    db.execute(
        "CREATE TABLE segments (segment TEXT PRIMARY KEY, description TEXT)"
    )
    descs = {
        "Data Center Group": "Data center platforms and related products",
        "Internet of Things Group": "IoT platforms; includes AI edge computing investments since Q3 2018",
        "Mobileye": "Computer vision and driver-assistance systems",
        "Programmable Solutions Group": "Programmable semiconductors (FPGAs)",
        "Client Computing Group": "Platforms for notebooks and desktops",
        "All other": "Results of operations from other non-reportable segments",
    }
    db.executemany("INSERT INTO segments VALUES (?,?)", descs.items())
    db.execute(
        "CREATE VIEW total_goodwill_by_period AS SELECT period_end, SUM(closing_musd) AS total_closing_musd "
        "FROM goodwill_by_segment GROUP BY period_end"
    )
    db.commit()
    db.close()


def main():
    data = json.load(open(sys.argv[1] if len(sys.argv) > 1 else DATA))
    out = sys.argv[2] if len(sys.argv) > 2 else OUT
    os.makedirs(out, exist_ok=True)
    make_pdf([data[i] for i in PDF_CONTEXTS], os.path.join(out, "annual_report_excerpt.pdf"))
    make_xlsx([data[i] for i in XLSX_CONTEXTS], os.path.join(out, "financials.xlsx"))
    make_sqlite(data[SQLITE_CONTEXT], os.path.join(out, "operations.db"))
    print("wrote", out)


if __name__ == "__main__":
    main()
