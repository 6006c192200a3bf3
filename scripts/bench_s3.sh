#!/usr/bin/env bash
# Figures for docs/scale.md: a workspace on S3-compatible object storage
# (moto's server on 127.0.0.1, scripts/s3_server.py) against the same on
# local disk, at N real tables and at 10×N (WikiTableQuestions CSVs from
# ../shared/data/wtq, the first files in name order). For each: the ingest
# of the whole folder by `aurag ingest` (a fresh process, wall time), then
# `aurag bench ask` over WTQ questions on the first N tables (a fresh
# process: the first pool read from the store, then asks that reuse it).
#
#   bash scripts/bench_s3.sh [N]        (N = 50 by default)
#
# Prints one line per run and a JSON summary on the last line. Uses the
# dev build (dependencies optimized, see Cargo.toml's profile.dev) and the
# hashing embedder, so that the store, not the embedder, is what differs.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
N=${1:-50}
WTQ=${AURAG_WTQ:-../shared/data/wtq}
[ -d "$WTQ/csv" ] || { echo "bench_s3: no WikiTableQuestions data in $WTQ" >&2; exit 1; }
"$AURAG_VENV/bin/python" -c "import moto, boto3" 2>/dev/null || { echo "bench_s3: moto is not installed in $AURAG_VENV (bash scripts/setup.sh)" >&2; exit 1; }
cargo build -q --bin aurag
AURAG="$CARGO_TARGET_DIR/debug/aurag"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 - "$WTQ" "$N" "$WORK" <<'EOF'
import csv, json, os, shutil, sys
wtq, n, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
tables = sorted(os.path.join(d, f) for d in os.listdir(os.path.join(wtq, "csv")) for f in os.listdir(os.path.join(wtq, "csv", d)) if f.endswith(".csv"))
for size, k in (("x1", n), ("x10", 10 * n)):
    out = os.path.join(work, size)
    os.makedirs(out)
    for t in tables[:k]:
        shutil.copy(os.path.join(wtq, "csv", t), os.path.join(out, t.replace("/", "_")))
first = set("csv/" + t for t in tables[:n])
with open(os.path.join(wtq, "data", "training.tsv")) as f, open(os.path.join(work, "questions.txt"), "w") as q:
    kept = 0
    for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
        if row["context"] in first and kept < 20:
            q.write(row["utterance"] + "\n")
            kept += 1
EOF

coproc S3 { exec "$AURAG_VENV/bin/python" scripts/s3_server.py; }
read -r SERVER <&"${S3[0]}"
field() { python3 -c "import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$SERVER" "$1"; }
export AURAG_S3_ENDPOINT=$(field endpoint) AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=$(field key) AWS_SECRET_ACCESS_KEY=$(field secret)
BUCKET=$(field bucket)
export XDG_DATA_HOME="$WORK/data"

SUMMARY="{"
for size in x1 x10; do
  files=$(ls "$WORK/$size" | wc -l)
  for where in disk s3; do
    if [ "$where" = disk ]; then ws="$WORK/ws-$size"; else ws="s3://$BUCKET/bench-$size"; fi
    t0=$(date +%s.%N)
    "$AURAG" --embedder hashing --workspace "$ws" ingest "$WORK/$size" >/dev/null
    t1=$(date +%s.%N)
    ingest_s=$(python3 -c "print(round($t1 - $t0, 2))")
    ask=$("$AURAG" --embedder hashing --workspace "$ws" bench ask --questions-file "$WORK/questions.txt" --json)
    line=$(python3 - "$ask" "$ingest_s" "$files" "$where" "$size" <<'EOF'
import json, sys
a, ingest_s, files, where, size = json.loads(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
print(json.dumps({"run": f"{where}-{size}", "tables": files, "objects": a["objects"], "ingest_s": ingest_s,
    "pool_read_s": round(a["pool_build_s"], 3), "ask_median_s": round(a["ask_median_s"], 3), "ask_max_s": round(a["ask_max_s"], 3), "questions": a["questions"]}))
EOF
)
    echo "$line"
    SUMMARY="$SUMMARY\"$where-$size\": $line,"
  done
done
echo "${SUMMARY%,}}"
