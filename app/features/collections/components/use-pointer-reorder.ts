// A touch drag needs a long-press, so a finger can still scroll the page.
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

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

const EDGE_PX = 48;
const MAX_SCROLL_STEP_PX = 18;

export function usePointerReorder({ ids, onDrop }: { ids: readonly string[]; onDrop: (next: string[]) => void }) {
  const [drag, setDrag] = useState<{ id: string; order: string[] } | null>(null);
  const pending = useRef<Pending | null>(null);
  const items = useRef(new Map<string, HTMLElement>());
  const dragRef = useRef(drag);
  dragRef.current = drag;
  const latest = useRef({ ids, onDrop });
  latest.current = { ids, onDrop };
  const stopListening = useRef<() => void>(() => {});

  const clear = useCallback(() => {
    if (pending.current?.timer) clearTimeout(pending.current.timer);
    pending.current = null;
    stopListening.current();
    setDrag(null);
  }, []);
  useEffect(() => clear, [clear]);

  const activate = (p: Pending) => {
    p.active = true;
    setDrag({ id: p.id, order: [...latest.current.ids] });
  };

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
    if (!sameOrder(order, current.order)) {
      const next = { id: current.id, order };
      dragRef.current = next;
      setDrag(next);
    }
  };

  // On the window, not pointer capture: React moves the dragged row's element, and a moved element loses its capture.
  const listen = (p: Pending) => {
    let lastY = p.startY;
    let frame = 0;
    const scroll = () => {
      frame = 0;
      if (!p.active) return;
      const fromTop = lastY - EDGE_PX;
      const fromBottom = window.innerHeight - EDGE_PX - lastY;
      const step = fromTop < 0 ? Math.max(fromTop, -EDGE_PX) : fromBottom < 0 ? Math.min(-fromBottom, EDGE_PX) : 0;
      if (step === 0) return;
      window.scrollBy(0, Math.round((step / EDGE_PX) * MAX_SCROLL_STEP_PX));
      moveTo(lastY);
      frame = requestAnimationFrame(scroll);
    };
    const onMove = (event: globalThis.PointerEvent) => {
      if (event.pointerId !== p.pointerId) return;
      lastY = event.clientY;
      if (!p.active) {
        const distance = Math.hypot(event.clientX - p.startX, event.clientY - p.startY);
        if (p.pointerType === "mouse") {
          if (distance <= DRAG_MOUSE_THRESHOLD_PX) return;
          activate(p);
        } else {
          if (distance > DRAG_TOUCH_SLOP_PX) clear();
          return;
        }
      }
      event.preventDefault();
      moveTo(event.clientY);
      if (!frame) frame = requestAnimationFrame(scroll);
    };
    const onUp = (event: globalThis.PointerEvent) => {
      if (event.pointerId !== p.pointerId) return;
      const current = dragRef.current;
      const dropped = p.active && current && !sameOrder(current.order, latest.current.ids) ? current.order : null;
      clear();
      if (dropped) latest.current.onDrop(dropped);
    };
    const onCancel = (event: globalThis.PointerEvent) => {
      if (event.pointerId === p.pointerId) clear();
    };
    window.addEventListener("pointermove", onMove, { passive: false });
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onCancel);
    stopListening.current = () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onCancel);
      stopListening.current = () => {};
    };
  };

  const handleProps = (id: string) => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      clear();
      const p: Pending = {
        id,
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        startX: event.clientX,
        startY: event.clientY,
        active: false,
      };
      if (event.pointerType !== "mouse")
        p.timer = setTimeout(() => pending.current === p && activate(p), DRAG_TOUCH_DELAY_MS);
      pending.current = p;
      listen(p);
    },
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
