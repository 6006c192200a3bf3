// Typed calls into the Rust shell. Every type here is generated from Rust
// (ui/src/bindings, ts-rs); only the command names and argument keys are
// written by hand, and each maps onto one command in src-tauri/src/commands.rs.
import { Channel, invoke } from "@tauri-apps/api/core";
import type { ActionResult } from "./bindings/ActionResult";
import type { Conversation } from "./bindings/Conversation";
import type { ConversationSummary } from "./bindings/ConversationSummary";
import type { Guide } from "./bindings/Guide";
import type { IngestReport } from "./bindings/IngestReport";
import type { ModelRow } from "./bindings/ModelRow";
import type { Progress } from "./bindings/Progress";
import type { PullEvent } from "./bindings/PullEvent";
import type { ReembedProgress } from "./bindings/ReembedProgress";
import type { Refreshed } from "./bindings/Refreshed";
import type { RetrievalAction } from "./bindings/RetrievalAction";
import type { Run } from "./bindings/Run";
import type { Settings } from "./bindings/Settings";
import type { SourceObject } from "./bindings/SourceObject";
import type { SourceSummary } from "./bindings/SourceSummary";
import type { SyncReport } from "./bindings/SyncReport";
import type { TraceStep } from "./bindings/TraceStep";
import type { TurnRun } from "./bindings/TurnRun";
import type { UiError } from "./bindings/UiError";
import type { WorkspaceInfo } from "./bindings/WorkspaceInfo";

/** A failed command: `code` is stable (match on it), `message` is for people. */
export class ApiError extends Error implements UiError {
  code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e && typeof e === "object" && "code" in e && "message" in e) {
    const u = e as UiError;
    return new ApiError(String(u.code), String(u.message));
  }
  return new ApiError("internal", String(e));
}

async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    throw toApiError(e);
  }
}

function channel<T>(on: (m: T) => void): Channel<T> {
  const ch = new Channel<T>();
  ch.onmessage = on;
  return ch;
}

export const api = {
  workspaceInfo: () => call<WorkspaceInfo>("workspace_info"),
  openWorkspace: (dir: string) => call<WorkspaceInfo>("open_workspace", { dir }),
  openSample: (onProgress: (p: Progress) => void) => call<WorkspaceInfo>("open_sample", { onProgress: channel(onProgress) }),
  /** Re-embeds the workspace in `dir` (null: the app's own) with the app's
   * embedder and opens it. */
  reembedWorkspace: (dir: string | null, onProgress: (p: ReembedProgress) => void) =>
    call<WorkspaceInfo>("reembed_workspace", { dir, onProgress: channel(onProgress) }),
  listSources: () => call<SourceSummary[]>("list_sources"),
  getSource: (id: string) => call<SourceObject>("get_source", { id }),
  /** The bytes of the file a source object came from, as ingested. */
  sourceFile: (id: string) => call<ArrayBuffer>("source_file", { id }),
  ingest: (paths: string[], onProgress: (p: Progress) => void) => call<IngestReport>("ingest", { paths, onProgress: channel(onProgress) }),
  removeSource: (id: string) => call<number>("remove_source", { id }),
  refreshSources: (id: string | null) => call<Refreshed[]>("refresh_sources", { id }),
  /** Follows the open workspace's files until another workspace is opened
   * or this is called again; each sync that changed something arrives on
   * `onChange`. Resolves when superseded. */
  followFiles: (onChange: (r: SyncReport) => void) => call<null>("follow_files", { onChange: channel(onChange) }),
  ask: (question: string, onStep: (s: TraceStep) => void, onDraft: (d: string) => void) =>
    call<Run>("ask", { question, onStep: channel(onStep), onDraft: channel(onDraft) }),
  /** The next turn of conversation `conversation` (null: a new one), read
   * against the turn before; the conversation is saved in the workspace. */
  askTurn: (conversation: string | null, question: string, onStep: (s: TraceStep) => void, onDraft: (d: string) => void) =>
    call<TurnRun>("ask_turn", { conversation, question, onStep: channel(onStep), onDraft: channel(onDraft) }),
  listConversations: () => call<ConversationSummary[]>("list_conversations"),
  getConversation: (id: string) => call<Conversation>("get_conversation", { id }),
  removeConversation: (id: string) => call<boolean>("remove_conversation", { id }),
  /** A saved conversation, or its turn `turn` (1-based), as Markdown with its citations. */
  conversationMarkdown: (id: string, turn: number | null) => call<string>("conversation_markdown", { id, turn }),
  /** Writes `text` to `path`; an existing file only when `replace`. Resolves to the bytes written. */
  saveText: (path: string, text: string, replace: boolean) => call<number>("save_text", { path, text, replace }),
  act: (action: RetrievalAction) => call<ActionResult>("act", { action }),
  listGuides: () => call<Guide[]>("list_guides"),
  saveGuide: (guide: Guide) => call<string>("save_guide", { guide }),
  removeGuides: (ids: string[]) => call<number>("remove_guides", { ids }),
  importGuides: (path: string) => call<string[]>("import_guides", { path }),
  exportGuides: (path: string) => call<number>("export_guides", { path }),
  recordGuide: (question: string, actions: RetrievalAction[], answer: string | null, author: string) =>
    call<Guide>("record_guide", { question, actions, answer, author }),
  modelsList: () => call<ModelRow[]>("models_list"),
  modelsPull: (name: string, onProgress: (e: PullEvent) => void) => call<null>("models_pull", { name, onProgress: channel(onProgress) }),
  getSettings: () => call<Settings>("get_settings"),
  setSettings: (settings: Settings) => call<Settings>("set_settings", { settings }),
};
