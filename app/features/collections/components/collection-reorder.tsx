// Shared by Manage Story Collections and the admin's list. Without JavaScript the move buttons post a form.
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";

import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { moveItem, usePointerReorder } from "~/features/collections/components/use-pointer-reorder";
import { cn } from "~/lib/cn";

type ReorderOptions = {
  ids: string[];
  page: number;
  action: string;
  fetcherKey: string;
  onRefused?: () => void;
};

/** A refused reorder leaves the loader's order, so the list reverts by itself; then the data reloads. */
export function useOptimisticReorder({ ids: loaderIds, page, action, fetcherKey, onRefused }: ReorderOptions) {
  const fetcher = useFetcher<{ ok: boolean } | Record<string, unknown>>({ key: fetcherKey });
  const revalidator = useRevalidator();
  const pendingIds = fetcher.formData?.get("intent") === "reorder" ? fetcher.formData.getAll("ids").map(String) : null;
  const ids =
    pendingIds && pendingIds.length === loaderIds.length && pendingIds.every((id) => loaderIds.includes(id))
      ? pendingIds
      : loaderIds;

  const handled = useRef<unknown>(undefined);
  const refused = useRef(onRefused);
  refused.current = onRefused;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if ("ok" in result && !result.ok) {
      refused.current?.();
      revalidator.revalidate();
    }
  }, [fetcher.state, fetcher.data, revalidator]);

  const submitOrder = (next: string[]) => {
    const form = new FormData();
    form.set("intent", "reorder");
    form.set("page", String(page));
    for (const id of next) form.append("ids", id);
    fetcher.submit(form, { method: "post", action });
  };
  const reorder = usePointerReorder({ ids, onDrop: submitOrder });

  /** Across a page boundary the form posts instead. */
  const moveHandler = (index: number) => (direction: "up" | "down", event: MouseEvent<HTMLButtonElement>) => {
    const to = direction === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= reorder.order.length) return;
    event.preventDefault();
    submitOrder(moveItem(reorder.order, index, to));
  };
  return { ...reorder, moveHandler };
}

export type ReorderHandleProps = ReturnType<ReturnType<typeof usePointerReorder>["handleProps"]>;

export function ReorderHandle({ title, handleProps }: { title: string; handleProps: ReorderHandleProps }) {
  return (
    <button
      type="button"
      {...handleProps}
      aria-label={`Reorder ${title}`}
      aria-describedby="reorder-hint"
      className="flex w-8 shrink-0 cursor-grab touch-none select-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
    >
      <span aria-hidden="true" className="text-xl leading-none">
        ⠿
      </span>
    </button>
  );
}

type RowProps = {
  testId: string;
  collectionId: string;
  titleId: string;
  title: string;
  position: number;
  badge: ReactNode;
  dragging: boolean;
  dashed?: boolean;
  itemRef: (el: HTMLElement | null) => void;
  handleProps: ReorderHandleProps;
  actions: ReactNode;
  children: ReactNode;
};

export function ReorderRow({
  testId,
  collectionId,
  titleId,
  title,
  position,
  badge,
  dragging,
  dashed,
  itemRef,
  handleProps,
  actions,
  children,
}: RowProps) {
  return (
    <li ref={itemRef} data-testid={testId} data-collection-id={collectionId} aria-labelledby={titleId}>
      <Card
        className={cn(
          "flex flex-wrap gap-x-4 gap-y-3 p-4 transition-shadow sm:flex-nowrap",
          dashed && "border-dashed",
          dragging && "opacity-80 shadow-lg ring-2 ring-ring",
        )}
      >
        <ReorderHandle title={title} handleProps={handleProps} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium text-muted-foreground">{`#${position + 1}`}</span>
            <h3 id={titleId} className="text-lg font-semibold">
              {title}
            </h3>
            {badge}
          </div>
          {children}
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:shrink-0 sm:items-end">{actions}</div>
      </Card>
    </li>
  );
}

export function MoveButtons({
  field,
  first,
  last,
  describedBy,
  onMove,
}: {
  field: (direction: "up" | "down") => { name: string; value: string };
  first: boolean;
  last: boolean;
  describedBy: string;
  onMove: (direction: "up" | "down", event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <>
      {(["up", "down"] as const).map((direction) => (
        <Button
          key={direction}
          type="submit"
          {...field(direction)}
          variant="ghost"
          size="sm"
          disabled={direction === "up" ? first : last}
          aria-describedby={describedBy}
          onClick={(e) => onMove(direction, e)}
        >
          {direction === "up" ? "Move up" : "Move down"}
        </Button>
      ))}
    </>
  );
}
