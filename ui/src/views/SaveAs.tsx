// "Save as…": a path and a button. The text is made when saving (so a
// large export is not built until asked); an existing file is replaced only
// after the user says so.
import { useState } from "react";
import { api, toApiError } from "../api";

type Props = {
  /** What to write, made on demand. */
  text: () => Promise<string>;
  /** The suggested file name. */
  suggested: string;
  /** What is saved, for the button and messages ("the answer", "the result"). */
  what: string;
  notify?: (m: string) => void;
};

export function SaveAs({ text, suggested, what, notify }: Props) {
  const [path, setPath] = useState("");
  const [exists, setExists] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async (replace: boolean) => {
    setBusy(true);
    try {
      const bytes = await api.saveText(path.trim(), await text(), replace);
      setExists(false);
      notify?.(`saved ${what} to ${path.trim()} (${bytes} bytes)`);
    } catch (e) {
      const err = toApiError(e);
      if (err.code === "exists") setExists(true);
      else notify?.(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="row save-as"
      onSubmit={(e) => {
        e.preventDefault();
        if (path.trim()) void save(false);
      }}
    >
      <input aria-label={`Save ${what} to this file`} placeholder={`/path/to/${suggested}`} value={path} onChange={(e) => (setPath(e.target.value), setExists(false))} />
      <button type="submit" disabled={busy || !path.trim()}>
        Save {what}
      </button>
      {exists && (
        <button type="button" className="link" onClick={() => void save(true)}>
          the file exists: replace it
        </button>
      )}
    </form>
  );
}
