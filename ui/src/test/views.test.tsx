import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SourceViewer } from "../views/SourceViewer";
import { TraceView } from "../views/TraceView";
import { AskView } from "../views/AskView";
import { pdfText, runWith, sheetTable } from "./fixtures";

afterEach(cleanup);
Element.prototype.scrollIntoView = () => {};

describe("SourceViewer", () => {
  it("numbers sentences, marks pages and highlights the cited sentence", () => {
    const { container } = render(<SourceViewer obj={pdfText} highlight={{ sentences: [1] }} />);
    expect([...container.querySelectorAll(".page-mark")].map((e) => e.textContent)).toEqual(["page 1", "page 2"]);
    const hl = container.querySelectorAll(".sentence.hl");
    expect(hl).toHaveLength(1);
    expect(hl[0].textContent).toContain("Other contract types are cost plus.");
  });
  it("draws a table with its sheet coordinates and highlights the cited cell", () => {
    const { container } = render(<SourceViewer obj={sheetTable} highlight={{ cells: [{ row: 2, col: 1 }] }} />);
    expect([...container.querySelectorAll("thead th")].map((e) => e.textContent)).toEqual(["", "B", "C", "D"]);
    const hl = container.querySelector("td.hl") as HTMLElement;
    expect(hl.textContent).toBe("700");
    expect(hl.dataset.addr).toBe("Sales!C5");
  });
  it("reports a drag over cells as the rectangle it spans", () => {
    const onCells = vi.fn();
    const { container } = render(<SourceViewer obj={sheetTable} onCells={onCells} />);
    const at = (k: string) => container.querySelector(`td[data-cell="${k}"]`)!;
    fireEvent.mouseDown(at("1,1"));
    fireEvent.mouseEnter(at("2,2"));
    fireEvent.mouseUp(at("2,2"));
    expect(onCells).toHaveBeenCalledWith([
      { row: 1, col: 1 },
      { row: 1, col: 2 },
      { row: 2, col: 1 },
      { row: 2, col: 2 },
    ]);
  });
  it("opens a deck's citation on its slide: a card per slide, its title first, the cited one lit", () => {
    const deck = { ...pdfText, provenance: { file: "/data/deck.pptx", file_hash: "ef", locator: { type: "slides" as const, start: 1, end: 2 } } };
    const { container } = render(<SourceViewer obj={deck} highlight={{ sentences: [2] }} />);
    expect([...container.querySelectorAll(".slide-head")].map((e) => e.textContent)).toEqual(["Slide 1", "Slide 2"]);
    expect(container.querySelector('[data-slide="1"] .slide-title')!.textContent).toContain("Sales grew in every region.");
    expect(container.querySelector('[data-slide="1"] .slide-body')!.textContent).toContain("Other contract types");
    const cited = container.querySelector(".slide.cited") as HTMLElement;
    expect(cited.dataset.slide).toBe("2");
    expect(cited.querySelector(".sentence.hl")!.textContent).toContain("Goodwill was unchanged.");
  });
  it("opens a Word citation on its paragraph", () => {
    const sentences = [
      { idx: 0, text: "Board memo.", page: null, offset: 0, paragraph: 1 },
      { idx: 1, text: "The dividend is $0.42.", page: null, offset: 12, paragraph: 2 },
      { idx: 2, text: "It is paid in March.", page: null, offset: 35, paragraph: 2 },
    ];
    const memo = { ...pdfText, provenance: { file: "/data/memo.docx", file_hash: "ef", locator: { type: "paragraphs" as const, start: 1, end: 2 } }, content: { content_type: "text" as const, sentences } };
    const { container } = render(<SourceViewer obj={memo} highlight={{ sentences: [2] }} />);
    expect([...container.querySelectorAll(".paragraph")].map((e) => (e as HTMLElement).dataset.paragraph)).toEqual(["1", "2"]);
    const cited = container.querySelector(".paragraph.cited") as HTMLElement;
    expect(cited.dataset.paragraph).toBe("2");
    expect(cited.textContent).toContain("The dividend is $0.42.");
    expect(cited.querySelector(".sentence.hl")!.textContent).toContain("It is paid in March.");
  });
  it("lets the keyboard pick a sentence", () => {
    const onSentence = vi.fn();
    const { container } = render(<SourceViewer obj={pdfText} onSentence={onSentence} />);
    fireEvent.keyDown(container.querySelector('[data-idx="2"]')!, { key: "Enter" });
    expect(onSentence).toHaveBeenCalledWith(2);
  });
});

