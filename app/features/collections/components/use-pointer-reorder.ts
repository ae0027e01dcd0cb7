// Drag-to-reorder with pointer events (spec part 1, §9): a mouse drag starts after 5 px of movement,
// a touch drag after a 120 ms long-press on the handle. The list re-orders live while dragging and
// `onDrop` receives the new order once, when the pointer is released. Arrow keys on a handle move
// that item one place, for keyboard users.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { DRAG_MOUSE_THRESHOLD_PX, DRAG_TOUCH_DELAY_MS, DRAG_TOUCH_SLOP_PX } from "~/features/collections/limits";

type Pending = {
  id: string;
  pointerId: number;
  pointerType: string;
  startX: number;
  startY: number;
  active: boolean;
  timer?: ReturnType<typeof setTimeout>;
};

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
  return next;
}

const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export function usePointerReorder({ ids, onDrop }: { ids: readonly string[]; onDrop: (next: string[]) => void }) {
  const [drag, setDrag] = useState<{ id: string; order: string[] } | null>(null);
  const pending = useRef<Pending | null>(null);
  const items = useRef(new Map<string, HTMLElement>());
  const dragRef = useRef(drag);
  dragRef.current = drag;

  const clear = useCallback(() => {
    if (pending.current?.timer) clearTimeout(pending.current.timer);
    pending.current = null;
    setDrag(null);
  }, []);
  useEffect(() => clear, [clear]);

  const activate = (p: Pending) => {
    p.active = true;
    setDrag({ id: p.id, order: [...ids] });
  };

  /** The dragged item goes after every other item whose middle is above the pointer. */
  const moveTo = (clientY: number) => {
    const current = dragRef.current;
    if (!current) return;
    const others = current.order.filter((id) => id !== current.id);
    let index = 0;
    for (const id of others) {
      const rect = items.current.get(id)?.getBoundingClientRect();
      if (rect && rect.top + rect.height / 2 < clientY) index++;
    }
    const order = [...others.slice(0, index), current.id, ...others.slice(index)];
    if (!sameOrder(order, current.order)) setDrag({ id: current.id, order });
  };

  const handleProps = (id: string) => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      const p: Pending = { id, pointerId: event.pointerId, pointerType: event.pointerType, startX: event.clientX, startY: event.clientY, active: false };
      if (event.pointerType !== "mouse") p.timer = setTimeout(() => pending.current === p && activate(p), DRAG_TOUCH_DELAY_MS);
      pending.current = p;
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const p = pending.current;
      if (!p || p.pointerId !== event.pointerId) return;
      if (!p.active) {
        const distance = Math.hypot(event.clientX - p.startX, event.clientY - p.startY);
        if (p.pointerType === "mouse") {
          if (distance <= DRAG_MOUSE_THRESHOLD_PX) return;
          activate(p);
        } else {
          // A finger that moves before the long-press fires is scrolling the page.
          if (distance > DRAG_TOUCH_SLOP_PX) clear();
          return;
        }
      }
      event.preventDefault();
      moveTo(event.clientY);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const p = pending.current;
      if (!p || p.pointerId !== event.pointerId) return;
      const current = dragRef.current;
      const dropped = p.active && current && !sameOrder(current.order, ids) ? current.order : null;
      clear();
      if (dropped) onDrop(dropped);
    },
    onPointerCancel: clear,
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      event.preventDefault();
      const from = ids.indexOf(id);
      const to = event.key === "ArrowUp" ? from - 1 : from + 1;
      if (from === -1 || to < 0 || to >= ids.length) return;
      onDrop(moveItem(ids, from, to));
    },
  });

  const itemRef = (id: string) => (el: HTMLElement | null) => {
    if (el) items.current.set(id, el);
    else items.current.delete(id);
  };

  return { order: drag?.order ?? ids, draggingId: drag?.id ?? null, handleProps, itemRef };
}
