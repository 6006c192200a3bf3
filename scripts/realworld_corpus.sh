#!/usr/bin/env bash
# The real-world file corpus: the test files that ship in the source
# distributions of well-known document libraries (pinned versions, sha256
# checked), gathered into one folder and ingested file by file by
# `aurag selftest` (each in its own process, under a time bound, the store
# checked after every failure). Prints the counts per format as the
# Markdown table docs/robustness.md shows.
#
# Usage: bash scripts/realworld_corpus.sh [OUT_DIR] [--per-kind N]
#   OUT_DIR    default ~/.cache/aurag/realworld (sdists, corpus/, report.json)
#   --per-kind at most N files of one extension from one package (default 80)
# Needs: PyPI (files.pythonhosted.org), the built `aurag` (cargo build).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
OUT="${HOME}/.cache/aurag/realworld"
PER_KIND=80
while [ $# -gt 0 ]; do
  case "$1" in
    --per-kind) PER_KIND="$2"; shift 2 ;;
    *) OUT="$1"; shift ;;
  esac
done
mkdir -p "$OUT"
python3 - "$OUT" "$PER_KIND" <<'EOF'
import hashlib, os, shutil, sys, tarfile, urllib.request, zipfile
out, per_kind = sys.argv[1], int(sys.argv[2])
# name, version, sdist file, sha256 (from PyPI's simple index)
PINNED = [
    ("pypdf", "7.1.1", "pypdf-7.1.1.tar.gz", "2eff4e2fc5fb22a6d6711e6f1166cdc9ab5765d90cd0d77dfea3f4aa91a27b1d"),
    ("pdfminer-six", "20191110", "pdfminer.six-20191110.tar.gz", "141a53ec491bee6d45bf9b2c7f82601426fb5d32636bcf6b9c8a8f3b6431fea6"),
    ("ocrmypdf", "9.8.2", "ocrmypdf-9.8.2.tar.gz", "ab67b6780a32add781c1a21c9fc9ac7957b958ac0ffd32bb2fc6ea5be6c369cd"),
    ("tabula-py", "2.9.3", "tabula_py-2.9.3.tar.gz", "2e1a458d97f4e4422d82e9ed07c7180711efa623b158d2b7b53303e864e74834"),
    ("xlrd", "1.2.0", "xlrd-1.2.0.tar.gz", "546eb36cee8db40c3eaa46c351e67ffee6eeb5fa2650b71bc4c758a29a1b29b2"),
    ("python-calamine", "0.9.1", "python_calamine-0.9.1.tar.gz", "458094c3dd41bd330c0a43d20e23489964ba28b3301687f1c5acc03c81d06a9f"),
    ("pyexcel-xlsx", "0.6.1", "pyexcel_xlsx-0.6.1.tar.gz", "80b7985d394b73abf5c52212027bbbc0c7f6090192bcbc76403f8672d74c7960"),
    ("odfpy", "1.4.1", "odfpy-1.4.1.tar.gz", "db766a6e59c5103212f3cc92ec8dd50a0f3a02790233ed0b52148b70d3c438ec"),
    ("python-docx", "1.2.0", "python_docx-1.2.0.tar.gz", "7bc9d7b7d8a69c9c02ca09216118c86552704edc23bac179283f2e38f86220ce"),
    ("python-pptx", "1.0.2", "python_pptx-1.0.2.tar.gz", "479a8af0eaf0f0d76b6f00b0887732874ad2e3188230315290cd1f9dd9cc7095"),
]
# (openpyxl 3.1.5, pyxlsb 1.0.10 and pandas 3.1.1 ship no test files in
# their source distributions; xlrd 2.x and recent pdfminer.six neither, so
# older releases that do are pinned.)
# What an analyst's folder holds; files of other kinds in the sdists are
# source code and not documents.
KINDS = {"pdf", "xlsx", "xlsm", "xlsb", "xls", "ods", "odt", "odp", "csv", "tsv", "db", "sqlite", "sqlite3",
         "docx", "doc", "pptx", "ppt", "html", "htm", "md", "png", "jpg", "jpeg", "tif", "tiff"}
