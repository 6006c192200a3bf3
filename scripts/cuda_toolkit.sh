#!/usr/bin/env bash
# A CUDA 13.0 toolkit for building `--features cuda` on a machine that has
# none installed and no GPU (this development machine, CI): the build needs
# nvcc (Candle compiles its kernels to PTX) and the CUDA libraries to link
# against, and nothing of it needs a GPU.
#
# nvcc, its compiler back end, the headers (CCCL's too) and the libraries are NVIDIA's own
# PyPI wheels, pinned by sha256 (PyPI is reachable here; NVIDIA's apt
# repository is not). libcuda.so alone ships with the driver, not in any
# wheel: like the `stubs/libcuda.so` of a CUDA installation, a link stub is
# made from cuda.h that names every driver function and does nothing. The
# program is linked against it and runs on the GPU machine's real
# libcuda.so.1 (same soname); the stub is never loaded.
#
# Usage: bash scripts/cuda_toolkit.sh   (prints the toolkit folder)
# Then:  export CUDA_HOME=<that folder> PATH=<that folder>/bin:$PATH
#        CUDA_COMPUTE_CAP=90 cargo build --features cuda ...
# (CUDA_COMPUTE_CAP: the GPU the PTX is built for; 90 = Hopper, H100/H200.)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

dir="${AURAG_CUDA_HOME:-$(dirname "$CARGO_TARGET_DIR")/cuda-13.0}"
if [ -x "$dir/bin/nvcc" ] && [ -f "$dir/lib64/stubs/libcuda.so" ]; then
  echo "$dir"
  exit 0
fi

wheels="$(dirname "$CARGO_TARGET_DIR")/cuda-wheels"
mkdir -p "$wheels"
# spec, file, sha256 (the files PyPI served on 2026-11-26).
while read -r spec file sha; do
  [ -f "$wheels/$file" ] && echo "$sha  $wheels/$file" | sha256sum -c --quiet - 2>/dev/null && continue
  pypi_fetch "$spec" "$file" "$sha" "$wheels"
done <<'EOF'
nvidia-cuda-nvcc==13.0.88 nvidia_cuda_nvcc-13.0.88-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl 56fe502eb77625a12f25172caa3cdddb4e4c8ba2c8c17dba44b164761b380f03
nvidia-nvvm==13.0.88 nvidia_nvvm-13.0.88-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl c5f41ffeb6466944a026dfa5317d7d85355c119bbec279205d22f1869d1054e0
nvidia-cuda-cccl==13.0.85 nvidia_cuda_cccl-13.0.85-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl e0da7ad981f3a8aff08241b5bfc1af868742a63e2762f53a5171c492ef242649
nvidia-cuda-crt==13.0.88 nvidia_cuda_crt-13.0.88-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl 2c8043c7c9e02492716426e9919fc78d2c5b3b2a7a768a88e952676b08aa55a4
nvidia-cuda-runtime==13.0.96 nvidia_cuda_runtime-13.0.96-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl 7f82250d7782aa23b6cfe765ecc7db554bd3c2870c43f3d1821f1d18aebf0548
nvidia-cuda-nvrtc==13.0.88 nvidia_cuda_nvrtc-13.0.88-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl ad9b6d2ead2435f11cbb6868809d2adeeee302e9bb94bcf0539c7a40d80e8575
nvidia-curand==10.4.5.25 nvidia_curand-10.4.5.25-py3-none-manylinux_2_27_x86_64.whl 22bb226a857e5888fe6b54ae465fc4371296bcff13a35f79e19691bcf454f529
nvidia-cublas==13.0.2.14 nvidia_cublas-13.0.2.14-py3-none-manylinux_2_27_x86_64.whl 0cf238ffdbe46c00cb9aa98e7bca745c223a5ca5a53e686ac8b3e5a08fe80d6c
EOF

tmp="$dir.partial"
rm -rf "$tmp"
mkdir -p "$tmp/unpacked"
for w in "$wheels"/*.whl; do
  python3 -m zipfile -e "$w" "$tmp/unpacked"
done
cp -a "$tmp/unpacked/nvidia/cu13"/. "$tmp/"
rm -rf "$tmp/unpacked"
chmod +x "$tmp"/bin/* "$tmp"/nvvm/bin/*
# The wheels hold versioned libraries only; the linker asks for libX.so.
mkdir -p "$tmp/lib64/stubs"
for lib in "$tmp"/lib/lib*.so.*; do
  base="$(basename "$lib")"
  ln -sf "../lib/$base" "$tmp/lib64/$base"
  ln -sf "../lib/$base" "$tmp/lib64/${base%%.so.*}.so"
done
# The driver stub: every function cuda.h declares, under the names the
# preprocessor gives them (cuMemAlloc is cuMemAlloc_v2) and as written.
{
  gcc -E -P -I "$tmp/include" "$tmp/include/cuda.h"
  cat "$tmp/include/cuda.h"
} | grep -oE '\bcu[A-Z][A-Za-z0-9_]*[[:space:]]*\(' | tr -d '( \t' | sort -u \
  | awk '{ printf "void %s(void) {}\n", $1 }' > "$tmp/lib64/stubs/libcuda.c"
gcc -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$tmp/lib64/stubs/libcuda.so" "$tmp/lib64/stubs/libcuda.c"
ln -sf stubs/libcuda.so "$tmp/lib64/libcuda.so"
"$tmp/bin/nvcc" --version >/dev/null
rm -rf "$dir"
mv "$tmp" "$dir"
echo "$dir"
