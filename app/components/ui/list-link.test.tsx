import { useLocation, useNavigationType } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";

import { ListLink } from "~/components/ui/list-link";

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname + location.search} {useNavigationType()}
    </p>
  );
}

function Page({ onEdit }: { onEdit?: () => void }) {
  return (
    <>
      <Where />
      <ListLink to="/podcast/7" className="card-link">
        Listen
      </ListLink>
      <ListLink to="/stories?page=2&rename=s1">Rename</ListLink>
      <ListLink to="/stories">This page</ListLink>
      <ListLink
        to="/stories?rename=s2"
        onClick={(event) => {
          event.preventDefault();
          onEdit?.();
        }}
      >
        Edit inline
      </ListLink>
    </>
  );
}

function renderAt(path: string, onEdit?: () => void) {
  const Stub = createRemixStub([
    { path: "/stories", Component: () => <Page onEdit={onEdit} /> },
    { path: "/podcast/:id", Component: Where },
  ]);
  render(<Stub initialEntries={[path]} />);
}

const where = () => screen.getByTestId("where").textContent;

describe("ListLink", () => {
  test("renders the anchor Remix's Link would: its href, its classes, the discovery flag", () => {
    renderAt("/stories");
    const link = screen.getByRole("link", { name: "Listen" });
    expect(link.getAttribute("href")).toBe("/podcast/7");
    expect(link.className).toBe("card-link");
    expect(link.dataset.discover).toBe("true");
  });

  test("a plain click navigates in the app, with the query", async () => {
    renderAt("/stories");
    await userEvent.click(screen.getByRole("link", { name: "Rename" }));
    expect(where()).toBe("/stories?page=2&rename=s1 PUSH");
    renderAt("/stories");
    await userEvent.click(screen.getAllByRole("link", { name: "Listen" }).at(-1)!);
    expect(screen.getAllByTestId("where").at(-1)!.textContent).toBe("/podcast/7 PUSH");
  });

  test("a link to the page in view replaces its history entry, as Link does", async () => {
    renderAt("/stories");
    await userEvent.click(screen.getByRole("link", { name: "This page" }));
    expect(where()).toBe("/stories REPLACE");
  });

  test("a click with a modifier key or another button is left to the browser", () => {
    renderAt("/stories");
    const link = screen.getByRole("link", { name: "Listen" });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      const notCancelled = fireEvent.click(link, init);
      expect(notCancelled).toBe(true);
    }
    expect(where()).toBe("/stories POP");
  });

  test("its own onClick runs first and may keep the page", async () => {
    const onEdit = vi.fn();
    renderAt("/stories", onEdit);
    await userEvent.click(screen.getByRole("link", { name: "Edit inline" }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(where()).toBe("/stories POP");
  });
});
