import { Form, useLoaderData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useId } from "react";
import { beforeEach, describe, expect, test, vi } from "vitest";

import { MoveButtons, ReorderRow, useOptimisticReorder } from "~/features/collections/components/collection-reorder";
import { DRAG_TOUCH_DELAY_MS, MANAGE_PAGE_SIZE } from "~/features/collections/limits";

const PATH = "/manage-collections";
type Row = { id: string; title: string };

let saved: Row[] = [];
let posts: Array<Record<string, string | string[]>> = [];
let refuse = false;
const onRefused = vi.fn();

function collections(count: number): Row[] {
  const names = ["Grandma's Kitchen", "Summers at the Lake", "Dad's Army Years"];
  return Array.from({ length: count }, (_, i) => ({ id: `c${i + 1}`, title: names[i] ?? `Collection ${i + 1}` }));
}

async function action({ request }: { request: Request }) {
  const form = await request.formData();
  const post = {
    intent: String(form.get("intent")),
    page: String(form.get("page")),
    ids: form.getAll("ids").map(String),
    move: String(form.get("move")),
  };
  posts.push(post);
  if (post.intent === "reorder") {
    if (refuse) return Response.json({ ok: false, message: "Failed to reorder collections." }, { status: 409 });
    const byId = new Map(saved.map((row) => [row.id, row]));
    saved = [...post.ids.map((id) => byId.get(id)!), ...saved.slice(post.ids.length)];
    return { ok: true };
  }
  return null;
}

function loader() {
  return { rows: saved.slice(0, MANAGE_PAGE_SIZE), page: 1, offset: 0, total: saved.length };
}

