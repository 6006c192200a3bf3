// The app's one notice line: what just happened ("3 files added", "saved
// guide"), or what failed. It floats over the corner of the window, not
// over the page, so that it never hides a heading or a control while the
// page scrolls under it. A notice of success goes by itself after
// `timeoutMs`; an error stays until it is dismissed, since it may need
// reading.
import { useEffect } from "react";

export type Notice = { text: string; error: boolean };

/** How long a notice of success stays, in milliseconds. */
export const NOTICE_MS = 6000;

export function Toast({ message, onDismiss, timeoutMs = NOTICE_MS }: { message: Notice | null; onDismiss: () => void; timeoutMs?: number }) {
  useEffect(() => {
    if (!message || message.error) return;
    const t = setTimeout(onDismiss, timeoutMs);
    return () => clearTimeout(t);
  }, [message, onDismiss, timeoutMs]);
  if (!message) return null;
  return (
    <div className={`toast${message.error ? " error" : ""}`} role={message.error ? "alert" : "status"}>
      <span>{message.text}</span>
      <button className="link" onClick={onDismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
