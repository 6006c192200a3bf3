#!/usr/bin/env python3
"""Writes N TAT-QA dev paragraphs, one per line, for `aurag bench embed`.
Usage: python3 scripts/make_bench_texts.py OUT_FILE [N] [TATQA_DEV_JSON]"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 512
data = sys.argv[3] if len(sys.argv) > 3 else os.path.join(HERE, "..", "..", "shared", "data", "tatqa", "tatqa_dataset_dev.json")
paras = [" ".join(p["text"].split()) for c in json.load(open(data)) for p in c["paragraphs"] if p["text"].strip()]
with open(out, "w", encoding="utf-8") as f:
    for p in paras[:n]:
        f.write(p + "\n")
print("wrote", out, min(n, len(paras)), "paragraphs")
