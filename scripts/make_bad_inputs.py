#!/usr/bin/env python3
"""Writes the small bad-input fixtures in tests/data/bad/. Big or
environment-dependent cases (a 50 MB CSV, a million-row sheet, a WAL database
held open, symlink loops) are made by the tests themselves at run time.

Usage: python3 scripts/make_bad_inputs.py   (needs fpdf2, pypdf, msoffcrypto-tool)
The outputs are committed; rerun this only to change them.
"""
import io
import os
import sqlite3
import zipfile

from fpdf import FPDF
from pypdf import PdfReader, PdfWriter
import msoffcrypto
import msoffcrypto.format.ooxml
import xlsxwriter

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "tests", "data", "bad")
SAMPLE = os.path.join(HERE, "..", "assets", "sample")


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    # PDFs
    write("empty.pdf", b"")
    pdf = FPDF()
    pdf.add_page()
    pdf.set_fill_color(120, 120, 120)
    for i in range(12):  # a "scan": shapes, no text layer
        pdf.rect(20, 20 + i * 18, 170, 10, style="F")
    write("scanned_no_text.pdf", bytes(pdf.output()))
    reader = PdfReader(os.path.join(SAMPLE, "annual_report_excerpt.pdf"))
    w = PdfWriter()
    for p in reader.pages:
        w.add_page(p)
    w.encrypt(user_password="secret", owner_password="owner", algorithm="AES-128")
    buf = io.BytesIO()
    w.write(buf)
    write("encrypted.pdf", buf.getvalue())
    whole = open(os.path.join(SAMPLE, "annual_report_excerpt.pdf"), "rb").read()
    write("truncated.pdf", whole[: len(whole) // 3])
    write("not_really.pdf", b"%PDF-1.7\n" + b"\x00garbage" * 50)

    # Spreadsheets
    z = io.BytesIO()
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("hello.txt", "this zip holds no workbook")
    write("zip_of_something_else.xlsx", z.getvalue())
    plain = io.BytesIO()
    wb = xlsxwriter.Workbook(plain, {"in_memory": True})
    ws = wb.add_worksheet("Secret")
    ws.write_row(0, 0, ["Item", "2019"])
    ws.write_row(1, 0, ["Revenue", 100])
    wb.close()
    plain.seek(0)
    enc = io.BytesIO()
    f = msoffcrypto.format.ooxml.OOXMLFile(plain)
    f.encrypt("secret", enc)
    write("password_protected.xlsx", enc.getvalue())
    write("text_named.xlsx", b"Item,2019\nRevenue,100\n")

    # SQLite
    write("not_a_database.sqlite", b"This is plain text, not SQLite.\n" * 10)
    path = os.path.join(OUT, "odd_names.db")
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute('CREATE TABLE "quo""ted" (a INTEGER, "b c" TEXT)')
    db.execute('INSERT INTO "quo""ted" VALUES (1, \'x\')')
    db.execute('CREATE TABLE "with space" ("select" INTEGER, "from" TEXT)')
    db.execute('INSERT INTO "with space" VALUES (2, \'y\')')
    db.execute('CREATE TABLE "Überschuß_€" (wert REAL)')
    db.execute('INSERT INTO "Überschuß_€" VALUES (3.5)')
    db.execute('CREATE TABLE "order" ("group" TEXT, "where" INTEGER)')
    db.execute('INSERT INTO "order" VALUES (\'g\', 4)')
    db.execute('CREATE TABLE "drop table x; --" (v INTEGER)')
    db.execute('INSERT INTO "drop table x; --" VALUES (5)')
    db.commit()
    db.close()

    # Text
    write("latin1.txt", "Umsatz stieg um 5 % auf 1.200 €. Größer als erwartet.\n".encode("latin-1", "replace"))
    write("nul_bytes.txt", b"Revenue grew.\x00\x00\x00 Binary inside.\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
