import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";

// null: no HydrationFlag above, as in a component test's stub, which renders in the browser from the start.
const Hydrated = createContext<boolean | null>(null);

/**
 * Around the document: false on the server and while hydrating, then true once, set in a transition.
 * A transition's re-render is time-sliced; useSyncExternalStore's forced re-render after hydration ran
 * every enhanced part again in one synchronous task, 50-75 ms of a phone's main thread (decision 0185).
 * `data-hydrated` on <html> says the enhanced parts are on screen (end-to-end tests wait for it).
 */
export function HydrationFlag({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return <Hydrated.Provider value={hydrated}>{children}</Hydrated.Provider>;
}

/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated() {
  return useContext(Hydrated) ?? typeof document !== "undefined";
}
