#!/usr/bin/env python3
"""PyTorch reference for `aurag bench embed`: sentence-transformers on the
same texts, same model directory, batch 32, max 128 tokens, CPU.
Prints {"texts","seconds","texts_per_s"} as JSON.

Usage: python3 scripts/bench_embed_ref.py MODEL_DIR TEXTS_FILE [MAX_TOKENS] [BATCH]
"""
import json
import sys
import time

from sentence_transformers import SentenceTransformer, models


def main():
    model_dir, texts_file = sys.argv[1], sys.argv[2]
    max_tokens = int(sys.argv[3]) if len(sys.argv) > 3 else 128
    batch = int(sys.argv[4]) if len(sys.argv) > 4 else 32
    texts = [l.rstrip("\n") for l in open(texts_file, encoding="utf-8") if l.strip()]
    word = models.Transformer(model_dir, max_seq_length=max_tokens)
    pool = models.Pooling(word.get_word_embedding_dimension(), pooling_mode="mean")
    st = SentenceTransformer(modules=[word, pool, models.Normalize()], device="cpu")
    st.encode(texts[:batch], batch_size=batch)  # warm-up
    t0 = time.perf_counter()
    st.encode(texts, batch_size=batch, convert_to_numpy=True)
    secs = time.perf_counter() - t0
    print(json.dumps({"texts": len(texts), "seconds": secs, "texts_per_s": len(texts) / secs}))


if __name__ == "__main__":
    main()
