#!/usr/bin/env bash
# The GPU check: the llama.cpp parity test (crates/models/tests/llm_parity.rs)
# on CUDA, as on the CPU, on a GPU machine that has no Rust toolchain and
# cannot download anything (how GPU machines are lent to this project: a
# working tree of at most 64 MiB travels with each command).
#
#   bash scripts/gpu_check.sh pack     here: builds the test with
#                                      `--features cuda` (scripts/cuda_toolkit.sh
#                                      gives nvcc and the libraries) and cuts
#                                      it and SmolLM2 into .gpu/1, .gpu/2, …
#   bash scripts/gpu_check.sh device   there, once per part (carry .gpu/N):
#                                      keeps the part; once all are there,
#                                      joins them, checks the sha256 and runs
#                                      the test on the CPU and on CUDA
#
# The test binary is linked against the toolkit's libraries and a stub of
# the driver's libcuda; on the GPU machine it loads that machine's driver and
# the CUDA 13 libraries of its Python environment. CUDA_COMPUTE_CAP (90:
# Hopper) names the GPU the kernels are built for.
set -euo pipefail
cd "$(dirname "$0")/.."

model=smollm2-135m-instruct
gguf=SmolLM2-135M-Instruct.Q4_1.gguf
# Two parts of 56 MiB hold the binary (17 MB gzipped) and the 98 MB model,
# each within the 64 MiB a command may carry with the working tree.
part_bytes=$((56 * 1024 * 1024))

pack() {
  source scripts/env.sh
  local cuda
  cuda="$(bash scripts/cuda_toolkit.sh | tail -n 1)"
  export CUDA_HOME="$cuda" PATH="$cuda/bin:$PATH" CUDA_COMPUTE_CAP="${CUDA_COMPUTE_CAP:-90}"
  local exe
  exe="$(cargo test -p aurag-models --features cuda --test llm_parity --no-run --message-format=json \
    | python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "llm_parity":
        print(m["executable"])')"
  [ -x "$exe" ] || { echo "gpu_check: the test binary was not built" >&2; exit 1; }
  local src="models/$model/$gguf"
  if [ ! -f "$src" ]; then
    cargo build -q --bin aurag
    "$CARGO_TARGET_DIR/debug/aurag" models pull "$model"
  fi
  rm -rf .gpu && mkdir -p .gpu/stage
  strip -o .gpu/stage/llm_parity "$exe"
  gzip -9 .gpu/stage/llm_parity
  # One stream (binary, then model) cut into parts that each fit a command.
  {
    echo "source_root $(pwd)"
    echo "binary_bytes $(stat -c %s .gpu/stage/llm_parity.gz)"
    echo "binary_sha256 $(sha256sum .gpu/stage/llm_parity.gz | cut -d' ' -f1)"
    echo "model_bytes $(stat -c %s "$src")"
    echo "model_sha256 $(sha256sum "$src" | cut -d' ' -f1)"
  } > .gpu/stage/manifest
  cat .gpu/stage/llm_parity.gz "$src" | split -b "$part_bytes" -d -a 2 - .gpu/stage/stream.
  local n=0
  for p in .gpu/stage/stream.*; do
    n=$((n + 1))
    mkdir -p ".gpu/$n"
    mv "$p" ".gpu/$n/"
    cp .gpu/stage/manifest ".gpu/$n/"
  done
  echo "parts $n" >> .gpu/1/manifest
  for i in $(seq 2 "$n"); do echo "parts $n" >> ".gpu/$i/manifest"; done
  rm -rf .gpu/stage
  echo "gpu_check: $n parts in .gpu (carry .gpu/1, then .gpu/2, … one command each, then run \`bash scripts/gpu_check.sh device\`)"
  du -sh .gpu/*
}

device() {
  local keep="${GPU_CHECK_KEEP:-/root/aurag-gpu}"
  mkdir -p "$keep"
  for d in .gpu/*/; do cp -n "$d"stream.* "$keep/" 2>/dev/null || true; cp "$d"manifest "$keep/"; done
  local parts have
  parts="$(awk '$1 == "parts" { print $2 }' "$keep/manifest")"
  have="$(ls "$keep"/stream.* | wc -l)"
  if [ "$have" -lt "$parts" ]; then
    echo "gpu_check: $have of $parts parts kept in $keep; carry the next one"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
    exit 0
  fi
  field() { awk -v k="$1" '$1 == k { print $2 }' "$keep/manifest"; }
  cat "$keep"/stream.* > "$keep/stream"
  head -c "$(field binary_bytes)" "$keep/stream" > "$keep/llm_parity.gz"
  tail -c +"$(( $(field binary_bytes) + 1 ))" "$keep/stream" > "$keep/$gguf"
  echo "$(field binary_sha256)  $keep/llm_parity.gz" | sha256sum -c -
  echo "$(field model_sha256)  $keep/$gguf" | sha256sum -c -
  gunzip -f "$keep/llm_parity.gz" && chmod +x "$keep/llm_parity"
  mkdir -p "$keep/models/$model"
  ln -sf "$keep/$gguf" "$keep/models/$model/$gguf"
  # The test reads its references at the path it was built from.
  local root
  root="$(field source_root)"
  [ -e "$root" ] || { mkdir -p "$(dirname "$root")"; ln -s "$(pwd)" "$root"; }
  # The CUDA 13 libraries of the machine's Python environment (PyTorch's),
  # else wherever a library the binary needs is found.
  local libs lib found
  libs="$(python3 -c 'import nvidia, os; print(os.path.join(list(nvidia.__path__)[0], "cu13", "lib"))' 2>/dev/null || true)"
  export LD_LIBRARY_PATH="$libs:${LD_LIBRARY_PATH:-}"
  for lib in $(ldd "$keep/llm_parity" | awk '/not found/ { print $1 }'); do
    found="$(find / -xdev -name "$lib" -not -path '/proc/*' 2>/dev/null | head -n 1)"
    [ -n "$found" ] && export LD_LIBRARY_PATH="$(dirname "$found"):$LD_LIBRARY_PATH"
  done
  ldd "$keep/llm_parity" | grep -E 'cuda|cublas|curand|nvrtc|not found' || true
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || echo "gpu_check: nvidia-smi found no GPU"
  export AURAG_MODELS_DIR="$keep/models"
  # The plain runs decide; the others say where a difference comes from:
  # Candle's own CPU kernels (`cpu:candle`), and the GPU with the weights
  # dequantized to f32 (`cuda:dequantized`: no quantized kernel involved).
  local status=0 cfg dev variant
  for cfg in ${GPU_CHECK_RUNS:-cpu cpu:candle cuda cuda:dequantized}; do
    dev="${cfg%%:*}"
    variant="${cfg#"$dev"}"
    local vars=("AURAG_TEST_DEVICE=$dev")
    case "$variant" in
      :candle) vars+=("AURAG_LLM_ENGINE=candle") ;;
      :dequantized) vars+=("CANDLE_DEQUANTIZE_ALL=1") ;;
    esac
    echo "== ${vars[*]}"
    if ! env "${vars[@]}" "$keep/llm_parity" --nocapture --test-threads 1 smollm2; then
      [ -z "$variant" ] && status=1
    fi
  done
  exit $status
}

case "${1:-}" in
  pack) pack ;;
  device) device ;;
  *) echo "usage: bash scripts/gpu_check.sh pack|device" >&2; exit 2 ;;
esac
