import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const saveText = vi.fn();
vi.mock("../api", async () => {
  const real = await vi.importActual<typeof import("../api")>("../api");
  return { ...real, api: { saveText: (...a: unknown[]) => saveText(...a) } };
});
import { ApiError } from "../api";
import { SaveAs } from "../views/SaveAs";

afterEach(() => {
  cleanup();
  saveText.mockReset();
});

describe("SaveAs", () => {
  it("writes the text made on demand to the path given, and replaces a file only when told", async () => {
    const notify = vi.fn();
    saveText.mockRejectedValueOnce(new ApiError("exists", "exists")).mockResolvedValueOnce(12);
    render(<SaveAs what="the result" suggested="result.csv" text={async () => "a,b\n1,2\n"} notify={notify} />);
    fireEvent.change(screen.getByLabelText("Save the result to this file"), { target: { value: " /tmp/r.csv " } });
    fireEvent.click(screen.getByRole("button", { name: "Save the result" }));
    await waitFor(() => expect(saveText).toHaveBeenCalledWith("/tmp/r.csv", "a,b\n1,2\n", false));
    // The file was there: nothing written until the user says replace.
    const replace = await screen.findByRole("button", { name: "the file exists: replace it" });
    expect(notify).not.toHaveBeenCalled();
    fireEvent.click(replace);
    await waitFor(() => expect(saveText).toHaveBeenLastCalledWith("/tmp/r.csv", "a,b\n1,2\n", true));
    await waitFor(() => expect(notify).toHaveBeenCalledWith("saved the result to /tmp/r.csv (12 bytes)"));
  });
});
