import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, type ReactNode } from "react";
import { useDialogFocus } from "~/components/use-dialog-focus";
import { CrossIcon } from "./icons";

/**
 * A modal rendered by the server from a URL parameter (`?dialog=…`), so it opens and closes
 * without JavaScript; with JavaScript, Escape closes it too. The page behind it is made inert by
 * the caller while it is open.
 */
export function UrlDialog({ title, description, closeTo, children }: { title: string; description?: string; closeTo: string; children: ReactNode }) {
  const titleId = useId();
  const navigate = useNavigate();
  const focus = useDialogFocus<HTMLDivElement>();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-4 sm:items-center">
      <div {...focus} role="dialog" aria-modal="true" aria-labelledby={titleId} className="w-full max-w-lg rounded-lg border border-border bg-card p-6 shadow-xl focus:outline-none">
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-semibold">
              {title}
            </h2>
            {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
          </div>
          <Link to={closeTo} replace preventScrollReset aria-label="Close" className="rounded p-1 text-muted-foreground hover:bg-muted">
            <CrossIcon width={20} height={20} />
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}
