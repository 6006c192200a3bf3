import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toast, type Notice } from "../views/Toast";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Host({ first }: { first: Notice }) {
  const [m, setM] = useState<Notice | null>(first);
  return (
    <>
      <Toast message={m} onDismiss={() => setM(null)} timeoutMs={1000} />
      <button onClick={() => setM({ text: "saved guide", error: false })}>again</button>
    </>
  );
}

describe("Toast", () => {
  it("lets a notice of success go by itself, and restarts its time when a new one comes", () => {
    vi.useFakeTimers();
    render(<Host first={{ text: "3 files added", error: false }} />);
    expect(screen.getByRole("status").textContent).toContain("3 files added");
    act(() => vi.advanceTimersByTime(600));
    fireEvent.click(screen.getByRole("button", { name: "again" }));
    act(() => vi.advanceTimersByTime(600));
    // 1,200 ms after the first, 600 after the second: the second stays.
    expect(screen.getByRole("status").textContent).toContain("saved guide");
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("keeps an error until it is dismissed", () => {
    vi.useFakeTimers();
    render(<Host first={{ text: "the file is encrypted", error: true }} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole("alert").textContent).toContain("the file is encrypted");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
