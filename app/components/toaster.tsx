import { useEffect, useRef, useState, type PointerEvent } from "react";

import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/toast.server";

const DISPLAY_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;
const TOAST_EVENT = "storyhearth:toast";

/** Only for outcomes no page load carries (a failed fetcher); server outcomes use the flash cookie. */
export function showToast(toast: Omit<Toast, "id" | "variant"> & { variant?: Toast["variant"] }) {
  window.dispatchEvent(
    new CustomEvent(TOAST_EVENT, { detail: { variant: "default", ...toast, id: crypto.randomUUID() } }),
  );
}

/** Rendered by the server, so it works without JavaScript (decision 0005). */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [shown, setShown] = useState(toast);
  // A later page load without a toast (a dialog closing, a revalidation) leaves the shown one to its time.
  useEffect(() => {
    if (toast) setShown(toast);
  }, [toast]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  useEffect(() => {
    const onToast = (event: Event) => setShown((event as CustomEvent<Toast>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") document.getElementById("toast-region")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const swipe = useSwipeToDismiss(() => setShown(null));

  return (
    <section
      id="toast-region"
      aria-label="Notifications (F8)"
      tabIndex={-1}
      onKeyDown={(event) => event.key === "Escape" && shown && setShown(null)}
      className="fixed bottom-4 right-4 z-50 w-[calc(100%-2rem)] max-w-sm outline-none"
    >
      {shown ? (
        <div
          key={shown.id}
          role={shown.variant === "destructive" ? "alert" : "status"}
          {...swipe}
          className={cn(
            "touch-pan-y select-none",
            "toast-auto-hide rounded-lg border p-4 shadow-lg",
            shown.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "border-border bg-card",
          )}
        >
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <p className="font-semibold">{shown.title}</p>
              {shown.description ? <p className="mt-1 text-sm opacity-90">{shown.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => setShown(null)}
              className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function useSwipeToDismiss(dismiss: () => void) {
  const start = useRef<number | null>(null);
  const offset = (event: PointerEvent<HTMLElement>) => Math.max(0, event.clientX - (start.current ?? event.clientX));
  const settle = (event: PointerEvent<HTMLElement>, dismissed: boolean) => {
    start.current = null;
    event.currentTarget.style.transform = "";
    event.currentTarget.style.opacity = "";
    if (dismissed) dismiss();
  };
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || (event.target as HTMLElement).closest("button")) return;
      start.current = event.clientX;
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (start.current === null) return;
      const dx = offset(event);
      event.currentTarget.style.transform = `translateX(${dx}px)`;
      event.currentTarget.style.opacity = String(Math.max(0.3, 1 - dx / (SWIPE_THRESHOLD_PX * 4)));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (start.current !== null) settle(event, offset(event) >= SWIPE_THRESHOLD_PX);
    },
    onPointerCancel: (event: PointerEvent<HTMLElement>) => {
      if (start.current !== null) settle(event, false);
    },
  };
}