sdists = os.path.join(out, "sdist")
corpus = os.path.join(out, "corpus")
os.makedirs(sdists, exist_ok=True)
shutil.rmtree(corpus, ignore_errors=True)
os.makedirs(corpus)
for name, version, fname, sha in PINNED:
    path = os.path.join(sdists, fname)
    if not os.path.exists(path) or hashlib.sha256(open(path, "rb").read()).hexdigest() != sha:
        index = urllib.request.urlopen(f"https://pypi.org/simple/{name}/", timeout=60).read().decode()
        start = index.find(f"/{fname}#sha256=")
        if start < 0:
            sys.exit(f"corpus: {fname} is not on PyPI's index for {name}")
        url = index[index.rfind('"', 0, start) + 1:start + len(fname) + 1]
        print(f"corpus: downloading {fname}", file=sys.stderr)
        data = urllib.request.urlopen(url, timeout=300).read()
        got = hashlib.sha256(data).hexdigest()
        if got != sha:
            sys.exit(f"corpus: {fname}: sha256 {got}, expected {sha}")
        open(path, "wb").write(data)
    taken = {}
    with tarfile.open(path) as tar:
        members = sorted((m for m in tar.getmembers() if m.isfile()), key=lambda m: m.name)
        for m in members:
            ext = m.name.rsplit(".", 1)[-1].lower() if "." in os.path.basename(m.name) else ""
            if ext not in KINDS:
                continue
            parts = m.name.split("/")
            if taken.get(ext, 0) >= per_kind:
                continue
            taken[ext] = taken.get(ext, 0) + 1
            flat = f"{name}__" + "__".join(parts[1:])
            with tar.extractfile(m) as src, open(os.path.join(corpus, flat), "wb") as dst:
                shutil.copyfileobj(src, dst)
    print(f"corpus: {name} {version}: " + ", ".join(f"{n} {e}" for e, n in sorted(taken.items())), file=sys.stderr)
EOF
cargo build -q --bin aurag
echo "corpus: ingesting $(ls "$OUT/corpus" | wc -l) files, each in its own process" >&2
"$CARGO_TARGET_DIR/debug/aurag" selftest --no-generated --kill-runs 0 --per-file 60 --corpus "$OUT/corpus" --json > "$OUT/report.json" || true
python3 - "$OUT/report.json" <<'EOF'
import collections, json, sys
r = json.load(open(sys.argv[1]))
GROUP = {"xlsm": "xlsx, xlsm", "xlsx": "xlsx, xlsm", "htm": "html, htm", "html": "html, htm", "jpg": "png, jpg, tif", "jpeg": "png, jpg, tif",
         "png": "png, jpg, tif", "tif": "png, jpg, tif", "tiff": "png, jpg, tif", "sqlite": "db, sqlite", "sqlite3": "db, sqlite", "db": "db, sqlite"}
rows = collections.OrderedDict()
for f in r["files"]:
    name = f["file"].rsplit("/", 1)[-1]
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else "(none)"
    k = GROUP.get(ext, ext)
    c = rows.setdefault(k, collections.Counter())
    c["files"] += 1
    c[f["outcome"]] += 1
print("| format | files | ingested | clear errors | unclear | panics | crashes | hangs |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
tot = collections.Counter()
for k in sorted(rows):
    c = rows[k]
    tot.update(c)
    print(f"| {k} | {c['files']} | {c['ok']} | {c['clear_error']} | {c['unclear_error']} | {c['panic']} | {c['crash']} | {c['hang']} |")
print(f"| **all** | **{tot['files']}** | **{tot['ok']}** | **{tot['clear_error']}** | **{tot['unclear_error']}** | **{tot['panic']}** | **{tot['crash']}** | **{tot['hang']}** |")
print(f"\nstore changed after a failure: {r['store_changed_after_failure']}; slowest file {r['max_seconds']:.1f} s")
codes = collections.Counter(f["code"] for f in r["files"] if f["outcome"] == "clear_error")
print("clear errors by code: " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
for f in r["files"]:
    if f["outcome"] not in ("ok", "clear_error"):
        print(f"! {f['file']}: {f['outcome']} {f['message'][:200]}")
EOF
