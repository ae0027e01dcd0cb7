import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";

// null: no HydrationFlag above, as in a component test's stub, which renders in the browser from the start.
const Hydrated = createContext<boolean | null>(null);

// Set in a transition, whose re-render is time-sliced (decision 0185); `data-hydrated` on <html> is what
// end-to-end tests wait for.
export function HydrationFlag({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return <Hydrated.Provider value={hydrated}>{children}</Hydrated.Provider>;
}

export function useHydrated() {
  return useContext(Hydrated) ?? typeof document !== "undefined";
}
