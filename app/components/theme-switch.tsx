import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { THEME_COLORS } from "~/lib/brand";
import type { Theme } from "~/lib/theme.server";

export function useOptimisticTheme(serverTheme: Theme | null) {
  const fetcher = useFetcher({ key: "theme-switch" });
  const pending = fetcher.formData?.get("theme");
  return pending === "light" || pending === "dark" ? pending : serverTheme;
}

// Both buttons are rendered and CSS shows the fitting one, so the switch is right with or without JavaScript.
export function ThemeSwitch({ theme }: { theme: Theme | null }) {
  const fetcher = useFetcher({ key: "theme-switch" });
  const location = useLocation();
  const current = useOptimisticTheme(theme);
  const form = useRef<HTMLFormElement>(null);
  const switched = useRef(false);

  useEffect(() => {
    if (!current) return;
    try {
      localStorage.setItem("theme", current);
    } catch {
      // private browsing may refuse storage; the cookie still carries the theme
    }
  }, [current]);

  // The pressed button hides itself; the keyboard stays on the switch.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    form.current?.querySelector<HTMLButtonElement>(`button[value="${current === "dark" ? "light" : "dark"}"]`)?.focus();
  }, [current]);

  const button = (next: Theme, className: string) => (
    <button
      type="submit"
      name="theme"
      value={next}
      onClick={() => (switched.current = true)}
      className={`rounded-md p-2 hover:bg-muted ${className}`}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {next === "light" ? <SunIcon /> : <MoonIcon />}
    </button>
  );

  return (
    <fetcher.Form ref={form} method="post" action="/resources/theme">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {button("dark", "dark:hidden")}
      {button("light", "hidden dark:inline-block")}
    </fetcher.Form>
  );
}

export function ThemeColorMeta({ theme }: { theme: Theme | null }) {
  if (theme) return <meta name="theme-color" content={THEME_COLORS[theme]} />;
  return (
    <>
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
    </>
  );
}

function SunIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}
