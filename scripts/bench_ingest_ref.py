#!/usr/bin/env python3
"""Python reference for `aurag bench ingest`: the same work done the way a
Python pipeline would do it — pypdf for PDF text, openpyxl for workbooks,
sqlite3 for databases, csv and plain text — followed by the same embedder
aurag uses without a model (FNV-1a feature hashing of words, bigrams and
character trigrams into 384 dims) over sentences and descriptions.

With `--model DIR` the embedder is sentence-transformers on that model
directory instead (the same model aurag runs), when it is installed.

Prints one JSON object: {"files","pages","rows","sentences","seconds","peak_rss_mb","embedder"}.
"""
import csv
import json
import math
import os
import re
import resource
import sqlite3
import sys
import time

DIM = 384
STOP = set("a an and are as at be by for from has have in is it its of on or that the to was were will with".split())
SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
TOKEN = re.compile(r"[0-9]+(?:[.,][0-9]+)*|\w+", re.UNICODE)


def bucket(feature):
    h = 0xCBF29CE484222325
    for b in feature.encode():
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h % DIM, (1.0 if h >> 63 == 0 else -1.0)


def embed(text):
    v = [0.0] * DIM
    toks = [t for t in TOKEN.findall(text.lower()) if t not in STOP]
    for t in toks:
        i, s = bucket("w:" + t)
        v[i] += s
        p = "#" + t + "#"
        if len(p) > 4:
            for k in range(len(p) - 2):
                i, s = bucket("c:" + p[k : k + 3])
                v[i] += 0.25 * s
    for a, b in zip(toks, toks[1:]):
        i, s = bucket("b:" + a + " " + b)
        v[i] += 0.5 * s
    n = math.sqrt(sum(x * x for x in v)) or 1.0
    return [x / n for x in v]


def sentences(text):
    return [s.strip() for s in SENT.split(" ".join(text.split())) if s.strip()]


def peak_rss_mb():
    """VmHWM of this process (ru_maxrss would include the parent's at fork)."""
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def main(paths):
    from pypdf import PdfReader
    import openpyxl

    embed_all = lambda texts: [embed(t) for t in texts]
    embedder = "hashing"
    if paths[:1] == ["--model"]:
        from sentence_transformers import SentenceTransformer, models

        word = models.Transformer(paths[1], max_seq_length=256)
        pool = models.Pooling(word.get_word_embedding_dimension(), pooling_mode="mean")
        st = SentenceTransformer(modules=[word, pool, models.Normalize()], device="cpu")
        embed_all = lambda texts: st.encode(texts, batch_size=32) if texts else []
        embedder = "sentence-transformers:" + paths[1]
        paths = paths[2:]

    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, n) for n in sorted(names) if not n.startswith(".")]
        else:
            files.append(p)
    t0 = time.perf_counter()
    stats = {"files": 0, "pages": 0, "rows": 0, "sentences": 0}
    for f in files:
        ext = f.rsplit(".", 1)[-1].lower()
        try:
            texts, descs = [], []
            if ext == "pdf":
                r = PdfReader(f)
                for page in r.pages:
                    texts += sentences(page.extract_text() or "")
                    stats["pages"] += 1
            elif ext in ("xlsx", "xlsm"):
                wb = openpyxl.load_workbook(f, data_only=True, read_only=True)
                for ws in wb.worksheets:
                    rows = [[c for c in row] for row in ws.iter_rows(values_only=True)]
                    stats["rows"] += len(rows)
                    descs.append(ws.title + " " + " ".join(str(c) for row in rows[:30] for c in row if c is not None))
            elif ext in ("db", "sqlite", "sqlite3"):
                con = sqlite3.connect(f"file:{f}?mode=ro", uri=True)
                for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%'"):
                    q = '"' + name.replace('"', '""') + '"'
                    rows = con.execute(f"SELECT * FROM {q} LIMIT 5000").fetchall()
                    stats["rows"] += len(rows)
                    descs.append(name + " " + " ".join(str(c) for row in rows[:3] for c in row))
                con.close()
            elif ext in ("csv", "tsv"):
                with open(f, newline="", encoding="utf-8") as fh:
                    rows = list(csv.reader(fh))
                stats["rows"] += len(rows)
                descs.append(" ".join(" ".join(r) for r in rows[:30]))
            elif ext in ("txt", "md", "markdown", "text"):
                texts += sentences(open(f, encoding="utf-8").read())
            else:
                continue
            embed_all(texts + descs)
            stats["sentences"] += len(texts)
            stats["files"] += 1
        except Exception as e:  # the reference skips what it cannot read
            print(f"skip {f}: {e}", file=sys.stderr)
    stats["seconds"] = time.perf_counter() - t0
    stats["peak_rss_mb"] = peak_rss_mb()
    stats["embedder"] = embedder
    print(json.dumps(stats))


if __name__ == "__main__":
    main(sys.argv[1:])