function CollectionList() {
  const { rows, page, offset, total } = useLoaderData<typeof loader>();
  const { order, draggingId, handleProps, itemRef, moveHandler } = useOptimisticReorder({
    ids: rows.map((r) => r.id),
    page,
    action: PATH,
    fetcherKey: "reorder-test",
    onRefused,
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (
    <>
      <p id="reorder-hint">Drag a collection by its handle, use the arrow keys on the handle, or the move buttons.</p>
      <Form method="post" action={PATH}>
        <input type="hidden" name="intent" value="move" />
        <ol aria-label="Your Collections">
          {order.map((id, i) => (
            <CollectionRow
              key={id}
              row={byId.get(id)!}
              position={offset + i}
              total={total}
              dragging={draggingId === id}
              itemRef={itemRef(id)}
              handleProps={handleProps(id)}
              onMove={moveHandler(i)}
            />
          ))}
        </ol>
      </Form>
    </>
  );
}

type RowProps = { row: Row; position: number; total: number; dragging: boolean } & Pick<
  Parameters<typeof ReorderRow>[0],
  "itemRef" | "handleProps"
> & {
    onMove: Parameters<typeof MoveButtons>[0]["onMove"];
  };

function CollectionRow({ row, position, total, dragging, itemRef, handleProps, onMove }: RowProps) {
  const titleId = useId();
  return (
    <ReorderRow
      testId="collection-row"
      collectionId={row.id}
      titleId={titleId}
      title={row.title}
      position={position}
      badge={null}
      dragging={dragging}
      itemRef={itemRef}
      handleProps={handleProps}
      actions={
        <MoveButtons
          field={(direction) => ({ name: "move", value: `${row.id}:${direction}` })}
          first={position === 0}
          last={position === total - 1}
          describedBy={titleId}
          onMove={onMove}
        />
      }
    >
      <p>1 invited · 0 stories</p>
    </ReorderRow>
  );
}

async function renderList(rows: Row[]) {
  saved = rows;
  const Stub = createRemixStub([{ path: PATH, loader, action, Component: CollectionList }]);
  render(<Stub initialEntries={[PATH]} />);
  await screen.findByRole("list", { name: "Your Collections" });
}

const shownOrder = () =>
  within(screen.getByRole("list", { name: "Your Collections" }))
    .getAllByRole("heading", { level: 3 })
    .map((h) => h.textContent);
const row = (title: string) => screen.getByRole("listitem", { name: title });

beforeEach(() => {
  posts = [];
  refuse = false;
  onRefused.mockReset();
});

describe("move buttons", () => {
  test("the first row cannot move up and the last cannot move down", async () => {
    await renderList(collections(3));
    expect(within(row("Grandma's Kitchen")).getByRole("button", { name: "Move up" })).toBeDisabled();
    expect(within(row("Grandma's Kitchen")).getByRole("button", { name: "Move down" })).toBeEnabled();
    expect(within(row("Summers at the Lake")).getByRole("button", { name: "Move up" })).toBeEnabled();
    expect(within(row("Dad's Army Years")).getByRole("button", { name: "Move down" })).toBeDisabled();
    expect(within(row("Dad's Army Years")).getByRole("button", { name: "Move up" })).toBeEnabled();
  });

  test("Move down posts the page's new order and the list shows it", async () => {
    await renderList(collections(3));
    await userEvent.click(within(row("Grandma's Kitchen")).getByRole("button", { name: "Move down" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ intent: "reorder", page: "1", ids: ["c2", "c1", "c3"] });
    await waitFor(() => expect(shownOrder()).toEqual(["Summers at the Lake", "Grandma's Kitchen", "Dad's Army Years"]));
    expect(within(row("Summers at the Lake")).getByText("#1")).toBeInTheDocument();
    expect(within(row("Summers at the Lake")).getByRole("button", { name: "Move up" })).toBeDisabled();
    expect(within(row("Grandma's Kitchen")).getByRole("button", { name: "Move up" })).toBeEnabled();
  });

  test("Move up on the last row posts the order with it one place higher", async () => {
    await renderList(collections(3));
    await userEvent.click(within(row("Dad's Army Years")).getByRole("button", { name: "Move up" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ intent: "reorder", ids: ["c1", "c3", "c2"] });
    await waitFor(() => expect(shownOrder()).toEqual(["Grandma's Kitchen", "Dad's Army Years", "Summers at the Lake"]));
  });

  test("moving the last row of a page down posts the move form, which crosses the page boundary", async () => {
    await renderList(collections(MANAGE_PAGE_SIZE + 1));
    const lastOnPage = row(`Collection ${MANAGE_PAGE_SIZE}`);
    const down = within(lastOnPage).getByRole("button", { name: "Move down" });
    expect(down).toBeEnabled();
    await userEvent.click(down);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ intent: "move", move: `c${MANAGE_PAGE_SIZE}:down` });
  });

  test("a refused reorder says so and the list goes back to the saved order", async () => {
    await renderList(collections(3));
    refuse = true;
    await userEvent.click(within(row("Grandma's Kitchen")).getByRole("button", { name: "Move down" }));
    await waitFor(() => expect(onRefused).toHaveBeenCalledTimes(1));
    expect(shownOrder()).toEqual(["Grandma's Kitchen", "Summers at the Lake", "Dad's Army Years"]);
  });
});

describe("keyboard on the handle", () => {
  test("Arrow Up and Arrow Down move the row and post the order", async () => {
    await renderList(collections(3));
    const handle = within(row("Dad's Army Years")).getByRole("button", { name: "Reorder Dad's Army Years" });
    expect(handle).toHaveAccessibleDescription(/use the arrow keys on the handle/);
    handle.focus();
    await userEvent.keyboard("{ArrowUp}");
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ intent: "reorder", ids: ["c1", "c3", "c2"] });
    await waitFor(() => expect(shownOrder()).toEqual(["Grandma's Kitchen", "Dad's Army Years", "Summers at the Lake"]));

    within(row("Grandma's Kitchen")).getByRole("button", { name: "Reorder Grandma's Kitchen" }).focus();
    await userEvent.keyboard("{ArrowDown}");
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toMatchObject({ intent: "reorder", ids: ["c3", "c1", "c2"] });
  });

  test("past either end nothing is posted", async () => {
    await renderList(collections(3));
    within(row("Grandma's Kitchen")).getByRole("button", { name: "Reorder Grandma's Kitchen" }).focus();
    await userEvent.keyboard("{ArrowUp}");
    within(row("Dad's Army Years")).getByRole("button", { name: "Reorder Dad's Army Years" }).focus();
    await userEvent.keyboard("{ArrowDown}");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts).toEqual([]);
  });
});

