import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, type ReactNode } from "react";
import { useDialogFocus } from "~/components/use-dialog-focus";

/**
 * A modal rendered by the server when its URL parameter is present; closing is a link back to the
 * list. With JavaScript, Escape closes it too.
 */
export function UrlDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const titleId = useId();
  const navigate = useNavigate();
  const focus = useDialogFocus<HTMLElement>();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-4">
      <section {...focus} role="dialog" aria-modal="true" aria-labelledby={titleId} className="mt-12 w-full max-w-lg rounded-lg border border-border bg-card p-6 shadow-xl focus:outline-none">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          <Link to={closeTo} preventScrollReset className="rounded px-2 text-2xl leading-none text-muted-foreground hover:bg-muted" aria-label="Close">
            ×
          </Link>
        </div>
        {children}
      </section>
    </div>
  );
}
