// A workspace built with another embedder cannot be opened (its vectors
// would make every search wrong); the core's `reembed` rebuilds them. This
// turns the refusal into the offer the app shows, and the re-embedding's
// progress into its line.
import type { ReembedProgress } from "../bindings/ReembedProgress";
import type { ApiError } from "../api";

/** The workspace that needs re-embedding: `dir` null is the app's own. */
export type Mismatch = { dir: string | null; message: string };

/** The offer to re-embed, when `e` is the store's embedder refusal. */
export function mismatchOf(e: ApiError, dir: string | null): Mismatch | null {
  return e.code === "embedder_mismatch" ? { dir, message: e.message } : null;
}

/** One line of progress. */
export function reembedLine(p: ReembedProgress): string {
  switch (p.stage) {
    case "embedding":
      return p.total === 0 ? "re-embedding…" : `re-embedding: ${p.done} of ${p.total} (${Math.round((100 * p.done) / p.total)}%)`;
    case "swapping":
      return "swapping in the new vectors…";
  }
}
