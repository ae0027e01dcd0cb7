import { useEffect, useRef } from "react";

/**
 * Props for a modal dialog's panel, so that the keyboard starts inside the dialog when it opens
 * (not in the page under its backdrop). On a page load (always, without JavaScript) the
 * server-rendered `autofocus` focuses the panel, the first autofocus element in the document; the
 * next Tab reaches the dialog's first control. On a client-side navigation React honours autoFocus
 * only on form controls: a field inside with autoFocus takes the focus, and otherwise the effect
 * focuses the panel.
 *
 * With JavaScript the dialog is also modal for the keyboard and screen readers: while it is open,
 * everything outside its backdrop (the panel's parent) is inert, and Tab from its last control
 * comes round to its first (Shift+Tab the other way) instead of leaving for the browser's own.
 */
export function useDialogFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    if (!panel.contains(document.activeElement)) panel.focus();
    const restore = makeOthersInert(panel.parentElement ?? panel);
    const stopWrapping = wrapTabIn(panel);
    return () => {
      stopWrapping();
      restore();
    };
  }, []);
  return { ref, tabIndex: -1, autoFocus: true };
}

/**
 * Sets `inert` on every element of the document outside `layer` (the siblings of `layer` and of
 * each of its ancestors); answers the undo, which clears only what it set.
 */
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

const TABBABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Tab past the panel's last visible control goes to its first, Shift+Tab before its first to its last. */
function wrapTabIn(panel: HTMLElement) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const controls = Array.from(panel.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) => el.getClientRects().length > 0);
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  panel.addEventListener("keydown", onKeyDown);
  return () => panel.removeEventListener("keydown", onKeyDown);
}
