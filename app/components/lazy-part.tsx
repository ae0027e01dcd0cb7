import type { ComponentType } from "react";

/**
 * A component kept in its own chunk (decision 0183): fetched when first rendered, which suspends until
 * it arrives, or earlier through `preload`. Unlike React.lazy, once fetched it renders at once, so a
 * page that preloads what its server HTML shows hydrates that part with everything else.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | undefined;
  let failed: unknown;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        // The route's error boundary says so; the next render (a reload, a later visit) asks again.
        failed = error;
        loading = undefined;
      },
    ));
  function LazyPart(props: P) {
    if (failed !== undefined) {
      const error = failed;
      failed = undefined;
      throw error;
    }
    // A thrown promise is how a component suspends; the nearest <Suspense> waits for it.
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  }
  return Object.assign(LazyPart, { preload });
}