describe("dragging the handle", () => {
  const ROW_PX = 60;
  /** happy-dom has no layout: each row is ROW_PX tall, stacked in DOM order. */
  function stackRows() {
    for (const li of within(screen.getByRole("list", { name: "Your Collections" })).getAllByRole("listitem")) {
      li.getBoundingClientRect = () =>
        new DOMRect(0, Array.from(li.parentElement!.children).indexOf(li) * ROW_PX, 400, ROW_PX);
    }
  }
  const pointer = (type: string, pointerType: string, clientY: number) =>
    act(
      () =>
        void window.dispatchEvent(
          new PointerEvent(type, { pointerId: 7, pointerType, clientX: 20, clientY, bubbles: true }),
        ),
    );
  const press = (title: string, pointerType: string, clientY: number) =>
    fireEvent.pointerDown(screen.getByRole("button", { name: `Reorder ${title}` }), {
      pointerId: 7,
      pointerType,
      button: 0,
      clientX: 20,
      clientY,
    });

  test("a mouse drag below the third row drops the first row last and posts that order", async () => {
    await renderList(collections(3));
    stackRows();
    press("Grandma's Kitchen", "mouse", 30);
    pointer("pointermove", "mouse", 40);
    pointer("pointermove", "mouse", 80);
    expect(shownOrder()).toEqual(["Grandma's Kitchen", "Summers at the Lake", "Dad's Army Years"]);
    pointer("pointermove", "mouse", 100);
    expect(shownOrder()).toEqual(["Summers at the Lake", "Grandma's Kitchen", "Dad's Army Years"]);
    pointer("pointermove", "mouse", 170);
    expect(shownOrder()).toEqual(["Summers at the Lake", "Dad's Army Years", "Grandma's Kitchen"]);
    pointer("pointerup", "mouse", 170);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ intent: "reorder", ids: ["c2", "c3", "c1"] });
  });

  test("a mouse that barely moves, or comes back to where it was, posts nothing", async () => {
    await renderList(collections(3));
    stackRows();
    press("Grandma's Kitchen", "mouse", 30);
    pointer("pointermove", "mouse", 33);
    pointer("pointerup", "mouse", 33);
    press("Grandma's Kitchen", "mouse", 30);
    pointer("pointermove", "mouse", 100);
    pointer("pointermove", "mouse", 20);
    pointer("pointerup", "mouse", 20);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts).toEqual([]);
    expect(shownOrder()).toEqual(["Grandma's Kitchen", "Summers at the Lake", "Dad's Army Years"]);
  });

  test("a finger that moves at once scrolls; after a long-press it drags", async () => {
    await renderList(collections(3));
    stackRows();
    const longPress = () => act(() => new Promise((resolve) => setTimeout(resolve, DRAG_TOUCH_DELAY_MS + 30)));
    // Moving before the long-press is a scroll: holding still afterwards does not turn it into a drag.
    press("Grandma's Kitchen", "touch", 30);
    pointer("pointermove", "touch", 170);
    await longPress();
    pointer("pointermove", "touch", 175);
    pointer("pointerup", "touch", 175);
    expect(posts).toEqual([]);
    expect(shownOrder()).toEqual(["Grandma's Kitchen", "Summers at the Lake", "Dad's Army Years"]);

    press("Grandma's Kitchen", "touch", 30);
    await longPress();
    pointer("pointermove", "touch", 40);
    pointer("pointermove", "touch", 100);
    pointer("pointerup", "touch", 100);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ intent: "reorder", ids: ["c2", "c1", "c3"] });
  });
});
