import type { ComponentType } from "react";

// Unlike React.lazy, once fetched it renders at once, so a preloaded part hydrates with the rest (decision 0183).
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
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  }
  return Object.assign(LazyPart, { preload });
}
