// The one modal dialog (WAI-ARIA "Dialog (Modal)"): rendered on the server when the URL asks, so it opens
// and closes without JavaScript; with it, it also traps Tab, closes on Escape and returns the focus.
import { Link, type LinkProps } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";

import { cn } from "~/lib/cn";

const WIDTHS = { md: "max-w-md", lg: "max-w-lg", "2xl": "max-w-2xl", "3xl": "max-w-3xl" } as const;

type DialogProps = {
  title: ReactNode;
  description?: ReactNode;
  closeTo: LinkProps["to"];
  replace?: boolean;
  onClose?: (event: MouseEvent<HTMLAnchorElement>) => void;
  closeLabel?: string;
  width?: keyof typeof WIDTHS;
  titleClassName?: string;
  children: ReactNode;
};

export function Dialog({
  title,
  description,
  closeTo,
  replace,
  onClose,
  closeLabel = "Close",
  width = "lg",
  titleClassName,
  children,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLAnchorElement>(null);
  // Read while rendering, before a field inside takes the focus with autoFocus.
  const [openedFrom] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  useModal(panel, close, openedFrom);
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        autoFocus
        className={cn(
          "my-auto w-full min-w-0 rounded-lg border border-border bg-card p-6 shadow-xl focus:outline-none",
          WIDTHS[width],
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className={cn("text-xl font-semibold", titleClassName)}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
                {description}
              </p>
            ) : null}
          </div>
          <Link
            ref={close}
            to={closeTo}
            replace={replace}
            preventScrollReset
            onClick={onClose}
            aria-label={closeLabel}
            className="shrink-0 rounded-md px-2 py-1 text-lg leading-none text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span aria-hidden="true">✕</span>
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}

const FIELDS = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";
const TABBABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

function useModal(
  panelRef: React.RefObject<HTMLDivElement | null>,
  closeRef: React.RefObject<HTMLAnchorElement | null>,
  openedFrom: Element | null,
) {
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const opener = openerOf(panel, openedFrom);
    if (!panel.contains(document.activeElement)) (panel.querySelector<HTMLElement>(FIELDS) ?? panel).focus();
    const restoreInert = makeOthersInert(panel.parentElement ?? panel);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        closeRef.current?.click();
      } else if (event.key === "Tab") {
        wrapTab(panel, event);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      restoreInert();
      // Only once the page has re-rendered without the dialog, and only while the focus is lost to the body.
      let frames = 0;
      const settle = () => {
        if (!document.activeElement || document.activeElement === document.body) opener()?.focus();
        if (++frames < 30) requestAnimationFrame(settle);
      };
      requestAnimationFrame(settle);
    };
  }, [panelRef, closeRef, openedFrom]);
}

function openerOf(panel: HTMLElement, openedFrom: Element | null) {
  const before =
    openedFrom instanceof HTMLElement && openedFrom !== document.body && !panel.contains(openedFrom)
      ? openedFrom
      : null;
  const here = location.pathname + location.search;
  // checkVisibility sees a closed <details> (content-visibility: hidden), which still has boxes.
  const shown = (el: HTMLElement) => (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0);
  return () => {
    const opener =
      before?.isConnected && !before.closest("[inert]")
        ? before
        : Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]")).find(
            (a) => a.getAttribute("href") === here,
          );
    if (!opener || shown(opener)) return opener ?? null;
    return opener.closest("details")?.querySelector<HTMLElement>("summary") ?? null;
  };
}

function makeOthersInert(layer: Element) {
  const changed: Element[] = [];
  for (let node = layer; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || sibling.hasAttribute("inert") || sibling.tagName === "SCRIPT") continue;
      sibling.setAttribute("inert", "");
      changed.push(sibling);
    }
  }
  return () => {
    for (const element of changed) element.removeAttribute("inert");
  };
}

function wrapTab(panel: HTMLElement, event: KeyboardEvent) {
  const controls = Array.from(panel.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.getClientRects().length > 0,
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