describe("AskView", () => {
  const noop = () => {};
  it("shows unknown as unknown, with the reason and no markers", () => {
    render(<AskView run={runWith([], true)} live={[]} asking={false} hasSources onAsk={noop} onTrace={noop} onSample={noop} />);
    expect(screen.getByTestId("answer").dataset.unknown).toBe("true");
    expect(screen.getByText("unknown")).toBeTruthy();
    expect(screen.getByText(/no source was judged relevant/)).toBeTruthy();
    expect(document.querySelectorAll(".marker")).toHaveLength(0);
  });
  it("puts one marker per distinct citation after the answer", () => {
    const c = { source_id: "tbl_sales", file: "/data/financials.xlsx", locator: "Sales!C5", text: "Asia | 2019: 700", key: { type: "cell" as const, source: "tbl_sales", row: 2, col: 1 } };
    render(<AskView run={runWith([c, c])} live={[]} asking={false} hasSources onAsk={noop} onTrace={noop} onSample={noop} />);
    expect([...document.querySelectorAll(".marker")].map((e) => e.textContent)).toEqual(["[1]"]);
    expect(screen.getByText("700")).toBeTruthy();
  });
  it("shows a model's draft while it writes the answer", () => {
    render(<AskView run={null} live={[]} draft="cost plus and" asking hasSources onAsk={noop} onTrace={noop} onSample={noop} />);
    expect(screen.getByTestId("draft").textContent).toContain("cost plus and");
  });
  it("shows the earlier turns of a conversation and how the latest was read", () => {
    const first = runWith([]);
    const thread = [
      { question: "What were sales in Asia in 2019?", reading: { kind: "new" as const, read_as: "What were sales in Asia in 2019?", how: "" }, answer: first.answer },
      { question: "and in 2018?", reading: { kind: "years" as const, read_as: "What were sales in Asia in 2018?", how: "2018 in the place of 2019" }, answer: { ...first.answer, text: "650" } },
    ];
    const latest = { ...runWith([]), question: "and in 2018?" };
    render(<AskView run={latest} live={[]} asking={false} hasSources onAsk={noop} onTrace={noop} onSample={noop} thread={thread} reading={thread[1].reading} conversation="c-1" conversations={[{ id: "c-1", title: "What were sales in Asia in 2019?", updated: 1, turns: 2 }]} />);
    // The first turn in the thread; the second is the answer card's.
    const turns = screen.getByTestId("thread").querySelectorAll("li.turn");
    expect(turns).toHaveLength(1);
    expect(turns[0].textContent).toContain("What were sales in Asia in 2019?");
    expect(screen.getByTestId("reading").dataset.kind).toBe("years");
    expect(screen.getByTestId("reading").textContent).toContain("What were sales in Asia in 2018?");
    expect((screen.getByLabelText("Saved conversations") as HTMLSelectElement).value).toBe("c-1");
  });
  it("opens a saved conversation and starts a new one", () => {
    const onOpen = vi.fn();
    const onNew = vi.fn();
    render(<AskView run={null} live={[]} asking={false} hasSources onAsk={noop} onTrace={noop} onSample={noop} conversations={[{ id: "c-1", title: "Sales", updated: 1, turns: 2 }]} onOpenConversation={onOpen} onNewConversation={onNew} />);
    fireEvent.change(screen.getByLabelText("Saved conversations"), { target: { value: "c-1" } });
    expect(onOpen).toHaveBeenCalledWith("c-1");
    fireEvent.click(screen.getByRole("button", { name: "New conversation" }));
    expect(onNew).toHaveBeenCalled();
  });
  it("sends the question typed", () => {
    const onAsk = vi.fn();
    render(<AskView run={null} live={[]} asking={false} hasSources onAsk={onAsk} onTrace={noop} onSample={noop} />);
    fireEvent.change(screen.getByLabelText("Question"), { target: { value: " What were sales? " } });
    fireEvent.click(screen.getByRole("button", { name: "Ask" }));
    expect(onAsk).toHaveBeenCalledWith("What were sales?");
  });
});

describe("TraceView", () => {
  it("draws one timeline entry per step, in order", () => {
    render(<TraceView run={runWith([])} />);
    expect([...screen.getByTestId("timeline").querySelectorAll("li.step")].map((e) => (e as HTMLElement).dataset.step)).toEqual(["intent", "answer"]);
  });
  it("tells a new user what to do when there is no run", () => {
    render(<TraceView run={null} />);
    expect(screen.getByText(/Ask a question first/)).toBeTruthy();
  });
});
