"""llama.cpp's answers on fixed prompts, recorded for the parity test.

Runs llama.cpp itself (the `xllamacpp` wheel: llama.cpp's server compiled
for Python, pinned in scripts/llm_reference.sh) on a GGUF file and writes,
for each prompt of tests/data/llm_prompts.json:

- the prompt as llama.cpp renders it (chat prompts go through the file's
  own Jinja template, llama.cpp's `--jinja`) and its token count;
- the greedy continuation: token ids and text;
- the first step's five most likely tokens with their log-probabilities
  (computed from the raw logits, before any sampler), and at every step the
  lead of the chosen token over the runner-up;
- llama.cpp's spread: how far its own first-step log-probabilities move
  when attention runs in f32 (no flash attention, f32 KV cache) instead of
  its defaults. For 4-bit models of this size that is 0.1 to 0.3 nats, and
  it is what the test's tolerance is measured against.

Usage: python scripts/llm_reference.py MODEL.gguf OUT.json [--max-tokens N]
(scripts/llm_reference.sh installs the pinned xllamacpp and runs this.)
The Rust test (tests/llm.rs, `*_matches_llama_cpp`) runs our decoder on the
same file and prompts and compares.
"""
import argparse
import hashlib
import json
import os
import sys

import xllamacpp as x

ap = argparse.ArgumentParser()
ap.add_argument("model")
ap.add_argument("out")
ap.add_argument("--prompts", default=os.path.join(os.path.dirname(__file__), "..", "tests", "data", "llm_prompts.json"))
ap.add_argument("--max-tokens", type=int, default=16)
args = ap.parse_args()

def server(exact_attention):
    p = x.CommonParams()
    p.model.path = args.model
    p.n_ctx = 2048
    p.n_parallel = 1
    p.cpuparams.n_threads = 2
    p.cpuparams_batch.n_threads = 2
    p.warmup = False
    p.use_jinja = True
    if exact_attention:
        # Attention in f32: no flash attention, an f32 KV cache.
        p.flash_attn_type = x.llama_flash_attn_type.LLAMA_FLASH_ATTN_TYPE_DISABLED
        p.cache_type_k = x.ggml_type.GGML_TYPE_F32
        p.cache_type_v = x.ggml_type.GGML_TYPE_F32
    return x.Server(p)


common = {"n_predict": args.max_tokens, "temperature": 0, "top_k": 1, "n_probs": 5, "post_sampling_probs": False,
          "cache_prompt": False, "verbose": True, "seed": 0}


def run(srv, item):
    if item["mode"] == "raw":
        r = srv.handle_completions({"prompt": item["prompt"], **common})
    else:
        r = srv.handle_chat_completions({"messages": [{"role": "user", "content": item["prompt"]}],
                                         "logprobs": True, "top_logprobs": 5, **common})
    if "error" in r:
        sys.exit(f"llama.cpp: {r['error']}")
    return r


prompts = json.load(open(args.prompts))
# llama.cpp as it runs by default (flash attention on the CPU, f16 KV cache).
default = server(False)
runs = [run(default, item) for item in prompts]
del default
# The same in f32 attention: how far llama.cpp moves from itself, which
# bounds what "the same numbers" can mean for these small 4-bit models.
exact = server(True)
exact_runs = [run(exact, item) for item in prompts]
del exact

items = []
for item, r, e in zip(prompts, runs, exact_runs):
    probs = r["choices"][0]["logprobs"]["content"]
    other = {t["id"]: t["logprob"] for t in e["choices"][0]["logprobs"]["content"][0]["top_logprobs"]}
    spread = max((abs(t["logprob"] - other[t["id"]]) for t in probs[0]["top_logprobs"] if t["id"] in other), default=0.0)
    verbose = r["__verbose"]
    items.append({
        "mode": item["mode"],
        "prompt": item["prompt"],
        "rendered": verbose["prompt"],
        "prompt_token_count": r["usage"]["prompt_tokens"],
        "tokens": [t["id"] for t in probs],
        "text": verbose["content"],
        "first_top": [[t["id"], t["logprob"]] for t in probs[0]["top_logprobs"]] if probs else [],
        # Per step, how far the chosen token led the runner-up (nats): a
        # step where two tokens nearly tie may go either way in another
        # correct implementation.
        "margins": [round(t["top_logprobs"][0]["logprob"] - t["top_logprobs"][1]["logprob"], 4) if len(t["top_logprobs"]) > 1 else None for t in probs],
        # The largest first-step difference between llama.cpp's two runs.
        "llama_cpp_spread": round(spread, 4),
        "exact_attention_tokens": [t["id"] for t in e["choices"][0]["logprobs"]["content"]],
    })
    print(f"{item['mode']:4} {item['prompt'][:40]!r:44} -> {verbose['content'][:40]!r} (spread {spread:.3f})", file=sys.stderr)

sha = hashlib.sha256()
with open(args.model, "rb") as f:
    for block in iter(lambda: f.read(1 << 20), b""):
        sha.update(block)
out = {
    "model_sha256": sha.hexdigest(),
    "llama_cpp": f"xllamacpp {getattr(x, '__version__', '?')}, 2 threads, defaults (the spread is against flash attention off and an f32 KV cache)",
    "max_tokens": args.max_tokens,
    "items": items,
}
with open(args.out, "w") as f:
    json.dump(out, f, indent=1, ensure_ascii=False)
    f.write("\n")
