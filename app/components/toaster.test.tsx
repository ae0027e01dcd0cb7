import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";

import { Toaster } from "~/components/toaster";

// A shown toast keeps its time whatever loads next; only a new toast, its time or the person dismisses it.
describe("Toaster", () => {
  afterEach(() => vi.useRealTimers());

  test("a page load without a toast (a dialog closing after saving) leaves the shown one", () => {
    vi.useFakeTimers();
    const saved = { id: "t1", title: "Contact created successfully", variant: "default" as const };
    const { rerender } = render(<Toaster toast={saved} />);
    expect(screen.getByRole("status").textContent).toContain("Contact created successfully");
    rerender(<Toaster toast={null} />);
    expect(screen.getByRole("status").textContent).toContain("Contact created successfully");
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole("status")).toBeNull();
  });

  test("a new toast replaces the shown one", () => {
    const { rerender } = render(<Toaster toast={{ id: "t1", title: "First", variant: "default" }} />);
    rerender(<Toaster toast={{ id: "t2", title: "Second", variant: "default" }} />);
    expect(screen.getByRole("status").textContent).toContain("Second");
  });
});
