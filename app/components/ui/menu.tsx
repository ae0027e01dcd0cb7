// A menu button (WAI-ARIA "Menu Button") built on <details>, so without JavaScript it still opens and its items work.
import { useLocation } from "@remix-run/react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";

import { useHydrated } from "~/components/use-hydrated";
import { cn } from "~/lib/cn";

const Enhanced = createContext(false);

export function useMenuItemProps() {
  return useContext(Enhanced) ? ({ role: "menuitem", tabIndex: -1 } as const) : {};
}

export function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  // Listening all along, not only once `open` is set: the toggle event that sets it comes a task late.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);
  const close = useCallback((returnFocus: boolean) => {
    if (!ref.current) return;
    ref.current.open = false;
    if (returnFocus) ref.current.querySelector("summary")?.focus();
  }, []);
  const detailsProps = {
    ref,
    onToggle: () => setOpen(Boolean(ref.current?.open)),
    onKeyDown: (event: KeyboardEvent<HTMLDetailsElement>) => {
      if (event.key === "Escape" && ref.current?.open) {
        event.preventDefault();
        close(true);
      }
    },
  };
  return { ref, open, close, detailsProps };
}

type MenuProps = {
  label: ReactNode;
  ariaLabel?: string;
  summaryClassName?: string;
  className?: string;
  menuClassName?: string;
  children: ReactNode;
};

export function Menu({ label, ariaLabel, summaryClassName, className, menuClassName, children }: MenuProps) {
  const enhanced = useHydrated();
  const menuId = useId();
  const buttonId = useId();
  const { ref, open, close, detailsProps } = useDisclosure();

  const items = () => Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const openOn = (which: "first" | "last") => {
    if (!ref.current) return;
    ref.current.open = true;
    const all = items();
    (which === "first" ? all[0] : all[all.length - 1])?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (!enhanced) return;
    const onButton = (event.target as HTMLElement).tagName === "SUMMARY";
    if (onButton) {
      if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") openOn("first");
      else if (event.key === "ArrowUp") openOn("last");
      else return detailsProps.onKeyDown(event);
      event.preventDefault();
      return;
    }
    const all = items();
    const at = all.indexOf(event.target as HTMLElement);
    const move = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        move(at + 1);
        break;
      case "ArrowUp":
        move(at - 1);
        break;
      case "Home":
        move(0);
        break;
      case "End":
        move(all.length - 1);
        break;
      case "Tab":
        close(false);
        return;
      default:
        return detailsProps.onKeyDown(event);
    }
    event.preventDefault();
  };

  return (
    <details ref={ref} onToggle={detailsProps.onToggle} onKeyDown={onKeyDown} className={cn("relative", className)}>
      <summary
        id={buttonId}
        className={cn("cursor-pointer list-none", summaryClassName)}
        aria-label={ariaLabel}
        {...(enhanced ? { "aria-haspopup": "menu" as const, "aria-expanded": open, "aria-controls": menuId } : {})}
      >
        {label}
      </summary>
      <div
        id={menuId}
        {...(enhanced ? { role: "menu" } : {})}
        aria-labelledby={enhanced ? buttonId : undefined}
        className={menuClassName}
      >
        <Enhanced.Provider value={enhanced}>{children}</Enhanced.Provider>
      </div>
    </details>
  );
}
