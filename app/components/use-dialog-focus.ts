import { useEffect, useRef } from "react";

/**
 * Props for a modal dialog's panel, so that the keyboard starts inside the dialog when it opens
 * (not in the page under its backdrop). On a page load (always, without JavaScript) the
 * server-rendered `autofocus` focuses the panel, the first autofocus element in the document; the
 * next Tab reaches the dialog's first control. On a client-side navigation React honours autoFocus
 * only on form controls: a field inside with autoFocus takes the focus, and otherwise the effect
 * focuses the panel.
 */
export function useDialogFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const panel = ref.current;
    if (panel && !panel.contains(document.activeElement)) panel.focus();
  }, []);
  return { ref, tabIndex: -1, autoFocus: true };
}
