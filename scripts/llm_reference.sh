#!/usr/bin/env bash
# Records llama.cpp's answers on tests/data/llm_prompts.json for each
# installed LLM of the manifest (tests/data/llm_reference/NAME.json), with
# llama.cpp from the pinned `xllamacpp` wheel (its prebuilt server library
# for Python) in a venv of its own. The parity test (crates/models/tests/llm_parity.rs)
# compares our decoder with these files.
#
# Usage: bash scripts/llm_reference.sh [NAME...]   (default: every installed LLM)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

VERSION=2026.10.11549
SHA256=c54e7d13520ecc989c63dc99d55de3065e2f343a91f43f053d16b5e62077c261
VENV="$HOME/.cache/aurag/xllamacpp-venv"
if ! "$VENV/bin/python" -c "import xllamacpp" 2>/dev/null; then
  python3 -m venv "$VENV"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  python3 -m pip download -q --no-deps --only-binary=:all: -d "$tmp" "xllamacpp==$VERSION"
  whl=$(ls "$tmp"/xllamacpp-*.whl)
  echo "$SHA256  $whl" | sha256sum -c --quiet -
  "$VENV/bin/pip" install -q "$whl"
fi
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  names=(smollm2-135m-instruct qwen2.5-coder-0.5b-instruct qwen2.5-coder-1.5b-instruct)
fi
for name in "${names[@]}"; do
  gguf=$(ls models/"$name"/*.gguf 2>/dev/null | head -n 1 || true)
  if [ -z "$gguf" ]; then
    echo "llm_reference: $name is not installed (aurag models pull $name); skipped" >&2
    continue
  fi
  "$VENV/bin/python" scripts/llm_reference.py "$gguf" "tests/data/llm_reference/$name.json" 2> >(grep -v '^[0-9]*\.[0-9]*\.[0-9]*\.[0-9]* ' >&2)
  echo "llm_reference: tests/data/llm_reference/$name.json"
done
