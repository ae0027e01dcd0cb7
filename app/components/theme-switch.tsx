import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { Theme } from "~/lib/theme.server";

export function useOptimisticTheme(serverTheme: Theme) {
  const fetcher = useFetcher({ key: "theme-switch" });
  const pending = fetcher.formData?.get("theme");
  return pending === "light" || pending === "dark" ? pending : serverTheme;
}

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
        {current === "dark" ? <SunIcon /> : <MoonIcon />}
      </button>
    </fetcher.Form>
  );
}

// Inline icons: no icon font or emoji font needed on old devices.
function SunIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}
