#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian machine: system packages
# (protoc for lancedb; WebKitGTK and friends for Tauri; Xvfb and the WebKit
# WebDriver for end-to-end tests; Tesseract and Poppler's pdftoppm to read
# scans and images by OCR), a Python venv for the benchmark reference
# and the sample generators (and moto's S3 server for the team-workspace
# tests), and checks the Rust toolchain. Idempotent: what
# is present is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

PKGS=(protobuf-compiler pkg-config build-essential libwebkit2gtk-4.1-dev libsoup-3.0-dev librsvg2-dev
      libssl-dev xvfb webkit2gtk-driver python3-venv
      tesseract-ocr tesseract-ocr-eng poppler-utils)
missing=()
for p in "${PKGS[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

command -v cargo >/dev/null || { echo "setup: cargo not found; install Rust from rustup.rs" >&2; exit 1; }
# The UI (Vite 8) needs Node.js >= 20.19 with npm.
if ! command -v node >/dev/null || ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a==20&&b>=19)?0:1)'; then
  echo "setup: Node.js >= 20.19 with npm is needed for the desktop UI (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

# Python: the ingest benchmark's reference implementation and the fixture
# generators. Optional: failures here only disable the reference figures.
if [ ! -x "$AURAG_VENV/bin/python" ]; then
  python3 -m venv "$AURAG_VENV" || true
fi
if [ -x "$AURAG_VENV/bin/python" ] && ! "$AURAG_VENV/bin/python" -c "import pypdf, openpyxl" 2>/dev/null; then
  "$AURAG_VENV/bin/pip" install -q pypdf openpyxl fpdf2 xlsxwriter msoffcrypto-tool >/dev/null 2>&1 \
    || echo "setup: python packages unavailable; the benchmark will skip its Python reference" >&2
fi
# A real S3 server for the team-workspace tests (moto's, on 127.0.0.1).
if [ -x "$AURAG_VENV/bin/python" ] && ! "$AURAG_VENV/bin/python" -c "import moto, boto3, flask" 2>/dev/null; then
  "$AURAG_VENV/bin/pip" install -q "moto[server]==5.2.5" >/dev/null 2>&1 \
    || echo "setup: moto[server] unavailable; the S3 workspace tests will skip (and fail under CI)" >&2
fi
echo "setup: ok (target dir $CARGO_TARGET_DIR)" >&2
