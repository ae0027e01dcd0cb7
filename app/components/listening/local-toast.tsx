// Toasts that only the browser knows about (clipboard, download checks): the server's toaster only
// shows flash toasts from a response, so these get a small region of their own, styled the same.
import { useCallback, useEffect, useState } from "react";
import { cn } from "~/utils/cn";

export type LocalToastMessage = { title: string; description?: string; variant?: "default" | "destructive" };

const DISPLAY_MS = 5000;

export function useLocalToast() {
  const [toast, setToast] = useState<(LocalToastMessage & { id: number }) | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  const show = useCallback((message: LocalToastMessage) => setToast({ ...message, id: Date.now() }), []);
  return { toast, show, dismiss: () => setToast(null) };
}

export function LocalToast({ toast, onDismiss }: { toast: (LocalToastMessage & { id: number }) | null; onDismiss: () => void }) {
  return (
    <div aria-live="polite" className="fixed bottom-24 right-4 z-50 w-full max-w-sm" data-testid="local-toast">
      {toast ? (
        <div
          key={toast.id}
          role={toast.variant === "destructive" ? "alert" : "status"}
          className={cn(
            "rounded-lg border p-4 shadow-lg",
            toast.variant === "destructive" ? "border-destructive bg-destructive text-destructive-foreground" : "border-border bg-card",
          )}
        >
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
            </div>
            <button type="button" onClick={onDismiss} className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100" aria-label="Dismiss notification">
              ×
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
