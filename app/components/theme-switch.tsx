import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { Theme } from "~/utils/theme.server";

/** The theme as it will be: an in-flight switch wins over the server's value (optimistic UI). */
export function useOptimisticTheme(serverTheme: Theme) {
  const fetcher = useFetcher({ key: "theme-switch" });
  const pending = fetcher.formData?.get("theme");
  return pending === "light" || pending === "dark" ? pending : serverTheme;
}

/** A real form posting to /resources/theme; with JavaScript it switches without a page load. */
export function ThemeSwitch({ theme }: { theme: Theme }) {
  const fetcher = useFetcher({ key: "theme-switch" });
  const location = useLocation();
  const current = useOptimisticTheme(theme);
  const next: Theme = current === "dark" ? "light" : "dark";

  useEffect(() => {
    try {
      localStorage.setItem("theme", current);
    } catch {
      // private browsing may refuse storage; the cookie still carries the theme
    }
  }, [current]);

  return (
    <fetcher.Form method="post" action="/resources/theme">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="rounded-md p-2 hover:bg-muted"
        aria-label={`Switch to ${next} theme`}
        title={`Switch to ${next} theme`}
      >
        <span aria-hidden="true">{current === "dark" ? "☀️" : "🌙"}</span>
      </button>
    </fetcher.Form>
  );
}
